//! Writes the QR benchmark's frames: `cargo run --release -p anfitrion-core --example qr_frames -- DIR [N] [S]`
//! gives DIR/<name>.gray (raw luma, 1280×720 or 720×720) and DIR/manifest.json: N frames of each
//! kind of the first set, then the extended set's sweeps, each point S times (another code, another
//! place).

#[path = "../tests/support/cuadros.rs"]
mod cuadros;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("usage: qr_frames DIR [N]"));
    let n: u64 = args
        .next()
        .map(|s| s.parse().expect("N is a number"))
        .unwrap_or(4);
    let semillas: u64 = args
        .next()
        .map(|s| s.parse().expect("S is a number"))
        .unwrap_or(2);
    std::fs::create_dir_all(&dir).expect("output folder");
    let mut manifiesto = Vec::new();
    for c in cuadros::conjunto(n)
        .into_iter()
        .chain(cuadros::extendido(semillas))
    {
        let archivo = format!("{}.gray", c.nombre);
        std::fs::write(dir.join(&archivo), c.img.as_raw()).expect("frame written");
        manifiesto.push(serde_json::json!({
            "nombre": c.nombre, "categoria": c.categoria, "esperado": c.esperado,
            "aceptados": c.esperado.iter().chain(&c.tambien).collect::<Vec<_>>(),
            "ancho": c.img.width(), "alto": c.img.height(), "archivo": archivo,
        }));
    }
    let total = manifiesto.len();
    std::fs::write(
        dir.join("manifest.json"),
        serde_json::to_string_pretty(&manifiesto).unwrap(),
    )
    .expect("manifest");
    println!("{total} cuadros en {}", dir.display());
}
