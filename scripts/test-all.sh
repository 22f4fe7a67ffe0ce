#!/usr/bin/env bash
# Every suite, one build: Rust (core vectors, QR, server on SQLite and PostgreSQL) with nextest,
# the same vectors through WebAssembly plus the frontend's unit tests with Vitest, then the browser
# tests in headless Chromium against the debug server binary the Rust suite built.
# Ends with one line: `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

logs=$(mktemp -d /tmp/anfitrion-test.XXXXXX)
passed=0
failed=0
pg_dir=""
cleanup() {
  [ -n "$pg_dir" ] && bash scripts/ensure-postgres.sh stop "$pg_dir"
  rm -rf "$logs"
}
trap cleanup EXIT

count() { # suite-name passed failed
  echo "== $1: $2 passed, $3 failed"
  passed=$((passed + $2))
  failed=$((failed + $3))
}

step() { echo; echo "### $*"; }

step "Preparando herramientas y compilando (WASM, interfaz)"
if ! make --no-print-directory deps deps-browser frontend; then
  echo "La preparación falló: no se pudo compilar"
  echo "0 passed, 1 failed"
  exit 1
fi

step "PostgreSQL para las pruebas del servidor"
if ! ANFITRION_TEST_PG=$(bash scripts/ensure-postgres.sh); then
  echo "No se pudo obtener un PostgreSQL"; count postgres 0 1
fi
export ANFITRION_TEST_PG
[ -f /tmp/anfitrion-pg.last ] && [[ "$ANFITRION_TEST_PG" != *":5432/"* ]] && pg_dir=$(cat /tmp/anfitrion-pg.last)
echo "$ANFITRION_TEST_PG"

step "Rust (cargo nextest)"
cargo nextest run --workspace --no-fail-fast 2>&1 | tee "$logs/rust.log"
summary=$(grep -E 'Summary \[' "$logs/rust.log" | tail -1)
if [ -n "$summary" ]; then
  p=$(grep -oE '[0-9]+ passed' <<<"$summary" | grep -oE '[0-9]+' || echo 0)
  f=$(grep -oE '[0-9]+ failed' <<<"$summary" | grep -oE '[0-9]+' || echo 0)
  count rust "${p:-0}" "${f:-0}"
else
  count rust 0 1
fi
cargo build -q -p anfitrion-server || true

step "Vitest (vectores por WASM y pruebas de la interfaz)"
(cd frontend && npx vitest run --reporter=default --reporter=json --outputFile.json="$logs/vitest.json") 2>&1 | tail -40
if [ -f "$logs/vitest.json" ]; then
  read -r p f < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1))' "$logs/vitest.json")
  count vitest "$p" "$f"
else
  count vitest 0 1
fi

step "Navegador (Chromium sin interfaz)"
(cd frontend && ANFITRION_E2E_FRONT=binario ANFITRION_BIN="$PWD/../target/debug/anfitrion" npm run --silent e2e) 2>&1 | tee "$logs/e2e.log" | tail -60
p=$(grep -aoE '^(# |ℹ )pass [0-9]+' "$logs/e2e.log" | tail -1 | grep -oE '[0-9]+$')
f=$(grep -aoE '^(# |ℹ )fail [0-9]+' "$logs/e2e.log" | tail -1 | grep -oE '[0-9]+$')
if [ -n "$p" ]; then count navegador "$p" "${f:-0}"; else count navegador 0 1; fi

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
