#!/usr/bin/env bash
# The formatters and linters (rustfmt, clippy, the module cycles of core and the server, ESLint,
# tsc) and every suite, one build, what can overlap side by side: Rust (core vectors, QR, server
# on SQLite and PostgreSQL) with nextest;
# the OpenAPI document against the running server on both engines (Schemathesis);
# the same vectors through WebAssembly plus the frontend's unit tests with Vitest; the browser
# tests in headless Chromium against the debug server binary, which serves the built console.
# A suite whose prerequisite failed counts as one failure; the others still run.
# Ends with one line: `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

logs=$(mktemp -d /tmp/anfitrion-test.XXXXXX)
pg_estado="$logs/postgres"
passed=0
failed=0
# The server tests seed the demo once per engine and copy it for each test (templates named
# anfitrion_plantilla_*, and files under $TMPDIR/anfitrion-plantillas): gone when they end.
limpiar_plantillas() {
  rm -rf "${TMPDIR:-/tmp}/anfitrion-plantillas"
  [ -n "${ANFITRION_TEST_PG:-}" ] || return 0
  psql -qAt "$ANFITRION_TEST_PG" -c "SELECT datname FROM pg_database WHERE datname LIKE 'anfitrion\_plantilla\_%'" 2>/dev/null |
    while read -r base; do psql -q "$ANFITRION_TEST_PG" -c "DROP DATABASE IF EXISTS \"$base\" WITH (FORCE)" >/dev/null 2>&1; done
}
trap 'limpiar_plantillas; bash scripts/ensure-postgres.sh stop "$pg_estado"; rm -rf "$logs"' EXIT

# What failed, by name, printed again just above the summary line: a run's last lines say which.
fallas=()
count() { # suite passed failed
  echo "== $1: $2 passed, $3 failed"
  passed=$((passed + $2))
  failed=$((failed + $3))
  [ "$3" -gt 0 ] && fallas+=("$1: $3")
  return 0
}
fallo() { fallas+=("  $*"); } # one failed test's name, under its suite's line
# Each phase's wall time, printed as a table before the summary line: where a run's minutes go.
inicio_total=$SECONDS
fase_nombre=
fase_inicio=$SECONDS
fases=()
cerrar_fase() {
  [ -n "$fase_nombre" ] && fases+=("$(printf '%6ds  %s' $((SECONDS - fase_inicio)) "$fase_nombre")")
  fase_nombre=
}
fase() { cerrar_fase; fase_nombre=$1; fase_inicio=$SECONDS; }
step() { echo; echo "### $*"; }
make_q() { make --no-print-directory "$@"; }

# The build folder every clone of this machine shares (.cargo/config.toml's build-dir) grows by
# each clone's own crates. Past ANFITRION_CARPETA_LIMITE_GB (30) it is emptied before this run
# builds. One `make test` at a time uses it (the lock below): two clones' runs would build the
# workspace's crates into the same files.
carpeta_compilacion=$(cargo metadata --no-deps --format-version 1 2>/dev/null |
  python3 -c 'import json, sys; print(json.load(sys.stdin).get("build_directory") or "")' 2>/dev/null)
if [ -n "$carpeta_compilacion" ]; then
  mkdir -p "$carpeta_compilacion"
  exec 8>"$carpeta_compilacion.lock"
  if flock -n -x 8; then
    gb=$(du -s --block-size=1G "$carpeta_compilacion" 2>/dev/null | cut -f1)
    if [ "${gb:-0}" -gt "${ANFITRION_CARPETA_LIMITE_GB:-30}" ]; then
      echo "La carpeta de compilación compartida ocupa $gb GB: se vacía ($carpeta_compilacion)"
      rm -rf "$carpeta_compilacion" && mkdir -p "$carpeta_compilacion"
    fi
  else
    echo "Otra copia corre make test con la misma carpeta de compilación: se espera a que termine."
  fi
  flock -x 8
  bash scripts/carpeta-compilacion.sh "$carpeta_compilacion"
fi

# Every server the suites start runs its clock from this moment (Mexico City time), whatever
# the hour the machine says: ANFITRION_TEST_FECHA / ANFITRION_TEST_HORA choose another.
echo "Hora de las pruebas: ${ANFITRION_TEST_FECHA:-2026-11-25} ${ANFITRION_TEST_HORA:-13:00} (Ciudad de México)"

step "Herramientas"
fase "herramientas (Rust, Chromium)"
# npm's packages download while the WASM modules compile; both are waited for before the console.
make_q deps-node >"$logs/npm.log" 2>&1 &
npm_pid=$!
make_q deps-rust && rust_ok=1 || { rust_ok=0; count herramientas-rust 0 1; }
make_q deps-browser && chromium_ok=1 || { chromium_ok=0; count chromium 0 1; }

# clippy checks the workspace beside the builds below: compiling core and then the server leaves
# a core idle for long stretches (one crate's type check at a time). Its own profile (the tests'
# settings, its own folder) so that it never waits on their folder's lock.
clippy_pid=
if [ $rust_ok = 1 ]; then
  cargo clippy --profile clippy --workspace --all-targets -q -- -D warnings >"$logs/lint-clippy.log" 2>&1 &
  clippy_pid=$!
fi

step "Núcleo WASM e interfaz"
wasm_ok=0; front_ok=0
fase "WASM (y npm a un lado)"
if [ $rust_ok = 1 ]; then make_q wasm && wasm_ok=1 || count wasm 0 1; fi
if wait "$npm_pid"; then node_ok=1; else node_ok=0; tail -20 "$logs/npm.log"; count herramientas-npm 0 1; fi
fase "tipos de la API y compilación de la interfaz"
vitest_pid=
if [ $wasm_ok = 1 ] && [ $node_ok = 1 ]; then
  # The console's API types are generated from the debug server's OpenAPI document. Vite alone
  # builds the console: tsc checks the types once, below, as a test of its own.
  if make_q api-types; then
    # Vitest (core's vectors through WASM, the declarations of the WASM modules, which name the
    # API's types, and the console's unit tests) needs no more than this: it runs beside the lints
    # and the test build and is counted after the conformance runs.
    (cd frontend && npx vitest run --reporter=default --reporter=json --outputFile.json="$logs/vitest.json") >"$logs/vitest.log" 2>&1 &
    vitest_pid=$!
    (cd frontend && npx vite build --logLevel warn) && front_ok=1 || count interfaz 0 1
  else
    count interfaz 0 1
  fi
fi

step "Formato, lint y tipos (rustfmt, ciclos; clippy, ESLint y tsc a un lado)"
# Any finding fails `make test`; each check counts as one test in the summary line.
revisar() { # name command...
  local nombre=$1; shift
  if "$@" >"$logs/lint-$nombre.log" 2>&1; then count "$nombre" 1 0; else tail -40 "$logs/lint-$nombre.log"; count "$nombre" 0 1; fi
}
# ESLint and tsc check the console while the test build compiles the workspace; their results,
# and clippy's, are counted once the test build is done.
eslint_pid=; tsc_pid=
if [ $front_ok = 1 ]; then
  (cd frontend && npm run --silent lint) >"$logs/lint-eslint.log" 2>&1 &
  eslint_pid=$!
  (cd frontend && npm run --silent typecheck) >"$logs/lint-tsc.log" 2>&1 &
  tsc_pid=$!
fi
esperar_revision() { # name pid
  if wait "$2"; then count "$1" 1 0; else tail -40 "$logs/lint-$1.log"; count "$1" 0 1; fi
}
if [ $rust_ok = 1 ]; then
  fase rustfmt
  revisar rustfmt cargo fmt --all --check
fi
fase ciclos
revisar ciclos bash -c 'python3 scripts/ciclos.py --prueba && python3 scripts/ciclos.py server/src core/src'
# ARCHITECTURE.md, the map a newcomer reads: short (under 12 KB), every path it names real.
revisar guia python3 scripts/guia.py

step "PostgreSQL para las pruebas del servidor"
fase PostgreSQL
if ANFITRION_TEST_PG=$(bash scripts/ensure-postgres.sh start "$pg_estado"); then
  export ANFITRION_TEST_PG
  echo "$ANFITRION_TEST_PG"
else
  count postgres 0 1
fi

step "Rust (cargo nextest)"
pruebas_rust=(--lib --bins --tests)
if [ $rust_ok = 1 ]; then
  # The build of the test binaries and their run, apart. The benchmarks' and QR tools' examples
  # are left out (`cargo test` would link each of them, a dozen binaries no test runs): clippy,
  # above, already checks that they compile.
  fase "compilación de las pruebas de Rust"
  cargo nextest run --workspace "${pruebas_rust[@]}" --no-run 2>&1 | tail -3
fi
fase "clippy, ESLint y tsc (lo que quedaba)"
[ -n "$clippy_pid" ] && esperar_revision clippy "$clippy_pid"
if [ -n "$eslint_pid" ]; then
  esperar_revision eslint "$eslint_pid"
  esperar_revision tsc "$tsc_pid"
fi
if [ $rust_ok = 1 ]; then
  fase "pruebas de Rust"
  cargo nextest run --workspace "${pruebas_rust[@]}" --no-fail-fast 2>&1 | tee "$logs/rust.log"
  limpiar_plantillas
  summary=$(grep -E 'Summary \[' "$logs/rust.log" | tail -1)
  if [ -n "$summary" ]; then
    p=$(grep -oE '[0-9]+ passed' <<<"$summary" | grep -oE '[0-9]+')
    f=$(grep -oE '[0-9]+ failed' <<<"$summary" | grep -oE '[0-9]+')
    count rust "${p:-0}" "${f:-0}"
    while read -r nombre; do fallo "$nombre"; done < <(grep -aoE '^ +(FAIL|TIMEOUT) \[[^]]*\] (\([0-9/]+\) )?.*' "$logs/rust.log" | sed -E 's/^ +(FAIL|TIMEOUT) \[[^]]*\] (\([0-9/]+\) )?//' | sort -u | head -20)
  else
    count rust 0 1
  fi
fi

step "Conformidad con el documento OpenAPI (Schemathesis, ambos motores)"
# The test build above built the binary too; this only makes sure it is current.
fase "compilación del servidor (debug)"
if [ $rust_ok = 1 ] && cargo build -q -p anfitrion-server; then
  # Both engines at once: each run waits on its own server and database most of the time.
  fase "conformidad (SQLite y PostgreSQL a la vez)"
  motores=(sqlite)
  if [ -n "${ANFITRION_TEST_PG:-}" ]; then motores+=(postgres); else count conformidad-postgres 0 1; fi
  bash scripts/conformidad-api.sh instalar
  conformidad_pids=()
  for motor in "${motores[@]}"; do
    bash scripts/conformidad-api.sh "$motor" >"$logs/conformidad-$motor.log" 2>&1 &
    conformidad_pids+=($!)
  done
  wait "${conformidad_pids[@]}"
  for motor in "${motores[@]}"; do
    grep -aE '^(FALLA|Test cases|  [0-9]+ generated)' "$logs/conformidad-$motor.log" | sed "s/^/[$motor] /" || true
    resumen=$(grep -aE '^[0-9]+ passed, [0-9]+ failed$' "$logs/conformidad-$motor.log" | tail -1)
    if [ -n "$resumen" ]; then
      # The failures whole, as Schemathesis printed them.
      grep -aq '^FALLA' "$logs/conformidad-$motor.log" && sed -n '/^=* FAILURES/,/^=* WARNINGS/p' "$logs/conformidad-$motor.log" | head -150
      count "conformidad-$motor" "$(awk '{print $1}' <<<"$resumen")" "$(awk '{print $3}' <<<"$resumen")"
      while read -r nombre; do fallo "$nombre"; done < <(grep -aE '^FALLA' "$logs/conformidad-$motor.log" | head -20)
    else
      tail -20 "$logs/conformidad-$motor.log"
      count "conformidad-$motor" 0 1
    fi
  done
fi

step "Vitest (vectores por WASM y pruebas de la interfaz)"
fase "Vitest (lo que quedaba)"
if [ -n "$vitest_pid" ]; then
  wait "$vitest_pid"
  tail -40 "$logs/vitest.log"
  if [ -f "$logs/vitest.json" ]; then
    read -r p f < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1))' "$logs/vitest.json")
    count vitest "$p" "$f"
    while read -r nombre; do fallo "$nombre"; done < <(node -e 'const r=require(process.argv[1]);for(const a of r.testResults)for(const t of a.assertionResults)if(t.status==="failed")console.log(a.name.replace(/.*\/frontend\//,"")+" > "+t.fullName)' "$logs/vitest.json" | head -20)
  else
    count vitest 0 1
  fi
fi

step "Navegador (Chromium sin interfaz)"
fase "navegador"
if [ $front_ok = 1 ] && [ $chromium_ok = 1 ]; then
  # The binary embeds the console just built; a failed build must not leave an old one to test.
  if cargo build -q -p anfitrion-server; then
    # Each test file has its own server, database and browser, and mostly waits on them: four
    # files run at once (ANFITRION_E2E_PARALELO; on two cores 680 s one at a time, 333 s four at
    # a time), the largest first so that no long file starts last.
    (cd frontend && ANFITRION_E2E_FRONT=binario ANFITRION_BIN="$PWD/../target/debug/anfitrion" \
      node --test --test-concurrency="${ANFITRION_E2E_PARALELO:-4}" $(ls -S e2e/*.test.mjs)) 2>&1 |
      tee "$logs/e2e.log" | tail -12
    # The TAP stream is long: show each failure whole, not just the tally.
    grep -a -A40 -E '^ *not ok ' "$logs/e2e.log" | head -200
    p=$(grep -aoE '^(# |ℹ )pass [0-9]+' "$logs/e2e.log" | tail -1 | grep -oE '[0-9]+$')
    f=$(grep -aoE '^(# |ℹ )fail [0-9]+' "$logs/e2e.log" | tail -1 | grep -oE '[0-9]+$')
    if [ -n "$p" ]; then count navegador "$p" "${f:-0}"; else count navegador 0 1; fi
    while read -r nombre; do fallo "$nombre"; done < <(grep -aE '^not ok [0-9]+ - ' "$logs/e2e.log" | sed -E 's/^not ok [0-9]+ - //' | head -20)
  else
    count navegador-compilacion 0 1
  fi
fi

cerrar_fase
# Every suite's own output stays in target/registros (the last run's), for a look afterwards.
rm -rf target/registros && mkdir -p target/registros && cp -r "$logs"/*.log target/registros/ 2>/dev/null
echo
echo "Tiempo por fase:"
printf '%s\n' "${fases[@]}"
printf '%6ds  %s\n' $((SECONDS - inicio_total)) "total"
echo
if [ ${#fallas[@]} -gt 0 ]; then
  echo "Fallaron:"
  printf '%s\n' "${fallas[@]}"
  echo
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
