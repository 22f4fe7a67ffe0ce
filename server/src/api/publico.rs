//! `/api/v1/public`: what guests call without a session. A booking is checked by core (contact,
//! date in the future, the branch open then, party, origin), stored with its notification in
//! one transaction, throttled per address, and answered without anyone else's data.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anfitrion_core::comanda::Personas;
use anfitrion_core::reservacion::{ReservaNueva, SolicitudReservacion};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use chrono::{NaiveDateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::nuevo_id;
use crate::db::reservaciones::{NuevaNotificacion, NuevaReservacion};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::extract::{DireccionCliente, Json};
use crate::AppState;

/// Bookings one address may make in an hour: a family books a few; a script, many.
pub const RESERVAS_POR_HORA: usize = 20;
/// A booking is a few hundred bytes; nothing larger is read.
const LIMITE_CUERPO_PUBLICO: usize = 16 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(reservar)).layer(DefaultBodyLimit::max(LIMITE_CUERPO_PUBLICO))
}

/// Counts recent events per address in a sliding hour. In memory: each instance counts its own,
/// which bounds a flood per instance.
pub struct LimitePorDireccion {
    maximo: usize,
    ventana: Duration,
    vistos: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl LimitePorDireccion {
    pub fn new(maximo: usize) -> Self {
        LimitePorDireccion { maximo, ventana: Duration::from_secs(3600), vistos: Mutex::new(HashMap::new()) }
    }

    /// Records one more from `ip`; false, recording nothing, when it is over the limit.
    pub fn admitir(&self, ip: IpAddr) -> bool {
        let ahora = Instant::now();
        let mut vistos = self.vistos.lock().expect("límite por dirección");
        // Forget addresses quiet for the whole window, so the map stays small.
        if vistos.len() > 10_000 {
            vistos.retain(|_, v| v.back().is_some_and(|t| ahora.duration_since(*t) < self.ventana));
        }
        let cola = vistos.entry(ip).or_default();
        while cola.front().is_some_and(|t| ahora.duration_since(*t) >= self.ventana) {
            cola.pop_front();
        }
        if cola.len() >= self.maximo {
            return false;
        }
        cola.push_back(ahora);
        true
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SucursalPublica {
    pub name: String,
}

/// What a guest sees of the booking they made.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReservacionPublica {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    #[schema(value_type = String, example = "2026-11-22T19:15:00")]
    pub fecha_hora: NaiveDateTime,
    pub no_personas: u32,
    pub sucursal: SucursalPublica,
}

/// Books a table. No session: throttled per address.
#[utoipa::path(
    post, path = "/api/v1/public/reservacion", tag = "público", request_body = SolicitudReservacion,
    responses(
        (status = 201, description = "Reservación registrada", body = Envelope<ReservacionPublica>),
        (status = 400, description = "Datos no válidos, fecha pasada o sucursal cerrada", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
        (status = 429, description = "Demasiadas reservaciones desde esta dirección", body = EnvelopeError),
    )
)]
async fn reservar(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Json(s): Json<SolicitudReservacion>,
) -> Result<(StatusCode, Envelope<ReservacionPublica>)> {
    let cal = state.store.calendario_de(s.tag.trim()).await?.ok_or(ApiError::NoEncontrado("la sucursal"))?;
    let ahora = Utc::now();
    let reserva = ReservaNueva::parse(&s, cal.conf.horario.local(ahora), &cal.horario, &cal.especiales)?;
    if !state.reservas_publicas.admitir(ip) {
        tracing::warn!(%ip, "reservaciones públicas frenadas");
        return Err(ApiError::DemasiadasReservaciones);
    }
    let id = nuevo_id();
    let personas: Personas = reserva.no_personas;
    let nueva = NuevaReservacion {
        id: id.clone(),
        sucursal_id: cal.sucursal_id.clone(),
        cliente_id: None,
        afiliado_id: None,
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
        creada: ahora,
    };
    let n = personas.get();
    let aviso = NuevaNotificacion {
        id: nuevo_id(),
        sucursal_id: cal.sucursal_id.clone(),
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
    let anunciado = state.store.crear_reservacion(&nueva, Some(&aviso)).await?;
    state.eventos.tras_commit(anunciado);
    let publica = ReservacionPublica {
        id,
        name: nueva.name,
        fecha_hora: nueva.fecha_hora,
        no_personas: n,
        sucursal: SucursalPublica { name: cal.name },
    };
    Ok((StatusCode::CREATED, Envelope::ok("Reservación registrada", publica)))
}
