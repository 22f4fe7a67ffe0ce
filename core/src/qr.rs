//! QR codes from camera frames, as grayscale (luma) buffers, one byte a pixel, row by row.

use crate::error::ReglaError;

/// A frame binarised: one byte a pixel, 1 for dark.
struct Bits {
    w: usize,
    h: usize,
    px: Vec<u8>,
}

/// Side of the square blocks the threshold is computed on.
const BLOQUE: usize = 8;
/// A block whose darkest and lightest pixels differ by no more than this is flat: paper or a
/// module's inside, not an edge; it takes its threshold from its neighbours.
const RANGO_PLANO: u8 = 10;

/// Below this spread between a frame's darkest and lightest few per cent, block thresholds see
/// no edges, and only rqrr's own threshold may still find a code.
const CONTRASTE_BAJO: u8 = 48;

/// The spread between the 2nd and the 98th percentile of a sample of the frame's pixels.
fn contraste(luma: &[u8]) -> u8 {
    let mut histograma = [0u32; 256];
    for &p in luma.iter().step_by(7) {
        histograma[p as usize] += 1;
    }
    let n: u32 = histograma.iter().sum();
    let percentil = |q: u32| {
        let mut acumulado = 0;
        histograma.iter().position(|&c| {
            acumulado += c;
            acumulado * 100 > n * q
        })
    };
    match (percentil(2), percentil(98)) {
        (Some(a), Some(b)) => (b - a) as u8,
        _ => 0,
    }
}

/// Local threshold without a division per pixel: each block of [`BLOQUE`]² pixels gets a black
/// point (its mean, or for a flat block half its minimum, raised to its neighbours' where that
/// is darker), and a pixel is dark when it is at or under the mean black point of the 5×5
/// blocks around its own. Even light, shadows and low contrast keep a code's modules apart.
fn binarizar(luma: &[u8], w: usize, h: usize) -> Bits {
    let (bw, bh) = (w.div_ceil(BLOQUE), h.div_ceil(BLOQUE));
    let mut negro = vec![0u16; bw * bh];
    for by in 0..bh {
        let (y0, y1) = (by * BLOQUE, ((by + 1) * BLOQUE).min(h));
        for bx in 0..bw {
            let (x0, x1) = (bx * BLOQUE, ((bx + 1) * BLOQUE).min(w));
            let (mut suma, mut min, mut max) = (0u32, 255u8, 0u8);
            for fila in luma[y0 * w..y1 * w].chunks_exact(w) {
                for &p in &fila[x0..x1] {
                    suma += p as u32;
                    min = min.min(p);
                    max = max.max(p);
                }
            }
            let n = ((x1 - x0) * (y1 - y0)) as u32;
            let mut punto = (suma / n) as u16;
            if max - min <= RANGO_PLANO {
                punto = min as u16 / 2;
                if bx > 0 && by > 0 {
                    let vecinos = (negro[(by - 1) * bw + bx] + 2 * negro[by * bw + bx - 1] + negro[(by - 1) * bw + bx - 1]) / 4;
                    if (min as u16) < vecinos {
                        punto = vecinos;
                    }
                }
            }
            negro[by * bw + bx] = punto;
        }
    }
    let mut px = vec![0u8; w * h];
    for by in 0..bh {
        let (cy0, cy1) = (by.saturating_sub(2), (by + 2).min(bh - 1));
        for bx in 0..bw {
            let (cx0, cx1) = (bx.saturating_sub(2), (bx + 2).min(bw - 1));
            let (mut suma, mut n) = (0u32, 0u32);
            for cy in cy0..=cy1 {
                for &v in &negro[cy * bw + cx0..=cy * bw + cx1] {
                    suma += v as u32;
                    n += 1;
                }
            }
            let umbral = (suma / n) as u8;
            let (y0, y1) = (by * BLOQUE, ((by + 1) * BLOQUE).min(h));
            let (x0, x1) = (bx * BLOQUE, ((bx + 1) * BLOQUE).min(w));
            for y in y0..y1 {
                let (fuente, destino) = (&luma[y * w + x0..y * w + x1], &mut px[y * w + x0..y * w + x1]);
                for (d, &p) in destino.iter_mut().zip(fuente) {
                    *d = (p <= umbral) as u8;
                }
            }
        }
    }
    Bits { w, h, px }
}

/// rqrr asserts on some degenerate grids (a perspective that maps a module beyond `i32`; the
/// property tests found frames that reach it): such a frame holds no readable code. Where panics
/// unwind (the server, the tests) it is caught here; the WASM build aborts instead.
fn sin_panico(leer: impl FnOnce() -> Option<String> + std::panic::UnwindSafe) -> Option<String> {
    std::panic::catch_unwind(leer).unwrap_or(None)
}

/// The first code rqrr reads in a frame thresholded by [`binarizar`] (`invertir`: light modules).
fn decodificar(bits: &Bits, invertir: bool) -> Option<String> {
    let oscuro = if invertir { 0 } else { 1 };
    sin_panico(|| {
        let mut img = rqrr::PreparedImage::prepare_from_bitmap(bits.w, bits.h, |x, y| bits.px[y * bits.w + x] == oscuro);
        img.detect_grids().into_iter().find_map(|g| g.decode().ok().map(|(_, texto)| texto))
    })
}

/// The first code rqrr reads in a frame it thresholds itself (a running mean along each row:
/// slower, and kinder to blur and to modules of one or two pixels).
fn decodificar_luma(luma: &[u8], w: usize, h: usize, invertir: bool) -> Option<String> {
    let mascara = if invertir { 0xff } else { 0 };
    sin_panico(|| {
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| luma[y * w + x] ^ mascara);
        img.detect_grids().into_iter().find_map(|g| g.decode().ok().map(|(_, texto)| texto))
    })
}

/// Whether five runs are a finder pattern's 1:1:3:1:1 (each run within half a module of its
/// share, the centre within one and a half).
fn es_patron(r: &[usize; 5]) -> bool {
    let total: usize = r.iter().sum();
    if total < 7 {
        return false;
    }
    // In fourteenths of a module, to stay in integers: a module is total·2 of them.
    let (m, tol) = (2 * total, total);
    let cerca = |run: usize, veces: usize, margen: usize| (run * 14).abs_diff(veces * m) < margen;
    cerca(r[0], 1, tol) && cerca(r[1], 1, tol) && cerca(r[2], 3, 3 * tol) && cerca(r[3], 1, tol) && cerca(r[4], 1, tol)
}

/// The five runs around position `pos` of a line of `n` pixels read through `color` (the run
/// holding `pos` and two either side), or `None` when one is longer than `limite` or the line
/// ends first.
fn corridas(n: usize, pos: usize, limite: usize, color: impl Fn(usize) -> u8) -> Option<[usize; 5]> {
    let centro = color(pos);
    let mut r = [0usize; 5];
    // Back from `pos`: the centre run, then two more, each ended by a change of colour.
    let (mut p, mut i, mut c) = (pos as isize, 2usize, centro);
    loop {
        if p < 0 {
            return None;
        }
        let v = color(p as usize);
        if v != c {
            if i == 0 {
                break;
            }
            (i, c) = (i - 1, v);
        }
        r[i] += 1;
        if r[i] > limite {
            return None;
        }
        p -= 1;
    }
    let (mut p, mut i, mut c) = (pos + 1, 2usize, centro);
    loop {
        if p >= n {
            return None;
        }
        let v = color(p);
        if v != c {
            if i == 4 {
                break;
            }
            (i, c) = (i + 1, v);
        }
        r[i] += 1;
        if r[i] > limite {
            return None;
        }
        p += 1;
    }
    Some(r)
}

/// Whether the frame holds three places that look like a finder pattern of `oscuro` modules,
/// across (on three neighbouring rows) and down: a QR code has three, so a frame with fewer holds
/// none rqrr could read, and the slow passes are skipped. Every other row is scanned.
fn hay_patrones(bits: &Bits, oscuro: u8) -> bool {
    let mut centros: Vec<(usize, usize, usize)> = Vec::new();
    for y in (0..bits.h).step_by(2) {
        let fila = &bits.px[y * bits.w..(y + 1) * bits.w];
        let mut r = [0usize; 5];
        let (mut color, mut largo) = (fila[0], 0usize);
        for (x, &v) in fila.iter().enumerate().chain(std::iter::once((bits.w, &2u8))) {
            if v == color {
                largo += 1;
                continue;
            }
            r.rotate_left(1);
            r[4] = largo;
            // The run that just ended is the fifth; the pattern's centre is the third, of `oscuro`.
            if color == oscuro && r[0] > 0 && es_patron(&r) {
                let total: usize = r.iter().sum();
                let cx = x - r[4] - r[3] - r[2] / 2;
                let columna = corridas(bits.h, y, total, |yy| bits.px[yy * bits.w + cx]);
                if let Some(v) = columna {
                    let alto: usize = v.iter().sum();
                    // Noise makes 1:1:3:1:1 by chance on a row and even down a column; a finder
                    // pattern keeps it on the rows just above and below.
                    let fila_en = |yy: usize| corridas(bits.w, cx, total, |x| bits.px[yy * bits.w + x]).is_some_and(|r| es_patron(&r));
                    let firme = y >= 1 && y + 1 < bits.h && fila_en(y - 1) && fila_en(y + 1);
                    if firme && es_patron(&v) && alto * 2 > total && alto < total * 2 {
                        let cerca = centros.iter().any(|&(ox, oy, t)| ox.abs_diff(cx) < t && oy.abs_diff(y) < t);
                        if !cerca {
                            centros.push((cx, y, total));
                            if centros.len() >= 3 {
                                return true;
                            }
                        }
                    }
                }
            }
            color = v;
            largo = 1;
        }
    }
    false
}

/// Share of sampled neighbours (every 4th row) that differ by more than a quarter of the range:
/// a frame of a code and its surroundings stays well under [`AGITADO`]; pure noise does not.
fn agitacion(luma: &[u8], w: usize, h: usize) -> f32 {
    let (mut saltos, mut pares) = (0usize, 0usize);
    for fila in luma.chunks_exact(w).step_by(4).take(h) {
        pares += w.saturating_sub(1);
        saltos += fila.windows(2).filter(|p| p[0].abs_diff(p[1]) > 64).count();
    }
    saltos as f32 / pares.max(1) as f32
}

/// Above this share of sharp steps a frame is noise at this scale (rqrr then finds thousands of
/// finder-pattern candidates and takes seconds to reject them: a frame of uniform noise took 5 s).
const AGITADO: f32 = 0.3;

/// The frame at half size, each pixel the mean of four: noise averages out, modules of two pixels
/// or more survive.
fn a_la_mitad(luma: &[u8], w: usize, h: usize) -> (Vec<u8>, usize, usize) {
    let (mw, mh) = (w / 2, h / 2);
    let mut out = Vec::with_capacity(mw * mh);
    for y in 0..mh {
        let (a, b) = (&luma[2 * y * w..], &luma[(2 * y + 1) * w..]);
        out.extend((0..mw).map(|x| ((a[2 * x] as u16 + a[2 * x + 1] as u16 + b[2 * x] as u16 + b[2 * x + 1] as u16 + 2) / 4) as u8));
    }
    (out, mw, mh)
}

/// The smallest frame a pass at half size is worth: a code of 21 modules at two pixels a module.
const MINIMO: usize = 42;

/// The text of the first readable QR code in the frame, or `None` when it holds none.
///
/// Cheapest pass first. A frame that is noise at full size is read at half (or a quarter) size,
/// averaged; one that stays noise holds no code. Then: at half size (a quarter of the pixels,
/// modules of three pixels or more: most codes held up to a camera), block-thresholded, dark
/// modules and then light ones (a phone in dark mode; the same threshold, flipped); then at full
/// size with rqrr's own threshold (small modules, blur), dark modules only — light ones too when
/// the frame is too small for the half-size pass.
pub fn decode_qr(luma: &[u8], width: u32, height: u32) -> Result<Option<String>, ReglaError> {
    let (w, h) = (width as usize, height as usize);
    if w == 0 || h == 0 || w.checked_mul(h) != Some(luma.len()) {
        return Err(ReglaError::ImagenInvalida);
    }
    let mut reducida: Vec<u8>;
    let (mut img, mut iw, mut ih) = (luma, w, h);
    for intento in 0.. {
        if agitacion(img, iw, ih) <= AGITADO {
            break;
        }
        if intento == 2 || iw < 2 * MINIMO || ih < 2 * MINIMO {
            return Ok(None); // still noise at a quarter size, or too small to halve
        }
        (reducida, iw, ih) = a_la_mitad(img, iw, ih);
        img = &reducida;
    }
    if iw < 2 * MINIMO || ih < 2 * MINIMO {
        return Ok(decodificar_luma(img, iw, ih, false).or_else(|| decodificar_luma(img, iw, ih, true)));
    }
    let (mitad, mw, mh) = a_la_mitad(img, iw, ih);
    let bits = binarizar(&mitad, mw, mh);
    let en = |bits: &Bits, invertir: bool| hay_patrones(bits, if invertir { 0 } else { 1 });
    let leido = [false, true].into_iter().filter(|&inv| en(&bits, inv)).find_map(|inv| decodificar(&bits, inv));
    if leido.is_some() {
        return Ok(leido);
    }
    let vale = contraste(img) < CONTRASTE_BAJO || en(&binarizar(img, iw, ih), false);
    Ok(vale.then(|| decodificar_luma(img, iw, ih, false)).flatten())
}

/// A scanned or typed reservation code: the reservation's id, nothing else.
pub fn validar_codigo_reservacion(raw: &str) -> Result<String, ReglaError> {
    let codigo = raw.trim();
    let valido = !codigo.is_empty()
        && codigo.len() <= 64
        && codigo.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if valido {
        Ok(codigo.to_owned())
    } else {
        Err(ReglaError::CodigoInvalido)
    }
}

/// The modules of the QR code holding `texto`, row by row (`true` is dark), and its width.
fn matriz(texto: &str) -> Result<(Vec<bool>, usize), ReglaError> {
    let code = qrcode::QrCode::with_error_correction_level(texto.as_bytes(), qrcode::EcLevel::M)
        .map_err(|_| ReglaError::CodigoInvalido)?;
    let ancho = code.width();
    Ok((code.to_colors().into_iter().map(|c| c == qrcode::Color::Dark).collect(), ancho))
}

/// Quiet zone around a code, in modules (the standard's four).
const MARGEN: usize = 4;

/// The QR code of a reservation's `_id` (what the check-in scanner reads) as an SVG document:
/// one path of unit squares on a white background, scalable to any size.
pub fn qr_svg(texto: &str) -> Result<String, ReglaError> {
    let (m, ancho) = matriz(texto)?;
    let lado = ancho + 2 * MARGEN;
    let mut d = String::new();
    for y in 0..ancho {
        for x in 0..ancho {
            if m[y * ancho + x] {
                d.push_str(&format!("M{},{}h1v1h-1z", x + MARGEN, y + MARGEN));
            }
        }
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {lado} {lado}\" shape-rendering=\"crispEdges\">\
         <rect width=\"{lado}\" height=\"{lado}\" fill=\"#fff\"/><path fill=\"#000\" d=\"{d}\"/></svg>"
    ))
}

/// The same code as a PNG (8-bit grayscale, `escala` pixels a module), for e-mail clients that
/// show no SVG. Written uncompressed (stored deflate blocks): a code is a few kilobytes.
pub fn qr_png(texto: &str, escala: usize) -> Result<Vec<u8>, ReglaError> {
    let (m, ancho) = matriz(texto)?;
    let escala = escala.clamp(1, 32);
    let lado = (ancho + 2 * MARGEN) * escala;
    let mut crudo = Vec::with_capacity((lado + 1) * lado);
    for y in 0..lado {
        crudo.push(0u8); // filter: none
        for x in 0..lado {
            let (mx, my) = ((x / escala).wrapping_sub(MARGEN), (y / escala).wrapping_sub(MARGEN));
            let oscuro = mx < ancho && my < ancho && m[my * ancho + mx];
            crudo.push(if oscuro { 0 } else { 255 });
        }
    }
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let lado32 = u32::try_from(lado).map_err(|_| ReglaError::CodigoInvalido)?;
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&lado32.to_be_bytes());
    ihdr.extend_from_slice(&lado32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 0, 0, 0, 0]); // 8-bit grayscale, deflate, no filter, no interlace
    trozo(&mut png, b"IHDR", &ihdr);
    trozo(&mut png, b"IDAT", &zlib_sin_comprimir(&crudo));
    trozo(&mut png, b"IEND", &[]);
    Ok(png)
}

fn trozo(png: &mut Vec<u8>, tipo: &[u8; 4], datos: &[u8]) {
    png.extend_from_slice(&u32::try_from(datos.len()).unwrap_or(0).to_be_bytes());
    let inicio = png.len();
    png.extend_from_slice(tipo);
    png.extend_from_slice(datos);
    let crc = crc32(&png[inicio..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

fn zlib_sin_comprimir(datos: &[u8]) -> Vec<u8> {
    let mut z = vec![0x78, 0x01];
    let bloques: Vec<&[u8]> = if datos.is_empty() { vec![&[][..]] } else { datos.chunks(65_535).collect() };
    let n = bloques.len();
    for (i, b) in bloques.into_iter().enumerate() {
        z.push(u8::from(i + 1 == n));
        let largo = u16::try_from(b.len()).unwrap_or(u16::MAX);
        z.extend_from_slice(&largo.to_le_bytes());
        z.extend_from_slice(&(!largo).to_le_bytes());
        z.extend_from_slice(b);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &x in datos {
        a = (a + u32::from(x)) % 65_521;
        b = (b + a) % 65_521;
    }
    z.extend_from_slice(&((b << 16) | a).to_be_bytes());
    z
}

fn crc32(datos: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &x in datos {
        crc ^= u32::from(x);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

