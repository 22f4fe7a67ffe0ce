# Anfitrión — the only entry points: `make run`, `make test`, `make bench` (and `make fuzz`).
# Each installs what it needs on a fresh machine (Rust target, wasm-bindgen CLI, npm packages,
# Chromium's headless shell for the browser tests) before building.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
export PATH := $(HOME)/.cargo/bin:$(PATH)

WASM_TARGET := wasm32-unknown-unknown
# Where cargo writes its builds (CARGO_TARGET_DIR when set): wasm-bindgen reads the modules there.
CARGO_DESTINO := $(or $(CARGO_TARGET_DIR),target)
WASM_OUT := frontend/src/wasm/pkg
WASM_QR_OUT := frontend/src/wasm/qr
WASM_ACCESO_OUT := frontend/src/wasm/acceso
# The CLI must match the wasm-bindgen crate in Cargo.lock exactly.
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
NEXTEST_VERSION := 0.9.143
# TypeScript declarations generated from Rust: core's types (ts-rs) and the API's (OpenAPI).
TIPOS_WASM := frontend/src/wasm/tipos
OPENAPI := target/openapi.json
# Which build of the server prints the OpenAPI document: debug for the tests, release for `make run`.
PERFIL ?= debug
CARGO_PERFIL := $(if $(filter release,$(PERFIL)),--release,)
# Debian packages need root; anyone else goes through sudo.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: run servidor-biblioteca wasm-compilar deps-wasm32 test check bench wasm-modulos bench-login bench-carga bench-instancias bench-http bench-espera fuzz deps deps-rust deps-node deps-browser wasm api-types frontend server-release

# The console's bundle needs the WASM modules and Vite, not the TypeScript declarations (core's
# and the API's are for tsc, which `make test` runs, and Vite drops type imports). The server's
# library (nearly all of its compile) does not embed the console: it compiles beside the WASM
# builds and npm's download, and only the binary, which embeds the console, waits for Vite.
# `make run` builds the `servicio` profile: optimised lightly, it compiles in far less time than
# `release` and serves 0.75 to 0.85 of release's requests per second under `make bench-http`'s
# load (over 1 000 list reads and 300 walk-in saves a second), beyond any branch's busiest hour;
# `make bench` and a deployment build `release`.
run:
	bash scripts/carpeta-compilacion.sh
	$(MAKE) --no-print-directory -j4 wasm-modulos deps-node servidor-biblioteca
	cd frontend && npx vite build
	cargo build --profile servicio -p anfitrion-server
	./target/servicio/anfitrion serve --demo --demo-semanas 8 --addr $${ANFITRION_ADDR:-127.0.0.1:8080}

servidor-biblioteca:
	cargo build --profile servicio -p anfitrion-server --lib

test:
	bash scripts/test-all.sh

# The quick loop while working, in a few minutes after a change: formatting, clippy, the module
# cycles, ESLint and tsc over freshly generated types, the unit tests of core and the server and
# core's vectors and properties, and Vitest (the same vectors through a WASM core built
# unoptimised, which takes seconds instead of minutes). `make test` stays the whole gate.
check: deps-rust deps-node
	bash scripts/carpeta-compilacion.sh
	cargo fmt --all --check
	$(MAKE) --no-print-directory wasm RAPIDO=1
	$(MAKE) --no-print-directory api-types
	cargo clippy --profile clippy --workspace --all-targets -q -- -D warnings
	python3 scripts/ciclos.py --prueba && python3 scripts/ciclos.py server/src core/src && python3 scripts/guia.py
	@# Both keep what they learnt in node_modules/.cache: only what changed is looked at again.
	cd frontend && npx eslint . --max-warnings 0 --cache --cache-location node_modules/.cache/eslint/ && \
	  npx tsc --noEmit -p . --incremental --tsBuildInfoFile node_modules/.cache/tsc/consola.tsbuildinfo
	cargo nextest run --no-fail-fast --status-level fail -p anfitrion-core --tests
	cargo nextest run --no-fail-fast --status-level fail -p anfitrion-server --lib --bins
	cd frontend && npx vitest run

bench: wasm deps-node deps-browser
	@# QR: 8 frames of each first kind, and the sweeps (module size, turn, noise, blur and their
	@# combinations) three times over; reads and times per kind for core, zxing-wasm and jsQR.
	cargo run -q --release -p anfitrion-core --example qr_frames -- target/qr-frames 8 3
	node scripts/bench-qr.mjs target/qr-frames
	@# The camera check-in's worker path in headless Chromium with a fake camera: frames decoded
	@# per second and the median first-frame-to-card time, against the release binary (which
	@# embeds the console, so it is built as for `make run`).
	$(MAKE) --no-print-directory server-release
	node scripts/bench-checkin.mjs
	@# The public booking widget's first load (HTML, JS, CSS and the WASM core it loads), gzip.
	node scripts/bench-widget.mjs
	@# The reservation list and the dashboard at 10 000, 100 000 and 1 000 000 reservations,
	@# walk-in saves, the CSV export of a million log entries, the client list and search at
	@# 200 000 clients, and public availability (40 tables, 2 000 reservations in the horizon),
	@# on both engines (PostgreSQL found or started as for the tests); the floor of 200 tables
	@# with 150 seated, and tables opened by 32 hosts at once; kitchen printing from a save to the
	@# last byte at the printer, and tickets per second to 20 printers; webhook deliveries per
	@# second and from a save to its delivery; reminders recorded per minute by one instance
	@# with 100 000 reservations in the horizon; the kitchen's forecast over eight weeks of 400
	@# walk-ins a day.
	@estado=$$(mktemp); trap 'bash scripts/ensure-postgres.sh stop "$$estado"' EXIT; \
	  export ANFITRION_TEST_PG=$$(bash scripts/ensure-postgres.sh start "$$estado"); \
	  cargo run -q --release -p anfitrion-server --example bench_reservaciones && \
	  cargo run -q --release -p anfitrion-server --example bench_walkins && \
	  cargo run -q --release -p anfitrion-server --example bench_bitacora && \
	  cargo run -q --release -p anfitrion-server --example bench_clientes && \
	  cargo run -q --release -p anfitrion-server --example bench_disponibilidad && \
	  cargo run -q --release -p anfitrion-server --example bench_salon && \
	  cargo run -q --release -p anfitrion-server --example bench_impresion && \
	  cargo run -q --release -p anfitrion-server --example bench_webhooks && \
	  cargo run -q --release -p anfitrion-server --example bench_recordatorios && \
	  cargo run -q --release -p anfitrion-server --example bench_cocina
	$(MAKE) --no-print-directory bench-login
	$(MAKE) --no-print-directory bench-carga
	$(MAKE) --no-print-directory bench-instancias
	$(MAKE) --no-print-directory bench-http
	$(MAKE) --no-print-directory bench-espera

# No input makes core panic or hang: the property tests of core/tests/propiedades.rs with CASOS
# cases each (the decoder's buffers, the rules' values), optimised; SOLO=decoder or SOLO=rule
# runs one of the two. `cargo test` runs a few of each.
CASOS ?= 100000
SOLO ?=
fuzz:
	ANFITRION_CASOS=$(CASOS) cargo test --release -p anfitrion-core --test propiedades -- --nocapture $(SOLO)

# The console's first load: /login in headless Chromium against the release binary, the gzip
# bytes of every response until the page is at rest (fails above 250 KB).
bench-carga: server-release deps-browser
	ANFITRION_BIN=$(CURDIR)/target/release/anfitrion node scripts/bench-carga.mjs 250

# Two instances on one PostgreSQL database behind Debian's nginx (installed here if missing): walk-in
# saves through the proxy while one instance is stopped, restarted and killed; prints saves
# acknowledged, lost, duplicated, folio gaps and the consoles' reconnect time.
bench-instancias: server-release
	@command -v nginx >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y nginx; }
	estado=$$(mktemp); trap 'bash scripts/ensure-postgres.sh stop "$$estado"; rm -f "$$estado"' EXIT; \
	  ANFITRION_TEST_PG=$$(bash scripts/ensure-postgres.sh start "$$estado") node scripts/bench-instancias.mjs

# The API under load over HTTP: 64 connections from one address for BENCH_HTTP_SEGUNDOS (30) s
# per call (the day's reservation list, a host's search in it, walk-in saves), against the release
# binary on SQLite and on a throwaway PostgreSQL database; fails above 1% of answers not 2xx.
bench-http: server-release deps-node
	estado=$$(mktemp); trap 'bash scripts/ensure-postgres.sh stop "$$estado"; rm -f "$$estado"' EXIT; \
	  ANFITRION_TEST_PG=$$(bash scripts/ensure-postgres.sh start "$$estado") node scripts/bench-http.mjs

# The waitlist from guests' phones: joins per second to one branch's online list (64 connections,
# each guest from its own address behind a trusted proxy) and the time from a host's seat to each
# of 20 guests' live pages, on SQLite and on a throwaway PostgreSQL database.
bench-espera: server-release deps-node
	estado=$$(mktemp); trap 'bash scripts/ensure-postgres.sh stop "$$estado"; rm -f "$$estado"' EXIT; \
	  ANFITRION_TEST_PG=$$(bash scripts/ensure-postgres.sh start "$$estado") node scripts/bench-espera.mjs

# Memory and latency of a burst of 200 logins against `anfitrion serve --demo`, on SQLite and
# on a throwaway PostgreSQL database (the one the tests use, or a cluster of its own).
bench-login:
	cargo build -q --release -p anfitrion-server --bin anfitrion --example rafaga_login
	estado=$$(mktemp); trap 'bash scripts/ensure-postgres.sh stop "$$estado"; rm -f "$$estado"' EXIT; \
	  ANFITRION_TEST_PG=$$(bash scripts/ensure-postgres.sh start "$$estado") ./target/release/examples/rafaga_login

deps: deps-rust deps-node

# The wasm-bindgen CLI binds a few megabytes of WASM in about a second unoptimised (0.1 s at
# opt-level 1), and a first install is a large part of a newcomer's wait: it is compiled at
# opt-level 0 (229 s at cargo install's default opt-level 3 on two cores, beside nothing else).
INSTALAR_LIGERO := CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_DEBUG=false
deps-rust: deps-wasm32
	@if [ "$$(wasm-bindgen --version 2>/dev/null | awk '{print $$2}')" != "$(WASM_BINDGEN_VERSION)" ]; then \
	  echo "Instalando wasm-bindgen-cli $(WASM_BINDGEN_VERSION)"; \
	  $(INSTALAR_LIGERO) cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); fi
	@command -v cargo-nextest >/dev/null || cargo install cargo-nextest --version $(NEXTEST_VERSION)

deps-wasm32:
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)

# Installs the versions package-lock.json pins, only when it changed since the last install.
# `npm install`, not `npm ci`: the registry this machine reaches lacks other platforms' optional
# binaries (Tailwind's oxide for macOS, Windows, …), so the lock cannot list them and `npm ci`
# rejects it as out of sync; `npm install` honours the same lock and leaves it unchanged.
deps-node: frontend/node_modules/.package-lock.json
frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm install --no-audit --no-fund
	@touch $@

# Debian's headless shell of Chromium (the browser tests and benchmarks drive it; see e2e/navegador.mjs).
deps-browser:
	@command -v chromium-headless-shell >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell; }

# Three modules: the login's check (the first load waits for it alone), the rules of the signed-in
# screens (loaded once someone signs in), both built for size, and the QR decoder (the camera's
# worker loads it when the camera opens: built for speed). The two rules modules are one crate with
# and without its `consola` feature, built one after the other in one profile so that core and
# every dependency are compiled once for both: the first is copied aside before the second
# overwrites it. The QR decoder's build runs beside them: each spends long stretches optimising
# on one core.
# RAPIDO=1 (`make check`) builds the two rules modules unoptimised, in a profile of its own.
WASM_BINDGEN_FLAGS := --target web --remove-name-section --remove-producers-section
PERFIL_REGLAS := $(if $(RAPIDO),wasm-rapido,wasm-reglas)
WASM_REGLAS := $(CARGO_DESTINO)/$(WASM_TARGET)/$(PERFIL_REGLAS)/anfitrion_wasm.wasm
# The login's build, kept aside (under the crate's name, which names wasm-bindgen's output).
WASM_ACCESO := $(CARGO_DESTINO)/$(WASM_TARGET)/$(PERFIL_REGLAS)/acceso/anfitrion_wasm.wasm
wasm: wasm-modulos
	rm -rf $(TIPOS_WASM)
	TS_RS_EXPORT_DIR=$(CURDIR)/$(TIPOS_WASM) cargo test -q -p anfitrion-core --features ts --lib export_bindings

wasm-modulos: wasm-compilar deps-rust
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-dir $(WASM_ACCESO_OUT) $(WASM_ACCESO)
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-dir $(WASM_OUT) $(WASM_REGLAS)
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-dir $(WASM_QR_OUT) $(CARGO_DESTINO)/$(WASM_TARGET)/release/anfitrion_wasm_qr.wasm
	@for d in $(WASM_ACCESO_OUT) $(WASM_OUT) $(WASM_QR_OUT); do echo '{"type":"module"}' > $$d/package.json; done

# The compiles need no CLI: on a new machine they run while it installs.
wasm-compilar: deps-wasm32
	cargo build -p anfitrion-wasm-qr --target $(WASM_TARGET) --release & qr=$$!; \
	  { cargo build -p anfitrion-wasm --target $(WASM_TARGET) --profile $(PERFIL_REGLAS) --no-default-features && \
	    mkdir -p $(dir $(WASM_ACCESO)) && cp $(WASM_REGLAS) $(WASM_ACCESO) && \
	    cargo build -p anfitrion-wasm --target $(WASM_TARGET) --profile $(PERFIL_REGLAS); } || { kill $$qr 2>/dev/null; exit 1; }; \
	  wait $$qr

# The console's API types come from the OpenAPI document the server serves at /api/openapi.json.
api-types: deps-node
	cargo build $(CARGO_PERFIL) -p anfitrion-server
	./target/$(PERFIL)/anfitrion openapi > $(OPENAPI)
	cd frontend && npx openapi-typescript ../$(OPENAPI) -o src/types/openapi.d.ts

frontend: wasm deps-node api-types
	cd frontend && npm run build

# The release binary embeds the console, so it is built again once the console is.
server-release:
	$(MAKE) --no-print-directory frontend PERFIL=release
	cargo build --release -p anfitrion-server
