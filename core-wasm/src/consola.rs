//! The rules of the signed-in screens (the `consola` feature).

use super::{entrada, responder, salida, Resultado};
use anfitrion_core::clientes::{self, DatosAfiliado};
use anfitrion_core::comanda::{self, ConteosComanda};
use anfitrion_core::impresora::{DatosImpresora, ImpresoraValida};
use anfitrion_core::personal::{self, DatosPersonales};
use anfitrion_core::piso::{self, LlegadaPorSentar, MesaDelPiso};
use anfitrion_core::promos::{self, DatosPromocion, PromoAplicada};
use anfitrion_core::tiempo::{self, ConfigHorario};
use anfitrion_core::walkin::FormularioWalkin;
use anfitrion_core::{cuenta, estado, mensajes, qr, reservacion};
use wasm_bindgen::prelude::*;

// The types the exports below name. The rules' own shapes are ts-rs's (`make wasm` writes them
// beside the generated module, in `tipos/`); what a form checks here and then sends to the API
// (an edited reservation, a promotion, an affiliate), and availability's answer, are the OpenAPI
// document's (`make api-types`): the console has one TypeScript type for each.
#[wasm_bindgen(typescript_custom_section)]
const TIPOS: &'static str = r#"
import type { ConfigHorario } from '../tipos/ConfigHorario';
import type { ConsultaDisponibilidad } from '../tipos/ConsultaDisponibilidad';
import type { ConteosComanda } from '../tipos/ConteosComanda';
import type { DatosPersonales } from '../tipos/DatosPersonales';
import type { EntradaPronostico } from '../tipos/EntradaPronostico';
import type { EstadoReservacion } from '../tipos/EstadoReservacion';
import type { FormularioWalkin } from '../tipos/FormularioWalkin';
import type { HoraSucursal } from '../tipos/HoraSucursal';
import type { ModoAlSentar } from '../tipos/ModoAlSentar';
import type { EstadoMesa } from '../tipos/EstadoMesa';
import type { LlegadaPorSentar } from '../tipos/LlegadaPorSentar';
import type { MesaDelPiso } from '../tipos/MesaDelPiso';
import type { Mensajes } from '../tipos/Mensajes';
import type { OpcionMesa } from '../tipos/OpcionMesa';
import type { PromoAplicada } from '../tipos/PromoAplicada';
import type { TramoDia } from '../tipos/TramoDia';
import type { components } from '../../types/openapi';
type DatosAfiliado = components['schemas']['DatosAfiliado'];
type DatosImpresora = components['schemas']['DatosImpresora'];
type DatosPromocion = components['schemas']['DatosPromocion'];
type Disponibilidad = components['schemas']['Disponibilidad'];
type Pronostico = components['schemas']['Pronostico'];
type EdicionReservacion = components['schemas']['EdicionReservacion'];
"#;

#[wasm_bindgen(js_name = validarComanda, unchecked_return_type = "(null)")]
pub fn validar_comanda(
    #[wasm_bindgen(unchecked_param_type = "ConteosComanda")] conteos: JsValue,
) -> Resultado {
    responder(comanda::validar_comanda(&entrada::<ConteosComanda>(
        conteos,
    )?))
}

#[wasm_bindgen(js_name = validarCampoComanda, unchecked_return_type = "(null)")]
pub fn validar_campo_comanda(
    #[wasm_bindgen(unchecked_param_type = "ConteosComanda")] conteos: JsValue,
    campo: &str,
) -> Resultado {
    responder(comanda::validar_campo_comanda(
        &entrada::<ConteosComanda>(conteos)?,
        campo,
    ))
}

#[wasm_bindgen(
    js_name = conteosDesdeReservacion,
    unchecked_return_type = "ConteosComanda"
)]
pub fn conteos_desde_reservacion(no_personas: u32, is_after7pm: bool) -> Resultado {
    salida(&ConteosComanda::desde_reservacion(no_personas, is_after7pm))
}

/// The counts after the party changes: untouched ones follow it (`ConteosComanda::con_personas`).
#[wasm_bindgen(js_name = conteosConPersonas, unchecked_return_type = "ConteosComanda")]
pub fn conteos_con_personas(
    #[wasm_bindgen(unchecked_param_type = "ConteosComanda")] conteos: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | null")] no_personas: JsValue,
) -> Resultado {
    let conteos: ConteosComanda = entrada(conteos)?;
    salida(&conteos.con_personas(entrada(no_personas)?))
}

#[wasm_bindgen(js_name = validarCantidadPromo, unchecked_return_type = "(null)")]
pub fn validar_cantidad_promo(
    #[wasm_bindgen(unchecked_param_type = "number | null")] qty: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | null")] no_personas: JsValue,
) -> Resultado {
    responder(promos::validar_cantidad_promo(
        entrada(qty)?,
        entrada(no_personas)?,
    ))
}

#[wasm_bindgen(js_name = agregarPromo, unchecked_return_type = "PromoAplicada[]")]
pub fn agregar_promo(
    #[wasm_bindgen(unchecked_param_type = "PromoAplicada[]")] lista: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PromoAplicada | null")] nueva: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | null")] no_personas: JsValue,
) -> Resultado {
    let lista: Vec<PromoAplicada> = entrada(lista)?;
    let nueva: Option<PromoAplicada> = entrada(nueva)?;
    responder(promos::agregar_promo(
        &lista,
        nueva.as_ref(),
        entrada(no_personas)?,
    ))
}

#[wasm_bindgen(js_name = eliminarPromo, unchecked_return_type = "PromoAplicada[]")]
pub fn eliminar_promo(
    #[wasm_bindgen(unchecked_param_type = "PromoAplicada[]")] lista: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null")] id: JsValue,
) -> Resultado {
    let id: Option<String> = entrada(id)?;
    responder(promos::eliminar_promo(
        &entrada::<Vec<PromoAplicada>>(lista)?,
        id.as_deref().unwrap_or(""),
    ))
}

#[wasm_bindgen(js_name = validarPromos, unchecked_return_type = "(null)")]
pub fn validar_promos(
    #[wasm_bindgen(unchecked_param_type = "PromoAplicada[]")] lista: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | null")] no_personas: JsValue,
) -> Resultado {
    responder(promos::validar_promos(
        &entrada::<Vec<PromoAplicada>>(lista)?,
        entrada(no_personas)?,
    ))
}

#[wasm_bindgen(js_name = validarDatosPersonales, unchecked_return_type = "DatosPersonales")]
pub fn validar_datos_personales(
    #[wasm_bindgen(unchecked_param_type = "DatosPersonales")] datos: JsValue,
) -> Resultado {
    responder(personal::validar_datos_personales(&entrada::<
        DatosPersonales,
    >(datos)?))
}

#[wasm_bindgen(js_name = limitarTelefono)]
pub fn limitar_telefono(raw: &str) -> String {
    personal::limitar_telefono(raw)
}

#[wasm_bindgen(js_name = normalizarTelefono, unchecked_return_type = "string | null")]
pub fn normalizar_telefono(raw: &str) -> Resultado {
    responder(personal::normalizar_telefono(raw))
}

#[wasm_bindgen(js_name = telefonoEditado, unchecked_return_type = "string | null")]
pub fn telefono_editado(codigo: &str, local: &str) -> Resultado {
    responder(personal::telefono_editado(codigo, local))
}

#[wasm_bindgen(js_name = validarCorreo, unchecked_return_type = "string | null")]
pub fn validar_correo(raw: &str) -> Resultado {
    responder(personal::validar_correo(raw))
}

#[wasm_bindgen(js_name = validarClaveNueva, unchecked_return_type = "(null)")]
pub fn validar_clave_nueva(clave: &str) -> Resultado {
    responder(cuenta::validar_clave_nueva(clave))
}

/// The refusal of a role that names no permission, as the server answers it.
#[wasm_bindgen(js_name = revisarPermisosRol, unchecked_return_type = "(null)")]
pub fn revisar_permisos_rol(permisos: Vec<String>) -> Resultado {
    responder(anfitrion_core::organizacion::exigir_permisos(&permisos))
}

/// The day in stretches of served buffet and order mode, for the settings screen's timeline; the
/// refusal of hours out of order instead.
#[wasm_bindgen(js_name = tramosDelDia, unchecked_return_type = "TramoDia[]")]
pub fn tramos_del_dia(
    #[wasm_bindgen(unchecked_param_type = "ConfigHorario")] config: JsValue,
) -> Resultado {
    let config: ConfigHorario = entrada(config)?;
    let reglas = tiempo::ReglasHorario::parse(&config).and_then(|r| r.exigir_orden().map(|()| r));
    responder(reglas.map(|r| r.tramos()))
}

#[wasm_bindgen(js_name = horaSucursal, unchecked_return_type = "HoraSucursal")]
pub fn hora_sucursal(
    instante: &str,
    #[wasm_bindgen(unchecked_param_type = "ConfigHorario | null")] config: JsValue,
) -> Resultado {
    let config: Option<ConfigHorario> = entrada(config)?;
    responder(tiempo::hora_sucursal_de(
        instante,
        &config.unwrap_or_default(),
    ))
}

/// The mode a party's order starts in when seated at `sentado`, and the arrival that set it when
/// the branch's settings charge the buffet by the time of arrival.
#[wasm_bindgen(js_name = modoAlSentar, unchecked_return_type = "ModoAlSentar")]
pub fn modo_al_sentar(
    llegada: Option<String>,
    sentado: &str,
    #[wasm_bindgen(unchecked_param_type = "ConfigHorario | null")] config: JsValue,
) -> Resultado {
    let config: Option<ConfigHorario> = entrada(config)?;
    responder(tiempo::modo_al_sentar_de(
        llegada.as_deref(),
        sentado,
        &config.unwrap_or_default(),
    ))
}

/// The staff's edit of a reservation (date and time, party up to 50, event, comments).
#[wasm_bindgen(js_name = validarEdicionReservacion, unchecked_return_type = "(null)")]
pub fn validar_edicion_reservacion(
    #[wasm_bindgen(unchecked_param_type = "EdicionReservacion")] edicion: JsValue,
) -> Resultado {
    responder(
        reservacion::CambiosReservacion::parse(&entrada::<reservacion::EdicionReservacion>(
            edicion,
        )?)
        .map(|_| ()),
    )
}

#[wasm_bindgen(js_name = pasarEstado, unchecked_return_type = "EstadoReservacion")]
pub fn pasar_estado(desde: &str, hacia: &str) -> Resultado {
    responder(reservacion::pasar_estado(desde, hacia))
}

/// Whether a reservation in `estado` may still be edited, with core's reason when not.
#[wasm_bindgen(js_name = exigirEditable, unchecked_return_type = "(null)")]
pub fn exigir_editable(estado: &str) -> Resultado {
    responder(estado::EstadoReservacion::parse(estado).and_then(reservacion::exigir_editable))
}

#[wasm_bindgen(js_name = etiquetaEstado, unchecked_return_type = "string")]
pub fn etiqueta_estado(estado: &str) -> Resultado {
    responder(estado::EstadoReservacion::parse(estado).map(|e| e.etiqueta()))
}

#[wasm_bindgen(js_name = validarCodigoReservacion, unchecked_return_type = "string")]
pub fn validar_codigo_reservacion(raw: &str) -> Resultado {
    responder(qr::validar_codigo_reservacion(raw))
}

#[wasm_bindgen(js_name = walkinNuevo, unchecked_return_type = "FormularioWalkin")]
pub fn walkin_nuevo(tag: &str, is_after7pm: bool) -> Resultado {
    salida(&FormularioWalkin::nuevo(tag, is_after7pm))
}

/// The bookable times of a date (`ConsultaDisponibilidad` in, `Disponibilidad` out).
#[wasm_bindgen(js_name = disponibilidad, unchecked_return_type = "Disponibilidad")]
pub fn disponibilidad(
    #[wasm_bindgen(unchecked_param_type = "ConsultaDisponibilidad")] consulta: JsValue,
) -> Resultado {
    let c: anfitrion_core::disponibilidad::ConsultaDisponibilidad = entrada(consulta)?;
    responder(anfitrion_core::disponibilidad::disponibilidad_de(&c))
}

/// The outcome texts the screens announce, so no Spanish message is written in TypeScript.
#[wasm_bindgen(unchecked_return_type = "Mensajes")]
pub fn mensajes() -> Resultado {
    salida(&mensajes::TODOS)
}

/// Whether a promotion (as the promotions list answers it) may be used on `hoy`, the branch's
/// date `YYYY-MM-DD`: the rule the server applies to `activas` and to every saved order.
#[wasm_bindgen(js_name = promoVigente, unchecked_return_type = "boolean")]
pub fn promo_vigente(
    #[wasm_bindgen(unchecked_param_type = "DatosPromocion")] promo: JsValue,
    hoy: &str,
) -> Resultado {
    responder(promos::promo_vigente(
        &entrada::<DatosPromocion>(promo)?,
        hoy,
    ))
}

/// The promotions form's check before it is sent.
#[wasm_bindgen(js_name = validarPromocion, unchecked_return_type = "(null)")]
pub fn validar_promocion(
    #[wasm_bindgen(unchecked_param_type = "DatosPromocion")] datos: JsValue,
) -> Resultado {
    responder(promos::PromocionValida::parse(&entrada::<DatosPromocion>(datos)?).map(|_| ()))
}

/// The e-mail as the guest book compares it.
#[wasm_bindgen(js_name = claveCorreo, unchecked_return_type = "string | null")]
pub fn clave_correo(raw: &str) -> Resultado {
    salida(&clientes::clave_correo(raw))
}

/// The phone as the guest book compares it (digits, without Mexico's 52).
#[wasm_bindgen(js_name = claveTelefono, unchecked_return_type = "string | null")]
pub fn clave_telefono(raw: &str) -> Resultado {
    salida(&clientes::clave_telefono(raw))
}

/// An affiliate's code as stored: upper-case letters, digits and hyphens.
#[wasm_bindgen(js_name = codigoAfiliado, unchecked_return_type = "string")]
pub fn codigo_afiliado(raw: &str) -> Resultado {
    responder(clientes::codigo_afiliado(raw))
}

/// The affiliates form's check before it is sent.
#[wasm_bindgen(js_name = validarAfiliado, unchecked_return_type = "(null)")]
pub fn validar_afiliado(
    #[wasm_bindgen(unchecked_param_type = "DatosAfiliado")] datos: JsValue,
) -> Resultado {
    responder(clientes::AfiliadoValido::parse(&entrada::<DatosAfiliado>(datos)?).map(|_| ()))
}

/// The reminders box of the settings ("24, 3"): the hours, earliest first, or core's refusal.
#[wasm_bindgen(js_name = leerRecordatorios, unchecked_return_type = "number[]")]
pub fn leer_recordatorios(texto: &str) -> Resultado {
    responder(anfitrion_core::recordatorio::leer_horas(texto))
}

/// A kitchen printer's settings as the printers form sends them: name, `host:port`, paper, code
/// page, what it prints.
#[wasm_bindgen(js_name = validarImpresora, unchecked_return_type = "(null)")]
pub fn validar_impresora(
    #[wasm_bindgen(unchecked_param_type = "DatosImpresora")] datos: JsValue,
) -> Resultado {
    responder(ImpresoraValida::parse(&entrada::<DatosImpresora>(datos)?).map(|_| ()))
}

/// The code pages a printer may use, as the printers form offers them: `[clave, nombre]`.
#[wasm_bindgen(js_name = paginasCodigos, unchecked_return_type = "[string, string][]")]
pub fn paginas_codigos() -> Resultado {
    salida(
        &anfitrion_core::escpos::PaginaCodigos::TODAS
            .iter()
            .map(|p| (p.clave(), p.nombre()))
            .collect::<Vec<_>>(),
    )
}

/// The free tables and joins that seat a party, best fit first: what the comanda step offers.
#[wasm_bindgen(js_name = opcionesMesa, unchecked_return_type = "OpcionMesa[]")]
pub fn opciones_mesa(
    #[wasm_bindgen(unchecked_param_type = "MesaDelPiso[]")] mesas: JsValue,
    personas: u32,
) -> Resultado {
    salida(&piso::opciones_para(
        &entrada::<Vec<MesaDelPiso>>(mesas)?,
        personas,
    ))
}

/// Minutes a party would wait for a table now; null when no table or join seats it.
#[wasm_bindgen(js_name = esperaEstimada, unchecked_return_type = "number | null")]
pub fn espera_estimada(
    #[wasm_bindgen(unchecked_param_type = "MesaDelPiso[]")] mesas: JsValue,
    personas: u32,
    estancia_min: u32,
) -> Resultado {
    salida(&piso::espera_estimada(
        &entrada::<Vec<MesaDelPiso>>(mesas)?,
        personas,
        estancia_min,
    ))
}

/// A table's state from the minutes it has been seated (null: free) and the expected stay.
#[wasm_bindgen(js_name = estadoMesa, unchecked_return_type = "EstadoMesa")]
pub fn estado_mesa(
    #[wasm_bindgen(unchecked_param_type = "number | null")] minutos: JsValue,
    estancia_min: u32,
) -> Resultado {
    salida(&piso::EstadoMesa::de(entrada(minutos)?, estancia_min))
}

/// The stay the floor expects: today's median once there are enough stays, else the setting.
#[wasm_bindgen(js_name = estanciaEsperada, unchecked_return_type = "number")]
pub fn estancia_esperada(estancias: Vec<u32>, por_defecto: u32) -> Resultado {
    salida(&piso::estancia_esperada(&estancias, por_defecto))
}

/// Which table each of the next arrivals is expected at (per table, the arrival's index or null).
#[wasm_bindgen(js_name = asignarLlegadas, unchecked_return_type = "(number | null)[]")]
pub fn asignar_llegadas(
    #[wasm_bindgen(unchecked_param_type = "MesaDelPiso[]")] mesas: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LlegadaPorSentar[]")] llegadas: JsValue,
) -> Resultado {
    salida(&piso::asignar_llegadas(
        &entrada::<Vec<MesaDelPiso>>(mesas)?,
        &entrada::<Vec<LlegadaPorSentar>>(llegadas)?,
    ))
}

/// The kitchen's forecast: the diners seated now and those expected over the next two hours.
#[wasm_bindgen(js_name = pronosticoCocina, unchecked_return_type = "Pronostico")]
pub fn pronostico_cocina(
    #[wasm_bindgen(unchecked_param_type = "EntradaPronostico")] entrada_pronostico: JsValue,
) -> Resultado {
    salida(&anfitrion_core::cocina::pronosticar(&entrada::<
        anfitrion_core::cocina::EntradaPronostico,
    >(
        entrada_pronostico
    )?))
}
