//! The camera's decoder: core's `decode_qr`, alone in its own module so that the console's first
//! load (the rules, `anfitrion-wasm`) does not carry it; the worker loads it when the camera opens.

use anfitrion_core::ReglaError;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A refusal as the rules' module throws it: `{codigo, campo, mensaje}`.
fn falla(e: ReglaError) -> JsValue {
    e.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|_| JsValue::from_str(&e.mensaje()))
}

/// Decodes a camera frame (luma, one byte a pixel); `undefined` when it holds no readable code.
#[wasm_bindgen(js_name = decodeQr)]
pub fn decode_qr(luma: &[u8], width: u32, height: u32) -> Result<Option<String>, JsValue> {
    anfitrion_core::qr::decode_qr(luma, width, height).map_err(falla)
}
