//! core's decoder alone, native, on the frames `qr_frames` wrote:
//! `cargo run --release -p anfitrion-core --example qr_leer -- DIR [KIND…]` prints, per kind,
//! codes read, wrong reads and the median and worst milliseconds, then each frame missed and
//! the twenty slowest. A quick loop for work on the decoder; `make bench` gives the figures that
//! count (WebAssembly, against zxing-wasm and jsQR).

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("usage: qr_leer DIR [KIND…]"));
    let solo: Vec<String> = args.collect();
    let manifiesto: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).expect("manifest"))
            .expect("manifest is JSON");
    let mut tipos: Vec<(String, u32, u32, u32, Vec<f64>)> = Vec::new();
    let mut perdidos = Vec::new();
    let mut tiempos: Vec<(f64, String)> = Vec::new();
    let (mut bien, mut mal, mut total) = (0, 0, 0);
    for c in &manifiesto {
        let categoria = c["categoria"].as_str().unwrap_or_default().to_owned();
        let nombre = c["nombre"].as_str().unwrap_or_default();
        if !solo.is_empty() && !solo.contains(&categoria) && !solo.iter().any(|s| s == nombre) {
            continue;
        }
        let luma =
            std::fs::read(dir.join(c["archivo"].as_str().unwrap_or_default())).expect("frame");
        let (w, h) = (
            c["ancho"].as_u64().unwrap_or(0),
            c["alto"].as_u64().unwrap_or(0),
        );
        let aceptados: Vec<&str> = c["aceptados"]
            .as_array()
            .map(|a| a.iter().filter_map(|x| x.as_str()).collect())
            .unwrap_or_default();
        let t0 = Instant::now();
        let leido =
            anfitrion_core::qr::decode_qr(&luma, w as u32, h as u32).expect("well-formed frame");
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        tiempos.push((ms, nombre.to_owned()));
        let i = match tipos.iter().position(|t| t.0 == categoria) {
            Some(i) => i,
            None => {
                tipos.push((categoria, 0, 0, 0, Vec::new()));
                tipos.len() - 1
            }
        };
        let t = &mut tipos[i];
        match &leido {
            Some(x) if aceptados.contains(&x.as_str()) => t.1 += 1,
            Some(_) => {
                t.2 += 1;
                perdidos.push(format!("{nombre}(mal)"));
            }
            None if !aceptados.is_empty() => perdidos.push(nombre.to_owned()),
            None => {}
        }
        t.3 += u32::from(!aceptados.is_empty());
        t.4.push(ms);
    }
    let mut todos = Vec::new();
    for (tipo, b, m, n, mut ms) in tipos {
        ms.sort_by(f64::total_cmp);
        println!(
            "{tipo:<15} {:>9} mal {m}  ms mediana {:6.2} peor {:6.2}",
            format!("{b}/{n}"),
            ms[ms.len() / 2],
            ms[ms.len() - 1]
        );
        (bien, mal, total) = (bien + b, mal + m, total + n);
        todos.extend(ms);
    }
    todos.sort_by(f64::total_cmp);
    println!(
        "total {bien}/{total}, mal {mal}, ms mediana {:.2} peor {:.2}",
        todos[todos.len() / 2],
        todos[todos.len() - 1]
    );
    println!("sin leer: {}", perdidos.join(" "));
    tiempos.sort_by(|a, b| b.0.total_cmp(&a.0));
    let lentos: Vec<String> = tiempos
        .iter()
        .take(20)
        .map(|(ms, n)| format!("{n}:{ms:.1}"))
        .collect();
    println!("los 20 más lentos (ms): {}", lentos.join(" "));
}
