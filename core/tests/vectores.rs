//! Runs every shared vector in `tests/vectors/*.json` against the core. The frontend runs the very
//! same files through the WebAssembly build, so both runtimes are held to one set of answers.

use std::path::Path;

use anfitrion_core::comanda::{self, ConteosComanda};
use anfitrion_core::promos::{self, PromoAplicada};
use anfitrion_core::tiempo::{self, ConfigHorario};
use anfitrion_core::walkin::FormularioWalkin;
use anfitrion_core::{clientes, cuenta, estado, personal, piso, qr, reservacion, ReglaError};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args.get(i).cloned().unwrap_or(Value::Null))
        .unwrap_or_else(|e| panic!("argumento {i} ilegible: {e}"))
}

fn ok<T: Serialize>(v: T) -> Result<Value, ReglaError> {
    Ok(serde_json::to_value(v).expect("serializable"))
}

/// Mirrors the exports of core-wasm name for name.
fn llamar(funcion: &str, a: &[Value]) -> Result<Value, ReglaError> {
    match funcion {
        "validarComanda" => ok(comanda::validar_comanda(&arg::<ConteosComanda>(a, 0))?),
        "validarCampoComanda" => ok(comanda::validar_campo_comanda(
            &arg::<ConteosComanda>(a, 0),
            &arg::<String>(a, 1),
        )?),
        "conteosDesdeReservacion" => ok(ConteosComanda::desde_reservacion(arg(a, 0), arg(a, 1))),
        "validarCantidadPromo" => ok(promos::validar_cantidad_promo(arg(a, 0), arg(a, 1))?),
        "agregarPromo" => {
            let nueva: Option<PromoAplicada> = arg(a, 1);
            ok(promos::agregar_promo(
                &arg::<Vec<PromoAplicada>>(a, 0),
                nueva.as_ref(),
                arg(a, 2),
            )?)
        }
        "eliminarPromo" => {
            let id: Option<String> = arg(a, 1);
            ok(promos::eliminar_promo(
                &arg::<Vec<PromoAplicada>>(a, 0),
                id.as_deref().unwrap_or(""),
            )?)
        }
        "validarPromos" => ok(promos::validar_promos(
            &arg::<Vec<PromoAplicada>>(a, 0),
            arg(a, 1),
        )?),
        "validarDatosPersonales" => ok(personal::validar_datos_personales(&arg(a, 0))?),
        "validarCorreo" => ok(personal::validar_correo(&arg::<String>(a, 0))?),
        "normalizarTelefono" => ok(personal::normalizar_telefono(&arg::<String>(a, 0))?),
        "limitarTelefono" => ok(personal::limitar_telefono(&arg::<String>(a, 0))),
        "validarCredenciales" => ok(cuenta::validar_credenciales(
            &arg::<String>(a, 0),
            &arg::<String>(a, 1),
        )?),
        "validarClaveNueva" => ok(cuenta::validar_clave_nueva(&arg::<String>(a, 0))?),
        "horaSucursal" => {
            let config: Option<ConfigHorario> = arg(a, 1);
            ok(tiempo::hora_sucursal_de(
                &arg::<String>(a, 0),
                &config.unwrap_or_default(),
            )?)
        }
        "modoAlSentar" => {
            let llegada: Option<String> = arg(a, 0);
            let config: Option<ConfigHorario> = arg(a, 2);
            ok(tiempo::modo_al_sentar_de(
                llegada.as_deref(),
                &arg::<String>(a, 1),
                &config.unwrap_or_default(),
            )?)
        }
        "validarEdicionReservacion" => ok(anfitrion_core::reservacion::CambiosReservacion::parse(
            &arg::<anfitrion_core::reservacion::EdicionReservacion>(a, 0),
        )
        .map(|_| ())?),
        "pasarEstado" => ok(reservacion::pasar_estado(
            &arg::<String>(a, 0),
            &arg::<String>(a, 1),
        )?),
        "etiquetaEstado" => ok(estado::EstadoReservacion::parse(&arg::<String>(a, 0))?.etiqueta()),
        "validarCodigoReservacion" => ok(qr::validar_codigo_reservacion(&arg::<String>(a, 0))?),
        "opcionesMesa" => ok(piso::opciones_para(
            &arg::<Vec<piso::MesaDelPiso>>(a, 0),
            arg(a, 1),
        )),
        "esperaEstimada" => ok(piso::espera_estimada(
            &arg::<Vec<piso::MesaDelPiso>>(a, 0),
            arg(a, 1),
            arg(a, 2),
        )),
        "estadoMesa" => ok(piso::EstadoMesa::de(arg(a, 0), arg(a, 1))),
        "asignarLlegadas" => ok(piso::asignar_llegadas(
            &arg::<Vec<piso::MesaDelPiso>>(a, 0),
            &arg::<Vec<piso::LlegadaPorSentar>>(a, 1),
        )),
        "estanciaEsperada" => ok(piso::estancia_esperada(&arg::<Vec<u32>>(a, 0), arg(a, 1))),
        "promoVigente" => ok(promos::promo_vigente(
            &arg::<promos::DatosPromocion>(a, 0),
            &arg::<String>(a, 1),
        )?),
        "validarPromocion" => {
            ok(promos::PromocionValida::parse(&arg::<promos::DatosPromocion>(a, 0)).map(|_| ())?)
        }
        "claveCorreo" => ok(clientes::clave_correo(&arg::<String>(a, 0))),
        "claveTelefono" => ok(clientes::clave_telefono(&arg::<String>(a, 0))),
        "codigoAfiliado" => ok(clientes::codigo_afiliado(&arg::<String>(a, 0))?),
        "validarAfiliado" => ok(
            clientes::AfiliadoValido::parse(&arg::<clientes::DatosAfiliado>(a, 0)).map(|_| ())?,
        ),
        "validarImpresora" => {
            ok(anfitrion_core::impresora::ImpresoraValida::parse(&arg::<
                anfitrion_core::impresora::DatosImpresora,
            >(a, 0))
            .map(|_| ())?)
        }
        "walkinNuevo" => ok(FormularioWalkin::nuevo(&arg::<String>(a, 0), arg(a, 1))),
        "disponibilidad" => ok(anfitrion_core::disponibilidad::disponibilidad_de(&arg(
            a, 0,
        ))?),
        "pronosticoCocina" => ok(anfitrion_core::cocina::pronosticar(&arg(a, 0))),
        otra => panic!("función sin vector: {otra}"),
    }
}

fn revisar(archivo: &str) {
    let ruta = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(archivo);
    let texto = std::fs::read_to_string(&ruta).expect("vector file");
    let doc: Value = serde_json::from_str(&texto).expect("valid JSON");
    let casos = doc["casos"].as_array().expect("casos");
    assert!(!casos.is_empty(), "{archivo} has no cases");
    let mut fallas = Vec::new();
    for caso in casos {
        let nombre = caso["nombre"].as_str().unwrap_or("?");
        let args = caso["args"].as_array().cloned().unwrap_or_default();
        let esperado = &caso["esperado"];
        let obtenido = match llamar(caso["funcion"].as_str().expect("funcion"), &args) {
            Ok(v) => json!({ "ok": v }),
            Err(e) => match e.campo() {
                Some(c) => json!({ "error": e.mensaje(), "campo": c }),
                None => json!({ "error": e.mensaje() }),
            },
        };
        if &obtenido != esperado {
            fallas.push(format!(
                "{nombre}: esperado {esperado}, obtenido {obtenido}"
            ));
        }
    }
    assert!(fallas.is_empty(), "{archivo}:\n{}", fallas.join("\n"));
}

#[test]
fn order_step_vectors_hold() {
    revisar("comanda.json");
}

#[test]
fn promotion_vectors_hold() {
    revisar("promos.json");
}

#[test]
fn personal_step_vectors_hold() {
    revisar("personal.json");
}

#[test]
fn branch_time_vectors_hold() {
    revisar("tiempo.json");
}

#[test]
fn reservation_state_and_code_vectors_hold() {
    revisar("reservacion.json");
}

#[test]
fn reservation_edit_vectors_hold() {
    revisar("edicion.json");
}

#[test]
fn kitchen_forecast_vectors_hold() {
    revisar("cocina.json");
}

#[test]
fn availability_vectors_hold() {
    revisar("disponibilidad.json");
}

#[test]
fn account_vectors_hold() {
    revisar("cuenta.json");
}

#[test]
fn promotion_window_vectors_hold() {
    revisar("promociones.json");
}

#[test]
fn guest_book_and_affiliate_vectors_hold() {
    revisar("clientes.json");
}

#[test]
fn floor_vectors_hold() {
    revisar("salon.json");
}

#[test]
fn kitchen_printer_vectors_hold() {
    revisar("impresoras.json");
}

#[test]
fn every_spec_message_has_a_vector() {
    // Every validation message, word for word: each must be produced by at least one vector.
    let todos: String = [
        "comanda",
        "promos",
        "personal",
        "tiempo",
        "reservacion",
        "cuenta",
    ]
    .iter()
    .map(|f| {
        std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/vectors/{f}.json")),
        )
        .unwrap()
    })
    .collect();
    for mensaje in [
        "El número de personas no puede ser 0",
        "El número de Buffets Adulto no puede ser 0",
        "El número de personas no coincide con el número de Buffets",
        "El número de Buffets Caballero o Dama no pueden ser 0",
        "El número de buffet no puede ser 0",
        "La cantidad no puede ser 0",
        "Mayor que personas",
        "La promoción ya está agregada",
        "Seleccione una promoción",
        "El número de promociones no puede ser mayor que el número de personas",
        "Error al eliminar la promoción",
        "Correo electrónico no válido",
        "Número de teléfono no válido",
    ] {
        assert!(
            todos.contains(&format!("\"error\": \"{mensaje}\"")),
            "sin vector: {mensaje}"
        );
    }
}
