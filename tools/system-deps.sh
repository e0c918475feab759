#!/usr/bin/env bash
# Installs the system parts the tests need, from Debian, where this machine allows it:
# PostgreSQL (the server's second storage backend), Chromium (the browser tests drive it
# through Playwright; never `playwright install`), npm (the front end's modules) and Redis
# (the multi-process tests start a throwaway `redis-server`; no service is enabled).
# `make test` and `.ci/run` call it.
# It never fails the build by itself: when it cannot install something it says so plainly,
# and the tests that need that part then fail with the same hint (or skip, only when
# QUINTET_SKIP_POSTGRES=1 or QUINTET_SKIP_BROWSER=1 asks for it).
set -uo pipefail

have_postgres() {
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null
}

missing=()
have_postgres || missing+=(postgresql)
command -v redis-server >/dev/null || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
# Chromium only recommends a font; without one, pages render no text.
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
command -v npm >/dev/null || missing+=(npm)

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "*** system-deps: cannot install ${missing[*]} here (needs root and apt-get)." >&2
    echo "*** Install it yourself: sudo apt-get install ${missing[*]}" >&2
    echo "*** Until then the tests that need them fail (QUINTET_SKIP_POSTGRES=1 skips the" >&2
    echo "*** PostgreSQL ones, QUINTET_SKIP_BROWSER=1 the browser ones)." >&2
    exit 0
fi

echo "system-deps: installing ${missing[*]} from Debian" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } \
    >/tmp/quintet-apt.log 2>&1; then
    echo "*** system-deps: apt-get install ${missing[*]} failed (log: /tmp/quintet-apt.log)" >&2
    tail -5 /tmp/quintet-apt.log >&2
fi
exit 0
