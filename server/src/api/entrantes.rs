//! `POST /api/v1/public/mensajes/entrantes`: a guest's text message to the group's number, as
//! the phone provider (Twilio) delivers it: a form with `MessageSid`, `From`, `To` and `Body`,
//! signed in `X-Twilio-Signature` with the account's auth token over the address it called and
//! the form's fields. An unsigned or badly signed request is refused and changes nothing.
//!
//! What the message means is core's ([`anfitrion_core::respuesta`]): "1" or "9" answer the one
//! thing the number has open (a waiting party on its way, or leaving with the reason
//! "el huésped (SMS)"; a reminded reservation confirmed or cancelled through the same path as the
//! reminder's links), numbered when it has several; anything else is a message for the host,
//! shown on that party with a notice that rings. Each message is kept once (the provider's id:
//! its retries change nothing more), logged, and answered by a short SMS through the outbox. The
//! provider gets an empty TwiML document: no answer rides on the HTTP response.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::respuesta::{self, Decision, Pendiente};
use anfitrion_core::ReglaError;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, OriginalUri, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Con};
use crate::api::espera::{no_enviado, LineaMensaje, RespuestaEspera};
use crate::db::avisos::Lista;
use crate::db::bitacora::{Autor, Cambio, Entidad, Estado};
use crate::db::entrantes::{EsperaAbierta, NuevoEntrante, ReservaRecordada};
use crate::db::espera::TIPO_RESPUESTA;
use crate::db::nuevo_id;
use crate::db::recordatorios::{AccionCliente, NuevoMensaje};
use crate::db::reservaciones::NuevaNotificacion;
use crate::db::{Alcance, ErrorAlmacen};
use crate::envelope::Envelope;
use crate::extract::{Json, Path};
use anfitrion_core::permisos::requiere;

use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::limites::LIMITE_CUERPO_PUBLICO;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(recibir))
        .layer(DefaultBodyLimit::max(LIMITE_CUERPO_PUBLICO))
        .routes(routes!(conversacion_reservacion, responder_reservacion))
}

/// The reason a party that answered "9" leaves the list with.
pub const MOTIVO_SMS: &str = "el huésped (SMS)";
/// The origin of the notice a guest's message rings with.
pub const ORIGEN_SMS: &str = "SMS";
/// An empty TwiML answer: the provider sends nothing back on its own.
const TWIML_VACIO: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response></Response>";
/// The longest message text kept and shown.
const TEXTO_MAX: usize = 1600;

/// The fields of the provider's request this server reads; it sends more, all signed.
#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct MensajeEntrante {
    /// The message's id (`SM…`).
    #[schema(example = "SM0123456789abcdef0123456789abcdef")]
    MessageSid: String,
    /// The guest's number (E.164), or `whatsapp:` and it.
    #[schema(example = "+525512345678")]
    From: String,
    /// The group's number.
    #[schema(example = "+15005550006")]
    To: String,
    /// What the guest wrote.
    #[schema(example = "1")]
    Body: String,
}

fn prohibido(mensaje: &str) -> ApiError {
    ApiError::ConDatos {
        codigo: StatusCode::FORBIDDEN,
        mensaje: mensaje.to_owned(),
        data: serde_json::Value::Null,
    }
}

fn twiml() -> Response {
    (
        [(header::CONTENT_TYPE, "text/xml; charset=utf-8")],
        TWIML_VACIO,
    )
        .into_response()
}

/// A guest's message, from the phone provider.
#[utoipa::path(
    operation_id = "mensaje_entrante",
    post, path = "/api/v1/public/mensajes/entrantes", tag = "público",
    params(("X-Twilio-Signature" = String, Header, description = "La firma del proveedor: HMAC-SHA1 con el token de la cuenta, en base64, de la dirección llamada y los campos ordenados")),
    request_body(content = MensajeEntrante, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Mensaje recibido (o ya recibido antes): TwiML vacío", content_type = "text/xml", body = String),
        (status = 400, description = "El formulario no es válido o le faltan campos", body = EnvelopeError),
        (status = 403, description = "Sin firma, o la firma no es la del proveedor; no se guardó nada", body = EnvelopeError),
        (status = 404, description = "Este servidor no recibe mensajes (sin servicio de mensajes o sin dirección pública)", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
    )
)]
async fn recibir(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    cuerpo: Bytes,
) -> Result<Response> {
    let Some(conf) = state.entrantes.clone() else {
        return Err(ApiError::NoEncontrado("el servicio de mensajes entrantes"));
    };
    let parametros: Vec<(String, String)> = serde_urlencoded::from_bytes(&cuerpo)
        .map_err(|_| ApiError::Entrada("El cuerpo no es un formulario válido.".to_owned()))?;
    let firma = headers
        .get("x-twilio-signature")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| prohibido("El mensaje no trae la firma del proveedor: no se tomó."))?;
    let url = match uri.query() {
        Some(q) => format!("{}?{q}", conf.url),
        None => conf.url.clone(),
    };
    if !crate::mensajes::firma_twilio_valida(&conf.token, &url, &parametros, firma) {
        tracing::warn!("mensaje entrante con una firma que no es del proveedor");
        return Err(prohibido(
            "La firma del mensaje no es la del proveedor: no se tomó.",
        ));
    }
    let campo = |nombre: &str| {
        parametros
            .iter()
            .find(|(k, _)| k == nombre)
            .map(|(_, v)| v.as_str())
    };
    let (Some(sid), Some(de)) = (campo("MessageSid"), campo("From")) else {
        return Err(ApiError::Entrada(
            "Faltan MessageSid o From en el mensaje.".to_owned(),
        ));
    };
    let sid = sid.trim();
    let digitos: String = de
        .trim()
        .trim_start_matches("whatsapp:")
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    if sid.is_empty() || sid.len() > 64 || digitos.is_empty() {
        return Err(ApiError::Entrada(
            "MessageSid o From no son válidos.".to_owned(),
        ));
    }
    let texto: String = campo("Body")
        .unwrap_or("")
        .trim()
        .chars()
        .take(TEXTO_MAX)
        .collect();
    // A provider's retry of a message already taken changes nothing more.
    if state.store.entrante_visto(sid).await? {
        return Ok(twiml());
    }
    atender(&state, sid, &digitos, &texto).await?;
    Ok(twiml())
}

/// One thing the number has open, with what acting on it needs.
enum Abierto {
    Espera(EsperaAbierta),
    Reserva(ReservaRecordada),
}

impl Abierto {
    fn pendiente(&self) -> Pendiente {
        match self {
            Abierto::Espera(e) => Pendiente::Espera {
                sucursal: e.sucursal.clone(),
            },
            Abierto::Reserva(r) => Pendiente::Reservacion {
                sucursal: r.sucursal.clone(),
                fecha_hora: r.fecha_hora,
            },
        }
    }
    fn name(&self) -> &str {
        match self {
            Abierto::Espera(e) => &e.name,
            Abierto::Reserva(r) => &r.name,
        }
    }
    fn sucursal_id(&self) -> &str {
        match self {
            Abierto::Espera(e) => &e.sucursal_id,
            Abierto::Reserva(r) => &r.sucursal_id,
        }
    }
    fn tag(&self) -> &str {
        match self {
            Abierto::Espera(e) => &e.tag,
            Abierto::Reserva(r) => &r.tag,
        }
    }
}

fn cuando(r: &ReservaRecordada) -> String {
    r.fecha_hora.format("%d/%m a las %H:%M").to_string()
}

/// What the message does, and the answer the guest gets.
async fn atender(state: &AppState, sid: &str, digitos: &str, texto: &str) -> Result<()> {
    let ahora = state.reloj.ahora();
    // Reservations from a day back are read; each is then kept only if its time has not
    // passed at its own branch.
    let ayer = (ahora - chrono::Duration::days(1)).naive_utc();
    let (esperas, reservas) = state.store.abiertos_de(digitos, ayer).await?;
    let abiertos: Vec<Abierto> = esperas
        .into_iter()
        .map(Abierto::Espera)
        .chain(
            reservas
                .into_iter()
                .filter(|r| {
                    let zona: chrono_tz::Tz =
                        r.zona.parse().unwrap_or(chrono_tz::America::Mexico_City);
                    ahora.with_timezone(&zona).naive_local() < r.fecha_hora
                })
                .map(Abierto::Reserva),
        )
        .collect();
    let pendientes: Vec<Pendiente> = abiertos.iter().map(Abierto::pendiente).collect();
    let decision = respuesta::decidir(texto, &pendientes);
    let (indice, nombre_decision) = match decision {
        Decision::Si(i) => (Some(i), "si"),
        Decision::No(i) => (Some(i), "no"),
        Decision::Mensaje(i) => (Some(i), "mensaje"),
        Decision::Elegir => (Some(0), "elegir"),
        Decision::Nada => (None, "nada"),
    };
    let cosa = indice.and_then(|i| abiertos.get(i));
    let contestacion: Option<String> = match (decision, cosa) {
        (Decision::Si(_), Some(Abierto::Espera(e))) => {
            Some(if state.store.marcar_viene(&e.id, &e.tag, ahora).await? {
                format!(
                    "Gracias, {}: le avisamos a la hostess que vienes en camino.",
                    e.name
                )
            } else {
                "Tu lugar en la lista de espera ya estaba cerrado.".to_owned()
            })
        }
        (Decision::No(_), Some(Abierto::Espera(e))) => {
            let alcance = Alcance::de_tags(std::slice::from_ref(&e.tag));
            Some(
                match state.store.salir_espera(&alcance, &e.id, MOTIVO_SMS).await {
                    Ok(_) => {
                        state.eventos.lista_tras_commit(Lista::Espera, &e.tag);
                        format!(
                        "Listo: dejaste tu lugar en la lista de espera de {}. ¡Te esperamos pronto!",
                        e.sucursal
                    )
                    }
                    Err(ErrorAlmacen::Regla(ReglaError::EsperaTerminada)) => {
                        "Tu lugar en la lista de espera ya estaba cerrado.".to_owned()
                    }
                    Err(e) => return Err(e.into()),
                },
            )
        }
        (Decision::Si(_) | Decision::No(_), Some(Abierto::Reserva(r))) => {
            let (accion, log, despues, hecho) = if matches!(decision, Decision::Si(_)) {
                (
                    AccionCliente::Confirmar,
                    Accion::Confirmar,
                    None,
                    "quedó confirmada. ¡Te esperamos!",
                )
            } else {
                (
                    AccionCliente::Cancelar,
                    Accion::Cancelar,
                    Some(anfitrion_core::estado::EstadoReservacion::Cancelada),
                    "quedó cancelada.",
                )
            };
            let pendiente = anfitrion_core::estado::EstadoReservacion::Pendiente;
            let cambio = Cambio::de(por_sms(&r.name), Entidad::Reservacion, &r.id, log)
                .en(&r.sucursal_id)
                .antes(&Estado { status: pendiente })
                .despues(&Estado {
                    status: despues.unwrap_or(pendiente),
                });
            Some(
                match state
                    .store
                    .accion_cliente(&r.id, accion, None, ahora, &cambio)
                    .await
                {
                    Ok(tag) => {
                        state.eventos.lista_tras_commit(Lista::Reservaciones, &tag);
                        format!("Tu reservación en {} del {} {hecho}", r.sucursal, cuando(r))
                    }
                    Err(ErrorAlmacen::Regla(regla)) => regla.to_string(),
                    Err(e) => return Err(e.into()),
                },
            )
        }
        (Decision::Mensaje(_), Some(_)) => {
            Some("Recibimos tu mensaje; la hostess lo leerá en un momento.".to_owned())
        }
        (Decision::Elegir, Some(_)) => Some(respuesta::texto_elegir(&pendientes)),
        _ => None,
    };
    let ahora = crate::db::espera::al_microsegundo(ahora);
    let entrante = NuevoEntrante {
        sid: sid.to_owned(),
        sucursal_id: cosa.map(|c| c.sucursal_id().to_owned()),
        espera_id: match cosa {
            Some(Abierto::Espera(e)) => Some(e.id.clone()),
            _ => None,
        },
        reservacion_id: match cosa {
            Some(Abierto::Reserva(r)) => Some(r.id.clone()),
            _ => None,
        },
        remitente: digitos.to_owned(),
        texto: texto.to_owned(),
        decision: nombre_decision,
        ahora,
    };
    let respuesta = contestacion.zip(cosa).map(|(t, c)| NuevoMensaje {
        id: nuevo_id(),
        sucursal_id: c.sucursal_id().to_owned(),
        reservacion_id: entrante.reservacion_id.clone(),
        espera_id: entrante.espera_id.clone(),
        tipo: TIPO_RESPUESTA.to_owned(),
        destinatario: format!("+{digitos}"),
        texto: t,
    });
    // A message for the host rings like a new reservation, on the party or reservation it is about.
    let aviso = match (decision, cosa) {
        (Decision::Mensaje(_), Some(c)) => Some(NuevaNotificacion {
            id: nuevo_id(),
            sucursal_id: c.sucursal_id().to_owned(),
            reservacion_id: entrante.reservacion_id.clone(),
            title: format!("Mensaje de {}", c.name()),
            description: texto.chars().take(140).collect(),
            origin: ORIGEN_SMS.to_owned(),
            creada: ahora,
        }),
        _ => None,
    };
    let (entidad, entidad_id) = match cosa {
        Some(Abierto::Reserva(r)) => (Entidad::Reservacion, r.id.clone()),
        Some(Abierto::Espera(e)) => (Entidad::Espera, e.id.clone()),
        None => (Entidad::Espera, String::new()),
    };
    let nombre = cosa.map_or("Número desconocido", Abierto::name);
    let mut cambio = Cambio::de(por_sms(nombre), entidad, &entidad_id, Accion::MensajeSms)
        .despues(&serde_json::json!({ "texto": texto, "respuesta": nombre_decision }));
    if let Some(c) = cosa {
        cambio = cambio.en(c.sucursal_id());
    }
    let Some(anunciado) = state
        .store
        .guardar_entrante(&entrante, respuesta.as_ref(), aviso.as_ref(), &cambio)
        .await?
    else {
        return Ok(());
    };
    state.eventos.tras_commit(anunciado);
    if let Some(c) = cosa {
        let lista = match c {
            Abierto::Espera(_) => Lista::Espera,
            Abierto::Reserva(_) => Lista::Reservaciones,
        };
        state.eventos.lista_tras_commit(lista, c.tag());
    }
    if respuesta.is_some() {
        state.mensajes.notify_one();
    }
    Ok(())
}

/// The guest, as the log names the author of what they wrote.
fn por_sms(name: &str) -> Autor {
    Autor {
        usuario_id: None,
        usuario_name: format!("{name} (SMS)"),
    }
}

/// A reservation's messages by SMS and the answers its guest got, oldest first.
#[utoipa::path(
    operation_id = "conversacion_reservacion",
    get, path = "/api/v1/admin/reservacion/{id}/mensajes", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación")),
    responses(
        (status = 200, description = "Los mensajes de la reservación", body = Envelope<Vec<LineaMensaje>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservaciones.index, o reservación de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn conversacion_reservacion(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionesIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<LineaMensaje>>> {
    let r = state
        .store
        .confirmacion(id.trim())
        .await?
        .ok_or(ApiError::NoEncontrado("la reservación"))?;
    if !usuario.alcance().incluye(&r.tag) {
        return Err(ApiError::SucursalAjena);
    }
    let lineas = state
        .store
        .conversacion_reservacion(&r.id)
        .await?
        .into_iter()
        .map(LineaMensaje::from)
        .collect();
    Ok(Envelope::ok("Mensajes de la reservación", lineas))
}

/// Answers a reservation's guest by SMS, through the outbox; the log names who answered.
#[utoipa::path(
    operation_id = "responder_reservacion",
    post, path = "/api/v1/admin/reservacion/{id}/mensajes", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación")),
    request_body = RespuestaEspera,
    responses(
        (status = 201, description = "Respuesta en cola", body = Envelope<serde_json::Value>),
        (status = 400, description = "Falta el texto, o es demasiado largo", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservaciones.index, o reservación de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "La reservación no tiene teléfono, o el servidor no tiene servicio de mensajes; no se guardó nada", body = EnvelopeError),
        (status = 429, description = "Su teléfono ya recibió 5 mensajes en la última hora; no se guardó nada", body = EnvelopeError,
            headers(("Retry-After" = u64, description = "Segundos hasta que se pueda responder"))),
    )
)]
async fn responder_reservacion(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionesIndex>,
    Path(id): Path<String>,
    Json(r): Json<RespuestaEspera>,
) -> Result<(StatusCode, Envelope<serde_json::Value>)> {
    let texto = anfitrion_core::respuesta::texto_de_respuesta(&r.texto)?;
    let cambio = Cambio::de(
        &usuario,
        Entidad::Reservacion,
        id.trim(),
        Accion::RespuestaSms,
    )
    .despues(&serde_json::json!({ "texto": texto }));
    let hecho = en_alcance(
        state
            .store
            .responder_reservacion(
                &usuario.alcance(),
                id.trim(),
                &texto,
                state.canales.telefono,
                &cambio,
            )
            .await?,
        "la reservación",
    )?;
    let tag = hecho.map_err(|no| no_enviado(&state, no))?;
    state.eventos.lista_tras_commit(Lista::Reservaciones, &tag);
    state.mensajes.notify_one();
    Ok((
        StatusCode::CREATED,
        Envelope::ok(
            "Respuesta en cola para enviarse",
            serde_json::json!({ "_id": id.trim() }),
        ),
    ))
}
