//! The rules of the signed-in screens (the `consola` feature).

use super::{entrada, responder, salida, Resultado};
use anfitrion_core::clientes::{self, DatosAfiliado};
use anfitrion_core::comanda::{self, ConteosComanda};
use anfitrion_core::personal::{self, DatosPersonales};
use anfitrion_core::promos::{self, DatosPromocion, PromoAplicada};
use anfitrion_core::tiempo::{self, ConfigHorario};
use anfitrion_core::walkin::FormularioWalkin;
use anfitrion_core::{cuenta, estado, mensajes, qr, reservacion};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_name = validarComanda)]
pub fn validar_comanda(conteos: JsValue) -> Resultado {
    responder(comanda::validar_comanda(&entrada::<ConteosComanda>(
        conteos,
    )?))
}

#[wasm_bindgen(js_name = validarCampoComanda)]
pub fn validar_campo_comanda(conteos: JsValue, campo: &str) -> Resultado {
    responder(comanda::validar_campo_comanda(
        &entrada::<ConteosComanda>(conteos)?,
        campo,
    ))
}

#[wasm_bindgen(js_name = conteosDesdeReservacion)]
pub fn conteos_desde_reservacion(no_personas: u32, is_after7pm: bool) -> Resultado {
    salida(&ConteosComanda::desde_reservacion(no_personas, is_after7pm))
}

/// The counts after the party changes: untouched ones follow it (`ConteosComanda::con_personas`).
#[wasm_bindgen(js_name = conteosConPersonas)]
pub fn conteos_con_personas(conteos: JsValue, no_personas: JsValue) -> Resultado {
    let conteos: ConteosComanda = entrada(conteos)?;
    salida(&conteos.con_personas(entrada(no_personas)?))
}

#[wasm_bindgen(js_name = validarCantidadPromo)]
pub fn validar_cantidad_promo(qty: JsValue, no_personas: JsValue) -> Resultado {
    responder(promos::validar_cantidad_promo(
        entrada(qty)?,
        entrada(no_personas)?,
    ))
}

#[wasm_bindgen(js_name = agregarPromo)]
pub fn agregar_promo(lista: JsValue, nueva: JsValue, no_personas: JsValue) -> Resultado {
    let lista: Vec<PromoAplicada> = entrada(lista)?;
    let nueva: Option<PromoAplicada> = entrada(nueva)?;
    responder(promos::agregar_promo(
        &lista,
        nueva.as_ref(),
        entrada(no_personas)?,
    ))
}

#[wasm_bindgen(js_name = eliminarPromo)]
pub fn eliminar_promo(lista: JsValue, id: JsValue) -> Resultado {
    let id: Option<String> = entrada(id)?;
    responder(promos::eliminar_promo(
        &entrada::<Vec<PromoAplicada>>(lista)?,
        id.as_deref().unwrap_or(""),
    ))
}

#[wasm_bindgen(js_name = validarPromos)]
pub fn validar_promos(lista: JsValue, no_personas: JsValue) -> Resultado {
    responder(promos::validar_promos(
        &entrada::<Vec<PromoAplicada>>(lista)?,
        entrada(no_personas)?,
    ))
}

#[wasm_bindgen(js_name = validarDatosPersonales)]
pub fn validar_datos_personales(datos: JsValue) -> Resultado {
    responder(personal::validar_datos_personales(&entrada::<
        DatosPersonales,
    >(datos)?))
}

#[wasm_bindgen(js_name = limitarTelefono)]
pub fn limitar_telefono(raw: &str) -> String {
    personal::limitar_telefono(raw)
}

#[wasm_bindgen(js_name = normalizarTelefono)]
pub fn normalizar_telefono(raw: &str) -> Resultado {
    responder(personal::normalizar_telefono(raw))
}

#[wasm_bindgen(js_name = validarCorreo)]
pub fn validar_correo(raw: &str) -> Resultado {
    responder(personal::validar_correo(raw))
}

#[wasm_bindgen(js_name = validarClaveNueva)]
pub fn validar_clave_nueva(clave: &str) -> Resultado {
    responder(cuenta::validar_clave_nueva(clave))
}

/// The day in stretches of served buffet and order mode, for the settings screen's timeline; the
/// refusal of hours out of order instead.
#[wasm_bindgen(js_name = tramosDelDia)]
pub fn tramos_del_dia(config: JsValue) -> Resultado {
    let config: ConfigHorario = entrada(config)?;
    let reglas = tiempo::ReglasHorario::parse(&config).and_then(|r| r.exigir_orden().map(|()| r));
    responder(reglas.map(|r| r.tramos()))
}

#[wasm_bindgen(js_name = horaSucursal)]
pub fn hora_sucursal(instante: &str, config: JsValue) -> Resultado {
    let config: Option<ConfigHorario> = entrada(config)?;
    responder(tiempo::hora_sucursal_de(
        instante,
        &config.unwrap_or_default(),
    ))
}

/// The staff's edit of a reservation (date and time, party up to 50, event, comments).
#[wasm_bindgen(js_name = validarEdicionReservacion)]
pub fn validar_edicion_reservacion(edicion: JsValue) -> Resultado {
    responder(
        reservacion::CambiosReservacion::parse(&entrada::<reservacion::EdicionReservacion>(
            edicion,
        )?)
        .map(|_| ()),
    )
}

#[wasm_bindgen(js_name = pasarEstado)]
pub fn pasar_estado(desde: &str, hacia: &str) -> Resultado {
    responder(estado::pasar_estado(desde, hacia))
}

/// Whether a reservation in `estado` may still be edited, with core's reason when not.
#[wasm_bindgen(js_name = exigirEditable)]
pub fn exigir_editable(estado: &str) -> Resultado {
    responder(estado::EstadoReservacion::parse(estado).and_then(reservacion::exigir_editable))
}

#[wasm_bindgen(js_name = etiquetaEstado)]
pub fn etiqueta_estado(estado: &str) -> Resultado {
    responder(estado::EstadoReservacion::parse(estado).map(|e| e.etiqueta()))
}

#[wasm_bindgen(js_name = validarCodigoReservacion)]
pub fn validar_codigo_reservacion(raw: &str) -> Resultado {
    responder(qr::validar_codigo_reservacion(raw))
}

#[wasm_bindgen(js_name = walkinNuevo)]
pub fn walkin_nuevo(tag: &str, is_after7pm: bool) -> Resultado {
    salida(&FormularioWalkin::nuevo(tag, is_after7pm))
}

/// The bookable times of a date (`ConsultaDisponibilidad` in, `Disponibilidad` out).
#[wasm_bindgen(js_name = disponibilidad)]
pub fn disponibilidad(consulta: JsValue) -> Resultado {
    let c: anfitrion_core::disponibilidad::ConsultaDisponibilidad = entrada(consulta)?;
    responder(anfitrion_core::disponibilidad::disponibilidad_de(&c))
}

/// The outcome texts the screens announce, so no Spanish message is written in TypeScript.
#[wasm_bindgen]
pub fn mensajes() -> Resultado {
    salida(&mensajes::TODOS)
}

/// Whether a promotion (as the promotions list answers it) may be used on `hoy`, the branch's
/// date `YYYY-MM-DD`: the rule the server applies to `activas` and to every saved order.
#[wasm_bindgen(js_name = promoVigente)]
pub fn promo_vigente(promo: JsValue, hoy: &str) -> Resultado {
    responder(promos::promo_vigente(
        &entrada::<DatosPromocion>(promo)?,
        hoy,
    ))
}

/// The promotions form's check before it is sent.
#[wasm_bindgen(js_name = validarPromocion)]
pub fn validar_promocion(datos: JsValue) -> Resultado {
    responder(promos::PromocionValida::parse(&entrada::<DatosPromocion>(datos)?).map(|_| ()))
}

/// The e-mail as the guest book compares it.
#[wasm_bindgen(js_name = claveCorreo)]
pub fn clave_correo(raw: &str) -> Resultado {
    salida(&clientes::clave_correo(raw))
}

/// The phone as the guest book compares it (digits, without Mexico's 52).
#[wasm_bindgen(js_name = claveTelefono)]
pub fn clave_telefono(raw: &str) -> Resultado {
    salida(&clientes::clave_telefono(raw))
}

/// An affiliate's code as stored: upper-case letters, digits and hyphens.
#[wasm_bindgen(js_name = codigoAfiliado)]
pub fn codigo_afiliado(raw: &str) -> Resultado {
    responder(clientes::codigo_afiliado(raw))
}

/// The affiliates form's check before it is sent.
#[wasm_bindgen(js_name = validarAfiliado)]
pub fn validar_afiliado(datos: JsValue) -> Resultado {
    responder(clientes::AfiliadoValido::parse(&entrada::<DatosAfiliado>(datos)?).map(|_| ()))
}
