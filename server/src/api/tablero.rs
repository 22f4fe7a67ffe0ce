//! `/api/v1/admin/dashboard`: the branch's day at a glance and a series of days, counted by core
//! from the same records the lists show.

use anfitrion_core::permisos::requiere;
use anfitrion_core::tablero::{resumen_dia, serie as serie_core, ResumenDia};
use axum::extract::State;
use chrono::{Days, NaiveDate};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::Query;

/// The longest series asked for.
pub(crate) const DIAS_MAX: u32 = 90;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(dia))
        .routes(routes!(serie))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosTablero {
    /// Branch tag.
    #[param(required = true)]
    pub tag: Option<String>,
    /// `YYYY-MM-DD`; today at the branch when absent.
    pub fecha: Option<String>,
    /// Days of the series (1 to 90; 30 when absent).
    pub dias: Option<u32>,
}

async fn contexto(
    state: &AppState,
    sucursal: &SucursalEnAlcance,
    p: &ParametrosTablero,
) -> Result<(String, NaiveDate)> {
    let (id, conf) = sucursal.conf(state).await?;
    let fecha = match p.fecha.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(f) => NaiveDate::parse_from_str(f, "%Y-%m-%d").map_err(|_| {
            ApiError::Entrada("El parámetro «fecha» debe ser una fecha AAAA-MM-DD.".to_owned())
        })?,
        None => conf.walkin.horario.local(state.reloj.ahora()).date(),
    };
    Ok((id, fecha))
}

/// One day of the branch.
#[utoipa::path(
    get, path = "/api/v1/admin/dashboard", tag = "tablero", operation_id = "tablero_dia", security(("token" = [])),
    params(ParametrosTablero),
    responses(
        (status = 200, description = "El día", body = Envelope<ResumenDia>),
        (status = 403, description = "Sin el permiso dashboard.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn dia(
    State(state): State<AppState>,
    _permiso: Con<requiere::DashboardIndex>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosTablero>,
) -> Result<Envelope<ResumenDia>> {
    let (id, fecha) = contexto(&state, &sucursal, &p).await?;
    let (desde, hasta) = (
        fecha.and_hms_opt(0, 0, 0).expect("medianoche"),
        fecha
            .succ_opt()
            .unwrap_or(fecha)
            .and_hms_opt(0, 0, 0)
            .expect("medianoche"),
    );
    let (reservas, walkins) = state.store.visitas_entre(&id, desde, hasta).await?;
    Ok(Envelope::ok(
        "Tablero",
        resumen_dia(fecha, &reservas, &walkins),
    ))
}

/// The last days of the branch, one entry per day, oldest first.
#[utoipa::path(
    get, path = "/api/v1/admin/dashboard/serie", tag = "tablero", operation_id = "tablero_serie", security(("token" = [])),
    params(ParametrosTablero),
    responses(
        (status = 200, description = "Los días", body = Envelope<Vec<ResumenDia>>),
        (status = 400, description = "Días fuera de rango", body = EnvelopeError),
        (status = 403, description = "Sin el permiso dashboard.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn serie(
    State(state): State<AppState>,
    _permiso: Con<requiere::DashboardIndex>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosTablero>,
) -> Result<Envelope<Vec<ResumenDia>>> {
    let dias = p.dias.unwrap_or(30);
    if !(1..=DIAS_MAX).contains(&dias) {
        return Err(ApiError::Entrada(format!(
            "El parámetro «dias» va de 1 a {DIAS_MAX}."
        )));
    }
    let (id, hasta) = contexto(&state, &sucursal, &p).await?;
    let desde = hasta
        .checked_sub_days(Days::new(u64::from(dias - 1)))
        .unwrap_or(hasta);
    let (reservas, walkins) = state
        .store
        .visitas_entre(
            &id,
            desde.and_hms_opt(0, 0, 0).expect("medianoche"),
            hasta
                .succ_opt()
                .unwrap_or(hasta)
                .and_hms_opt(0, 0, 0)
                .expect("medianoche"),
        )
        .await?;
    Ok(Envelope::ok(
        "Serie",
        serie_core(hasta, dias, &reservas, &walkins),
    ))
}
