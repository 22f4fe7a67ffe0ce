//! `/api/v1/admin/meseros` and `/api/v1/admin/promocion/activas`: what the order forms offer at
//! a branch. Any signed-in user of the branch may read them.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Autenticado, SucursalElegida};
use crate::db::catalogo::{MeseroRef, PromoActiva};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(meseros)).routes(routes!(activas))
}

async fn sucursal(state: &AppState, sesion: &Autenticado, tag: Option<String>) -> Result<String> {
    let tag = tag.ok_or_else(|| ApiError::Entrada("Indica la sucursal en el parámetro «tag».".to_owned()))?;
    en_alcance(state.store.sucursal_id_en(&sesion.usuario.alcance(), &tag).await?, "la sucursal")
}

/// The branch's active waiters.
#[utoipa::path(
    get, path = "/api/v1/admin/meseros", tag = "catálogo", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal")),
    responses(
        (status = 200, description = "Meseros", body = Envelope<Vec<MeseroRef>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sucursal ajena", body = EnvelopeError),
    )
)]
async fn meseros(State(state): State<AppState>, sesion: Autenticado, SucursalElegida(tag): SucursalElegida) -> Result<Envelope<Vec<MeseroRef>>> {
    let id = sucursal(&state, &sesion, tag).await?;
    Ok(Envelope::ok("Meseros", state.store.meseros_de(&id).await?))
}

/// The branch's promotions active today.
#[utoipa::path(
    get, path = "/api/v1/admin/promocion/activas", tag = "catálogo", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal")),
    responses(
        (status = 200, description = "Promociones activas", body = Envelope<Vec<PromoActiva>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sucursal ajena", body = EnvelopeError),
    )
)]
async fn activas(State(state): State<AppState>, sesion: Autenticado, SucursalElegida(tag): SucursalElegida) -> Result<Envelope<Vec<PromoActiva>>> {
    let id = sucursal(&state, &sesion, tag).await?;
    Ok(Envelope::ok("Promociones activas", state.store.promos_activas_de(&id).await?))
}
