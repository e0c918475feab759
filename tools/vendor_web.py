#!/usr/bin/env python3
"""Copy the browser's ES modules from `web/node_modules/` into `src/quintet/web/vendor/`.

    npm ci --prefix web && python tools/vendor_web.py     # what `make setup` runs
    python tools/vendor_web.py --npm                      # the same: runs `npm ci` first
    python tools/vendor_web.py --check                    # exit 1 when the copy is stale

The front end has no bundler: `index.html` maps `preact`, `htm/preact`, `@preact/signals`,
`marked` ... to these files through an import map. The vendor folder is generated (gitignored) and
carried by the wheel, so an installed Quintet needs no npm. A stamp file holds the SHA-256
of `web/package-lock.json`, so a changed lock file is noticed (`--check`, and the
Makefile, which reruns this script when the lock is newer than the stamp).

Only the standard library: the wheel's build hook (`hatch_build.py`) runs this too.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
WEB: Final = ROOT / "web"
LOCK: Final = WEB / "package-lock.json"
VENDOR: Final = ROOT / "src" / "quintet" / "web" / "vendor"
STAMP_NAME: Final = ".stamp"

#: Files copied, relative to node_modules; kept at the same relative path under vendor/,
#: so their own `//# sourceMappingURL=` comments still point at their maps.
FILES: Final = (
    "preact/dist/preact.mjs",
    "preact/dist/preact.mjs.map",
    "preact/hooks/dist/hooks.mjs",
    "preact/hooks/dist/hooks.mjs.map",
    "preact/LICENSE",
    "htm/dist/htm.mjs",
    "htm/preact/index.mjs",
    "htm/LICENSE",
    "@preact/signals/dist/signals.mjs",
    "@preact/signals/dist/signals.mjs.map",
    "@preact/signals/LICENSE",
    "@preact/signals-core/dist/signals-core.mjs",
    "@preact/signals-core/dist/signals-core.mjs.map",
    "@preact/signals-core/LICENSE",
    # The rules pages' Markdown (app/rules.js), one module without dependencies.
    "marked/lib/marked.esm.js",
    "marked/lib/marked.esm.js.map",
    "marked/LICENSE",
)


class VendorError(Exception):
    """The copy cannot be made; the message says what to run."""


def lock_digest(lock: Path = LOCK) -> str:
    return hashlib.sha256(lock.read_bytes()).hexdigest()


def is_current(vendor: Path = VENDOR, lock: Path = LOCK) -> bool:
    """Whether `vendor` holds every file, copied from the modules of this lock file."""
    stamp = vendor / STAMP_NAME
    if not stamp.is_file() or stamp.read_text().strip() != lock_digest(lock):
        return False
    return all((vendor / name).is_file() for name in FILES)


def npm_ci(web: Path = WEB) -> None:
    """`npm ci` in `web/`: exactly the locked versions, no install scripts."""
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError(
            "npm is not installed; install Node.js and npm (Debian: apt-get install npm), "
            "then run `make setup`"
        )
    command = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefix", str(web)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise VendorError(f"`{' '.join(command)}` failed:\n{result.stdout}{result.stderr}")


def copy(web: Path = WEB, vendor: Path = VENDOR) -> list[Path]:
    """Replace `vendor` with fresh copies of FILES; returns the files written."""
    modules = web / "node_modules"
    missing = [name for name in FILES if not (modules / name).is_file()]
    if missing:
        raise VendorError(
            f"{modules} lacks {', '.join(missing)}; run `npm ci --prefix {web}` first "
            "(or this script with --npm)"
        )
    if vendor.exists():
        shutil.rmtree(vendor)
    written = []
    for name in FILES:
        target = vendor / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(modules / name, target)
        written.append(target)
    # The stamp last: a copy cut short leaves no stamp, so it counts as stale.
    (vendor / STAMP_NAME).write_text(lock_digest(web / "package-lock.json") + "\n")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--npm", action="store_true", help="run `npm ci` in web/ first")
    parser.add_argument(
        "--check", action="store_true", help="only check: exit 1 when the copy is stale"
    )
    parser.add_argument(
        "--if-stale", action="store_true", help="do nothing when the copy is current"
    )
    args = parser.parse_args(argv)
    if args.check:
        if is_current():
            return 0
        print(f"{VENDOR} is missing or stale; run `make setup`", file=sys.stderr)
        return 1
    if args.if_stale and is_current():
        return 0
    try:
        if args.npm:
            npm_ci()
        written = copy()
    except VendorError as error:
        print(f"vendor_web: {error}", file=sys.stderr)
        return 2
    print(f"vendor_web: {len(written)} files copied into {VENDOR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
