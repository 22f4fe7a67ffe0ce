//! QR codes from camera frames, as grayscale (luma) buffers, one byte a pixel, row by row.

use crate::error::ReglaError;

mod correccion;
mod patrones;
mod rejilla;
mod umbral;

use patrones::patrones;
use std::cell::OnceCell;
use umbral::{
    a_la_mitad, agitacion, agitacion_suavizada, binarizar, binarizar_extremos, ruido, suavizar,
    suavizar_a_la_mitad, Bits, AGITADO,
};

/// Above this estimated deviation of its noise a frame is smoothed before it is thresholded.
const RUIDOSO: f32 = 9.0;

/// The first code rqrr reads in a frame it thresholds itself (a running mean along each row:
/// slower, and kinder to blur and to modules of one or two pixels).
fn decodificar_luma(luma: &[u8], w: usize, h: usize, invertir: bool) -> Option<String> {
    let mascara = if invertir { 0xff } else { 0 };
    rejilla::sin_panico(|| {
        let mut img =
            rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| luma[y * w + x] ^ mascara);
        img.detect_grids()
            .into_iter()
            .find_map(|g| g.decode().ok().map(|(_, texto)| texto))
    })
}

/// The smallest frame a pass at half size is worth: a code of 21 modules at two pixels a module.
const MINIMO: usize = 42;

/// A frame that is noise at full size averaged down until it is not (at most to a quarter
/// size): `None` when it stays noise, or gets too small to halve first.
fn calmar(img: &[u8], w: usize, h: usize) -> Option<(Vec<u8>, usize, usize)> {
    if w < 2 * MINIMO || h < 2 * MINIMO {
        return None;
    }
    let mut menor = a_la_mitad(img, w, h);
    for intento in 1..=2 {
        let (m, mw, mh) = &menor;
        if agitacion(m, *mw, *mh) <= AGITADO {
            return Some(menor);
        }
        if intento == 2 || *mw < 2 * MINIMO || *mh < 2 * MINIMO {
            break;
        }
        menor = a_la_mitad(m, *mw, *mh);
    }
    None
}

/// The text of the first readable QR code in the frame, or `None` when it holds none.
///
/// Cheapest pass first. A noisy frame (its noise measured) is read smoothed (at half size in the
/// same pass that averages it down; at full size only when a pass there needs it). A frame that is
/// noise at full size is read at half (or a quarter) size, averaged; one that stays noise holds
/// no code. Then: finder patterns at half size (a quarter of the pixels, enough for modules of
/// three pixels or more: most codes held up to a camera), block-thresholded, dark modules and
/// then light ones (a phone in dark mode; the same threshold, flipped), the grid read there and
/// then on the full frame where the same patterns lie; then finder patterns at full size (small
/// modules); then, in a clean frame where none stand out, at full size through the threshold for
/// blur. Two patterns of three are enough to guess the third (see `rejilla::leer`), what a
/// frame may spend on grids is bounded (`rejilla::Presupuesto`), and a grid goes to rqrr's error
/// correction only when our own check says it can succeed (`correccion::corregible`).
pub fn decode_qr(luma: &[u8], width: u32, height: u32) -> Result<Option<String>, ReglaError> {
    let (w, h) = (width as usize, height as usize);
    if w == 0 || h == 0 || w.checked_mul(h) != Some(luma.len()) {
        return Err(ReglaError::ImagenInvalida);
    }
    let sigma = ruido(luma, w);
    let ruidoso = w >= 3 && h >= 3 && sigma >= RUIDOSO;
    // A noisy frame is read smoothed; smoothed at full size only when a pass at full size needs
    // it (most are read at half size, smoothed and averaged down in one pass).
    let suave: OnceCell<Vec<u8>> = OnceCell::new();
    let suavizada = || -> &[u8] {
        if ruidoso {
            suave.get_or_init(|| suavizar(luma, w, h))
        } else {
            luma
        }
    };
    let agitada = if ruidoso {
        agitacion_suavizada(luma, w, h)
    } else {
        agitacion(luma, w, h)
    };
    // Noise at full size: read at half (or a quarter) size, averaged, or not at all.
    let calmada = if agitada > AGITADO {
        match calmar(suavizada(), w, h) {
            Some(c) => Some(c),
            None => return Ok(None),
        }
    } else {
        None
    };
    let (iw, ih) = calmada.as_ref().map_or((w, h), |c| (c.1, c.2));
    let img = || calmada.as_ref().map_or_else(suavizada, |c| &c.0[..]);
    if iw < 2 * MINIMO || ih < 2 * MINIMO {
        let img = img();
        return Ok(
            decodificar_luma(img, iw, ih, false).or_else(|| decodificar_luma(img, iw, ih, true))
        );
    }
    let presupuesto = rejilla::Presupuesto::de_un_cuadro();
    let gris = || rejilla::Gris {
        px: img(),
        w: iw,
        h: ih,
    };
    let (mitad, mw, mh) = match &calmada {
        Some((c, cw, ch)) => a_la_mitad(c, *cw, *ch),
        None if ruidoso => suavizar_a_la_mitad(luma, w, h),
        None => a_la_mitad(luma, w, h),
    };
    let bits = binarizar(&mitad, mw, mh);
    // The frame at full size, thresholded, once and only if a pass needs it.
    let mut completa: Option<Bits> = None;
    for invertir in [false, true] {
        let oscuro = if invertir { 0 } else { 1 };
        let hallados = patrones(&bits, oscuro, 2);
        if hallados.len() < 2 {
            continue;
        }
        // Our grid reading at half size, then (modules of two or three pixels sample poorly
        // there) on the full frame where the same patterns lie, by threshold and by shade.
        if hallados.len() >= 3 {
            if let Some(texto) = rejilla::leer(&bits, oscuro, &hallados, None, &presupuesto) {
                return Ok(Some(texto));
            }
        }
        let fina = completa.get_or_insert_with(|| binarizar(img(), iw, ih));
        let al_doble: Vec<_> = hallados.iter().map(|p| p.al_doble()).collect();
        if let Some(texto) = rejilla::leer(fina, oscuro, &al_doble, Some(&gris()), &presupuesto) {
            return Ok(Some(texto));
        }
    }
    let fina = completa.get_or_insert_with(|| binarizar(img(), iw, ih));
    let hallados = patrones(fina, 1, 2);
    if hallados.len() >= 2 {
        return Ok(rejilla::leer(
            fina,
            1,
            &hallados,
            Some(&gris()),
            &presupuesto,
        ));
    }
    // No finder pattern stands out: blur has spread their one-module rings until a local mean
    // calls them the wrong colour. Once more halfway between the local extremes, unless the
    // frame is noisy (extremes are noise's; the noise was smoothed, and blur is not what hides
    // its code).
    if sigma >= RUIDOSO {
        return Ok(None);
    }
    let fina = binarizar_extremos(img(), iw, ih);
    let hallados = patrones(&fina, 1, 2);
    Ok((hallados.len() >= 2)
        .then(|| rejilla::leer(&fina, 1, &hallados, Some(&gris()), &presupuesto))
        .flatten())
}

/// A scanned or typed reservation code: the reservation's id, nothing else.
pub fn validar_codigo_reservacion(raw: &str) -> Result<String, ReglaError> {
    let codigo = raw.trim();
    let valido = !codigo.is_empty()
        && codigo.len() <= 64
        && codigo
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
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
    Ok((
        code.to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect(),
        ancho,
    ))
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
            let (mx, my) = (
                (x / escala).wrapping_sub(MARGEN),
                (y / escala).wrapping_sub(MARGEN),
            );
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
    let bloques: Vec<&[u8]> = if datos.is_empty() {
        vec![&[][..]]
    } else {
        datos.chunks(65_535).collect()
    };
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
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
