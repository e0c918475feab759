"""The access log quotes a long request path cut short, with its length, and still
redacts a token in what it keeps (attack report of 2026-12-02, L5: a 16 KB URL was
written whole)."""

from __future__ import annotations

import logging

from quintet.server.logs import MAX_LOGGED_PATH, RedactingAccessFormatter


def _access(path: str) -> logging.LogRecord:
    """A record as uvicorn's access logger makes it."""
    args = ("127.0.0.1:5000", "GET", path, "1.1", 404)
    return logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d', args, None
    )


def test_the_access_log_cuts_a_long_path_and_keeps_a_short_one() -> None:
    formatter = RedactingAccessFormatter("%(message)s", use_colors=False)
    long = "/api/ratings/" + "x" * 16_000
    record = _access(long)
    line = formatter.format(record)
    assert len(line) < MAX_LOGGED_PATH + 100, line
    assert f" {long[:MAX_LOGGED_PATH]}...({len(long)} characters) HTTP/1.1" in line
    assert line.endswith(" 404")
    assert record.args is not None and record.args[2] == long  # other handlers: unchanged
    short = formatter.format(_access("/api/health?x=1"))
    assert '"GET /api/health?x=1 HTTP/1.1" 404' in short
    secret = formatter.format(_access("/ws/tables/abc?token=s3cret" + "y" * 400))
    assert "s3cret" not in secret and "token=[redacted]" in secret
