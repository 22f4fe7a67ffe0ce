//! `/api/v1/public`, what guests call without a session: a branch's booking
//! facts, its bookable times, the booking itself, its confirmation and the e-mail check.
//!
//! A booking is checked by core (contact, date in the future, the branch open then, party,
//! origin, and availability), then stored with its notification and its confirmation e-mail in
//! one transaction that runs availability again under the branch's lock. Every call is throttled
//! per address, bodies are small, and no answer carries another guest's data: the confirmation
//! needs the reservation's unguessable token and shows no e-mail or phone.

use std::net::IpAddr;

use anfitrion_core::comanda::Personas;
use anfitrion_core::disponibilidad::{ventana_tomadas, Disponibilidad, Reservante, DIAS_SIGUIENTE};
use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::reservacion::{ReservaNueva, SolicitudReservacion, PERSONAS_MAX};
use anfitrion_core::ReglaError;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use chrono::{Days, NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{hash_token, nuevo_token};
use crate::correo;
use crate::db::nuevo_id;
use crate::db::publico::{HashesReserva, SucursalReservable};
use crate::db::reservaciones::{NuevaNotificacion, NuevaReservacion};
use crate::db::usuarios::Usuario;
use crate::db::ErrorAlmacen;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{DireccionCliente, JsonPublico, Path, Query};
use crate::limites::LIMITE_CUERPO_PUBLICO;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sucursal))
        .routes(routes!(disponibilidad))
        .routes(routes!(reservar))
        .routes(routes!(confirmacion))
        .routes(routes!(verificar))
        .layer(DefaultBodyLimit::max(LIMITE_CUERPO_PUBLICO))
}

/// What the booking page shows of a branch before a guest picks anything.
#[derive(Debug, Serialize, ToSchema)]
pub struct SucursalPublica {
    pub tag: String,
    pub name: String,
    /// The brand's name.
    pub marca: String,
    #[schema(example = "America/Mexico_City")]
    pub zona_horaria: String,
    /// The largest party one table, or two joined, seats (at most 50).
    pub personas_max: u32,
    /// The largest party staff may book from the console (50): the floor joins tables for a group.
    pub personas_max_personal: u32,
    /// First bookable date, `YYYY-MM-DD` (today at the branch).
    #[schema(example = "2026-11-22")]
    pub fecha_min: String,
    /// Last bookable date (today plus the booking horizon).
    #[schema(example = "2027-01-21")]
    pub fecha_max: String,
    /// The countries whose phone numbers the branch takes from guests (ISO 3166-1 codes: MX,
    /// US for the United States and Canada, ES, CO, GT); another country's is refused.
    #[schema(example = json!(["MX"]))]
    pub paises_telefono: Vec<String>,
    /// Whether a booking with an e-mail gets its confirmation by e-mail: false where the server
    /// has no e-mail set up (or no public address for its links), so the form promises none.
    pub envia_correo: bool,
    pub contacto: ContactoSucursal,
}

/// Where guests find and call the branch, as its form saved it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContactoSucursal {
    #[schema(example = "Av. Presidente Masaryk 123, Polanco, CDMX")]
    pub direccion: Option<String>,
    /// Digits with the country code.
    #[schema(example = "525512345678")]
    pub telefono: Option<String>,
    /// A map search for the address; absent without one.
    #[schema(
        example = "https://www.google.com/maps/search/?api=1&query=Av.%20Presidente%20Masaryk%20123"
    )]
    pub mapa: Option<String>,
}

impl ContactoSucursal {
    pub fn de(s: &SucursalReservable) -> Self {
        ContactoSucursal {
            mapa: s.direccion.as_deref().map(|d| {
                let consulta: String = form_urlencoded::byte_serialize(
                    format!("{} {}, {d}", s.marca, s.name).as_bytes(),
                )
                .collect();
                format!("https://www.google.com/maps/search/?api=1&query={consulta}")
            }),
            direccion: s.direccion.clone(),
            telefono: s.telefono.clone(),
        }
    }
}

/// The answer to a booking: its id and the path of its confirmation page, which carries the
/// reservation's unguessable token (`/reservacion/{tag}/confirmacion/{id}?t=…`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReservaRegistrada {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(example = "/reservacion/polanco/confirmacion/65f0c0ffee0000000000abcd?t=3f9a…")]
    pub confirmacion: String,
}

/// What a guest sees of the booking they made: no e-mail, no phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmacionPublica {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Branch-local wall time, `YYYY-MM-DD HH:MM` as every answer writes one.
    #[serde(with = "anfitrion_core::tiempo::fecha_hora_local")]
    #[schema(value_type = String, example = "2026-11-22 19:15")]
    pub fecha_hora: NaiveDateTime,
    pub no_personas: u32,
    /// The branch's name.
    pub sucursal: String,
    /// The brand's name.
    pub marca: String,
    /// The branch's tag.
    pub tag: String,
    /// The QR code holding the reservation's `_id` (what the check-in scanner reads), as an SVG document.
    pub qr_svg: String,
    /// The booking gave an e-mail: the code went there too (the address itself is not shown).
    pub con_correo: bool,
    pub status: EstadoReservacion,
    /// The guest confirmed they are coming.
    pub confirmada: bool,
    /// Whether the guest may still change the party or the time, or cancel, from this page: a
    /// Pendiente reservation before the branch's lead time.
    pub editable: bool,
    /// The last moment a change is taken online, branch-local `YYYY-MM-DD HH:MM`.
    #[serde(serialize_with = "anfitrion_core::tiempo::fecha_hora_local_opcional::serialize")]
    #[schema(value_type = Option<String>, example = "2026-11-22 17:15")]
    pub cambiar_hasta: Option<NaiveDateTime>,
    /// The largest party the branch takes online.
    pub personas_max: u32,
    /// The occasion the guest named («Ninguno» when none).
    pub evento: String,
    /// The branch's address, phone and map; empty when the branch is no longer bookable.
    pub contacto: ContactoSucursal,
}

/// The e-mail's verification link's token.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Verificacion {
    #[serde(default)]
    pub token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CorreoVerificado {
    pub email_verified: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosDisponibilidad {
    /// `YYYY-MM-DD`, branch-local.
    #[param(required = true)]
    pub fecha: Option<String>,
    /// Party size, 1 to 50.
    #[param(required = true)]
    pub personas: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametroToken {
    /// The confirmation token from the booking's answer or its e-mail.
    pub t: Option<String>,
}

/// The reads' throttle, per address.
pub(crate) fn admitir_consulta(state: &AppState, ip: IpAddr) -> Result<()> {
    if state.consultas_publicas.admitir(ip) {
        Ok(())
    } else {
        tracing::warn!(%ip, "consultas públicas frenadas");
        Err(ApiError::DemasiadasConsultas)
    }
}

pub(crate) async fn reservable(state: &AppState, tag: &str) -> Result<SucursalReservable> {
    state
        .store
        .sucursal_reservable(tag.trim())
        .await?
        .ok_or(ApiError::NoEncontrado("la sucursal"))
}

/// The branch's booking facts.
#[utoipa::path(
    operation_id = "sucursal_publica",
    get, path = "/api/v1/public/sucursal/{tag}", tag = "público",
    params(("tag" = String, Path, description = "Etiqueta de la sucursal")),
    responses(
        (status = 200, description = "Sucursal", body = Envelope<SucursalPublica>),
        (status = 404, description = "La sucursal no existe o no está activa", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn sucursal(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(tag): Path<String>,
) -> Result<Envelope<SucursalPublica>> {
    admitir_consulta(&state, ip)?;
    let s = reservable(&state, &tag).await?;
    let salon = s.salon();
    let ahora = state.reloj.ahora();
    let publica = SucursalPublica {
        personas_max: salon.personas_max(),
        personas_max_personal: PERSONAS_MAX,
        fecha_min: salon.fecha_min(ahora).format("%Y-%m-%d").to_string(),
        fecha_max: salon.fecha_max(ahora).format("%Y-%m-%d").to_string(),
        zona_horaria: s.conf.walkin.horario.zona.name().to_owned(),
        paises_telefono: s.conf.paises_telefono.codigos(),
        envia_correo: state.canales.correo && state.url_publica.is_some(),
        contacto: ContactoSucursal::de(&s),
        tag: s.tag,
        name: s.name,
        marca: s.marca,
    };
    Ok(Envelope::ok("Sucursal", publica))
}

/// The times a party can book on a date.
#[utoipa::path(
    operation_id = "disponibilidad_publica",
    get, path = "/api/v1/public/sucursal/{tag}/disponibilidad", tag = "público",
    params(("tag" = String, Path, description = "Etiqueta de la sucursal"), ParametrosDisponibilidad),
    responses(
        (status = 200, description = "Horarios disponibles; `motivo` dice por qué no hay ninguno", body = Envelope<Disponibilidad>),
        (status = 400, description = "Fecha o personas no válidas", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe o no está activa", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn disponibilidad(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(tag): Path<String>,
    Query(p): Query<ParametrosDisponibilidad>,
) -> Result<Envelope<Disponibilidad>> {
    admitir_consulta(&state, ip)?;
    let d = disponibilidad_como(&state, &tag, &p, Reservante::Huesped).await?;
    Ok(Envelope::ok("Horarios disponibles", d))
}

/// The bookable times a query asks for, as `quien` may book them (the public page's and the
/// console's reads, one rule).
pub async fn disponibilidad_como(
    state: &AppState,
    tag: &str,
    p: &ParametrosDisponibilidad,
    quien: Reservante,
) -> Result<Disponibilidad> {
    let fecha = p.fecha.as_deref().map(str::trim).unwrap_or("");
    let fecha = NaiveDate::parse_from_str(fecha, "%Y-%m-%d")
        .map_err(|_| ApiError::Regla(ReglaError::FechaInvalida))?;
    let personas: u32 = match p.personas.as_deref().map(str::trim) {
        None | Some("") => {
            return Err(ApiError::Entrada(
                "Indica el número de personas en el parámetro «personas».".to_owned(),
            ))
        }
        Some(n) => n.parse().map_err(|_| {
            ApiError::Entrada("El número de personas debe ser un número entero.".to_owned())
        })?,
    };
    let s = reservable(state, tag).await?;
    let (desde, hasta) = ventana_tomadas(fecha);
    let tomadas = state.store.reservas_tomadas(&s.id, desde, hasta).await?;
    let ahora = state.reloj.ahora();
    let salon = s.salon();
    let mut d = salon.disponibilidad_para(quien, fecha, personas, &tomadas, ahora)?;
    // A date without a time offers the next one with room, read over those days at once.
    if d.horarios.is_empty() {
        let ultimo = fecha
            .checked_add_days(Days::new(u64::from(DIAS_SIGUIENTE)))
            .unwrap_or(fecha);
        let (desde, _) = ventana_tomadas(fecha);
        let (_, hasta) = ventana_tomadas(ultimo);
        let tomadas = state.store.reservas_tomadas(&s.id, desde, hasta).await?;
        d.siguiente = salon
            .siguiente_con_lugar(quien, fecha, personas, &tomadas, ahora)
            .map(|f| f.format("%Y-%m-%d").to_string());
    }
    Ok(d)
}

/// Books a table. No session: throttled per address.
#[utoipa::path(
    operation_id = "reservar_publica",
    post, path = "/api/v1/public/reservacion", tag = "público", request_body = SolicitudReservacion,
    responses(
        (status = 201, description = "Reservación registrada", body = Envelope<ReservaRegistrada>),
        (status = 400, description = "Datos no válidos, fecha pasada, sucursal cerrada u horario no disponible", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
        (status = 409, description = "Ya no hay mesa a esa hora", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
        (status = 429, description = "Demasiadas reservaciones desde esta dirección", body = EnvelopeError),
    )
)]
async fn reservar(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    JsonPublico(s): JsonPublico<SolicitudReservacion>,
) -> Result<(StatusCode, Envelope<ReservaRegistrada>)> {
    let registrada = reservar_como(&state, s, Quien::Huesped(ip)).await?;
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Reservación registrada", registrada),
    ))
}

/// Who books: a guest on the public page (throttled per address; the console's origin is not
/// theirs to claim) or staff signed in to the console (their branches only; the audit entry
/// names them).
pub enum Quien<'a> {
    Huesped(IpAddr),
    Personal(&'a Usuario),
}

/// A booking, checked by core and by availability, stored with its notification and its
/// confirmation e-mail in one transaction that runs availability again under the branch's lock.
pub async fn reservar_como(
    state: &AppState,
    mut s: SolicitudReservacion,
    quien: Quien<'_>,
) -> Result<ReservaRegistrada> {
    if let Quien::Personal(usuario) = quien {
        crate::access::exigir_sucursal(usuario, s.tag.trim())?;
        // Staff book for the console unless they say the guest came through another channel.
        if s.origin.as_deref().is_none_or(|o| o.trim().is_empty()) {
            s.origin = Some(Origen::Plataforma.nombre().to_owned());
        }
    }
    let suc = reservable(state, &s.tag).await?;
    let ahora = state.reloj.ahora();
    let reloj = suc.conf.walkin.horario;
    // A guest's typed number must be of one of the branch's countries and an ordinary one;
    // staff keep the general rule (they write down what the guest in front of them gives).
    let reserva = match quien {
        Quien::Huesped(_) => ReservaNueva::parse_de_huesped(
            &s,
            reloj.local(ahora),
            &suc.horario,
            &suc.especiales,
            &suc.conf.paises_telefono,
        )?,
        Quien::Personal(_) => {
            ReservaNueva::parse(&s, reloj.local(ahora), &suc.horario, &suc.especiales)?
        }
    };
    if let Quien::Huesped(ip) = quien {
        if reserva.origin == Origen::Plataforma {
            return Err(ReglaError::OrigenDelPersonal.into());
        }
        if !state.reservas_publicas.admitir(ip) {
            tracing::warn!(%ip, "reservaciones públicas frenadas");
            return Err(ApiError::DemasiadasReservaciones);
        }
    }
    let afiliado_id =
        crate::api::afiliados::afiliado_de_reserva(state, reserva.afiliado.as_deref()).await?;
    // A partner origin from the public page without a partner's code is only what the booker said.
    let origin_declarado = matches!(quien, Quien::Huesped(_))
        && reserva.origin != Origen::Widget
        && afiliado_id.is_none();
    let personas: Personas = reserva.no_personas;
    let n = personas.get();
    let salon = suc.salon();
    let reservante = match quien {
        Quien::Personal(_) => Reservante::Personal,
        Quien::Huesped(_) => Reservante::Huesped,
    };
    let (desde, hasta) = ventana_tomadas(reserva.fecha_hora.date());
    // Checked first outside the transaction (most refusals end here, without taking the lock),
    // then again inside it, where it counts.
    let tomadas = state.store.reservas_tomadas(&suc.id, desde, hasta).await?;
    salon
        .exigir_disponible_para(reservante, reserva.fecha_hora, n, &tomadas, ahora)
        .map_err(refusal)?;

    let id = nuevo_id();
    let token = nuevo_token();
    let nueva = NuevaReservacion {
        id: id.clone(),
        sucursal_id: suc.id.clone(),
        cliente_id: None,
        afiliado_id,
        name: reserva.contacto.name.clone(),
        email: reserva.contacto.email.clone(),
        phone: reserva.contacto.phone.clone(),
        fecha_hora: reserva.fecha_hora,
        no_personas: personas,
        evento: reserva.evento,
        comentarios: reserva.comentarios.clone(),
        origin: reserva.origin,
        email_verified: false,
        phone_verified: false,
        origin_declarado,
        autor: match quien {
            Quien::Personal(usuario) => Some(usuario.into()),
            Quien::Huesped(_) => None,
        },
        creada: ahora,
    };
    let aviso = NuevaNotificacion {
        id: nuevo_id(),
        sucursal_id: suc.id.clone(),
        reservacion_id: Some(id.clone()),
        title: "Nueva reservación".to_owned(),
        description: format!(
            "{} · {} {} · {}",
            nueva.name,
            n,
            if n == 1 { "persona" } else { "personas" },
            nueva.fecha_hora.format("%d/%m %H:%M")
        ),
        origin: reserva.origin.nombre().to_owned(),
        creada: ahora,
    };
    // The e-mail check has its own secret, in the e-mail alone: the answer below carries the
    // confirmation's, and whoever books must not be able to verify someone else's address.
    // Without the public address the e-mail's links would lead nowhere, and without SMTP it
    // would never leave: then none is queued, and the confirmation page does not promise one.
    let verificacion = nueva
        .email
        .as_ref()
        .filter(|_| state.url_publica.is_some() && state.canales.correo)
        .map(|_| nuevo_token());
    let correo = state
        .url_publica
        .as_deref()
        .zip(nueva.email.as_deref())
        .zip(verificacion.as_deref())
        .map(|((url_publica, destinatario), verificacion)| {
            correo::confirmacion(
                url_publica,
                &suc,
                &nueva,
                destinatario,
                &token,
                verificacion,
            )
        });
    let revisar = |tomadas: &[_]| {
        salon.exigir_disponible_para(reservante, reserva.fecha_hora, n, tomadas, ahora)
    };
    let hash_verificacion = verificacion.as_deref().map(hash_token);
    let hashes = HashesReserva {
        confirmacion: &hash_token(&token),
        verificacion: hash_verificacion.as_deref(),
    };
    let anunciado = state
        .store
        .reservar_publica(
            &nueva,
            &aviso,
            &hashes,
            correo.as_ref(),
            desde,
            hasta,
            &revisar,
        )
        .await
        .map_err(|e| match e {
            ErrorAlmacen::Regla(r) => refusal(r),
            otro => otro.into(),
        })?;
    state.eventos.tras_commit(anunciado);
    Ok(ReservaRegistrada {
        confirmacion: correo::ruta_confirmacion(&suc.tag, &id, &token),
        id,
    })
}

/// A full time is a conflict with what others booked (409); every other refusal is bad input.
pub(crate) fn refusal(r: ReglaError) -> ApiError {
    if r == ReglaError::SinLugar {
        ApiError::ConDatos {
            codigo: StatusCode::CONFLICT,
            mensaje: r.mensaje(),
            data: serde_json::to_value(&r).unwrap_or_default(),
        }
    } else {
        ApiError::Regla(r)
    }
}

/// Whether `token` is the one whose hash was stored, compared in constant time.
pub(crate) fn token_valido(token: Option<&str>, hash: Option<&str>) -> bool {
    let (Some(token), Some(hash)) = (
        token
            .map(str::trim)
            .filter(|t| !t.is_empty() && t.len() <= 128),
        hash,
    ) else {
        return false;
    };
    let dado = hash_token(token);
    let (a, b) = (dado.as_bytes(), hash.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The confirmation of a booking, with its QR. Without the booking's token it does not exist.
#[utoipa::path(
    operation_id = "confirmacion_publica",
    get, path = "/api/v1/public/reservacion/{id}", tag = "público",
    params(("id" = String, Path, description = "`_id` de la reservación"), ParametroToken),
    responses(
        (status = 200, description = "Confirmación", body = Envelope<ConfirmacionPublica>),
        (status = 404, description = "No existe, o el token no es el suyo", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn confirmacion(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    Query(p): Query<ParametroToken>,
) -> Result<Envelope<ConfirmacionPublica>> {
    admitir_consulta(&state, ip)?;
    let fila = state.store.confirmacion(id.trim()).await?;
    let Some(f) = fila.filter(|f| token_valido(p.t.as_deref(), f.confirmacion_hash.as_deref()))
    else {
        return Err(ApiError::NoEncontrado("la reservación"));
    };
    let qr_svg = anfitrion_core::qr::qr_svg(&f.id)?;
    let status = EstadoReservacion::parse(&f.status)?;
    let suc = state.store.sucursal_reservable(&f.tag).await?;
    let plazo = suc.as_ref().map(|s| s.conf.plazo_de_cambio(f.fecha_hora));
    let ahora = suc
        .as_ref()
        .map(|s| s.conf.walkin.horario.local(state.reloj.ahora()));
    let c = ConfirmacionPublica {
        status,
        confirmada: f.confirmada.is_some(),
        editable: status == EstadoReservacion::Pendiente
            && plazo.zip(ahora).is_some_and(|(p, a)| a <= p),
        cambiar_hasta: plazo,
        personas_max: suc.as_ref().map_or(0, |s| s.salon().personas_max()),
        contacto: suc.as_ref().map_or(
            ContactoSucursal {
                direccion: None,
                telefono: None,
                mapa: None,
            },
            ContactoSucursal::de,
        ),
        evento: f.evento,
        no_personas: u32::try_from(f.no_personas).unwrap_or(0),
        id: f.id,
        name: f.name,
        fecha_hora: f.fecha_hora,
        sucursal: f.sucursal,
        marca: f.marca,
        tag: f.tag,
        qr_svg,
        // Only a booking with an e-mail gets the e-mail check's token.
        con_correo: f.verificacion_hash.is_some(),
    };
    Ok(Envelope::ok("Reservación confirmada", c))
}

/// The link of the confirmation e-mail: its own token (not the confirmation page's) marks the
/// guest's e-mail verified.
#[utoipa::path(
    operation_id = "verificar_correo_publico",
    post, path = "/api/v1/public/reservacion/{id}/verificar", tag = "público",
    params(("id" = String, Path, description = "`_id` de la reservación")),
    request_body = Verificacion,
    responses(
        (status = 200, description = "Correo verificado", body = Envelope<CorreoVerificado>),
        (status = 400, description = "El enlace no es válido", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn verificar(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    JsonPublico(v): JsonPublico<Verificacion>,
) -> Result<Envelope<CorreoVerificado>> {
    admitir_consulta(&state, ip)?;
    let fila = state.store.confirmacion(id.trim()).await?;
    let Some(f) = fila.filter(|f| token_valido(v.token.as_deref(), f.verificacion_hash.as_deref()))
    else {
        return Err(ApiError::Entrada(ENLACE_INVALIDO.to_owned()));
    };
    if !state.store.verificar_correo(&f.id).await? {
        return Err(ApiError::Entrada(ENLACE_INVALIDO.to_owned()));
    }
    Ok(Envelope::ok(
        "Correo verificado",
        CorreoVerificado {
            email_verified: true,
        },
    ))
}

/// A verification link that is not a reservation's own (or was cut short).
pub const ENLACE_INVALIDO: &str =
    "El enlace de verificación no es válido. Ábrelo tal como llegó en el correo.";
