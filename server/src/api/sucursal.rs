//! `/api/v1/admin/sucursal`: branches, limited to the caller's tags.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::organizacion::{
    exigir_dias_vigentes, validar_dias, validar_horario, validar_mesas, DatosDia, DatosDiaEspecial,
    DatosMesa,
};
use anfitrion_core::permisos::{requiere, Permiso};
use anfitrion_core::reservacion::{horario_hoy, HorarioHoy};
use anfitrion_core::sucursal::{DatosSucursal, SucursalNueva, Tag};
use anfitrion_core::walkin::ConfWalkin;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Autenticado, Con, SucursalEnAlcance};
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::sucursales::{EdicionSucursal, NuevaSucursal, Sucursal, SucursalResumen};
use crate::db::usuarios::Usuario;
use crate::db::{nuevo_id, Alcance, ErrorAlmacen};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, crear))
        .routes(routes!(de_usuario))
        .routes(routes!(hoy))
        .routes(routes!(una, editar))
        .routes(routes!(horario))
        .routes(routes!(mesas))
        .routes(routes!(dias))
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
    sucursal: Option<SucursalEnAlcance>,
) -> Result<Envelope<Vec<Sucursal>>> {
    let sucursales = state
        .store
        .sucursales_en(&usuario.alcance(), sucursal.as_ref().map(|s| &s.tag))
        .await?;
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
    let nueva = NuevaSucursal {
        id: nuevo_id(),
        datos,
        horario: Vec::new(),
        mesas: Vec::new(),
        days: Vec::new(),
        conf: ConfWalkin::default(),
    };
    let cambio = Cambio::de(&usuario, Entidad::Sucursal, &nueva.id, Accion::Crear)
        .en(&nueva.id)
        .despues(&SucursalEnBitacora {
            tag: &nueva.datos.tag,
            name: &nueva.datos.name,
            marca: Some(&nueva.datos.marca),
            zona: None,
            activa: None,
        });
    state
        .store
        .crear_sucursal(&nueva, &cambio)
        .await
        .map_err(|e| match e {
            ErrorAlmacen::SinReferencia => {
                ApiError::SinReferencia("La marca indicada no existe.".to_owned())
            }
            otro => otro.into(),
        })?;
    // Read back within the new branch only: the caller's own scope was read before it existed.
    let alcance = Alcance::de_tags(&[nueva.datos.tag.as_str().to_owned()]);
    let sucursal = en_alcance(
        state.store.sucursal_en(&alcance, &nueva.id).await?,
        "la sucursal",
    )?;
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Sucursal creada", sucursal),
    ))
}

/// The branches the signed-in user may choose in the branch selector.
#[utoipa::path(
    get, path = "/api/v1/admin/sucursal/sucuser/suc", tag = "sucursales", security(("token" = [])),
    responses(
        (status = 200, description = "Sucursales del usuario", body = Envelope<Vec<SucursalResumen>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
    )
)]
async fn de_usuario(
    State(state): State<AppState>,
    sesion: Autenticado,
) -> Result<Envelope<Vec<SucursalResumen>>> {
    let sucursales = state
        .store
        .resumen_sucursales_en(&sesion.usuario.alcance())
        .await?;
    Ok(Envelope::ok("Sucursales del usuario", sucursales))
}

/// The branch's hours on today's business day, for the host stand: when it opens and closes,
/// whether a special day sets them, and whether it is open now.
#[utoipa::path(
    operation_id = "horario_de_hoy",
    get, path = "/api/v1/admin/sucursal/hoy", tag = "sucursales", security(("token" = [])),
    params(("tag" = String, Query, description = "Etiqueta de la sucursal")),
    responses(
        (status = 200, description = "El horario de hoy", body = Envelope<HorarioHoy>),
        (status = 403, description = "Sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe o no está activa", body = EnvelopeError),
    )
)]
async fn hoy(
    State(state): State<AppState>,
    _sesion: Autenticado,
    sucursal: SucursalEnAlcance,
) -> Result<Envelope<HorarioHoy>> {
    let s = state
        .store
        .sucursal_reservable(sucursal.tag.as_str())
        .await?
        .ok_or(ApiError::NoEncontrado("la sucursal"))?;
    let reglas = &s.conf.walkin.horario;
    let ahora = state.reloj.ahora();
    let horario = horario_hoy(
        reglas.hoy(ahora),
        reglas.local(ahora),
        &s.horario,
        &s.especiales,
    )?;
    Ok(Envelope::ok("Horario de hoy", horario))
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
    let sucursal = en_alcance(
        state.store.sucursal_en(&usuario.alcance(), &id).await?,
        "la sucursal",
    )?;
    Ok(Envelope::ok("Sucursal", sucursal))
}

/// A branch of the caller's that it may edit, by id.
async fn editable(state: &AppState, usuario: &Usuario, id: &str) -> Result<Sucursal> {
    en_alcance(
        state.store.sucursal_en(&usuario.alcance(), id).await?,
        "la sucursal",
    )
}

fn cambio(autor: &Usuario, s: &Sucursal, accion: Accion, despues: &impl Serialize) -> Cambio {
    Cambio::de(autor, Entidad::Sucursal, &s.id, accion)
        .en(&s.id)
        .despues(despues)
}

/// A branch as its entries hold it: a creation names its brand, an edit its zone and state.
#[derive(Serialize)]
struct SucursalEnBitacora<'a> {
    tag: &'a Tag,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    marca: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    zona: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    activa: Option<bool>,
}

/// A branch's own data as its form sends it: the new branch's fields and whether it is active.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DatosEdicionSucursal {
    #[serde(flatten)]
    pub datos: DatosSucursal,
    #[serde(default)]
    pub activa: Option<bool>,
}

/// Changes a branch's tag, name, brand, zone, address, phone or whether it is active.
#[utoipa::path(
    put, path = "/api/v1/admin/sucursal/{id}", tag = "sucursales", operation_id = "editar_sucursal", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    request_body = DatosEdicionSucursal,
    responses(
        (status = 200, description = "Sucursal actualizada", body = Envelope<Sucursal>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso sucursal.edit, sucursal ajena, o un cambio de marca sin marcas.edit o a una marca ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Etiqueta repetida", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::SucursalEdit>,
    Path(id): Path<String>,
    Json(d): Json<DatosEdicionSucursal>,
) -> Result<Envelope<Sucursal>> {
    let mut datos = d.datos;
    let actual = editable(&state, &usuario, &id).await?;
    if datos.marca.trim().is_empty() {
        datos.marca = actual.marca.id.clone();
    }
    if datos.marca.trim() != actual.marca.id {
        cambio_de_marca(&state, &usuario, datos.marca.trim()).await?;
    }
    let e = EdicionSucursal {
        datos: SucursalNueva::parse(&datos)?,
        activa: d.activa.unwrap_or(actual.activa),
    };
    let c = cambio(
        &usuario,
        &actual,
        Accion::Editar,
        &SucursalEnBitacora {
            tag: &e.datos.tag,
            name: &e.datos.name,
            marca: None,
            zona: Some(e.datos.zona.name()),
            activa: Some(e.activa),
        },
    );
    state
        .store
        .editar_sucursal(&id, &e, &c)
        .await
        .map_err(|err| match err {
            ErrorAlmacen::SinReferencia => {
                ApiError::SinReferencia("La marca indicada no existe.".to_owned())
            }
            otro => otro.into(),
        })?;
    let alcance = Alcance::de_tags(&[e.datos.tag.as_str().to_owned()]);
    Ok(Envelope::ok(
        "Sucursal actualizada",
        en_alcance(state.store.sucursal_en(&alcance, &id).await?, "la sucursal")?,
    ))
}

/// Moving a branch under another brand is the brand's business: it needs `marcas.edit`, and a
/// brand the caller has a branch of (or any, for who may create brands).
async fn cambio_de_marca(state: &AppState, usuario: &Usuario, marca: &str) -> Result<()> {
    if !usuario.tiene_permiso(Permiso::MarcasEdit) {
        return Err(ApiError::SinPermiso);
    }
    let Some(destino) = state.store.marca(marca).await? else {
        return Err(ApiError::SinReferencia(
            "La marca indicada no existe.".to_owned(),
        ));
    };
    let suya = usuario.tiene_permiso(Permiso::MarcasCreate)
        || destino
            .sucursales
            .iter()
            .any(|s| usuario.tiene_sucursal(&s.tag));
    if !suya {
        return Err(ApiError::SinPermiso);
    }
    Ok(())
}

/// Replaces the weekly schedule (each weekday once; a closed day keeps no hours).
#[utoipa::path(
    put, path = "/api/v1/admin/sucursal/{id}/horario", tag = "sucursales", operation_id = "guardar_horario", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    request_body = Vec<DatosDia>,
    responses(
        (status = 200, description = "Horario guardado", body = Envelope<Sucursal>),
        (status = 400, description = "Horario no válido", body = EnvelopeError),
        (status = 403, description = "Sin el permiso sucursal.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn horario(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::SucursalEdit>,
    Path(id): Path<String>,
    Json(dias): Json<Vec<DatosDia>>,
) -> Result<Envelope<Sucursal>> {
    let dias = validar_horario(&dias)?;
    let s = editable(&state, &usuario, &id).await?;
    state
        .store
        .reemplazar_horario(&id, &dias, &cambio(&usuario, &s, Accion::Horario, &dias))
        .await?;
    Ok(Envelope::ok(
        "Horario guardado",
        editable(&state, &usuario, &id).await?,
    ))
}

/// Replaces the tables (number, seats, whether it may be joined).
#[utoipa::path(
    put, path = "/api/v1/admin/sucursal/{id}/mesas", tag = "sucursales", operation_id = "guardar_mesas", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    request_body = Vec<DatosMesa>,
    responses(
        (status = 200, description = "Mesas guardadas", body = Envelope<Sucursal>),
        (status = 400, description = "Mesas no válidas", body = EnvelopeError),
        (status = 403, description = "Sin el permiso sucursal.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn mesas(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::SucursalEdit>,
    Path(id): Path<String>,
    Json(mesas): Json<Vec<DatosMesa>>,
) -> Result<Envelope<Sucursal>> {
    let mesas = validar_mesas(&mesas)?;
    let s = editable(&state, &usuario, &id).await?;
    state
        .store
        .reemplazar_mesas(&id, &mesas, &cambio(&usuario, &s, Accion::Mesas, &mesas))
        .await?;
    Ok(Envelope::ok(
        "Mesas guardadas",
        editable(&state, &usuario, &id).await?,
    ))
}

/// Replaces the closures and special days.
#[utoipa::path(
    put, path = "/api/v1/admin/sucursal/{id}/days", tag = "sucursales", operation_id = "guardar_dias", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    request_body = Vec<DatosDiaEspecial>,
    responses(
        (status = 200, description = "Días guardados", body = Envelope<Sucursal>),
        (status = 400, description = "Días no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso sucursal.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn dias(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::SucursalEdit>,
    Path(id): Path<String>,
    Json(dias): Json<Vec<DatosDiaEspecial>>,
) -> Result<Envelope<Sucursal>> {
    let validos = validar_dias(&dias)?;
    let s = editable(&state, &usuario, &id).await?;
    // A day added is today (the branch's business day) or later; the ones already stored may stay.
    let hoy = state.store.hoy_de(&id).await?;
    let guardados: Vec<_> = s.days.iter().map(|d| d.fecha).collect();
    exigir_dias_vigentes(&validos, &guardados, hoy)?;
    state
        .store
        .reemplazar_dias(&id, &validos, &cambio(&usuario, &s, Accion::Dias, &dias))
        .await?;
    Ok(Envelope::ok(
        "Días guardados",
        editable(&state, &usuario, &id).await?,
    ))
}
