//! `/api/v1/admin/cocina`: the kitchen's forecast for a branch (cocina.index): the diners seated
//! now by buffet kind and those expected over the next two hours, by quarter-hour, each row with
//! what it is made of. Storage reads the branch's history (`db/cocina.rs`), the waitlist's
//! parties are quoted from the floor as the list quotes them, and core's `cocina::pronosticar`
//! decides.

use anfitrion_core::cocina::{self, EntradaPronostico, GrupoEnLista, Pronostico};
use anfitrion_core::espera;
use anfitrion_core::permisos::requiere;
use anfitrion_core::tiempo::{formato_fecha_hora, formato_hora};
use axum::extract::State;
use chrono::Duration;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::api::espera::{personas_de, piso_ahora};
use crate::envelope::Envelope;
use crate::error::{EnvelopeError, Result};
use crate::estado::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(pronostico))
}

/// The forecast as the kitchen's screen shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PronosticoCocina {
    /// The branch-local moment it was made (`YYYY-MM-DD HH:MM`).
    #[schema(example = "2026-11-25 13:05")]
    pub ahora: String,
    /// `HH:MM` from which a new order starts in promo mode (Caballero, Dama, Niño).
    #[schema(example = "18:40")]
    pub inicio_promo: String,
    pub pronostico: Pronostico,
}

/// The branch's kitchen forecast now.
#[utoipa::path(
    operation_id = "pronostico_cocina",
    get, path = "/api/v1/admin/cocina", tag = "cocina", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Los comensales sentados y los esperados en las próximas dos horas, por cuarto de hora", body = Envelope<PronosticoCocina>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso cocina.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
    )
)]
async fn pronostico(
    State(state): State<AppState>,
    _permiso: Con<requiere::CocinaIndex>,
    sucursal: SucursalEnAlcance,
) -> Result<Envelope<PronosticoCocina>> {
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let horario = &conf.walkin.horario;
    let instante = state.reloj.ahora();
    let ahora = horario.local(instante);
    let hoy = horario.hoy(instante);
    let inicio_hoy = horario.ventana_dia(hoy).0;
    let asistencia = (
        inicio_hoy - Duration::weeks(i64::from(cocina::SEMANAS)),
        inicio_hoy,
    );
    let lectura = state
        .store
        .lectura_cocina(
            &sucursal_id,
            ahora,
            &cocina::dias_de_historia(hoy),
            asistencia,
        )
        .await?;
    // The waitlist's parties, each at the wait the list quotes it now.
    let piso = piso_ahora(&state, &sucursal_id, &conf).await?;
    let grupos = state.store.espera_de(&sucursal_id).await?;
    let fila: Vec<u32> = grupos.iter().map(personas_de).collect();
    let espera = espera::cotizar(&piso.mesas, piso.estancia, &fila)
        .into_iter()
        .zip(&fila)
        .map(|(minutos, &personas)| GrupoEnLista { personas, minutos })
        .collect();
    // A new order starts in promo mode at the late cutoff or the promo's start, the earlier.
    let inicio_promo = formato_hora(horario.corte_tarde.min(horario.inicio_promo));
    let entrada = EntradaPronostico {
        ahora,
        inicio_promo: Some(inicio_promo.clone()),
        sentados: lectura.sentados,
        reservaciones: lectura.reservaciones,
        espera,
        historial: lectura.historial,
        semanas: lectura.semanas,
        asistencia: lectura.asistencia,
    };
    Ok(Envelope::ok(
        "Pronóstico de la cocina",
        PronosticoCocina {
            ahora: formato_fecha_hora(ahora),
            inicio_promo,
            pronostico: cocina::pronosticar(&entrada),
        },
    ))
}
