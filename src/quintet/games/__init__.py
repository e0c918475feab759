"""The built-in games, one package each.

Nothing registers here: each package exposes `GAME` and `BOTS` and is declared in
the `quintet.games` entry-point group (pyproject.toml), as any other game is
(ADR 0013, docs/adding-a-game.md).
"""
