"""The browser front end: `mount_web(app)` serves `quintet/web/` (issue 6).

One page (`index.html`) for every front-end address (`/`, `/t/{id}`, `/replay/{id}`,
`/rules/{game}`); the
page's modules route by path. Static files live under `/static`: the app's own modules
(`/static/app/...`), the style sheet, and the vendored Preact, htm and signals modules
(`/static/vendor/...`, copied from npm by `tools/vendor_web.py`, mapped by the page's
import map). No bundler, so what is in the folder is what the browser runs.

The page carries a manifest of what each game's folder `app/boards/<game>/` holds (a
JSON script element), so the shell imports a board, its style sheet and its messages
only when they exist and otherwise falls back to the generic board, without a 404 in the
browser's console.
"""

from __future__ import annotations

import json
import logging
import mimetypes
import os
from pathlib import Path
from typing import Final

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from starlette.responses import Response
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import Scope

log = logging.getLogger(__name__)

#: The front end's files, inside the package (so a wheel carries them).
WEB_DIR: Final = Path(__file__).resolve().parent.parent / "web"
MANIFEST_MARK: Final = "<!--MANIFEST-->"
#: Revalidate every time: a new version of the server must not run stale modules. The
#: files are small and answer 304 when unchanged (StaticFiles sends an ETag).
NO_CACHE: Final = "no-cache"

# Some systems' MIME tables lack .mjs or map .js to application/x-javascript; browsers
# refuse to run a module served as anything but JavaScript.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/json", ".map")


class _Static(StaticFiles):
    """StaticFiles that asks browsers to revalidate (see NO_CACHE)."""

    def file_response(
        self,
        full_path: PathLike,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = NO_CACHE
        return response


def _languages(folder: Path, stem: str, suffix: str) -> list[str]:
    """The languages of the files `<stem>.<lang>.<suffix>` in `folder`, sorted."""
    return sorted(
        p.name.split(".")[1] for p in folder.glob(f"{stem}.*.{suffix}") if p.name.count(".") == 2
    )


def manifest(web_dir: Path = WEB_DIR) -> dict[str, dict[str, bool | list[str]]]:
    """What each game's folder `app/boards/<game>/` holds: `board` (an `index.js`),
    `style` (a `board.css`), `messages` (the languages of its `messages.<lang>.js`) and
    `rules` (the languages of its rules page, `rules.<lang>.md`).

    >>> manifest()["quiddler"]
    {'board': True, 'style': True, 'messages': ['de', 'en'], 'rules': ['de', 'en']}
    """
    games: dict[str, dict[str, bool | list[str]]] = {}
    for folder in sorted(p for p in (web_dir / "app" / "boards").iterdir() if p.is_dir()):
        games[folder.name] = {
            "board": (folder / "index.js").is_file(),
            "style": (folder / "board.css").is_file(),
            "messages": _languages(folder, "messages", "js"),
            "rules": _languages(folder, "rules", "md"),
        }
    return games


def page(web_dir: Path = WEB_DIR) -> str:
    """index.html with the module manifest filled in."""
    text = (web_dir / "index.html").read_text(encoding="utf-8")
    data = json.dumps(manifest(web_dir)).replace("</", "<\\/")
    return text.replace(
        MANIFEST_MARK, f'<script type="application/json" id="manifest">{data}</script>'
    )


def mount_web(app: FastAPI, web_dir: Path = WEB_DIR) -> None:
    """Serve the front end: `/static/...` and the page at `/`, `/t/{id}`, `/replay/{id}`,
    `/rules/{game}`."""
    if not (web_dir / "vendor" / ".stamp").is_file():
        log.warning(
            "the front end's vendored modules are missing (%s); run `make setup` "
            "(npm ci + tools/vendor_web.py)",
            web_dir / "vendor",
        )
    app.mount("/static", _Static(directory=web_dir), name="static")

    async def index() -> HTMLResponse:
        # Read on each request: cheap, and a page edited during development shows at once.
        return HTMLResponse(page(web_dir), headers={"Cache-Control": NO_CACHE})

    pages = ("/", "/t/{table_id}", "/replay/{table_id}", "/rules/{game}")
    for path in (*pages, "/ratings/{game}", "/players/{key_id}"):
        app.add_api_route(path, index, methods=["GET"], include_in_schema=False)
