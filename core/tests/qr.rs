//! The decoder reads what a guest's phone or printed confirmation shows to the camera.

mod support;

use anfitrion_core::qr::decode_qr;
use anfitrion_core::ReglaError;
use support::cuadros::{self, ALTO, ANCHO};

fn leer(img: &image::GrayImage) -> Option<String> {
    decode_qr(img.as_raw(), img.width(), img.height()).expect("well-formed frame")
}

#[test]
fn a_clean_code_on_a_desk_is_read() {
    let set = cuadros::conjunto(1);
    let limpio = set.iter().find(|c| c.categoria == "limpio").unwrap();
    assert_eq!(leer(&limpio.img), limpio.esperado);
}

#[test]
fn a_phone_in_dark_mode_is_read() {
    let set = cuadros::conjunto(1);
    let invertido = set.iter().find(|c| c.categoria == "invertido").unwrap();
    assert_eq!(leer(&invertido.img), invertido.esperado);
}

#[test]
fn a_code_held_at_an_angle_is_read() {
    let set = cuadros::conjunto(1);
    for c in set.iter().filter(|c| c.categoria.starts_with("rotado")) {
        assert_eq!(leer(&c.img), c.esperado, "{}", c.nombre);
    }
}

#[test]
fn a_frame_without_a_code_reads_nothing() {
    let set = cuadros::conjunto(2);
    for c in set.iter().filter(|c| c.categoria == "sin-codigo") {
        assert_eq!(leer(&c.img), None, "{}", c.nombre);
    }
}

#[test]
fn a_buffer_that_does_not_match_its_size_is_refused() {
    let buf = vec![0u8; (ANCHO * ALTO) as usize - 1];
    assert_eq!(decode_qr(&buf, ANCHO, ALTO), Err(ReglaError::ImagenInvalida));
    assert_eq!(decode_qr(&[], 0, 0), Err(ReglaError::ImagenInvalida));
}
