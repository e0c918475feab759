"""Benchmarks for ``make bench`` (``python -m bench``); see ``docs/benchmarks.md``.

Not part of the installed package: run them from the repository root.
"""
