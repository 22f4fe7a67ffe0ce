//! Synthetic 1280×720 camera frames holding (or not) a reservation's QR code, for the decoder's
//! tests and benchmark. Deterministic: the same call gives the same pixels.

use image::{imageops, GrayImage, Luma};
use qrcode::{Color, QrCode};

pub const ANCHO: u32 = 1280;
pub const ALTO: u32 = 720;

/// One frame and what a correct decoder reads from it (`None`: there is no code).
pub struct Cuadro {
    pub categoria: &'static str,
    pub nombre: String,
    pub esperado: Option<String>,
    /// Other codes in the same frame: reading any of them is right too.
    pub tambien: Vec<String>,
    pub img: GrayImage,
}

/// A small xorshift generator: reproducible noise without a dependency.
pub struct Azar(u64);

impl Azar {
    pub fn new(semilla: u64) -> Self {
        Azar(semilla.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn siguiente(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Roughly normal, mean 0, deviation 1 (sum of uniforms).
    pub fn normal(&mut self) -> f32 {
        (0..12)
            .map(|_| (self.siguiente() % 10_000) as f32 / 10_000.0)
            .sum::<f32>()
            - 6.0
    }
}

/// A reservation id as the public confirmation encodes it.
pub fn id_reservacion(n: u64) -> String {
    let mut azar = Azar::new(n + 7);
    (0..24)
        .map(|_| char::from_digit((azar.siguiente() % 16) as u32, 16).unwrap())
        .collect()
}

/// The code drawn black on white with a 4-module quiet zone, `modulo` pixels a module.
pub fn codigo(texto: &str, modulo: u32) -> GrayImage {
    let qr = QrCode::new(texto.as_bytes()).expect("encodable");
    let n = qr.width() as u32;
    let lado = (n + 8) * modulo;
    let mut img = GrayImage::from_pixel(lado, lado, Luma([255]));
    for (i, c) in qr.to_colors().iter().enumerate() {
        if *c == Color::Dark {
            let (x, y) = ((i as u32 % n + 4) * modulo, (i as u32 / n + 4) * modulo);
            for dy in 0..modulo {
                for dx in 0..modulo {
                    img.put_pixel(x + dx, y + dy, Luma([0]));
                }
            }
        }
    }
    img
}

/// A plain, slightly uneven background, like a desk under a lamp.
pub fn fondo(semilla: u64) -> GrayImage {
    fondo_de(semilla, ANCHO, ALTO)
}

/// [`fondo`] at another size (the spec's ideal camera gives 720×720).
pub fn fondo_de(semilla: u64, ancho: u32, alto: u32) -> GrayImage {
    let mut azar = Azar::new(semilla);
    let base = 150 + (azar.siguiente() % 60) as i32;
    let (cx, cy) = (ancho as i32 / 2, alto as i32 / 2);
    GrayImage::from_fn(ancho, alto, |x, y| {
        let luz = base - ((x as i32 - cx).abs() + (y as i32 - cy).abs()) / 20;
        Luma([luz.clamp(0, 255) as u8])
    })
}

/// Bilinear sample of `img` at (u, v); `None` outside it.
fn muestra(img: &GrayImage, u: f32, v: f32) -> Option<f32> {
    let (w, h) = (img.width() as f32, img.height() as f32);
    if u < 0.0 || v < 0.0 || u > w - 1.0 || v > h - 1.0 {
        return None;
    }
    let (u0, v0) = (u.floor() as u32, v.floor() as u32);
    let (u1, v1) = (
        (u0 + 1).min(img.width() - 1),
        (v0 + 1).min(img.height() - 1),
    );
    let (fu, fv) = (u - u0 as f32, v - v0 as f32);
    let p = |a, b| img.get_pixel(a, b)[0] as f32;
    Some(
        p(u0, v0) * (1.0 - fu) * (1.0 - fv)
            + p(u1, v0) * fu * (1.0 - fv)
            + p(u0, v1) * (1.0 - fu) * fv
            + p(u1, v1) * fu * fv,
    )
}

/// Pastes `pieza` centred at (cx, cy) as a camera sees a card turned `grados` about its vertical
/// axis (perspective: the far side shrinks), focal length 1000 px, card 1000 px away.
pub fn pegar_inclinado(dest: &mut GrayImage, pieza: &GrayImage, cx: f32, cy: f32, grados: f32) {
    let (s, c) = grados.to_radians().sin_cos();
    let (f, d) = (1000.0f32, 1000.0f32);
    let (pw, ph) = (pieza.width() as f32, pieza.height() as f32);
    let radio = (pw * pw + ph * ph).sqrt();
    let (x0, x1) = (
        (cx - radio).max(0.0) as u32,
        ((cx + radio) as u32).min(dest.width() - 1),
    );
    let (y0, y1) = (
        (cy - radio).max(0.0) as u32,
        ((cy + radio) as u32).min(dest.height() - 1),
    );
    for y in y0..=y1 {
        for x in x0..=x1 {
            let (rx, ry) = ((x as f32 - cx) / f, (y as f32 - cy) / f);
            let t = d * c / (s * rx + c);
            if t <= 0.0 {
                continue;
            }
            let (qx, qy, qz) = (t * rx, t * ry, t);
            let u = c * qx - s * (qz - d) + pw / 2.0 - 0.5;
            let v = qy + ph / 2.0 - 0.5;
            if let Some(val) = muestra(pieza, u, v) {
                dest.put_pixel(x, y, Luma([val.round() as u8]));
            }
        }
    }
}

/// A horizontal camera shake of `largo` pixels: each pixel the mean of its row's neighbours.
pub fn movido(img: &GrayImage, largo: u32) -> GrayImage {
    let r = (largo / 2) as i64;
    let w = img.width() as i64;
    GrayImage::from_fn(img.width(), img.height(), |x, y| {
        let (a, b) = ((x as i64 - r).max(0), (x as i64 + r).min(w - 1));
        let suma: u32 = (a..=b).map(|i| img.get_pixel(i as u32, y)[0] as u32).sum();
        Luma([(suma / (b - a + 1) as u32) as u8])
    })
}

/// A code on a phone held to the camera: a dark bezel round a lit screen, the screen's pixel grid
/// beating against the camera's (moiré), and a lamp's glare across part of it.
pub fn en_telefono(n: u64, grados: f32) -> (String, GrayImage) {
    let texto = id_reservacion(n);
    let qr = codigo(&texto, 6);
    let lado = qr.width() + 40;
    let (tw, th) = (lado + 36, lado * 2);
    let mut telefono = GrayImage::from_pixel(tw, th, Luma([18]));
    let (sx, sy) = (18, (th - lado) / 2);
    for y in 0..lado {
        for x in 0..lado {
            let v = if x >= 20 && y >= 20 && x < 20 + qr.width() && y < 20 + qr.height() {
                qr.get_pixel(x - 20, y - 20)[0]
            } else {
                255
            };
            telefono.put_pixel(sx + x, sy + y, Luma([v]));
        }
    }
    let mut img = fondo(n);
    let mut azar = Azar::new(n * 17);
    let (cx, cy) = (640.0 + (azar.siguiente() % 160) as f32 - 80.0, 360.0);
    pegar_rotado(&mut img, &telefono, cx, cy, grados);
    let (gx, gy) = (
        cx + (azar.siguiente() % 120) as f32 - 60.0,
        cy - 60.0 + (azar.siguiente() % 120) as f32,
    );
    let periodo = 3.1 + (n % 5) as f32 * 0.37;
    for (x, y, p) in img.enumerate_pixels_mut() {
        let moire =
            1.0 + 0.12 * ((x as f32 + 0.6 * y as f32) * std::f32::consts::TAU / periodo).sin();
        let (dx, dy) = (x as f32 - gx, y as f32 - gy);
        let brillo = 110.0 * (-(dx * dx + dy * dy) / (2.0 * 45.0 * 45.0)).exp();
        p.0[0] = (p.0[0] as f32 * moire + brillo).clamp(0.0, 255.0) as u8;
    }
    (texto, img)
}

/// Pastes `pieza` centred at (cx, cy) rotated by `grados`, bilinear, leaving the rest untouched.
pub fn pegar_rotado(dest: &mut GrayImage, pieza: &GrayImage, cx: f32, cy: f32, grados: f32) {
    let (s, c) = grados.to_radians().sin_cos();
    let (pw, ph) = (pieza.width() as f32, pieza.height() as f32);
    let radio = (pw * pw + ph * ph).sqrt() / 2.0 + 2.0;
    let (x0, x1) = (
        (cx - radio).max(0.0) as u32,
        ((cx + radio) as u32).min(dest.width() - 1),
    );
    let (y0, y1) = (
        (cy - radio).max(0.0) as u32,
        ((cy + radio) as u32).min(dest.height() - 1),
    );
    for y in y0..=y1 {
        for x in x0..=x1 {
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            let u = c * dx + s * dy + pw / 2.0 - 0.5;
            let v = -s * dx + c * dy + ph / 2.0 - 0.5;
            if u < 0.0 || v < 0.0 || u > pw - 1.0 || v > ph - 1.0 {
                continue;
            }
            let (u0, v0) = (u.floor() as u32, v.floor() as u32);
            let (u1, v1) = (
                (u0 + 1).min(pieza.width() - 1),
                (v0 + 1).min(pieza.height() - 1),
            );
            let (fu, fv) = (u - u0 as f32, v - v0 as f32);
            let p = |a, b| pieza.get_pixel(a, b)[0] as f32;
            let val = p(u0, v0) * (1.0 - fu) * (1.0 - fv)
                + p(u1, v0) * fu * (1.0 - fv)
                + p(u0, v1) * (1.0 - fu) * fv
                + p(u1, v1) * fu * fv;
            dest.put_pixel(x, y, Luma([val.round() as u8]));
        }
    }
}

fn con_codigo(n: u64, modulo: u32, grados: f32) -> (String, GrayImage) {
    let texto = id_reservacion(n);
    let mut img = fondo(n);
    let mut azar = Azar::new(n * 31);
    let cx = 640.0 + (azar.siguiente() % 200) as f32 - 100.0;
    let cy = 360.0 + (azar.siguiente() % 100) as f32 - 50.0;
    pegar_rotado(&mut img, &codigo(&texto, modulo), cx, cy, grados);
    (texto, img)
}

/// [`con_codigo`] at a place drawn to a tenth of a pixel: where a module's edge falls between
/// pixels changes what the sampling sees, and a decoder must not depend on it.
pub fn con_codigo_suelto(n: u64, modulo: u32, grados: f32) -> (String, GrayImage) {
    let texto = id_reservacion(n);
    let mut img = fondo(n);
    let mut azar = Azar::new(n * 37);
    let cx = 540.0 + (azar.siguiente() % 2000) as f32 / 10.0;
    let cy = 310.0 + (azar.siguiente() % 1000) as f32 / 10.0;
    pegar_rotado(&mut img, &codigo(&texto, modulo), cx, cy, grados);
    (texto, img)
}

fn mapear(img: &mut GrayImage, mut f: impl FnMut(u8) -> u8) {
    img.pixels_mut().for_each(|p| p.0[0] = f(p.0[0]));
}

/// The benchmark set: `por_categoria` frames of each kind, each kind harder as `i` grows
/// (smaller modules, more blur, more noise, less contrast), so the count of frames read says
/// where the decoder gives up.
pub fn conjunto(por_categoria: u64) -> Vec<Cuadro> {
    let mut cuadros = Vec::new();
    let mut agregar =
        |categoria: &'static str, i: u64, esperado: Option<String>, img: GrayImage| {
            cuadros.push(Cuadro {
                categoria,
                nombre: format!("{categoria}-{i}"),
                esperado,
                tambien: Vec::new(),
                img,
            });
        };
    let mut varios = Vec::new();
    for i in 0..por_categoria {
        let (t, img) = con_codigo(i, 8, 0.0);
        agregar("limpio", i, Some(t), img);
        let (t, img) = con_codigo(100 + i, 4 - (i % 3) as u32, 0.0);
        agregar("modulos-chicos", i, Some(t), img);
        for grados in [15.0, 30.0, 45.0, 90.0] {
            let (t, img) = con_codigo(200 + i + grados as u64, 7, grados);
            let categoria = match grados as u32 {
                15 => "rotado-15",
                30 => "rotado-30",
                45 => "rotado-45",
                _ => "rotado-90",
            };
            agregar(categoria, i, Some(t), img);
        }
        let (t, img) = con_codigo(300 + i, 8, 0.0);
        agregar(
            "borroso",
            i,
            Some(t),
            imageops::blur(&img, 1.5 + i as f32 * 0.75),
        );
        let (t, mut img) = con_codigo(400 + i, 8, 0.0);
        let mut azar = Azar::new(500 + i);
        mapear(&mut img, |v| {
            (v as f32 + azar.normal() * (20.0 + i as f32 * 12.0)).clamp(0.0, 255.0) as u8
        });
        agregar("ruido", i, Some(t), img);
        let (t, mut img) = con_codigo(600 + i, 8, 0.0);
        let rango = 60u32.saturating_sub(i as u32 * 12).max(8);
        mapear(&mut img, |v| {
            (130 - rango / 2) as u8 + (v as u32 * rango / 255) as u8
        });
        agregar("bajo-contraste", i, Some(t), img);
        let (t, mut img) = con_codigo(700 + i, 8, 0.0);
        mapear(&mut img, |v| 255 - v);
        agregar("invertido", i, Some(t), img);
        let mut img = fondo(800 + i);
        let mut azar = Azar::new(900 + i);
        mapear(&mut img, |v| {
            (v as f32 + azar.normal() * 20.0).clamp(0.0, 255.0) as u8
        });
        agregar("sin-codigo", i, None, img);
        // What a tablet at the door sees.
        let (t, img) = en_telefono(1000 + i, (i as f32 * 7.0) % 20.0 - 10.0);
        agregar("telefono", i, Some(t), img);
        let texto = id_reservacion(1100 + i);
        let mut img = fondo(1100 + i);
        pegar_inclinado(
            &mut img,
            &codigo(&texto, 7),
            640.0,
            360.0,
            10.0 + (i % 4) as f32 * 10.0,
        );
        agregar("inclinado", i, Some(texto), img);
        let (t, img) = con_codigo(1200 + i, 8, 0.0);
        agregar("movido", i, Some(t), movido(&img, 3 + 2 * i as u32));
        let texto = id_reservacion(1300 + i);
        let mut img = fondo_de(1300 + i, 720, 720);
        pegar_rotado(
            &mut img,
            &codigo(&texto, 5 + (i % 3) as u32),
            360.0,
            360.0,
            (i * 11) as f32 % 40.0,
        );
        agregar("720x720", i, Some(texto), img);
        let textos: Vec<String> = (0..3).map(|k| id_reservacion(1400 + i * 3 + k)).collect();
        let mut img = fondo(1400 + i);
        for (k, t) in textos.iter().enumerate() {
            pegar_rotado(
                &mut img,
                &codigo(t, 5),
                240.0 + 400.0 * k as f32,
                360.0 + 120.0 * (k as f32 - 1.0),
                0.0,
            );
        }
        varios.push(Cuadro {
            categoria: "varios",
            nombre: format!("varios-{i}"),
            esperado: Some(textos[0].clone()),
            tambien: textos[1..].to_vec(),
            img,
        });
    }
    cuadros.extend(varios);
    cuadros
}

/// Adds Gaussian noise of deviation `sigma` to every pixel.
pub fn con_ruido(img: &mut GrayImage, semilla: u64, sigma: f32) {
    let mut azar = Azar::new(semilla);
    mapear(img, |v| {
        (v as f32 + azar.normal() * sigma).clamp(0.0, 255.0) as u8
    });
}

/// Squeezes the frame's levels into `rango` around mid-grey (a dim room, a dull screen).
pub fn con_contraste(img: &mut GrayImage, rango: u32) {
    mapear(img, |v| {
        (128 - rango / 2) as u8 + (v as u32 * rango / 255) as u8
    });
}

/// The set that judges the decoder by kind rather than by frame: each kind swept over its range
/// (module sizes 2 to 8 px, turns every 5° from 0 to 90, Gaussian noise σ 10 to 70, Gaussian
/// blur σ 0.5 to 3.5, and their combinations), each point `semillas` times with another code at
/// another place. A kind's name says what varies in it and at what module size.
#[allow(dead_code)] // the benchmark's (`qr_frames`); the tests build their own frames
pub fn extendido(semillas: u64) -> Vec<Cuadro> {
    let mut cuadros = Vec::new();
    let mut agregar = |categoria: &'static str, nombre: String, t: String, img: GrayImage| {
        cuadros.push(Cuadro {
            categoria,
            nombre,
            esperado: Some(t),
            tambien: Vec::new(),
            img,
        });
    };
    for s in 0..semillas {
        let base = 10_000 + s * 1_000;
        for m in 2..=8u32 {
            let (t, img) = con_codigo_suelto(base + m as u64, m, 0.0);
            agregar("modulo-2-8px", format!("modulo-{m}px-{s}"), t, img);
        }
        for (categoria, m) in [("giro-3px", 3u32), ("giro-5px", 5), ("giro-8px", 8)] {
            for g in (0..=90u32).step_by(5) {
                let (t, img) =
                    con_codigo_suelto(base + 100 + m as u64 * 20 + g as u64, m, g as f32);
                agregar(categoria, format!("giro-{m}px-{g}-{s}"), t, img);
            }
        }
        for (categoria, m) in [("ruido-3px", 3u32), ("ruido-5px", 5), ("ruido-8px", 8)] {
            for sigma in (10..=70u32).step_by(10) {
                let n = base + 400 + m as u64 * 10 + sigma as u64 / 10;
                let (t, mut img) = con_codigo_suelto(n, m, 0.0);
                con_ruido(&mut img, n, sigma as f32);
                agregar(categoria, format!("ruido-{m}px-{sigma}-{s}"), t, img);
            }
        }
        for (categoria, m) in [
            ("borroso-3px", 3u32),
            ("borroso-5px", 5),
            ("borroso-8px", 8),
        ] {
            for k in 1..=7u32 {
                let sigma = k as f32 * 0.5;
                let n = base + 600 + m as u64 * 10 + k as u64;
                let (t, img) = con_codigo_suelto(n, m, 0.0);
                let img = imageops::blur(&img, sigma);
                agregar(categoria, format!("borroso-{m}px-{sigma}-{s}"), t, img);
            }
        }
        // Combinations, each frame drawing its own turn, module size and degradations.
        for i in 0..10u64 {
            let n = base + 800 + i;
            let mut azar = Azar::new(n);
            let grados = (azar.siguiente() % 19 * 5) as f32;
            let m = 3 + (azar.siguiente() % 4) as u32;
            let sigma = 10.0 + (azar.siguiente() % 5) as f32 * 10.0;
            let (t, mut img) = con_codigo_suelto(n, m, grados);
            con_ruido(&mut img, n, sigma);
            agregar("giro+ruido", format!("giro-ruido-{i}-{s}"), t, img);

            let n = base + 850 + i;
            let mut azar = Azar::new(n);
            let grados = (azar.siguiente() % 19 * 5) as f32;
            let m = 3 + (azar.siguiente() % 4) as u32;
            let blur = 0.5 + (azar.siguiente() % 4) as f32 * 0.5;
            let (t, img) = con_codigo_suelto(n, m, grados);
            let img = imageops::blur(&img, blur);
            agregar("giro+borroso", format!("giro-borroso-{i}-{s}"), t, img);

            let n = base + 870 + i;
            let mut azar = Azar::new(n);
            let m = 3 + (azar.siguiente() % 4) as u32;
            let blur = 0.5 + (azar.siguiente() % 4) as f32 * 0.5;
            let sigma = 10.0 + (azar.siguiente() % 5) as f32 * 10.0;
            let (t, img) = con_codigo_suelto(n, m, 0.0);
            let mut img = imageops::blur(&img, blur);
            con_ruido(&mut img, n, sigma);
            agregar("ruido+borroso", format!("ruido-borroso-{i}-{s}"), t, img);

            let n = base + 900 + i;
            let mut azar = Azar::new(n);
            let grados = (azar.siguiente() % 19 * 5) as f32;
            let m = 3 + (azar.siguiente() % 4) as u32;
            let blur = (azar.siguiente() % 4) as f32 * 0.5;
            let sigma = 5.0 + (azar.siguiente() % 4) as f32 * 5.0;
            let rango = 40 + (azar.siguiente() % 5) as u32 * 40;
            let (t, img) = con_codigo_suelto(n, m, grados);
            let mut img = if blur > 0.0 {
                imageops::blur(&img, blur)
            } else {
                img
            };
            con_contraste(&mut img, rango);
            con_ruido(&mut img, n, sigma);
            agregar("todo-junto", format!("todo-junto-{i}-{s}"), t, img);
        }
    }
    cuadros
}
