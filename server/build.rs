//! The console is embedded from `frontend/dist`. That folder exists only after `make run` (or the
//! frontend's build) has run, so make sure it exists. An optimised build embeds its files, so it
//! is rebuilt when they change; a debug build reads them from the folder while it runs (rust-embed
//! does so without its `debug-embed` feature), so a new console build needs no new server build.
//! The migrations are embedded in both (`sqlx::migrate!`): a new one must rebuild the server.

fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(&dist);
    }
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        println!("cargo:rerun-if-changed={}", dist.display());
    }
    println!("cargo:rerun-if-changed=../migrations");
}
