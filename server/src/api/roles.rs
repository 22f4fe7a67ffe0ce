//! `/api/v1/admin/roles` and `/api/v1/admin/permisos`: roles with their permissions (core's
//! catalogue, described by area for the editor). A role's change reaches its users' next call.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::organizacion::{DatosRol, RolValido};
use anfitrion_core::permisos::{requiere, Inicio, Permiso};
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::Con;
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::nuevo_id;
use crate::db::usuarios::RolAdmin;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, crear))
        .routes(routes!(editar, eliminar))
        .routes(routes!(permisos))
        .routes(routes!(inicios))
}

/// A screen a role may land on, as the roles form offers it.
#[derive(Debug, Serialize, ToSchema)]
pub struct InicioCatalogo {
    #[schema(example = "/hostes")]
    pub ruta: &'static str,
    pub titulo: &'static str,
    /// The permissions that open it: the role needs one of them.
    pub permisos: Vec<Permiso>,
}

/// A permission of the catalogue, as the role editor shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PermisoCatalogo {
    pub name: Permiso,
    pub descripcion: &'static str,
    /// The area the editor groups it under.
    pub area: &'static str,
}

fn cambio(autor: &crate::db::usuarios::Usuario, id: &str, accion: Accion) -> Cambio {
    Cambio::de(autor, Entidad::Rol, id, accion)
}

/// A role as its entries hold it.
#[derive(Serialize)]
struct RolEnBitacora<'a> {
    name: &'a str,
    permissions: &'a [Permiso],
    inicio: Option<&'static str>,
}

impl<'a> From<&'a RolValido> for RolEnBitacora<'a> {
    fn from(rol: &'a RolValido) -> Self {
        RolEnBitacora {
            name: &rol.name,
            permissions: &rol.permisos,
            inicio: rol.inicio.map(Inicio::ruta),
        }
    }
}

async fn leer(state: &AppState, id: &str) -> Result<RolAdmin> {
    state
        .store
        .roles_admin()
        .await?
        .into_iter()
        .find(|r| r.id == id)
        .ok_or(ApiError::NoEncontrado("el rol"))
}

/// Every role with its permissions and how many users hold it.
#[utoipa::path(
    get, path = "/api/v1/admin/roles", tag = "roles", operation_id = "listar_roles", security(("token" = [])),
    responses((status = 200, description = "Roles", body = Envelope<Vec<RolAdmin>>), (status = 403, description = "Sin el permiso role.index", body = EnvelopeError))
)]
async fn listar(
    State(state): State<AppState>,
    _u: Con<requiere::RoleIndex>,
) -> Result<Envelope<Vec<RolAdmin>>> {
    Ok(Envelope::ok("Roles", state.store.roles_admin().await?))
}

/// The permission catalogue, in the editor's order.
#[utoipa::path(
    get, path = "/api/v1/admin/permisos", tag = "roles", operation_id = "listar_permisos", security(("token" = [])),
    responses((status = 200, description = "Permisos", body = Envelope<Vec<PermisoCatalogo>>), (status = 403, description = "Sin el permiso role.index", body = EnvelopeError))
)]
async fn permisos(_u: Con<requiere::RoleIndex>) -> Envelope<Vec<PermisoCatalogo>> {
    let lista = Permiso::TODOS
        .iter()
        .map(|p| PermisoCatalogo {
            name: *p,
            descripcion: p.descripcion(),
            area: p.area().titulo(),
        })
        .collect();
    Envelope::ok("Permisos", lista)
}

/// The screens a role may land on after signing in, in the form's order.
#[utoipa::path(
    get, path = "/api/v1/admin/inicios", tag = "roles", operation_id = "listar_inicios", security(("token" = [])),
    responses((status = 200, description = "Pantallas de inicio", body = Envelope<Vec<InicioCatalogo>>), (status = 403, description = "Sin el permiso role.index", body = EnvelopeError))
)]
async fn inicios(_u: Con<requiere::RoleIndex>) -> Envelope<Vec<InicioCatalogo>> {
    let lista = Inicio::TODOS
        .iter()
        .map(|i| InicioCatalogo {
            ruta: i.ruta(),
            titulo: i.titulo(),
            permisos: i.permisos().to_vec(),
        })
        .collect();
    Envelope::ok("Pantallas de inicio", lista)
}

/// Creates a role.
#[utoipa::path(
    post, path = "/api/v1/admin/roles", tag = "roles", operation_id = "crear_rol", security(("token" = [])),
    request_body = DatosRol,
    responses(
        (status = 201, description = "Rol creado", body = Envelope<RolAdmin>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso role.create", body = EnvelopeError),
        (status = 409, description = "Ya existe un rol con ese nombre", body = EnvelopeError),
    )
)]
async fn crear(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::RoleCreate>,
    Json(d): Json<DatosRol>,
) -> Result<(StatusCode, Envelope<RolAdmin>)> {
    let rol = RolValido::parse(&d)?;
    let id = nuevo_id();
    state
        .store
        .crear_rol(
            &id,
            &rol,
            &cambio(&autor, &id, Accion::Crear).despues(&RolEnBitacora::from(&rol)),
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Rol creado", leer(&state, &id).await?),
    ))
}

/// Renames a role and sets its permissions.
#[utoipa::path(
    put, path = "/api/v1/admin/roles/{id}", tag = "roles", operation_id = "editar_rol", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del rol")),
    request_body = DatosRol,
    responses(
        (status = 200, description = "Rol actualizado", body = Envelope<RolAdmin>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso role.edit", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Nombre repetido, o dejaría al grupo sin administrador", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::RoleEdit>,
    Path(id): Path<String>,
    Json(d): Json<DatosRol>,
) -> Result<Envelope<RolAdmin>> {
    let rol = RolValido::parse(&d)?;
    if !state
        .store
        .editar_rol(
            &id,
            &rol,
            &cambio(&autor, &id, Accion::Editar).despues(&RolEnBitacora::from(&rol)),
        )
        .await?
    {
        return Err(ApiError::NoEncontrado("el rol"));
    }
    Ok(Envelope::ok("Rol actualizado", leer(&state, &id).await?))
}

/// Deletes a role no user holds.
#[utoipa::path(
    delete, path = "/api/v1/admin/roles/{id}", tag = "roles", operation_id = "eliminar_rol", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del rol")),
    responses(
        (status = 200, description = "Rol eliminado", body = Envelope<Option<String>>),
        (status = 403, description = "Sin el permiso role.delete", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Hay usuarios con el rol", body = EnvelopeError),
    )
)]
async fn eliminar(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::RoleDelete>,
    Path(id): Path<String>,
) -> Result<Envelope<Option<String>>> {
    if !state
        .store
        .eliminar_rol(&id, &cambio(&autor, &id, Accion::Eliminar))
        .await?
    {
        return Err(ApiError::NoEncontrado("el rol"));
    }
    Ok(Envelope::ok("Rol eliminado", None))
}
