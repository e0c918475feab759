"""tools/vendor_web.py and the wheel: the browser's modules are copied from npm's lock,
a stale copy is noticed, and a wheel built from a clean tree carries them (the build
hook runs `npm ci` and the copy), so a pip install needs no npm."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def load_script() -> ModuleType:
    # tools/ is not a package: load the script from its path.
    spec = importlib.util.spec_from_file_location("vendor_web", ROOT / "tools" / "vendor_web.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


vendor_web = load_script()


def fake_web(tmp_path: Path) -> Path:
    """A web/ folder with a lock file and node_modules holding every file to copy."""
    web = tmp_path / "web"
    for name in vendor_web.FILES:
        path = web / "node_modules" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"// {name}\n")
    (web / "package-lock.json").write_text('{"lockfileVersion": 3}\n')
    return web


def test_copy_then_current_until_the_lock_changes(tmp_path: Path) -> None:
    web = fake_web(tmp_path)
    vendor = tmp_path / "vendor"
    lock = web / "package-lock.json"
    assert not vendor_web.is_current(vendor, lock)
    written = vendor_web.copy(web, vendor)
    assert len(written) == len(vendor_web.FILES)
    assert (vendor / "preact/dist/preact.mjs").read_text() == "// preact/dist/preact.mjs\n"
    assert vendor_web.is_current(vendor, lock)
    lock.write_text('{"lockfileVersion": 3, "changed": true}\n')
    assert not vendor_web.is_current(vendor, lock)


def test_a_missing_file_is_named_and_nothing_is_stamped(tmp_path: Path) -> None:
    web = fake_web(tmp_path)
    (web / "node_modules" / "htm/dist/htm.mjs").unlink()
    vendor = tmp_path / "vendor"
    with pytest.raises(vendor_web.VendorError, match=r"htm/dist/htm\.mjs.*npm ci"):
        vendor_web.copy(web, vendor)
    assert not (vendor / vendor_web.STAMP_NAME).exists()


def test_the_import_map_names_only_vendored_files() -> None:
    page = (ROOT / "src/quintet/web/index.html").read_text()
    mapped = {
        line.split('"/static/vendor/')[1].split('"')[0]
        for line in page.splitlines()
        if "/static/vendor/" in line
    }
    assert mapped, "index.html has no import map entries"
    assert mapped <= set(vendor_web.FILES)


@pytest.mark.slow
def test_a_wheel_from_a_clean_tree_carries_the_modules(tmp_path: Path) -> None:
    if shutil.which("npm") is None:
        pytest.fail("npm is missing: install it with: sudo apt-get install npm", pytrace=False)
    # A clean clone's tree: no node_modules, no vendor copy.
    tree = tmp_path / "tree"
    for name in ("pyproject.toml", "hatch_build.py", "README.md", "tools/vendor_web.py"):
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, tree / name)
    for name in ("package.json", "package-lock.json"):
        (tree / "web").mkdir(exist_ok=True)
        shutil.copyfile(ROOT / "web" / name, tree / "web" / name)
    shutil.copytree(
        ROOT / "src",
        tree / "src",
        ignore=shutil.ignore_patterns("vendor", "__pycache__", "*.egg-info"),
    )
    assert not (tree / "src/quintet/web/vendor").exists()
    out = tmp_path / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(tree)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = out.glob("quintet-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in vendor_web.FILES:
        assert f"quintet/web/vendor/{name}" in names, f"the wheel lacks {name}"
    # The shell, and each game's folder: its board modules, style sheet, messages and
    # rules pages (Markdown, fetched by app/rules.js).
    shell = ("index.html", "style.css", "rules.css", "app/main.js", "app/rules.js")
    boards = (
        "app/boards/generic.js",
        "app/boards/quick/rules.de.md",
        "app/boards/quick/examples.js",
        "app/boards/quashars/index.js",
        "app/boards/quashars/board.css",
        "app/boards/quiclo/board.css",
        "app/boards/quiclo/arith.js",
        "app/boards/quiddler/messages.de.js",
    )
    for name in (*shell, *boards):
        assert f"quintet/web/{name}" in names, f"the wheel lacks {name}"
