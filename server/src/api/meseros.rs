//! `/api/v1/admin/meseros`: a branch's waiters. The order forms read the active ones (any
//! signed-in user of the branch); the waiters screen manages them (meseros.*). A waiter is
//! deactivated, never removed: past tickets keep their name.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::permisos::{requiere, Permiso};
use anfitrion_core::personal::normalizar_nombre;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{
    en_alcance, Autenticado, Con, JsonSucursal, NombraSucursal, SucursalEnAlcance,
};
use crate::db::bitacora::{Cambio, Entidad, Nombre};
use crate::db::catalogo::{CambiosMesero, MeseroRef, NuevoMesero};
use crate::db::nuevo_id;
use crate::db::usuarios::Usuario;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path, Query};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(meseros, crear_mesero))
        .routes(routes!(editar_mesero, desactivar_mesero))
}

/// The id of the branch the caller chose (already checked against the caller's).
async fn sucursal(state: &AppState, elegida: &SucursalEnAlcance) -> Result<String> {
    elegida.id(state).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosMeseros {
    /// Branch tag.
    #[param(required = true)]
    pub tag: Option<String>,
    /// `true`: the deactivated ones too (needs meseros.index).
    pub todos: Option<bool>,
}

/// The branch's waiters: the active ones, as the order forms offer them, or all of them.
#[utoipa::path(
    get, path = "/api/v1/admin/meseros", tag = "catálogo", operation_id = "listar_meseros", security(("token" = [])),
    params(ParametrosMeseros),
    responses(
        (status = 200, description = "Meseros", body = Envelope<Vec<MeseroRef>>),
        (status = 400, description = "Falta la sucursal", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sucursal ajena, o todos=true sin el permiso meseros.index", body = EnvelopeError),
    )
)]
async fn meseros(
    State(state): State<AppState>,
    sesion: Autenticado,
    elegida: SucursalEnAlcance,
    Query(p): Query<ParametrosMeseros>,
) -> Result<Envelope<Vec<MeseroRef>>> {
    let todos = p.todos.unwrap_or(false);
    if todos && !sesion.usuario.tiene_permiso(Permiso::MeserosIndex) {
        return Err(ApiError::SinPermiso);
    }
    let id = sucursal(&state, &elegida).await?;
    Ok(Envelope::ok(
        "Meseros",
        state.store.meseros_de(&id, todos).await?,
    ))
}

/// A new waiter as the waiters screen sends it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NuevoMeseroSolicitud {
    /// Branch tag.
    #[serde(default)]
    #[schema(required = true, min_length = 1, pattern = r"\S")]
    pub tag: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub name: String,
}

impl NombraSucursal for NuevoMeseroSolicitud {
    fn tag(&self) -> Option<&str> {
        Some(&self.tag)
    }
}

/// Adds a waiter to the branch.
#[utoipa::path(
    post, path = "/api/v1/admin/meseros", tag = "catálogo", operation_id = "crear_mesero", security(("token" = [])),
    request_body = NuevoMeseroSolicitud,
    responses(
        (status = 201, description = "Mesero creado", body = Envelope<MeseroRef>),
        (status = 400, description = "Nombre no válido; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso meseros.create, o sucursal ajena", body = EnvelopeError),
        (status = 409, description = "La sucursal ya tiene un mesero activo con ese nombre", body = EnvelopeError),
    )
)]
async fn crear_mesero(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::MeserosCreate>,
    JsonSucursal(s, elegida): JsonSucursal<NuevoMeseroSolicitud>,
) -> Result<(StatusCode, Envelope<MeseroRef>)> {
    let name = normalizar_nombre(&s.name)?;
    let sucursal_id = sucursal(&state, &elegida).await?;
    let mesero = NuevoMesero {
        id: nuevo_id(),
        sucursal_id: sucursal_id.clone(),
        name: name.clone(),
    };
    let cambio = Cambio::de(&usuario, Entidad::Mesero, &mesero.id, Accion::Crear)
        .en(sucursal_id)
        .despues(&Nombre { name: &name });
    state.store.crear_mesero(&mesero, Some(&cambio)).await?;
    Ok((
        StatusCode::CREATED,
        Envelope::ok(
            "Mesero creado",
            MeseroRef {
                id: mesero.id,
                name,
                activo: true,
            },
        ),
    ))
}

/// A waiter's change: only what is given.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EdicionMesero {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub activo: Option<bool>,
}

/// The waiter `id`, if its branch is the caller's (403 otherwise, 404 when there is none).
async fn mesero(state: &AppState, usuario: &Usuario, id: &str) -> Result<(MeseroRef, String)> {
    let (m, sucursal_id) = en_alcance(
        state.store.mesero_en(&usuario.alcance(), id).await?,
        "el mesero",
    )?;
    Ok((m, sucursal_id))
}

async fn cambiar_mesero(
    state: &AppState,
    usuario: &Usuario,
    id: &str,
    cambios: CambiosMesero,
    accion: Accion,
) -> Result<MeseroRef> {
    let (antes, sucursal_id) = mesero(state, usuario, id).await?;
    let cambio = Cambio::de(usuario, Entidad::Mesero, id, accion)
        .en(sucursal_id)
        .antes(&MeseroEnBitacora {
            name: &antes.name,
            activo: antes.activo,
        })
        .despues(&MeseroEnBitacora {
            name: cambios.name.as_ref().unwrap_or(&antes.name),
            activo: cambios.activo.unwrap_or(antes.activo),
        });
    if !state.store.cambiar_mesero(id, &cambios, &cambio).await? {
        return Err(ApiError::NoEncontrado("el mesero"));
    }
    Ok(mesero(state, usuario, id).await?.0)
}

/// Renames a waiter, or deactivates or reactivates them.
#[utoipa::path(
    put, path = "/api/v1/admin/meseros/{id}", tag = "catálogo", operation_id = "editar_mesero", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del mesero")),
    request_body = EdicionMesero,
    responses(
        (status = 200, description = "Mesero actualizado", body = Envelope<MeseroRef>),
        (status = 400, description = "Nombre no válido; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso meseros.edit, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "La sucursal ya tiene un mesero activo con ese nombre", body = EnvelopeError),
    )
)]
async fn editar_mesero(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::MeserosEdit>,
    Path(id): Path<String>,
    Json(e): Json<EdicionMesero>,
) -> Result<Envelope<MeseroRef>> {
    let name = e.name.as_deref().map(normalizar_nombre).transpose()?;
    let m = cambiar_mesero(
        &state,
        &usuario,
        &id,
        CambiosMesero {
            name,
            activo: e.activo,
        },
        Accion::Editar,
    )
    .await?;
    Ok(Envelope::ok("Mesero actualizado", m))
}

/// Deactivates a waiter: gone from the order forms, kept on the tickets that name them.
#[utoipa::path(
    delete, path = "/api/v1/admin/meseros/{id}", tag = "catálogo", operation_id = "desactivar_mesero", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del mesero")),
    responses(
        (status = 200, description = "Mesero desactivado", body = Envelope<MeseroRef>),
        (status = 403, description = "Sin el permiso meseros.delete, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn desactivar_mesero(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::MeserosDelete>,
    Path(id): Path<String>,
) -> Result<Envelope<MeseroRef>> {
    let m = cambiar_mesero(
        &state,
        &usuario,
        &id,
        CambiosMesero {
            name: None,
            activo: Some(false),
        },
        Accion::Desactivar,
    )
    .await?;
    Ok(Envelope::ok("Mesero desactivado", m))
}

/// A waiter as their entries hold them.
#[derive(Serialize)]
struct MeseroEnBitacora<'a> {
    name: &'a str,
    activo: bool,
}
