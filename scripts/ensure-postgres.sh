#!/usr/bin/env bash
# PostgreSQL for the server tests.
#   ensure-postgres.sh start STATE  prints the admin URL of a PostgreSQL the tests can create
#                                   databases in: the one at 127.0.0.1:5432 when it answers,
#                                   otherwise a throwaway cluster from Debian's binaries (installed
#                                   if missing), whose folder is written to STATE.
#   ensure-postgres.sh stop STATE   stops and deletes the throwaway cluster named in STATE, if any.
# ANFITRION_TEST_PG, when set, is used as it is; ANFITRION_PG_THROWAWAY=1 forces a throwaway cluster.
set -euo pipefail

accion=${1:?start|stop}
estado=${2:?state file}
answers() { timeout 3 bash -c ">/dev/tcp/127.0.0.1/$1" 2>/dev/null; }
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
# initdb and pg_ctl refuse to run as root; root runs them as the postgres user.
como_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
sudo_si_hace_falta() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if [ "$accion" = stop ]; then
  dir=$(cat "$estado" 2>/dev/null || true)
  if [ -n "$dir" ] && [ -d "$dir" ]; then
    como_pg "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
  fi
  rm -f "$estado"
  exit 0
fi

: > "$estado"
if [ -n "${ANFITRION_TEST_PG:-}" ]; then echo "$ANFITRION_TEST_PG"; exit 0; fi
if [ -z "${ANFITRION_PG_THROWAWAY:-}" ] && answers 5432; then
  echo "postgres://postgres@127.0.0.1:5432/postgres"
  exit 0
fi

if [ -z "$(pg_bin)" ]; then
  { sudo_si_hace_falta apt-get update && sudo_si_hace_falta env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; } >&2
fi
bin=$(pg_bin)
dir=$(mktemp -d /tmp/anfitrion-pg.XXXXXX)
[ "$(id -u)" -eq 0 ] && chown postgres "$dir"
port=55432
while answers $port; do port=$((port + 1)); done
echo "$dir" > "$estado"
como_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >&2
como_pg "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >&2
echo "postgres://postgres@127.0.0.1:$port/postgres"
