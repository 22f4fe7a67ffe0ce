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
        (0..12).map(|_| (self.siguiente() % 10_000) as f32 / 10_000.0).sum::<f32>() - 6.0
    }
}

/// A reservation id as the public confirmation encodes it.
pub fn id_reservacion(n: u64) -> String {
    let mut azar = Azar::new(n + 7);
    (0..24).map(|_| char::from_digit((azar.siguiente() % 16) as u32, 16).unwrap()).collect()
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
    let mut azar = Azar::new(semilla);
    let base = 150 + (azar.siguiente() % 60) as i32;
    GrayImage::from_fn(ANCHO, ALTO, |x, y| {
        let luz = base - ((x as i32 - 640).abs() + (y as i32 - 360).abs()) / 20;
        Luma([luz.clamp(0, 255) as u8])
    })
}

/// Pastes `pieza` centred at (cx, cy) rotated by `grados`, bilinear, leaving the rest untouched.
pub fn pegar_rotado(dest: &mut GrayImage, pieza: &GrayImage, cx: f32, cy: f32, grados: f32) {
    let (s, c) = grados.to_radians().sin_cos();
    let (pw, ph) = (pieza.width() as f32, pieza.height() as f32);
    let radio = (pw * pw + ph * ph).sqrt() / 2.0 + 2.0;
    let (x0, x1) = ((cx - radio).max(0.0) as u32, ((cx + radio) as u32).min(dest.width() - 1));
    let (y0, y1) = ((cy - radio).max(0.0) as u32, ((cy + radio) as u32).min(dest.height() - 1));
    for y in y0..=y1 {
        for x in x0..=x1 {
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            let u = c * dx + s * dy + pw / 2.0 - 0.5;
            let v = -s * dx + c * dy + ph / 2.0 - 0.5;
            if u < 0.0 || v < 0.0 || u > pw - 1.0 || v > ph - 1.0 {
                continue;
            }
            let (u0, v0) = (u.floor() as u32, v.floor() as u32);
            let (u1, v1) = ((u0 + 1).min(pieza.width() - 1), (v0 + 1).min(pieza.height() - 1));
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

fn mapear(img: &mut GrayImage, mut f: impl FnMut(u8) -> u8) {
    img.pixels_mut().for_each(|p| p.0[0] = f(p.0[0]));
}

/// The benchmark set: `por_categoria` frames of each kind, each kind harder as `i` grows
/// (smaller modules, more blur, more noise, less contrast), so the count of frames read says
/// where the decoder gives up.
pub fn conjunto(por_categoria: u64) -> Vec<Cuadro> {
    let mut cuadros = Vec::new();
    let mut agregar = |categoria: &'static str, i: u64, esperado: Option<String>, img: GrayImage| {
        cuadros.push(Cuadro { categoria, nombre: format!("{categoria}-{i}"), esperado, img });
    };
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
        agregar("borroso", i, Some(t), imageops::blur(&img, 1.5 + i as f32 * 0.75));
        let (t, mut img) = con_codigo(400 + i, 8, 0.0);
        let mut azar = Azar::new(500 + i);
        mapear(&mut img, |v| (v as f32 + azar.normal() * (20.0 + i as f32 * 12.0)).clamp(0.0, 255.0) as u8);
        agregar("ruido", i, Some(t), img);
        let (t, mut img) = con_codigo(600 + i, 8, 0.0);
        let rango = 60u32.saturating_sub(i as u32 * 12).max(8);
        mapear(&mut img, |v| (130 - rango / 2) as u8 + (v as u32 * rango / 255) as u8);
        agregar("bajo-contraste", i, Some(t), img);
        let (t, mut img) = con_codigo(700 + i, 8, 0.0);
        mapear(&mut img, |v| 255 - v);
        agregar("invertido", i, Some(t), img);
        let mut img = fondo(800 + i);
        let mut azar = Azar::new(900 + i);
        mapear(&mut img, |v| (v as f32 + azar.normal() * 20.0).clamp(0.0, 255.0) as u8);
        agregar("sin-codigo", i, None, img);
    }
    cuadros
}
