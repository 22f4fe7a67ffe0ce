//! `/api/v1/admin/meseros` and `/api/v1/admin/promocion`: a branch's waiters and promotions.
//! The order forms read the active waiters and today's promotions (any signed-in user of the
//! branch); the waiters and promotions screens manage them (meseros.*, promos.*). A waiter is
//! deactivated, never removed; a promotion is deleted softly: past tickets keep both names.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::permisos::{requiere, Permiso};
use anfitrion_core::personal::normalizar_nombre;
use anfitrion_core::promos::{DatosPromocion, PromocionValida};
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{
    en_alcance, Autenticado, Con, JsonSucursal, NombraSucursal, SucursalEnAlcance,
};
use crate::db::bitacora::{Cambio, Entidad, Nombre};
use crate::db::catalogo::{
    CambiosMesero, MeseroRef, NuevaPromo, NuevoMesero, PromoActiva, Promocion,
};
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
        .routes(routes!(promociones, crear_promo))
        .routes(routes!(activas))
        .routes(routes!(editar_promo, eliminar_promo))
}

/// The branch the caller chose (already checked against the caller's), by id, and its local date
/// today.
async fn sucursal(state: &AppState, elegida: &SucursalEnAlcance) -> Result<(String, NaiveDate)> {
    let SucursalEnAlcance { tag, alcance } = elegida;
    let id = en_alcance(
        state.store.sucursal_id_en(alcance, tag).await?,
        "la sucursal",
    )?;
    let conf = en_alcance(
        state.store.conf_walkin_en(alcance, tag).await?,
        "la sucursal",
    )?;
    Ok((id, conf.horario.local(state.reloj.ahora()).date()))
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
    let (id, _) = sucursal(&state, &elegida).await?;
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
    let (sucursal_id, _) = sucursal(&state, &elegida).await?;
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

/// The branch's promotions (deleted ones are gone), with whether each is usable today.
#[utoipa::path(
    get, path = "/api/v1/admin/promocion", tag = "catálogo", operation_id = "listar_promociones", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal")),
    responses(
        (status = 200, description = "Promociones", body = Envelope<Vec<Promocion>>),
        (status = 400, description = "Falta la sucursal", body = EnvelopeError),
        (status = 403, description = "Sin el permiso promos.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn promociones(
    State(state): State<AppState>,
    _permiso: Con<requiere::PromosIndex>,
    elegida: SucursalEnAlcance,
) -> Result<Envelope<Vec<Promocion>>> {
    let (id, hoy) = sucursal(&state, &elegida).await?;
    Ok(Envelope::ok(
        "Promociones",
        state.store.promos_de(&id, hoy).await?,
    ))
}

/// The branch's promotions usable today in its time zone: switched on, within their dates, on
/// their weekdays (core's rule, the one every saved order is held to).
#[utoipa::path(
    get, path = "/api/v1/admin/promocion/activas", tag = "catálogo", operation_id = "promociones_activas", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal")),
    responses(
        (status = 200, description = "Promociones activas", body = Envelope<Vec<PromoActiva>>),
        (status = 400, description = "Falta la sucursal", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sucursal ajena", body = EnvelopeError),
    )
)]
async fn activas(
    State(state): State<AppState>,
    _sesion: Autenticado,
    elegida: SucursalEnAlcance,
) -> Result<Envelope<Vec<PromoActiva>>> {
    let (id, hoy) = sucursal(&state, &elegida).await?;
    Ok(Envelope::ok(
        "Promociones activas",
        state.store.promos_activas_de(&id, hoy).await?,
    ))
}

/// A promotion as the promotions screen sends it, with its branch.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NuevaPromocionSolicitud {
    /// Branch tag.
    #[serde(default)]
    pub tag: String,
    #[serde(flatten)]
    pub datos: DatosPromocion,
}

impl NombraSucursal for NuevaPromocionSolicitud {
    fn tag(&self) -> Option<&str> {
        Some(&self.tag)
    }
}

/// A waiter as their entries hold them.
#[derive(Serialize)]
struct MeseroEnBitacora<'a> {
    name: &'a str,
    activo: bool,
}

/// A promotion as its entries hold it (dates `YYYY-MM-DD`, as stored or as parsed).
#[derive(Serialize)]
struct PromoEnBitacora<'a, F: Serialize> {
    name: &'a str,
    activa: bool,
    desde: F,
    hasta: F,
    dias: &'a [u32],
    pide_nombres: bool,
}

fn resumen(p: &PromocionValida) -> PromoEnBitacora<'_, Option<NaiveDate>> {
    let v = &p.ventana;
    PromoEnBitacora {
        name: &p.name,
        activa: v.activa,
        desde: v.desde,
        hasta: v.hasta,
        dias: &v.dias,
        pide_nombres: p.pide_nombres,
    }
}

/// Adds a promotion to the branch.
#[utoipa::path(
    post, path = "/api/v1/admin/promocion", tag = "catálogo", operation_id = "crear_promocion", security(("token" = [])),
    request_body = NuevaPromocionSolicitud,
    responses(
        (status = 201, description = "Promoción creada", body = Envelope<Promocion>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso promos.create, o sucursal ajena", body = EnvelopeError),
        (status = 409, description = "La sucursal ya tiene una promoción con ese nombre", body = EnvelopeError),
    )
)]
async fn crear_promo(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::PromosCreate>,
    JsonSucursal(s, elegida): JsonSucursal<NuevaPromocionSolicitud>,
) -> Result<(StatusCode, Envelope<Promocion>)> {
    let valida = PromocionValida::parse(&s.datos)?;
    let (sucursal_id, hoy) = sucursal(&state, &elegida).await?;
    let promo = NuevaPromo {
        id: nuevo_id(),
        sucursal_id: sucursal_id.clone(),
        promo: valida,
    };
    let cambio = Cambio::de(&usuario, Entidad::Promocion, &promo.id, Accion::Crear)
        .en(sucursal_id)
        .despues(&resumen(&promo.promo));
    state.store.crear_promo(&promo, Some(&cambio)).await?;
    let (p, _) = en_alcance(
        state
            .store
            .promo_en(&usuario.alcance(), &promo.id, hoy)
            .await?,
        "la promoción",
    )?;
    Ok((StatusCode::CREATED, Envelope::ok("Promoción creada", p)))
}

/// The promotion `id` and its branch's local date, if the branch is the caller's.
async fn promo(
    state: &AppState,
    usuario: &Usuario,
    id: &str,
) -> Result<(Promocion, String, NaiveDate)> {
    // The branch's date needs its tag: read once in scope (any date), then again for today.
    let alcance = usuario.alcance();
    let hoy_utc = state.reloj.ahora().date_naive();
    let (_, sucursal_id) = en_alcance(
        state.store.promo_en(&alcance, id, hoy_utc).await?,
        "la promoción",
    )?;
    let hoy = state.store.hoy_de(&sucursal_id).await?;
    let (p, _) = en_alcance(
        state.store.promo_en(&alcance, id, hoy).await?,
        "la promoción",
    )?;
    Ok((p, sucursal_id, hoy))
}

/// Replaces a promotion's name, description, switch, window and whether it asks names. Tickets
/// already printed keep what they hold.
#[utoipa::path(
    put, path = "/api/v1/admin/promocion/{id}", tag = "catálogo", operation_id = "editar_promocion", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la promoción")),
    request_body = DatosPromocion,
    responses(
        (status = 200, description = "Promoción actualizada", body = Envelope<Promocion>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso promos.edit, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "La sucursal ya tiene una promoción con ese nombre", body = EnvelopeError),
    )
)]
async fn editar_promo(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::PromosEdit>,
    Path(id): Path<String>,
    Json(d): Json<DatosPromocion>,
) -> Result<Envelope<Promocion>> {
    let valida = PromocionValida::parse(&d)?;
    let (antes, sucursal_id, hoy) = promo(&state, &usuario, &id).await?;
    let cambio = Cambio::de(&usuario, Entidad::Promocion, &id, Accion::Editar)
        .en(sucursal_id)
        .antes(&PromoEnBitacora {
            name: &antes.name,
            activa: antes.activa,
            desde: &antes.desde,
            hasta: &antes.hasta,
            dias: &antes.dias,
            pide_nombres: antes.pide_nombres,
        })
        .despues(&resumen(&valida));
    if !state.store.editar_promo(&id, &valida, &cambio).await? {
        return Err(ApiError::NoEncontrado("la promoción"));
    }
    let (p, _) = en_alcance(
        state.store.promo_en(&usuario.alcance(), &id, hoy).await?,
        "la promoción",
    )?;
    Ok(Envelope::ok("Promoción actualizada", p))
}

/// Deletes a promotion: gone from the lists and the order forms; tickets that used it keep it.
#[utoipa::path(
    delete, path = "/api/v1/admin/promocion/{id}", tag = "catálogo", operation_id = "eliminar_promocion", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la promoción")),
    responses(
        (status = 200, description = "Promoción eliminada", body = Envelope<Promocion>),
        (status = 403, description = "Sin el permiso promos.delete, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn eliminar_promo(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::PromosDelete>,
    Path(id): Path<String>,
) -> Result<Envelope<Promocion>> {
    let (antes, sucursal_id, _) = promo(&state, &usuario, &id).await?;
    let cambio = Cambio::de(&usuario, Entidad::Promocion, &id, Accion::Eliminar)
        .en(sucursal_id)
        .antes(&Nombre { name: &antes.name });
    if !state.store.eliminar_promo(&id, &cambio).await? {
        return Err(ApiError::NoEncontrado("la promoción"));
    }
    Ok(Envelope::ok(
        anfitrion_core::mensajes::PROMO_ELIMINADA,
        Promocion {
            activa: false,
            vigente: false,
            ..antes
        },
    ))
}
