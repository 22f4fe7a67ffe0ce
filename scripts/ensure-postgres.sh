#!/usr/bin/env bash
# Prints the admin URL of a PostgreSQL the server tests can create databases in. Uses the one at
# 127.0.0.1:5432 when it answers; otherwise starts a throwaway cluster from Debian's binaries
# (installing them if missing) and prints its URL; ANFITRION_PG_THROWAWAY=1 forces that path.
# Stop it with `ensure-postgres.sh stop DIR`.
set -euo pipefail

answers() { timeout 3 bash -c ">/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

if [ "${1:-}" = stop ]; then
  [ -d "${2:-}" ] && runuser -u postgres -- "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/pg_ctl" -D "$2/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "${2:-/nonexistent}"
  exit 0
fi

if [ -n "${ANFITRION_TEST_PG:-}" ]; then echo "$ANFITRION_TEST_PG"; exit 0; fi
if [ -z "${ANFITRION_PG_THROWAWAY:-}" ] && answers 5432; then echo "postgres://postgres@127.0.0.1:5432/postgres"; exit 0; fi

if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; } >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
dir=$(mktemp -d /tmp/anfitrion-pg.XXXXXX)
chown postgres "$dir"
port=55432
while answers $port; do port=$((port + 1)); done
runuser -u postgres -- "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >&2
runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >&2
echo "$dir" > /tmp/anfitrion-pg.last
echo "postgres://postgres@127.0.0.1:$port/postgres"
