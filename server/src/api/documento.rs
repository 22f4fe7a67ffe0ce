//! The answers every operation can give whatever its handler does, added to the OpenAPI document
//! once all routes are merged: the layers in front of each handler (session, body and parameter
//! extractors) answer them, so each operation declares them where they apply instead of every
//! handler repeating them. A conformance run (`scripts/conformidad-api.sh`) fails on any status an
//! operation answers without declaring it.

use serde_json::{json, Value};
use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn};
use utoipa::openapi::Required;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder, Schema};

use crate::extract::LIMITE_MAX;

/// Adds the shared answers to every operation that can give them:
/// - 401 to each one that needs a session (an absent, unknown, revoked or expired token);
/// - 400, 413 and 415 to each one that reads a body (malformed JSON or fields of the wrong type,
///   a body over the limit, a body that is not `application/json`);
/// - 400 to each one with parameters (a query string or path that cannot be read).
pub fn completar(documento: &mut OpenApi) {
    // The guide a partner reads first: keys, saving once, errors, pages, phones and webhooks.
    documento.info.description = Some(include_str!("guia_api.md").to_owned());
    for item in documento.paths.paths.values_mut() {
        let operaciones = [
            (&mut item.get, false),
            (&mut item.put, true),
            (&mut item.post, true),
            (&mut item.delete, true),
            (&mut item.patch, true),
        ];
        for (operacion, escritura) in operaciones {
            let Some(operacion) = operacion else { continue };
            completar_operacion(operacion, escritura);
            precisar_parametros(operacion);
        }
    }
}

fn completar_operacion(operacion: &mut Operation, escritura: bool) {
    if escritura {
        declarar_idempotencia(operacion);
    }
    let con_sesion = operacion.security.as_ref().is_some_and(|s| !s.is_empty());
    if con_sesion {
        agregar(
            operacion,
            "401",
            "Sin sesión, o la sesión venció o se cerró",
        );
    }
    if operacion.request_body.is_some() {
        agregar(
            operacion,
            "400",
            "Cuerpo mal formado o campos no válidos; no se guardó nada",
        );
        agregar(operacion, "413", "El cuerpo excede el tamaño permitido");
        agregar(
            operacion,
            "415",
            "El cuerpo debe ser JSON (Content-Type: application/json)",
        );
    }
    if operacion.parameters.as_ref().is_some_and(|p| !p.is_empty()) {
        agregar(operacion, "400", "Parámetros no válidos");
    }
}

/// Every write takes an `Idempotency-Key` (see `crate::idempotencia`): a repeat gets the first
/// answer again; a key reused for another write is a 422, a repeat that outlasts the wait a 409.
fn declarar_idempotencia(operacion: &mut Operation) {
    let esquema = json!({ "type": "string", "pattern": format!("^[!-~]{{1,{}}}$", crate::idempotencia::LARGO_MAX) });
    let parametro = ParameterBuilder::new()
        .name("Idempotency-Key")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some("Una clave por acción (la misma en sus reintentos): una repetición recibe la primera respuesta, con `Idempotent-Replayed: true`, sin guardar dos veces."))
        .schema(Some(serde_json::from_value::<RefOr<Schema>>(esquema).expect("esquema de la clave")))
        .build();
    operacion
        .parameters
        .get_or_insert_with(Vec::new)
        .push(parametro);
    agregar(
        operacion,
        "409",
        "La misma solicitud (misma «Idempotency-Key») se sigue guardando",
    );
    agregar(
        operacion,
        "422",
        "La «Idempotency-Key» ya se usó para otra solicitud",
    );
}

/// Declares `status` with the error envelope, unless the operation already describes it.
fn agregar(operacion: &mut Operation, status: &str, descripcion: &str) {
    operacion
        .responses
        .responses
        .entry(status.to_owned())
        .or_insert_with(|| {
            let contenido = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("EnvelopeError")))
                .build();
            RefOr::T(
                ResponseBuilder::new()
                    .description(descripcion)
                    .content("application/json", contenido)
                    .build(),
            )
        });
}

/// What the server accepts in each query parameter, which means the same in every operation that
/// reads it. Handlers read them as text or plain integers; these are the checks they then apply.
fn esquema_de_consulta(nombre: &str) -> Option<Value> {
    // A day, `AAAA-MM-DD`; empty or absent means the handler's default.
    let fecha = json!({ "anyOf": [{ "type": "string", "format": "date" }, { "type": "string", "maxLength": 0 }] });
    Some(match nombre {
        // Any branch's tag; one outside the caller's branches is a 403, an empty one a 400.
        "tag" => json!({ "type": "string", "pattern": "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$" }),
        "page" => {
            json!({ "type": "integer", "format": "int64", "minimum": 1, "maximum": u32::MAX })
        }
        "limit" => json!({ "type": "integer", "minimum": 1, "maximum": LIMITE_MAX }),
        "dias" => {
            json!({ "type": "integer", "minimum": 1, "maximum": crate::api::tablero::DIAS_MAX })
        }
        "fecha" | "desde" | "hasta" => fecha,
        "personas" => {
            json!({ "type": "integer", "minimum": 1, "maximum": anfitrion_core::reservacion::PERSONAS_MAX })
        }
        "status" => {
            let mut valores: Vec<&str> = Vec::new();
            for v in anfitrion_core::reservacion::VistaReservaciones::TODAS {
                valores.push(v.slug());
                if let Some(e) = v.estado() {
                    valores.push(e.nombre());
                }
            }
            json!({ "type": "string", "enum": valores })
        }
        "slug" => json!({ "type": "string", "enum": ["hoy", "todas"] }),
        _ => return None,
    })
}

/// Any other text in a path or a query string: anything but NUL, which no column can store (the
/// request guard refuses it before any handler runs).
fn texto_sin_nul() -> Value {
    json!({ "type": "string", "pattern": "^[^\\u0000]*$" })
}

fn precisar_parametros(operacion: &mut Operation) {
    for parametro in operacion.parameters.iter_mut().flatten() {
        let esquema = match parametro.parameter_in {
            ParameterIn::Query => esquema_de_consulta(&parametro.name),
            _ => None,
        };
        let es_texto = parametro
            .schema
            .as_ref()
            .and_then(|e| serde_json::to_value(e).ok())
            == Some(json!({ "type": "string" }));
        let esquema = esquema.or_else(|| es_texto.then(texto_sin_nul));
        if let Some(esquema) = esquema {
            parametro.schema = Some(
                serde_json::from_value::<RefOr<Schema>>(esquema)
                    .expect("esquema de parámetro válido"),
            );
        }
    }
}
