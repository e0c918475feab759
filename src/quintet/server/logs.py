"""The server's logging: uvicorn's and ours, every line passed through `redact`.

Seat tokens are secrets, so no log line may hold one, at any level. Clients send the
token in the `Sec-WebSocket-Protocol` header (never the URL) and as a Bearer header, and
uvicorn logs neither at `info`; at `debug` the WebSocket library logs every handshake
header, and an old client may still put `?token=` in a URL. So every formatter here
blanks anything shaped like a token before the line is written (tracebacks included).
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any, Final

from uvicorn.config import LOGGING_CONFIG
from uvicorn.logging import AccessFormatter, DefaultFormatter

#: What stands in for a secret in a log line.
REDACTED: Final = "[redacted]"
#: Where a token may appear: a URL's token=..., the WebSocket subprotocol that carries it,
#: an Authorization header, a JSON "token" field.
_SECRETS: Final = re.compile(
    r"(?P<key>token=|quintet\.token\.|[Bb]earer\s+|\"token\"\s*:\s*\")[^\s&\"',;\]]+"
)


def redact(text: str) -> str:
    """The text with every token-shaped secret replaced.

    >>> redact('"WebSocket /ws/tables/abc?token=s3cr-et_" 101; Bearer xyz')
    '"WebSocket /ws/tables/abc?token=[redacted]" 101; Bearer [redacted]'
    """
    return _SECRETS.sub(lambda m: m["key"] + REDACTED, text)


class RedactingFormatter(DefaultFormatter):
    """uvicorn's formatter, with `redact` applied to each whole line."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class RedactingAccessFormatter(AccessFormatter):
    """uvicorn's access-log formatter, with `redact` applied to each whole line and the
    request's path cut to `MAX_LOGGED_PATH` characters (a client may send a 16 KB URL:
    the log keeps its start and its length)."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(_short_path(record)))


#: The longest request path (with its query) an access-log line quotes whole.
MAX_LOGGED_PATH: Final = 256


def _short_path(record: logging.LogRecord) -> logging.LogRecord:
    """The record with a long path cut (a copy: other handlers see the record as it is).
    uvicorn's access records carry (client, method, path, HTTP version, status)."""
    args = record.args
    if not (isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str)):
        return record
    path = args[2]
    if len(path) <= MAX_LOGGED_PATH:
        return record
    short = f"{path[:MAX_LOGGED_PATH]}...({len(path)} characters)"
    copied = logging.makeLogRecord(record.__dict__)
    copied.args = (*args[:2], short, *args[3:])
    return copied


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging configuration with redacting formatters; the `quintet` loggers
    at `level` beside uvicorn's, and every other library's warnings through the same
    redacting handler."""
    config = copy.deepcopy(LOGGING_CONFIG)
    formatters = config["formatters"]
    formatters["default"]["()"] = f"{__name__}.RedactingFormatter"
    formatters["access"]["()"] = f"{__name__}.RedactingAccessFormatter"
    formatters["quintet"] = {
        "()": f"{__name__}.RedactingFormatter",
        "fmt": "%(levelprefix)s %(name)s: %(message)s",
    }
    config["handlers"]["quintet"] = {
        "formatter": "quintet",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
    }
    config["loggers"]["quintet"] = {
        "handlers": ["quintet"],
        "level": level.upper(),
        "propagate": False,
    }
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    return config
