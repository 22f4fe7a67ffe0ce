//! `/api/v1/public/reservacion/{id}/…`: what a guest does to their own reservation without a
//! session. Two kinds of key open it: the booking's own token (the confirmation page, the guest's
//! page: see, confirm, change the party or the time while the branch's lead time allows, cancel)
//! and a reminder's single-purpose links (one confirms, the other cancels; each works once and
//! not after the reservation's time). Neither reaches any other guest's data.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::disponibilidad::{ventana_tomadas, Reservante};
use anfitrion_core::estado::EstadoReservacion;
use anfitrion_core::tiempo::parse_fecha_hora;
use anfitrion_core::ReglaError;
use axum::extract::{DefaultBodyLimit, State};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::publico::{admitir_consulta, refusal, reservable, token_valido, ParametroToken};
use crate::auth::hash_token;
use crate::db::avisos::Lista;
use crate::db::bitacora::{Autor, Cambio, Entidad, Estado};
use crate::db::publico::FilaConfirmacion;
use crate::db::recordatorios::{AccionCliente, CambioCliente};
use crate::db::ErrorAlmacen;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{DireccionCliente, JsonPublico, Path, Query};
use crate::limites::LIMITE_CUERPO_PUBLICO;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(enlace))
        .routes(routes!(confirmar))
        .routes(routes!(cancelar))
        .routes(routes!(cambiar))
        .layer(DefaultBodyLimit::max(LIMITE_CUERPO_PUBLICO))
}

/// A guest's reservation as their links show it: no e-mail, no phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReservacionHuesped {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Branch-local wall time, `YYYY-MM-DD HH:MM`.
    #[serde(with = "anfitrion_core::tiempo::fecha_hora_local")]
    #[schema(value_type = String, example = "2026-11-22 19:15")]
    pub fecha_hora: NaiveDateTime,
    pub no_personas: u32,
    pub sucursal: String,
    pub marca: String,
    pub tag: String,
    pub status: EstadoReservacion,
    /// The guest confirmed they are coming.
    pub confirmada: bool,
    /// The QR code the host scans at the door (it holds the reservation's `_id`), as SVG.
    pub qr_svg: String,
}

impl ReservacionHuesped {
    fn de(f: FilaConfirmacion) -> Result<Self> {
        Ok(ReservacionHuesped {
            qr_svg: anfitrion_core::qr::qr_svg(&f.id)?,
            status: EstadoReservacion::parse(&f.status)?,
            confirmada: f.confirmada.is_some(),
            no_personas: u32::try_from(f.no_personas).unwrap_or(0),
            id: f.id,
            name: f.name,
            fecha_hora: f.fecha_hora,
            sucursal: f.sucursal,
            marca: f.marca,
            tag: f.tag,
        })
    }
}

/// What a reminder's link opens: its purpose, whether it still works, and the reservation.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnlaceHuesped {
    /// `confirmar` or `cancelar`.
    #[schema(example = "confirmar")]
    pub proposito: String,
    /// Used already (it works once).
    pub usado: bool,
    /// The reservation's time has passed.
    pub vencido: bool,
    pub reservacion: ReservacionHuesped,
}

/// A guest's key: the booking's token or a reminder link's.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LlaveHuesped {
    #[serde(default)]
    #[schema(max_length = 128)]
    pub token: Option<String>,
}

/// A guest's change from their page: the booking's token, the new time and party.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CambioHuesped {
    #[serde(default)]
    #[schema(max_length = 128)]
    pub token: Option<String>,
    /// Branch-local `YYYY-MM-DD HH:MM`.
    #[schema(example = "2026-11-22 20:00", max_length = 32)]
    pub fecha_hora: String,
    #[schema(minimum = 1, maximum = 50)]
    pub no_personas: u32,
}

fn invalido() -> ApiError {
    ApiError::Regla(ReglaError::EnlaceInvalido)
}

/// The reservation `id` if `token` is its booking token.
async fn con_token_de_pagina(
    state: &AppState,
    id: &str,
    token: Option<&str>,
) -> Result<Option<FilaConfirmacion>> {
    Ok(state
        .store
        .confirmacion(id.trim())
        .await?
        .filter(|f| token_valido(token, f.confirmacion_hash.as_deref())))
}

/// The guest, as the log names the author of what they did.
fn autor(name: &str) -> Autor {
    Autor {
        usuario_id: None,
        usuario_name: format!("{name} (cliente)"),
    }
}

/// What a reminder's link opens. A token that is not one of this reservation's links does not
/// exist for this call.
#[utoipa::path(
    operation_id = "enlace_huesped",
    get, path = "/api/v1/public/reservacion/{id}/enlace", tag = "público",
    params(("id" = String, Path, description = "`_id` de la reservación"), ParametroToken),
    responses(
        (status = 200, description = "El enlace y su reservación", body = Envelope<EnlaceHuesped>),
        (status = 404, description = "No existe, o el enlace no es suyo", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn enlace(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    Query(p): Query<ParametroToken>,
) -> Result<Envelope<EnlaceHuesped>> {
    admitir_consulta(&state, ip)?;
    let token =
        p.t.as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty() && t.len() <= 128)
            .ok_or(ApiError::NoEncontrado("el enlace"))?;
    let id = id.trim();
    let (Some((proposito, vence, usado)), Some(f)) = (
        state.store.enlace(id, &hash_token(token)).await?,
        state.store.confirmacion(id).await?,
    ) else {
        return Err(ApiError::NoEncontrado("el enlace"));
    };
    Ok(Envelope::ok(
        "Enlace",
        EnlaceHuesped {
            proposito,
            usado,
            vencido: vence <= state.reloj.ahora(),
            reservacion: ReservacionHuesped::de(f)?,
        },
    ))
}

/// Confirms or cancels with the booking's token (until the reservation's time) or with the
/// reminder's link for that action.
async fn accion(
    state: &AppState,
    id: &str,
    token: Option<&str>,
    accion: AccionCliente,
) -> Result<ReservacionHuesped> {
    let id = id.trim();
    let token = token
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 128)
        .ok_or_else(invalido)?;
    let f = state.store.confirmacion(id).await?.ok_or_else(invalido)?;
    let ahora = state.reloj.ahora();
    let pagina = token_valido(Some(token), f.confirmacion_hash.as_deref());
    let enlace = (!pagina).then(|| hash_token(token));
    if pagina {
        let suc = reservable(state, &f.tag).await?;
        if suc.conf.walkin.horario.local(ahora) >= f.fecha_hora {
            // Past its time the reservation can no longer change: a conflict with its state,
            // as a used or expired reminder link answers.
            return Err(ErrorAlmacen::Regla(ReglaError::EnlaceVencido).into());
        }
    }
    let estado = EstadoReservacion::parse(&f.status)?;
    let (accion_log, despues) = match accion {
        AccionCliente::Confirmar => (Accion::Confirmar, estado),
        AccionCliente::Cancelar => (Accion::Cancelar, EstadoReservacion::Cancelada),
    };
    let sucursal_id = state
        .store
        .sucursal_reservable(&f.tag)
        .await?
        .map(|s| s.id)
        .unwrap_or_default();
    let cambio = Cambio::de(autor(&f.name), Entidad::Reservacion, id, accion_log)
        .en(&sucursal_id)
        .antes(&Estado { status: estado })
        .despues(&Estado { status: despues });
    let tag = state
        .store
        .accion_cliente(id, accion, enlace.as_deref(), ahora, &cambio)
        .await?;
    state.eventos.lista_tras_commit(Lista::Reservaciones, &tag);
    let f = state.store.confirmacion(id).await?.ok_or_else(invalido)?;
    ReservacionHuesped::de(f)
}

/// The guest confirms they are coming: from a reminder's "Confirmo" link (once) or their page.
#[utoipa::path(
    operation_id = "confirmar_huesped",
    post, path = "/api/v1/public/reservacion/{id}/confirmar", tag = "público",
    params(("id" = String, Path, description = "`_id` de la reservación")),
    request_body = LlaveHuesped,
    responses(
        (status = 200, description = "Asistencia confirmada", body = Envelope<ReservacionHuesped>),
        (status = 400, description = "El enlace no es válido", body = EnvelopeError),
        (status = 409, description = "El enlace ya se usó o venció, o la reservación ya no está pendiente", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn confirmar(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    JsonPublico(l): JsonPublico<LlaveHuesped>,
) -> Result<Envelope<ReservacionHuesped>> {
    admitir_consulta(&state, ip)?;
    let r = accion(&state, &id, l.token.as_deref(), AccionCliente::Confirmar).await?;
    Ok(Envelope::ok("¡Gracias! Tu asistencia quedó confirmada.", r))
}

/// The guest cancels: from a reminder's "Cancelar" link (once) or their page. The log names the
/// guest; the time they held is free for others at once.
#[utoipa::path(
    operation_id = "cancelar_huesped",
    post, path = "/api/v1/public/reservacion/{id}/cancelar", tag = "público",
    params(("id" = String, Path, description = "`_id` de la reservación")),
    request_body = LlaveHuesped,
    responses(
        (status = 200, description = "Reservación cancelada", body = Envelope<ReservacionHuesped>),
        (status = 400, description = "El enlace no es válido", body = EnvelopeError),
        (status = 409, description = "El enlace ya se usó o venció, o la reservación ya no está pendiente", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn cancelar(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    JsonPublico(l): JsonPublico<LlaveHuesped>,
) -> Result<Envelope<ReservacionHuesped>> {
    admitir_consulta(&state, ip)?;
    let r = accion(&state, &id, l.token.as_deref(), AccionCliente::Cancelar).await?;
    Ok(Envelope::ok("Tu reservación quedó cancelada.", r))
}

/// The party size and time as a change's log entry records them.
#[derive(Serialize)]
struct FechaYPersonas {
    fecha_hora: String,
    no_personas: u32,
}

/// The guest changes the party or the time from their page (the booking's token only), through
/// the same availability as a booking, before the branch's lead time.
#[utoipa::path(
    operation_id = "cambiar_huesped",
    post, path = "/api/v1/public/reservacion/{id}/cambiar", tag = "público",
    params(("id" = String, Path, description = "`_id` de la reservación")),
    request_body = CambioHuesped,
    responses(
        (status = 200, description = "Reservación cambiada", body = Envelope<ReservacionHuesped>),
        (status = 400, description = "El enlace o los datos no son válidos", body = EnvelopeError),
        (status = 409, description = "Sin lugar, fuera de plazo, o la reservación ya no está pendiente", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn cambiar(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    JsonPublico(c): JsonPublico<CambioHuesped>,
) -> Result<Envelope<ReservacionHuesped>> {
    admitir_consulta(&state, ip)?;
    let id = id.trim();
    let f = con_token_de_pagina(&state, id, c.token.as_deref())
        .await?
        .ok_or_else(invalido)?;
    let suc = reservable(&state, &f.tag).await?;
    let estado = EstadoReservacion::parse(&f.status)?;
    if estado != EstadoReservacion::Pendiente {
        return Err(ApiError::from(ErrorAlmacen::Regla(
            ReglaError::NoPendiente { estado },
        )));
    }
    let ahora = state.reloj.ahora();
    if suc.conf.walkin.horario.local(ahora) > suc.conf.plazo_de_cambio(f.fecha_hora) {
        return Err(ApiError::from(ErrorAlmacen::Regla(
            ReglaError::CambioFueraDePlazo {
                min: suc.conf.anticipacion_min,
            },
        )));
    }
    let fecha_hora = parse_fecha_hora(&c.fecha_hora)?;
    let n = anfitrion_core::comanda::Personas::parse(Some(c.no_personas))?.get();
    let salon = suc.salon();
    let revisar = |tomadas: &[_]| {
        salon.exigir_disponible_para(Reservante::Huesped, fecha_hora, n, tomadas, ahora)
    };
    let (desde, hasta) = ventana_tomadas(fecha_hora.date());
    let antes = FechaYPersonas {
        fecha_hora: anfitrion_core::tiempo::formato_fecha_hora(f.fecha_hora),
        no_personas: u32::try_from(f.no_personas).unwrap_or(0),
    };
    let despues = FechaYPersonas {
        fecha_hora: anfitrion_core::tiempo::formato_fecha_hora(fecha_hora),
        no_personas: n,
    };
    let cambio = Cambio::de(
        autor(&f.name),
        Entidad::Reservacion,
        id,
        Accion::CambioDelCliente,
    )
    .en(&suc.id)
    .antes(&antes)
    .despues(&despues);
    // A new date, time or party reaches the guest's e-mail as a new confirmation, queued with
    // the change; only where e-mail is set up (with the public address its link needs).
    let cambia = fecha_hora != f.fecha_hora || i64::from(n) != i64::from(f.no_personas);
    let correo = state
        .url_publica
        .as_deref()
        .filter(|_| state.canales.correo && cambia)
        .zip(f.email.as_deref().filter(|e| !e.is_empty()))
        .zip(c.token.as_deref())
        .map(|((url, destinatario), token)| {
            crate::correo::cambio(url, &suc, &f, fecha_hora, n, destinatario, token.trim())
        });
    let tag = state
        .store
        .cambiar_cliente(
            id,
            &CambioCliente {
                fecha_hora,
                no_personas: n,
                desde,
                hasta,
                revisar: &revisar,
                correo: correo.as_ref(),
            },
            &cambio,
        )
        .await
        .map_err(|e| match e {
            // What availability refuses reads as a booking's refusal; the rest as storage says.
            ErrorAlmacen::Regla(r) if !matches!(r, ReglaError::NoPendiente { .. }) => refusal(r),
            otro => otro.into(),
        })?;
    state.eventos.lista_tras_commit(Lista::Reservaciones, &tag);
    let f = state.store.confirmacion(id).await?.ok_or_else(invalido)?;
    Ok(Envelope::ok(
        if correo.is_some() {
            "Tu reservación quedó cambiada. Te enviamos la nueva confirmación por correo."
        } else {
            "Tu reservación quedó cambiada."
        },
        ReservacionHuesped::de(f)?,
    ))
}
