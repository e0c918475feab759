"""Several `quintet serve` processes on one PostgreSQL and one Redis (docs/scaling.md).

Loaded only when the server is given `--redis`; a lone server never imports it.
"""
