//! The console is embedded from `frontend/dist` by the binary (`src/main.rs`), not the library.
//! That folder exists only after `make run` (or the frontend's build) has run, so make sure it
//! exists. An optimised binary embeds its files and is rebuilt when they change: each embedded
//! file is a dependency of the binary alone (and every console build rewrites `index.html`), so the
//! library, nearly all of the compile, is not rebuilt for a new console. A debug build reads the
//! files from the folder while it runs (rust-embed does so without its `debug-embed` feature).
//! The migrations are embedded in both (`sqlx::migrate!`): a new one must rebuild the server.

fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(&dist);
    }
    println!("cargo:rerun-if-changed=../migrations");
}
