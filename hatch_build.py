"""Wheel build hook: make sure the front end's vendored modules are in the wheel.

`src/quintet/web/vendor/` is generated from `web/node_modules` (tools/vendor_web.py) and
gitignored, so a clean clone lacks it. When it is missing or stale this runs `npm ci` and
the copy, so `pip wheel .` from a clean clone carries Preact & co. and a pip install needs
no npm. Without npm the build fails saying so (a wheel without them would serve a page
that cannot start).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class VendorWebHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        # Editable installs (`make setup`) serve the source tree, which the Makefile
        # vendors itself; only a real wheel must carry the files.
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        web = root / "web"
        if not (web / "package-lock.json").is_file():
            # An sdist-less build from an unpacked wheel tree: nothing to make.
            return
        spec = importlib.util.spec_from_file_location(
            "quintet_vendor_web", root / "tools" / "vendor_web.py"
        )
        assert spec is not None and spec.loader is not None
        vendor = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(vendor)
        if vendor.is_current():
            return
        try:
            vendor.npm_ci()
            vendor.copy()
        except vendor.VendorError as error:
            sys.exit(f"building the wheel needs the front end's modules: {error}")
