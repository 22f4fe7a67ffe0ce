//! `/api/v1/admin/dashboard`: the branch's day at a glance and a series of days, counted by core
//! from the same records the lists show.

use anfitrion_core::cocina::{cuarto_de, puntuar, Puntaje, SEMANAS_PUNTAJE};
use anfitrion_core::espera::{cifras_espera, CifrasEspera, FinEspera, PasoPorLaLista};
use anfitrion_core::permisos::requiere;
use anfitrion_core::piso::{
    cubiertos_por_hora, estancias_por_grupo, CubiertosHora, EstanciaPorGrupo, TurnoContado,
};
use anfitrion_core::tablero::{
    resumen_dia, serie as serie_core, NoShowsPorConfirmacion, ResumenDia,
};
use anfitrion_core::tiempo::ReglasHorario;
use axum::extract::State;
use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::db::espera::{SENTADO, SE_FUE};
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
        .routes(routes!(mesas))
        .routes(routes!(confirmaciones))
        .routes(routes!(espera))
        .routes(routes!(cocina))
}

/// The floor's turn times: occupancy now, the average stay by party size today and over the
/// last 30 days, and the covers seated each hour today.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TiemposMesa {
    pub mesas: u32,
    pub ocupadas: u32,
    /// Seated tables over all tables, 0 to 1; absent without tables.
    pub ocupacion: Option<f64>,
    /// Guests seated now.
    pub comensales: u32,
    pub estancia_hoy: Vec<EstanciaPorGrupo>,
    pub estancia_30_dias: Vec<EstanciaPorGrupo>,
    pub cubiertos_por_hora: Vec<CubiertosHora>,
}

/// The floor's turn times, for the branch's dashboard.
#[utoipa::path(
    get, path = "/api/v1/admin/dashboard/mesas", tag = "tablero", operation_id = "tablero_mesas", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Tiempos de mesa", body = Envelope<TiemposMesa>),
        (status = 403, description = "Sin el permiso dashboard.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn mesas(
    State(state): State<AppState>,
    _permiso: Con<requiere::DashboardIndex>,
    sucursal: SucursalEnAlcance,
) -> Result<Envelope<TiemposMesa>> {
    let (id, conf) = sucursal.conf(&state).await?;
    let horario = conf.walkin.horario;
    let zona = horario.zona;
    let ahora = state.reloj.ahora();
    // The branch's business day: at 00:30 the night's tables are still today's.
    let hoy = horario.hoy(ahora);
    let inicio = |dia: NaiveDate| horario.instantes_dia(dia).map_or(ahora, |(desde, _)| desde);
    let hace_30 = hoy.checked_sub_days(Days::new(29)).unwrap_or(hoy);
    let (leidos, mesas, ocupadas) = state.store.turnos_desde(&id, inicio(hace_30)).await?;
    let turnos: Vec<TurnoContado> = leidos
        .iter()
        .map(|t| TurnoContado {
            abierta: t.abierta_en.with_timezone(&zona).naive_local(),
            personas: u32::try_from(t.personas).unwrap_or(0),
            minutos: t
                .liberada_en
                .map(|l| u32::try_from((l - t.abierta_en).num_minutes()).unwrap_or(0)),
        })
        .collect();
    let (mesas, ocupadas) = (
        u32::try_from(mesas).unwrap_or(0),
        u32::try_from(ocupadas).unwrap_or(0),
    );
    Ok(Envelope::ok(
        "Tiempos de mesa",
        TiemposMesa {
            mesas,
            ocupadas,
            ocupacion: (mesas > 0).then(|| f64::from(ocupadas) / f64::from(mesas)),
            comensales: turnos
                .iter()
                .filter(|t| t.minutos.is_none())
                .map(|t| t.personas)
                .sum(),
            estancia_hoy: estancias_por_grupo(
                turnos
                    .iter()
                    .filter(|t| horario.dia_de_servicio(t.abierta) == hoy),
            ),
            estancia_30_dias: estancias_por_grupo(&turnos),
            cubiertos_por_hora: cubiertos_por_hora(&turnos, hoy, &horario),
        },
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosTablero {
    /// Branch tag.
    #[param(required = true)]
    pub tag: Option<String>,
    /// `YYYY-MM-DD`, a business day (from the hour the branch's day ends to the same hour the
    /// next morning); today's at the branch when absent.
    pub fecha: Option<String>,
    /// Days of the series (1 to 90; 30 when absent).
    pub dias: Option<u32>,
}

async fn contexto(
    state: &AppState,
    sucursal: &SucursalEnAlcance,
    p: &ParametrosTablero,
) -> Result<(String, NaiveDate, ReglasHorario)> {
    let (id, conf) = sucursal.conf(state).await?;
    let horario = conf.walkin.horario;
    let fecha = match p.fecha.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(f) => NaiveDate::parse_from_str(f, "%Y-%m-%d").map_err(|_| {
            ApiError::Entrada("El parámetro «fecha» debe ser una fecha AAAA-MM-DD.".to_owned())
        })?,
        None => horario.hoy(state.reloj.ahora()),
    };
    Ok((id, fecha, horario))
}

/// The branch and the days a series covers: `dias` (30 unless asked, up to [`DIAS_MAX`]) up to
/// `fecha` (today at the branch unless asked), as `(id, first day, last day, dias, the branch's
/// time rules)`.
async fn periodo(
    state: &AppState,
    sucursal: &SucursalEnAlcance,
    p: &ParametrosTablero,
) -> Result<(String, NaiveDate, NaiveDate, u32, ReglasHorario)> {
    let dias = p.dias.unwrap_or(30);
    if !(1..=DIAS_MAX).contains(&dias) {
        return Err(ApiError::Entrada(format!(
            "El parámetro «dias» va de 1 a {DIAS_MAX}."
        )));
    }
    let (id, hasta, horario) = contexto(state, sucursal, p).await?;
    let desde = hasta
        .checked_sub_days(Days::new(u64::from(dias - 1)))
        .unwrap_or(hasta);
    Ok((id, desde, hasta, dias, horario))
}

/// The calendar days whose hourly sums hold the business days `desde..=hasta` (`desde` until
/// before the returned end): each business day runs on into the next calendar morning.
fn dias_del_calendario(desde: NaiveDate, hasta: NaiveDate) -> (NaiveDate, NaiveDate) {
    let despues = hasta.checked_add_days(Days::new(2)).unwrap_or(hasta);
    (desde, despues)
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
    let (id, fecha, horario) = contexto(&state, &sucursal, &p).await?;
    let (desde, hasta) = dias_del_calendario(fecha, fecha);
    let (reservas, walkins) = state.store.visitas_entre(&id, desde, hasta).await?;
    Ok(Envelope::ok(
        "Tablero",
        resumen_dia(fecha, horario.fin_dia, &reservas, &walkins),
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
    let (id, desde, hasta, dias, horario) = periodo(&state, &sucursal, &p).await?;
    let (primero, despues) = dias_del_calendario(desde, hasta);
    let (reservas, walkins) = state.store.visitas_entre(&id, primero, despues).await?;
    Ok(Envelope::ok(
        "Serie",
        serie_core(hasta, dias, horario.fin_dia, &reservas, &walkins),
    ))
}

/// What reminders buy: the no-show rate of the reservations whose guests confirmed against
/// those that did not, over the same days as the series (`dias` up to `fecha`).
#[utoipa::path(
    get, path = "/api/v1/admin/dashboard/confirmaciones", tag = "tablero", operation_id = "tablero_confirmaciones", security(("token" = [])),
    params(ParametrosTablero),
    responses(
        (status = 200, description = "No-shows de confirmadas y sin confirmar", body = Envelope<NoShowsPorConfirmacion>),
        (status = 400, description = "Días fuera de rango", body = EnvelopeError),
        (status = 403, description = "Sin el permiso dashboard.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn confirmaciones(
    State(state): State<AppState>,
    _permiso: Con<requiere::DashboardIndex>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosTablero>,
) -> Result<Envelope<NoShowsPorConfirmacion>> {
    let (id, desde, hasta, _, horario) = periodo(&state, &sucursal, &p).await?;
    let n = state
        .store
        .no_shows_por_confirmacion(&id, horario.ventana_dias(desde, hasta))
        .await?;
    Ok(Envelope::ok("No-shows por confirmación", n))
}

/// What the waitlist did over the same days as the series (`dias` up to `fecha`): the parties
/// written down, seated and gone before a table, their waits, and how often the quote was missed,
/// in all and per business day and hour.
#[utoipa::path(
    get, path = "/api/v1/admin/dashboard/espera", tag = "tablero", operation_id = "tablero_espera", security(("token" = [])),
    params(ParametrosTablero),
    responses(
        (status = 200, description = "Cifras de la lista de espera", body = Envelope<CifrasEspera>),
        (status = 400, description = "Días fuera de rango", body = EnvelopeError),
        (status = 403, description = "Sin el permiso dashboard.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn espera(
    State(state): State<AppState>,
    _permiso: Con<requiere::DashboardIndex>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosTablero>,
) -> Result<Envelope<CifrasEspera>> {
    let (id, desde, hasta, _, horario) = periodo(&state, &sucursal, &p).await?;
    let (Some((inicio, _)), Some((_, fin))) =
        (horario.instantes_dia(desde), horario.instantes_dia(hasta))
    else {
        return Ok(Envelope::ok(
            "Cifras de la lista de espera",
            CifrasEspera::default(),
        ));
    };
    let leidos = state.store.paso_por_la_lista(&id, inicio, fin).await?;
    let pasos: Vec<PasoPorLaLista> = leidos
        .iter()
        .map(|l| PasoPorLaLista {
            anotado: horario.local(l.creado_en),
            cerrado: l.cerrado_en.map(|c| horario.local(c)),
            fin: match l.estado.as_str() {
                SENTADO => FinEspera::Sentado,
                SE_FUE => FinEspera::SeFue,
                _ => FinEspera::Esperando,
            },
            cotizada_min: l.cotizada_min.and_then(|m| u32::try_from(m).ok()),
            cotizada_fija_min: l.cotizada_fija_min.and_then(|m| u32::try_from(m).ok()),
            en_linea: l.en_linea,
        })
        .collect();
    Ok(Envelope::ok(
        "Cifras de la lista de espera",
        cifras_espera(&pasos, horario.fin_dia),
    ))
}

/// How the kitchen's forecast fared: the business day `fecha` by hour (each quarter-hour's
/// forecast as made an hour before it, against the diners who came), and the mean absolute error
/// per quarter-hour over the four weeks up to it. Quarter-hours not yet over are left out.
#[utoipa::path(
    get, path = "/api/v1/admin/dashboard/cocina", tag = "tablero", operation_id = "tablero_cocina", security(("token" = [])),
    params(ParametrosTablero),
    responses(
        (status = 200, description = "El pronóstico de cocina contra lo que llegó", body = Envelope<Puntaje>),
        (status = 400, description = "Fecha no válida", body = EnvelopeError),
        (status = 403, description = "Sin el permiso dashboard.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn cocina(
    State(state): State<AppState>,
    _permiso: Con<requiere::DashboardIndex>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosTablero>,
) -> Result<Envelope<Puntaje>> {
    let (id, fecha, horario) = contexto(&state, &sucursal, &p).await?;
    let (inicio, fin) = horario.ventana_dia(fecha);
    let hasta = fin.min(cuarto_de(horario.local(state.reloj.ahora())));
    let desde = fin - chrono::Duration::weeks(SEMANAS_PUNTAJE);
    let (pronosticos, llegadas) = if desde < hasta {
        state.store.puntaje_cocina(&id, desde, hasta).await?
    } else {
        Default::default()
    };
    Ok(Envelope::ok(
        "Pronóstico de cocina contra lo que llegó",
        puntuar(&pronosticos, &llegadas, (inicio, hasta), (desde, hasta)),
    ))
}
