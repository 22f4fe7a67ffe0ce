//! The console is embedded from `frontend/dist`. That folder exists only after `make run` (or the
//! frontend's build) has run, so make sure it exists, and rebuild when its contents change. The
//! migrations are embedded too (`sqlx::migrate!`): a new one must rebuild the server as well.

fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(&dist);
    }
    println!("cargo:rerun-if-changed={}", dist.display());
    println!("cargo:rerun-if-changed=../migrations");
}
