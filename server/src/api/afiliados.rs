//! `/api/v1/admin/afiliados`: partners (hotels, concierges, Airbnb hosts, agencies) whose guests
//! book with their code, and each one's reservations and attendance over a period. Partners are
//! the group's, not a branch's; their reservations are shown only from the caller's branches.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::clientes::{AfiliadoValido, DatosAfiliado, TipoAfiliado};
use anfitrion_core::permisos::requiere;
use anfitrion_core::tiempo;
use anfitrion_core::ReglaError;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::clientes::{Afiliado, AfiliadoDetalle, NuevoAfiliado, PeriodoAfiliado};
use crate::db::{nuevo_id, Alcance};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path, Query};

/// An affiliate as its entries hold it; a creation leaves out whether it is active.
#[derive(Serialize)]
struct AfiliadoEnBitacora<'a> {
    code: &'a str,
    name: &'a str,
    tipo: TipoAfiliado,
    #[serde(skip_serializing_if = "Option::is_none")]
    activo: Option<bool>,
}

/// Whether an affiliate is active, as a deactivation's entry holds it.
#[derive(Serialize)]
struct Activo {
    activo: bool,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, crear))
        .routes(routes!(detalle, editar, desactivar))
}

/// Every partner, by name.
#[utoipa::path(
    get, path = "/api/v1/admin/afiliados", tag = "afiliados", operation_id = "listar_afiliados", security(("token" = [])),
    responses(
        (status = 200, description = "Afiliados", body = Envelope<Vec<Afiliado>>),
        (status = 403, description = "Sin el permiso afiliados.index", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    _u: Con<requiere::AfiliadosIndex>,
) -> Result<Envelope<Vec<Afiliado>>> {
    Ok(Envelope::ok("Afiliados", state.store.afiliados().await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosAfiliado {
    /// Only this branch's reservations; all of the caller's branches when absent.
    pub tag: Option<String>,
    /// First day of the period, `YYYY-MM-DD` (branch-local); no start when absent.
    pub desde: Option<String>,
    /// Last day of the period, `YYYY-MM-DD`, included; no end when absent.
    pub hasta: Option<String>,
}

/// A partner with its reservations in the period, how many came, and the attendance rate.
#[utoipa::path(
    get, path = "/api/v1/admin/afiliados/{id}", tag = "afiliados", operation_id = "detalle_afiliado", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del afiliado"), ParametrosAfiliado),
    responses(
        (status = 200, description = "Afiliado", body = Envelope<AfiliadoDetalle>),
        (status = 400, description = "Fecha no válida, o periodo invertido", body = EnvelopeError),
        (status = 403, description = "Sin el permiso afiliados.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn detalle(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::AfiliadosIndex>,
    sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
    Query(p): Query<ParametrosAfiliado>,
) -> Result<Envelope<AfiliadoDetalle>> {
    let (desde, hasta) = tiempo::periodo(p.desde.as_deref(), p.hasta.as_deref())?;
    let alcance = match sucursal {
        Some(s) => Alcance::de_tags(&[s.tag.as_str().to_owned()]),
        None => usuario.alcance(),
    };
    let periodo = PeriodoAfiliado {
        alcance,
        desde: desde.and_then(|d| d.and_hms_opt(0, 0, 0)),
        hasta: hasta
            .and_then(|h| h.succ_opt())
            .and_then(|h| h.and_hms_opt(0, 0, 0)),
    };
    let a = state
        .store
        .afiliado_con_reservaciones(&id, &periodo)
        .await?
        .ok_or(ApiError::NoEncontrado("el afiliado"))?;
    Ok(Envelope::ok("Afiliado", a))
}

/// Adds a partner. Its code is stored upper-case and is unique.
#[utoipa::path(
    post, path = "/api/v1/admin/afiliados", tag = "afiliados", operation_id = "crear_afiliado", security(("token" = [])),
    request_body = DatosAfiliado,
    responses(
        (status = 201, description = "Afiliado creado", body = Envelope<Afiliado>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso afiliados.create", body = EnvelopeError),
        (status = 409, description = "Ya existe un afiliado con ese código", body = EnvelopeError),
    )
)]
async fn crear(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::AfiliadosCreate>,
    Json(d): Json<DatosAfiliado>,
) -> Result<(StatusCode, Envelope<Afiliado>)> {
    let valido = AfiliadoValido::parse(&d)?;
    let nuevo = NuevoAfiliado {
        id: nuevo_id(),
        afiliado: valido,
    };
    let cambio = Cambio::de(&usuario, Entidad::Afiliado, &nuevo.id, Accion::Crear).despues(
        &AfiliadoEnBitacora {
            code: &nuevo.afiliado.code,
            name: &nuevo.afiliado.name,
            tipo: nuevo.afiliado.tipo,
            activo: None,
        },
    );
    state.store.crear_afiliado(&nuevo, Some(&cambio)).await?;
    let a = state
        .store
        .afiliado(&nuevo.id)
        .await?
        .ok_or(ApiError::NoEncontrado("el afiliado"))?;
    Ok((StatusCode::CREATED, Envelope::ok("Afiliado creado", a)))
}

/// Replaces a partner's code, name, type, contact and switch.
#[utoipa::path(
    put, path = "/api/v1/admin/afiliados/{id}", tag = "afiliados", operation_id = "editar_afiliado", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del afiliado")),
    request_body = DatosAfiliado,
    responses(
        (status = 200, description = "Afiliado actualizado", body = Envelope<Afiliado>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso afiliados.edit", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Ya existe un afiliado con ese código", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::AfiliadosEdit>,
    Path(id): Path<String>,
    Json(d): Json<DatosAfiliado>,
) -> Result<Envelope<Afiliado>> {
    let valido = AfiliadoValido::parse(&d)?;
    let antes = state
        .store
        .afiliado(&id)
        .await?
        .ok_or(ApiError::NoEncontrado("el afiliado"))?;
    let cambio = Cambio::de(&usuario, Entidad::Afiliado, &id, Accion::Editar)
        .antes(&AfiliadoEnBitacora {
            code: &antes.code,
            name: &antes.name,
            tipo: antes.tipo,
            activo: Some(antes.activo),
        })
        .despues(&AfiliadoEnBitacora {
            code: &valido.code,
            name: &valido.name,
            tipo: valido.tipo,
            activo: Some(valido.activo),
        });
    if !state.store.editar_afiliado(&id, &valido, &cambio).await? {
        return Err(ApiError::NoEncontrado("el afiliado"));
    }
    Ok(Envelope::ok(
        "Afiliado actualizado",
        state
            .store
            .afiliado(&id)
            .await?
            .ok_or(ApiError::NoEncontrado("el afiliado"))?,
    ))
}

/// Deactivates a partner: its code is refused on new bookings; its reservations keep it.
#[utoipa::path(
    delete, path = "/api/v1/admin/afiliados/{id}", tag = "afiliados", operation_id = "desactivar_afiliado", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del afiliado")),
    responses(
        (status = 200, description = "Afiliado desactivado", body = Envelope<Afiliado>),
        (status = 403, description = "Sin el permiso afiliados.delete", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn desactivar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::AfiliadosDelete>,
    Path(id): Path<String>,
) -> Result<Envelope<Afiliado>> {
    let cambio = Cambio::de(&usuario, Entidad::Afiliado, &id, Accion::Desactivar)
        .despues(&Activo { activo: false });
    if !state.store.desactivar_afiliado(&id, &cambio).await? {
        return Err(ApiError::NoEncontrado("el afiliado"));
    }
    Ok(Envelope::ok(
        "Afiliado desactivado",
        state
            .store
            .afiliado(&id)
            .await?
            .ok_or(ApiError::NoEncontrado("el afiliado"))?,
    ))
}

/// The active affiliate a booking's code names: `None` without a code; 400 in Spanish when the
/// code is unknown or inactive. For every path that saves a reservation.
pub async fn afiliado_de_reserva(state: &AppState, code: Option<&str>) -> Result<Option<String>> {
    match code {
        None => Ok(None),
        Some(c) => Ok(Some(
            state
                .store
                .afiliado_activo(c)
                .await?
                .ok_or(ReglaError::AfiliadoDesconocido)?,
        )),
    }
}
