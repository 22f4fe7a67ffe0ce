//! The browser's door to anfitrion-core. Each export converts its arguments, calls one core
//! function and converts the answer; a refused rule is thrown as `{codigo, campo, mensaje}`.
//!
//! Two builds of this crate reach the browser (`make wasm`): without default features, the login
//! screen's check alone (the first load waits for it, so it carries nothing else); with the
//! `consola` feature, every rule the signed-in screens use, loaded once someone has signed in.
//! The QR decoder is in neither: `anfitrion-wasm-qr` carries it, for the camera alone.
//!
//! Every export names in its declaration the TypeScript type of what it takes and answers
//! (`unchecked_param_type`, `unchecked_return_type`): the rules' own shapes are the ones ts-rs
//! writes into `tipos/`, what a form also sends to the API is the OpenAPI document's, so the
//! console calls the module as typed and casts nothing. The names are declarations only: the
//! values still cross as serde writes them, so the modules are the same bytes. A check that
//! answers nothing answers `null`, written `(null)` (wasm-bindgen refuses the bare keyword).

use anfitrion_core::{cuenta, ReglaError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "consola")]
mod consola;
#[cfg(feature = "consola")]
pub use consola::*;

type Resultado = Result<JsValue, JsValue>;

#[wasm_bindgen(typescript_custom_section)]
const TIPOS: &'static str = r#"
/** What every export throws when a rule refuses its input. */
export interface ReglaError { codigo: string; campo: string | null; mensaje: string }
"#;

/// The one conversion of a core refusal into what JavaScript catches.
fn falla(e: ReglaError) -> JsValue {
    salida(&e).unwrap_or_else(|_| JsValue::from_str(&e.mensaje()))
}

fn salida<T: Serialize + ?Sized>(v: &T) -> Resultado {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| falla(ReglaError::EntradaInvalida(e.to_string())))
}

#[cfg(feature = "consola")]
fn entrada<T: serde::de::DeserializeOwned>(v: JsValue) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(v).map_err(|e| falla(ReglaError::EntradaInvalida(e.to_string())))
}

fn responder<T: Serialize>(r: Result<T, ReglaError>) -> Resultado {
    r.map_err(falla).and_then(|v| salida(&v))
}

/// The login form's check before anything is sent; answers the e-mail as stored.
#[wasm_bindgen(js_name = validarCredenciales, unchecked_return_type = "string")]
pub fn validar_credenciales(email: &str, clave: &str) -> Resultado {
    responder(cuenta::validar_credenciales(email, clave))
}
