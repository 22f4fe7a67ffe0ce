# Anfitrión — the only entry points: `make run`, `make test`, `make bench`.
# Each installs what it needs on a fresh machine (Rust target, wasm-bindgen CLI, npm packages,
# Chromium for the browser tests) before building.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
export PATH := $(HOME)/.cargo/bin:$(PATH)

WASM_TARGET := wasm32-unknown-unknown
WASM_OUT := frontend/src/wasm/pkg
# The CLI must match the wasm-bindgen crate in Cargo.lock exactly.
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
NEXTEST_VERSION := 0.9.143
# Debian packages need root; anyone else goes through sudo.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: run test bench deps deps-rust deps-node deps-browser wasm frontend server-release

run: server-release
	./target/release/anfitrion serve --demo --addr $${ANFITRION_ADDR:-127.0.0.1:8080}

test:
	bash scripts/test-all.sh

bench: wasm
	cargo run -q --release -p anfitrion-core --example qr_frames -- target/qr-frames 4
	node scripts/bench-qr.mjs target/qr-frames

deps: deps-rust deps-node

deps-rust:
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)
	@if [ "$$(wasm-bindgen --version 2>/dev/null | awk '{print $$2}')" != "$(WASM_BINDGEN_VERSION)" ]; then \
	  echo "Instalando wasm-bindgen-cli $(WASM_BINDGEN_VERSION)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); fi
	@command -v cargo-nextest >/dev/null || cargo install cargo-nextest --version $(NEXTEST_VERSION)

# Installs the versions package-lock.json pins, only when it changed since the last install.
# `npm install`, not `npm ci`: the registry this machine reaches lacks other platforms' optional
# binaries (Tailwind's oxide for macOS, Windows, …), so the lock cannot list them and `npm ci`
# rejects it as out of sync; `npm install` honours the same lock and leaves it unchanged.
deps-node: frontend/node_modules/.package-lock.json
frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm install --no-audit --no-fund
	@touch $@

deps-browser:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }

wasm: deps-rust
	cargo build -p anfitrion-wasm --target $(WASM_TARGET) --release
	wasm-bindgen --target web --out-dir $(WASM_OUT) target/$(WASM_TARGET)/release/anfitrion_wasm.wasm
	@echo '{"type":"module"}' > $(WASM_OUT)/package.json

frontend: wasm deps-node
	cd frontend && npm run build

server-release: frontend
	cargo build --release -p anfitrion-server
