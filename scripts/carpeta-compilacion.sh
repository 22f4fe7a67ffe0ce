#!/usr/bin/env bash
# The build folder every clone of this machine shares (.cargo/config.toml's build-dir): cargo
# tells whether a crate of the workspace is current by its files' paths inside the package and
# their times, not by the clone they are in. So a clone whose files are older than another
# clone's last build would take that build for its own. The folder notes which clone built last;
# when it was another, this clone's sources are made newer first, and its crates are rebuilt.
#   carpeta-compilacion.sh            that check, for `make check`
#   carpeta-compilacion.sh <carpeta>  the same for a known folder (scripts/test-all.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
carpeta=${1:-$(cargo metadata --no-deps --format-version 1 2>/dev/null |
  python3 -c 'import json, sys; print(json.load(sys.stdin).get("build_directory") or "")' 2>/dev/null)}
[ -n "$carpeta" ] || exit 0
mkdir -p "$carpeta"
marca="$carpeta.ultima-copia"
if [ "$(cat "$marca" 2>/dev/null)" != "$PWD" ]; then
  if git rev-parse --git-dir >/dev/null 2>&1; then
    git ls-files -z -- core core-wasm core-wasm-qr server migrations Cargo.toml Cargo.lock | xargs -0 -r touch
  else
    find core core-wasm core-wasm-qr server migrations Cargo.toml Cargo.lock -type f -exec touch {} +
  fi
  echo "$PWD" >"$marca"
fi
