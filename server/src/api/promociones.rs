//! `/api/v1/admin/promocion`: a branch's promotions. The order forms read today's (any
//! signed-in user of the branch); the promotions screen manages them (promos.*). A promotion is
//! deleted softly: past tickets keep its name.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::permisos::requiere;
use anfitrion_core::promos::{DatosPromocion, PromocionValida};
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{
    en_alcance, Autenticado, Con, JsonSucursal, NombraSucursal, SucursalEnAlcance,
};
use crate::db::bitacora::{Cambio, Entidad, Nombre};
use crate::db::catalogo::{NuevaPromo, PromoActiva, Promocion};
use crate::db::nuevo_id;
use crate::db::usuarios::Usuario;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(promociones, crear_promo))
        .routes(routes!(activas))
        .routes(routes!(editar_promo, eliminar_promo))
}

/// The branch the caller chose (already checked against the caller's), by id, and its business
/// day now (at 00:30 on Saturday, still Friday: Friday's promotions hold until the day ends).
async fn sucursal(state: &AppState, elegida: &SucursalEnAlcance) -> Result<(String, NaiveDate)> {
    let (id, conf) = elegida.conf(state).await?;
    Ok((id, conf.walkin.horario.hoy(state.reloj.ahora())))
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
