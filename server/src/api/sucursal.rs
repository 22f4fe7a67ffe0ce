//! `/api/v1/admin/sucursal`: branches, limited to the caller's tags.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{exigir_sucursal, p, Autenticado, Con, SucursalElegida};
use crate::db::modelo::{Sucursal, SucursalResumen};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::extract::Path;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(listar)).routes(routes!(de_usuario)).routes(routes!(una))
}

/// The caller's branches in full (schedule, tables, days); `tag` narrows to one.
#[utoipa::path(
    get, path = "/api/v1/admin/sucursal", tag = "sucursales", security(("token" = [])),
    params(("tag" = Option<String>, Query, description = "Solo la sucursal con esta etiqueta")),
    responses(
        (status = 200, description = "Sucursales", body = Envelope<Vec<Sucursal>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso marcas.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<p::MarcasIndex>,
    SucursalElegida(tag): SucursalElegida,
) -> Result<Envelope<Vec<Sucursal>>> {
    let mut sucursales = state.store.sucursales_de(&usuario.id).await?;
    if let Some(tag) = tag {
        sucursales.retain(|s| s.tag == tag);
    }
    Ok(Envelope::ok("Sucursales", sucursales))
}

/// The branches the signed-in user may choose in the branch selector.
#[utoipa::path(
    get, path = "/api/v1/admin/sucursal/sucuser/suc", tag = "sucursales", security(("token" = [])),
    responses(
        (status = 200, description = "Sucursales del usuario", body = Envelope<Vec<SucursalResumen>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
    )
)]
async fn de_usuario(State(state): State<AppState>, sesion: Autenticado) -> Result<Envelope<Vec<SucursalResumen>>> {
    let sucursales = state.store.resumen_sucursales_de(&sesion.usuario.id).await?;
    Ok(Envelope::ok("Sucursales del usuario", sucursales))
}

/// One branch in full.
#[utoipa::path(
    get, path = "/api/v1/admin/sucursal/{id}", tag = "sucursales", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    responses(
        (status = 200, description = "Sucursal", body = Envelope<Sucursal>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso marcas.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn una(State(state): State<AppState>, Con(usuario, ..): Con<p::MarcasIndex>, Path(id): Path<String>) -> Result<Envelope<Sucursal>> {
    let sucursal = state.store.sucursal(&id).await?.ok_or(ApiError::NoEncontrado("la sucursal"))?;
    exigir_sucursal(&usuario, &sucursal.tag)?;
    Ok(Envelope::ok("Sucursal", sucursal))
}
