//! QR codes from camera frames, as grayscale (luma) buffers, one byte a pixel, row by row.

use crate::error::ReglaError;

fn decodificar(luma: &[u8], w: usize, h: usize, invertir: bool) -> Option<String> {
    let mascara = if invertir { 0xff } else { 0 };
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| luma[y * w + x] ^ mascara);
    img.detect_grids().into_iter().find_map(|g| g.decode().ok().map(|(_, texto)| texto))
}

/// The text of the first readable QR code in the frame, or `None` when it holds none.
/// Light-on-dark codes (a phone screen in dark mode) are read too.
pub fn decode_qr(luma: &[u8], width: u32, height: u32) -> Result<Option<String>, ReglaError> {
    let (w, h) = (width as usize, height as usize);
    if w == 0 || h == 0 || w.checked_mul(h) != Some(luma.len()) {
        return Err(ReglaError::ImagenInvalida);
    }
    Ok(decodificar(luma, w, h, false).or_else(|| decodificar(luma, w, h, true)))
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
