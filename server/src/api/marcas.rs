//! `/api/v1/admin/marcas`: brands and their branches. Branches themselves are the spec's
//! `/v1/admin/sucursal…` calls.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::organizacion::nombre_marca;
use anfitrion_core::permisos::requiere;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::Con;
use crate::db::bitacora::{Cambio, Entidad, Nombre};
use crate::db::nuevo_id;
use crate::db::sucursales::{Marca, NuevaMarca};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, crear))
        .routes(routes!(detalle, editar))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DatosMarca {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub name: String,
}

/// Every brand with its branches.
#[utoipa::path(
    get, path = "/api/v1/admin/marcas", tag = "marcas", operation_id = "listar_marcas", security(("token" = [])),
    responses((status = 200, description = "Marcas", body = Envelope<Vec<Marca>>), (status = 403, description = "Sin el permiso marcas.index", body = EnvelopeError))
)]
async fn listar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::MarcasIndex>,
) -> Result<Envelope<Vec<Marca>>> {
    // A manager sees the brands of their branches, and only those branches.
    let mut marcas = state.store.marcas().await?;
    for m in &mut marcas {
        m.sucursales.retain(|s| usuario.tiene_sucursal(&s.tag));
    }
    marcas.retain(|m| {
        !m.sucursales.is_empty()
            || usuario.tiene_permiso(anfitrion_core::permisos::Permiso::MarcasCreate)
    });
    Ok(Envelope::ok("Marcas", marcas))
}

/// One brand with its branches.
#[utoipa::path(
    get, path = "/api/v1/admin/marcas/{id}", tag = "marcas", operation_id = "detalle_marca", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la marca")),
    responses((status = 200, description = "Marca", body = Envelope<Marca>), (status = 403, description = "Sin el permiso marcas.index", body = EnvelopeError), (status = 404, description = "No existe", body = EnvelopeError))
)]
async fn detalle(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::MarcasIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Marca>> {
    let mut m = state
        .store
        .marca(&id)
        .await?
        .ok_or(ApiError::NoEncontrado("la marca"))?;
    m.sucursales.retain(|s| usuario.tiene_sucursal(&s.tag));
    Ok(Envelope::ok("Marca", m))
}

/// Creates a brand.
#[utoipa::path(
    post, path = "/api/v1/admin/marcas", tag = "marcas", operation_id = "crear_marca", security(("token" = [])),
    request_body = DatosMarca,
    responses(
        (status = 201, description = "Marca creada", body = Envelope<Marca>),
        (status = 400, description = "Nombre no válido", body = EnvelopeError),
        (status = 403, description = "Sin el permiso marcas.create", body = EnvelopeError),
        (status = 409, description = "Ya existe una marca con ese nombre", body = EnvelopeError),
    )
)]
async fn crear(
    State(state): State<AppState>,
    _u: Con<requiere::MarcasCreate>,
    Json(d): Json<DatosMarca>,
) -> Result<(StatusCode, Envelope<Marca>)> {
    let marca = NuevaMarca {
        id: nuevo_id(),
        name: nombre_marca(&d.name)?,
    };
    state.store.crear_marca(&marca).await?;
    let m = state
        .store
        .marca(&marca.id)
        .await?
        .ok_or(ApiError::NoEncontrado("la marca"))?;
    Ok((StatusCode::CREATED, Envelope::ok("Marca creada", m)))
}

/// Renames a brand.
#[utoipa::path(
    put, path = "/api/v1/admin/marcas/{id}", tag = "marcas", operation_id = "editar_marca", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la marca")),
    request_body = DatosMarca,
    responses(
        (status = 200, description = "Marca actualizada", body = Envelope<Marca>),
        (status = 400, description = "Nombre no válido", body = EnvelopeError),
        (status = 403, description = "Sin el permiso marcas.edit", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Ya existe una marca con ese nombre", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::MarcasEdit>,
    Path(id): Path<String>,
    Json(d): Json<DatosMarca>,
) -> Result<Envelope<Marca>> {
    let name = nombre_marca(&d.name)?;
    let c =
        Cambio::de(&autor, Entidad::Marca, &id, Accion::Editar).despues(&Nombre { name: &name });
    if !state.store.editar_marca(&id, &name, &c).await? {
        return Err(ApiError::NoEncontrado("la marca"));
    }
    Ok(Envelope::ok(
        "Marca actualizada",
        state
            .store
            .marca(&id)
            .await?
            .ok_or(ApiError::NoEncontrado("la marca"))?,
    ))
}
