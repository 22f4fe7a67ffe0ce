//! `/api/v1/admin/clientes`: the guest book. A branch's guests (anyone with a reservation or a
//! walk-in there), a guest's page with their visits to the caller's branches, editing the name
//! and notes, and merging a duplicate. E-mail and phone only for `reservacion.client`.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::clientes::{CambiosCliente, EdicionCliente};
use anfitrion_core::permisos::requiere;
use anfitrion_core::ReglaError;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::clientes::{ClienteDetalle, PaginaClientes};
use crate::db::reservaciones::VeContacto;
use crate::db::usuarios::Usuario;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Paginacion, Path, Query};

/// A client as an edit's entry holds it.
#[derive(Serialize)]
struct ClienteEnBitacora<'a> {
    name: &'a str,
    notas: &'a str,
}

/// A merge's entry: the duplicate (its id, name and visits) before, the kept client after.
#[derive(Serialize)]
struct FusionEnBitacora<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicado: Option<&'a str>,
    name: &'a str,
    visitas: usize,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar))
        .routes(routes!(detalle, editar))
        .routes(routes!(fusionar))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosClientes {
    /// Branch tag.
    #[param(required = true)]
    pub tag: Option<String>,
    /// Part of the name; or of the e-mail or phone, for callers who may see them.
    pub q: Option<String>,
}

/// The branch's guests, latest visit first, in pages.
#[utoipa::path(
    get, path = "/api/v1/admin/clientes", tag = "clientes", operation_id = "listar_clientes", security(("token" = [])),
    params(ParametrosClientes, Paginacion),
    responses(
        (status = 200, description = "Clientes", body = Envelope<PaginaClientes>),
        (status = 400, description = "Falta la sucursal, o página o límite no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso clientes.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ClientesIndex>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosClientes>,
    Paginacion { page, limit }: Paginacion,
) -> Result<Envelope<PaginaClientes>> {
    let sucursal_id = sucursal.id(&state).await?;
    let (items, total) = state
        .store
        .clientes_de(
            &sucursal_id,
            p.q.as_deref(),
            page,
            limit,
            VeContacto::de(&usuario),
        )
        .await?;
    Ok(Envelope::ok(
        "Clientes",
        PaginaClientes {
            items,
            total,
            page,
            limit,
        },
    ))
}

/// The guest `id` as the caller may see them: 404 when there is none or none of their visits is
/// in the caller's branches.
async fn cliente(state: &AppState, usuario: &Usuario, id: &str) -> Result<ClienteDetalle> {
    state
        .store
        .cliente_en(&usuario.alcance(), id, VeContacto::de(usuario))
        .await?
        .ok_or(ApiError::NoEncontrado("el cliente"))
}

/// A guest with their visits to the caller's branches, newest first.
#[utoipa::path(
    get, path = "/api/v1/admin/clientes/{id}", tag = "clientes", operation_id = "detalle_cliente", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del cliente"), ("tag" = Option<String>, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Cliente", body = Envelope<ClienteDetalle>),
        (status = 403, description = "Sin el permiso clientes.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe, o no tiene visitas en tus sucursales", body = EnvelopeError),
    )
)]
async fn detalle(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ClientesIndex>,
    _sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
) -> Result<Envelope<ClienteDetalle>> {
    Ok(Envelope::ok(
        "Cliente",
        cliente(&state, &usuario, &id).await?,
    ))
}

/// Changes a guest's name and notes.
#[utoipa::path(
    put, path = "/api/v1/admin/clientes/{id}", tag = "clientes", operation_id = "editar_datos_cliente", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del cliente")),
    request_body = EdicionCliente,
    responses(
        (status = 200, description = "Cliente actualizado", body = Envelope<ClienteDetalle>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso clientes.edit", body = EnvelopeError),
        (status = 404, description = "No existe, o no tiene visitas en tus sucursales", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ClientesEdit>,
    Path(id): Path<String>,
    Json(e): Json<EdicionCliente>,
) -> Result<Envelope<ClienteDetalle>> {
    let cambios = CambiosCliente::parse(&e)?;
    let antes = cliente(&state, &usuario, &id).await?;
    let cambio = Cambio::de(&usuario, Entidad::Cliente, &id, Accion::Editar)
        .antes(&ClienteEnBitacora {
            name: &antes.name,
            notas: &antes.notas,
        })
        .despues(&ClienteEnBitacora {
            name: cambios.name.as_ref().unwrap_or(&antes.name),
            notas: cambios.notas.as_ref().unwrap_or(&antes.notas),
        });
    if !state.store.editar_cliente(&id, &cambios, &cambio).await? {
        return Err(ApiError::NoEncontrado("el cliente"));
    }
    Ok(Envelope::ok(
        anfitrion_core::mensajes::DATOS_GUARDADOS,
        cliente(&state, &usuario, &id).await?,
    ))
}

/// Which guest is the duplicate to fold into this one.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Fusion {
    /// `_id` of the duplicate, deleted once its visits are moved.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub duplicado: String,
}

/// Merges a duplicate into this guest: every reservation and walk-in of the duplicate moves
/// here, its notes are appended (and its contact kept where this one has none), and the
/// duplicate is deleted, all in one transaction.
#[utoipa::path(
    post, path = "/api/v1/admin/clientes/{id}/fusionar", tag = "clientes", operation_id = "fusionar_clientes", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del cliente que se conserva")),
    request_body = Fusion,
    responses(
        (status = 200, description = "Clientes fusionados", body = Envelope<ClienteDetalle>),
        (status = 400, description = "Falta el duplicado, o es el mismo cliente", body = EnvelopeError),
        (status = 403, description = "Sin los permisos clientes.edit y clientes.delete (el duplicado se elimina)", body = EnvelopeError),
        (status = 404, description = "Alguno no existe, o no tiene visitas en tus sucursales", body = EnvelopeError),
    )
)]
async fn fusionar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ClientesEdit>,
    // The duplicate is deleted: merging is deleting too.
    _elimina: Con<requiere::ClientesDelete>,
    Path(id): Path<String>,
    Json(f): Json<Fusion>,
) -> Result<Envelope<ClienteDetalle>> {
    let duplicado = f.duplicado.trim().to_owned();
    if duplicado.is_empty() {
        return Err(ApiError::Entrada(
            "Indica el cliente duplicado en «duplicado».".to_owned(),
        ));
    }
    if duplicado == id {
        return Err(ReglaError::FusionConsigoMismo.into());
    }
    let conservado = cliente(&state, &usuario, &id).await?;
    let dup = cliente(&state, &usuario, &duplicado).await?;
    let cambio = Cambio::de(&usuario, Entidad::Cliente, &id, Accion::Fusionar)
        .antes(&FusionEnBitacora {
            duplicado: Some(&duplicado),
            name: &dup.name,
            visitas: dup.visitas.len(),
        })
        .despues(&FusionEnBitacora {
            duplicado: None,
            name: &conservado.name,
            visitas: conservado.visitas.len() + dup.visitas.len(),
        });
    if !state
        .store
        .fusionar_clientes(&id, &duplicado, &cambio)
        .await?
    {
        return Err(ApiError::NoEncontrado("el cliente"));
    }
    Ok(Envelope::ok(
        "Clientes fusionados",
        cliente(&state, &usuario, &id).await?,
    ))
}
