//! `/api/v1/admin/conf-walkin`: a branch's walk-in and booking settings. Core reads them: a new
//! late cutoff changes the branch's buffet-mode default from the next call on.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::organizacion::{ConfSucursal, DatosConfWalkin};
use anfitrion_core::permisos::requiere;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::db::bitacora::{Cambio, Entidad};
use crate::envelope::Envelope;
use crate::error::{EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::Json;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(leer, guardar))
}

/// The branch's settings.
#[utoipa::path(
    get, path = "/api/v1/admin/conf-walkin", tag = "sucursales", operation_id = "leer_conf_walkin", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal")),
    responses((status = 200, description = "Configuración", body = Envelope<DatosConfWalkin>), (status = 403, description = "Sin el permiso walkin.edit, o sucursal ajena", body = EnvelopeError))
)]
async fn leer(
    State(state): State<AppState>,
    _permiso: Con<requiere::WalkinEdit>,
    sucursal: SucursalEnAlcance,
) -> Result<Envelope<DatosConfWalkin>> {
    let (_, conf) = sucursal.conf(&state).await?;
    Ok(Envelope::ok("Configuración de walk-in", conf.datos()))
}

/// Saves the branch's settings, checked by core.
#[utoipa::path(
    put, path = "/api/v1/admin/conf-walkin", tag = "sucursales", operation_id = "guardar_conf_walkin", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal")),
    request_body = DatosConfWalkin,
    responses(
        (status = 200, description = "Configuración guardada", body = Envelope<DatosConfWalkin>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso walkin.edit, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn guardar(
    State(state): State<AppState>,
    Con(u, ..): Con<requiere::WalkinEdit>,
    sucursal: SucursalEnAlcance,
    Json(d): Json<DatosConfWalkin>,
) -> Result<Envelope<DatosConfWalkin>> {
    let (id, antes) = sucursal.conf(&state).await?;
    let conf = ConfSucursal::parse(&d, antes.walkin.horario.zona)?;
    let cambio = Cambio::de(&u, Entidad::ConfWalkin, &id, Accion::Editar)
        .en(&id)
        .antes(&antes.datos())
        .despues(&conf.datos());
    state.store.guardar_conf(&id, &conf, &cambio).await?;
    Ok(Envelope::ok("Configuración guardada", conf.datos()))
}
