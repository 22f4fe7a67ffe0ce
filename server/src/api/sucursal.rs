//! `/api/v1/admin/sucursal`: branches, limited to the caller's tags.

use anfitrion_core::permisos::requiere;
use anfitrion_core::sucursal::{DatosSucursal, SucursalNueva};
use anfitrion_core::walkin::ConfWalkin;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Autenticado, Con, SucursalElegida};
use crate::db::bitacora::Cambio;
use crate::db::sucursales::{NuevaSucursal, Sucursal, SucursalResumen};
use crate::db::{nuevo_id, Alcance, ErrorAlmacen};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::extract::{Json, Path};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(listar, crear)).routes(routes!(de_usuario)).routes(routes!(una))
}

/// The caller's branches in full (schedule, tables, days); `tag` narrows to one.
#[utoipa::path(
    operation_id = "listar_sucursales",
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
    Con(usuario, ..): Con<requiere::MarcasIndex>,
    SucursalElegida(tag): SucursalElegida,
) -> Result<Envelope<Vec<Sucursal>>> {
    let sucursales = state.store.sucursales_en(&usuario.alcance(), tag.as_deref()).await?;
    Ok(Envelope::ok("Sucursales", sucursales))
}

/// Creates a branch (its tag, name, brand, zone and contact); its schedule, tables and days are
/// set through their own calls. Answers 409 when the tag is taken.
#[utoipa::path(
    operation_id = "crear_sucursal",
    post, path = "/api/v1/admin/sucursal", tag = "sucursales", security(("token" = [])),
    request_body = DatosSucursal,
    responses(
        (status = 201, description = "Sucursal creada", body = Envelope<Sucursal>),
        (status = 400, description = "Datos no válidos o marca inexistente", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso sucursal.create", body = EnvelopeError),
        (status = 409, description = "Ya existe una sucursal con esa etiqueta", body = EnvelopeError),
    )
)]
async fn crear(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::SucursalCreate>,
    Json(datos): Json<DatosSucursal>,
) -> Result<(StatusCode, Envelope<Sucursal>)> {
    let datos = SucursalNueva::parse(&datos)?;
    let nueva = NuevaSucursal { id: nuevo_id(), datos, horario: Vec::new(), mesas: Vec::new(), days: Vec::new(), conf: ConfWalkin::default() };
    let cambio = Cambio {
        autor: (&usuario).into(),
        sucursal_id: Some(nueva.id.clone()),
        entidad: "sucursal",
        entidad_id: nueva.id.clone(),
        accion: "crear",
        antes: None,
        despues: Some(json!({ "tag": nueva.datos.tag, "name": nueva.datos.name, "marca": nueva.datos.marca })),
    };
    state.store.crear_sucursal(&nueva, &cambio).await.map_err(|e| match e {
        ErrorAlmacen::SinReferencia => ApiError::SinReferencia("La marca indicada no existe.".to_owned()),
        otro => otro.into(),
    })?;
    // Read back within the new branch only: the caller's own scope was read before it existed.
    let alcance = Alcance::de_tags(&[nueva.datos.tag.as_str().to_owned()]);
    let sucursal = en_alcance(state.store.sucursal_en(&alcance, &nueva.id).await?, "la sucursal")?;
    Ok((StatusCode::CREATED, Envelope::ok("Sucursal creada", sucursal)))
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
    let sucursales = state.store.resumen_sucursales_en(&sesion.usuario.alcance()).await?;
    Ok(Envelope::ok("Sucursales del usuario", sucursales))
}

/// One branch in full.
#[utoipa::path(
    operation_id = "detalle_sucursal",
    get, path = "/api/v1/admin/sucursal/{id}", tag = "sucursales", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    responses(
        (status = 200, description = "Sucursal", body = Envelope<Sucursal>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso marcas.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn una(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::MarcasIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Sucursal>> {
    let sucursal = en_alcance(state.store.sucursal_en(&usuario.alcance(), &id).await?, "la sucursal")?;
    Ok(Envelope::ok("Sucursal", sucursal))
}
