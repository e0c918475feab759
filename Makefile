# The project's commands. `make run` and `make test` are all a fresh clone needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The browser front end's ES modules (Preact, htm, signals), copied from npm's lock.
VENDOR_STAMP := src/quintet/web/vendor/.stamp

.PHONY: setup system-deps run test lint typecheck pytest bench clean

setup: $(STAMP) $(VENDOR_STAMP)

# Reinstall only when the project's metadata changes.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench,rl]'
	touch $(STAMP)

# npm ci + the copy, again only when the lock file (or the copying script) changes.
$(VENDOR_STAMP): web/package-lock.json tools/vendor_web.py
	@command -v npm >/dev/null || bash tools/system-deps.sh
	$(PYTHON) tools/vendor_web.py --npm

# The game server on http://127.0.0.1:8000/ (QUINTET_PORT to change), opened in a browser
# when there is one. Terminal play: `.venv/bin/quintet play quashars`.
QUINTET_PORT ?= 8000
run: setup
	$(BIN)/quintet serve --port $(QUINTET_PORT) --open

lint: setup
	$(BIN)/ruff check src tests bench tools examples hatch_build.py
	$(BIN)/ruff format --check src tests bench tools examples hatch_build.py

typecheck: setup
	$(BIN)/mypy

# PostgreSQL for the server's tests, from Debian where this machine allows (see the script).
system-deps:
	@bash tools/system-deps.sh

# pytest exits 5 when it collects no test; that must fail too, and it does,
# because make stops on any non-zero exit.
# On PYTEST_WORKERS processes (pytest-xdist; 0: all in this one). loadscope keeps each test
# module on one worker, so a module's live server (tests/server/live.py) starts once.
# Four on two cores: the browser and server tests spend much of their time waiting (for
# bots at their pace, for the browser), so fewer workers left a core idle. Measured on a
# clean clone, idle machine: 2 workers 10 min 23 s of pytest and 3 workers 7 min 34 s
# (2,465 tests); at 2,976 tests 3 workers 12 min 9 s, 4 workers 10 min 5 s
# (user+sys 13 min 29 s: the CPU is still not the limit).
PYTEST_WORKERS ?= 4
pytest: setup system-deps
	$(BIN)/pytest -q -n $(PYTEST_WORKERS) --dist loadscope

test: lint typecheck pytest

# Installs the `bench` extra (OpenSpiel, the yardstick) when it is missing. If that fails the
# benchmarks still run, and the OpenSpiel lines say they were skipped.
# `make bench BENCH_ARGS=--quick` checks that everything runs in a second or two.
BENCH_ARGS ?=
bench: setup
	@$(BIN)/python -c "import pyspiel" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[bench]' \
		|| echo "make bench: could not install the bench extra (open-spiel); OpenSpiel is skipped" >&2
	$(BIN)/python -m bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
