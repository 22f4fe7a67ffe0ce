//! `/api/v1/admin/integraciones`: the group's integration keys and webhook endpoints
//! (`integraciones.index`, which no key ever holds). A secret is answered once, when it is made,
//! and never stored in clear: a key's as its SHA-256, and neither is kept with a repeated request.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::integracion::{
    ClaveValida, DatosClave, DatosDestino, DestinoValido, Evento, EVENTO_PRUEBA, GRACIA_ROTACION,
    PREFIJO_CLAVE,
};
use anfitrion_core::permisos::requiere;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{exigir_sucursal, Con};
use crate::auth::hash_token;
use crate::db::bitacora::{Cambio, Entidad, Nombre};
use crate::db::integraciones::{
    ClaveAdmin, DestinoAdmin, EntregaAdmin, Hecho, NuevaClave, NuevoDestino,
};
use crate::db::{nuevo_id, ErrorAlmacen};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};
use crate::idempotencia::SecretoUnaVez;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar_claves, crear_clave))
        .routes(routes!(revocar_clave))
        .routes(routes!(eventos))
        .routes(routes!(listar_destinos, crear_destino))
        .routes(routes!(eliminar_destino))
        .routes(routes!(activar_destino))
        .routes(routes!(rotar_secreto))
        .routes(routes!(entregas))
        .routes(routes!(prueba))
        .routes(routes!(reenviar))
        .routes(routes!(sincronizar))
}

/// How many deliveries an endpoint's list shows.
const ENTREGAS_LISTADAS: u32 = 50;

/// A new key's secret: `anf_` and 32 random bytes in base64url, 47 characters.
fn nueva_clave() -> String {
    let mut b = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut b);
    format!("{PREFIJO_CLAVE}{}", URL_SAFE_NO_PAD.encode(b))
}

/// An answer that shows a secret: 201 or 200, and never stored for a repeat.
fn con_secreto<T: Serialize>(status: StatusCode, sobre: Envelope<T>) -> Response {
    let mut r = (status, sobre).into_response();
    r.extensions_mut().insert(SecretoUnaVez);
    r
}

fn sin_referencia(e: ErrorAlmacen) -> ApiError {
    match e {
        ErrorAlmacen::SinReferencia => ApiError::SinReferencia(
            "El rol o una de las sucursales indicadas no existe.".to_owned(),
        ),
        otro => otro.into(),
    }
}

/// The keys, the newest first, with their state: live, revoked or expired (by their dates).
#[utoipa::path(
    get, path = "/api/v1/admin/integraciones/claves", tag = "integraciones", operation_id = "listar_claves", security(("token" = [])),
    responses(
        (status = 200, description = "Claves de integración", body = Envelope<Vec<ClaveAdmin>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
    )
)]
async fn listar_claves(
    State(state): State<AppState>,
    _u: Con<requiere::IntegracionesIndex>,
) -> Result<Envelope<Vec<ClaveAdmin>>> {
    Ok(Envelope::ok(
        "Claves de integración",
        state.store.claves().await?,
    ))
}

/// A key made: its secret, shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClaveCreada {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// `anf_…`: sent as `Authorization: Bearer anf_…`. It is not shown again.
    pub secreto: String,
}

/// Makes a key for another system: it acts with its role's permissions in its branches only.
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/claves", tag = "integraciones", operation_id = "crear_clave", security(("token" = [])),
    request_body = DatosClave,
    responses(
        (status = 201, description = "Clave creada; su secreto se muestra solo esta vez", body = Envelope<ClaveCreada>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso integraciones.index, o una sucursal ajena", body = EnvelopeError),
        (status = 409, description = "Ya existe una clave con ese nombre", body = EnvelopeError),
    )
)]
async fn crear_clave(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Json(d): Json<DatosClave>,
) -> Result<Response> {
    let clave = ClaveValida::parse(&d, state.reloj.ahora())?;
    for tag in &clave.sucursales {
        exigir_sucursal(&usuario, tag)?;
    }
    let secreto = nueva_clave();
    let id = nuevo_id();
    let prefijo: String = secreto.chars().take(PREFIJO_CLAVE.len() + 6).collect();
    let cambio = Cambio::de(&usuario, Entidad::Integracion, &id, Accion::Crear).despues(&json!({
        "name": clave.name, "tipo": "clave", "rol_id": clave.rol_id, "sucursales": clave.sucursales,
        "expira": clave.expira, "prefijo": prefijo,
    }));
    let nueva = NuevaClave {
        id: &id,
        clave: &clave,
        hash: &hash_token(&secreto),
        prefijo: &prefijo,
        creada_por: &usuario.name,
    };
    state
        .store
        .crear_clave(&nueva, &cambio)
        .await
        .map_err(sin_referencia)?;
    tracing::info!(clave = %id, "clave de integración creada");
    Ok(con_secreto(
        StatusCode::CREATED,
        Envelope::ok(
            "Clave creada. Copia el secreto ahora: no se volverá a mostrar.",
            ClaveCreada {
                id,
                name: clave.name,
                secreto,
            },
        ),
    ))
}

/// Revokes a key: its next call, on any instance, is refused.
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/claves/{id}/revocar", tag = "integraciones", operation_id = "revocar_clave", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la clave")),
    responses(
        (status = 200, description = "Clave revocada", body = Envelope<Option<String>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
        (status = 404, description = "No existe o ya estaba revocada", body = EnvelopeError),
    )
)]
async fn revocar_clave(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Option<String>>> {
    let cambio = Cambio::de(&usuario, Entidad::Integracion, &id, Accion::Desactivar)
        .despues(&json!({ "tipo": "clave", "revocada": true }));
    if !state.store.revocar_clave(&id, &cambio).await? {
        return Err(ApiError::NoEncontrado("una clave vigente con ese id"));
    }
    Ok(Envelope::ok("Clave revocada", None))
}

/// An event an endpoint may receive.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventoDisponible {
    pub name: Evento,
    pub descripcion: &'static str,
    /// Whether the group's CRM receives it.
    pub crm: bool,
}

/// The events an endpoint may ask for, in order.
#[utoipa::path(
    get, path = "/api/v1/admin/integraciones/eventos", tag = "integraciones", operation_id = "eventos_webhook", security(("token" = [])),
    responses(
        (status = 200, description = "Eventos", body = Envelope<Vec<EventoDisponible>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
    )
)]
async fn eventos(_u: Con<requiere::IntegracionesIndex>) -> Envelope<Vec<EventoDisponible>> {
    Envelope::ok(
        "Eventos",
        Evento::TODOS
            .iter()
            .map(|e| EventoDisponible {
                name: *e,
                descripcion: e.descripcion(),
                crm: e.del_crm(),
            })
            .collect(),
    )
}

/// The endpoints, the newest first, with how many deliveries wait and how many failed.
#[utoipa::path(
    get, path = "/api/v1/admin/integraciones/destinos", tag = "integraciones", operation_id = "listar_destinos", security(("token" = [])),
    responses(
        (status = 200, description = "Destinos de webhooks", body = Envelope<Vec<DestinoAdmin>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
    )
)]
async fn listar_destinos(
    State(state): State<AppState>,
    _u: Con<requiere::IntegracionesIndex>,
) -> Result<Envelope<Vec<DestinoAdmin>>> {
    Ok(Envelope::ok("Destinos", state.store.destinos().await?))
}

/// An endpoint made, or its secret rotated: the signing secret, shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct SecretoDestino {
    #[serde(rename = "_id")]
    pub id: String,
    /// `whsec_…`: verifies `webhook-signature`. It is not shown again.
    pub secreto: String,
    /// After a rotation: until when the replaced secret still signs beside this one.
    pub anterior_hasta: Option<DateTime<Utc>>,
}

/// Adds an endpoint (a partner's webhook, or the group's CRM).
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/destinos", tag = "integraciones", operation_id = "crear_destino", security(("token" = [])),
    request_body = DatosDestino,
    responses(
        (status = 201, description = "Destino creado; su secreto se muestra solo esta vez", body = Envelope<SecretoDestino>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso integraciones.index, o una sucursal ajena", body = EnvelopeError),
    )
)]
async fn crear_destino(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Json(d): Json<DatosDestino>,
) -> Result<Response> {
    let destino = DestinoValido::parse(&d)?;
    for tag in &destino.sucursales {
        exigir_sucursal(&usuario, tag)?;
    }
    let id = nuevo_id();
    let secreto = crate::webhooks::nuevo_secreto();
    let cambio = Cambio::de(&usuario, Entidad::Integracion, &id, Accion::Crear).despues(&json!({
        "name": destino.name, "tipo": destino.tipo.nombre(), "url": destino.url,
        "eventos": destino.eventos, "sucursales": destino.sucursales,
    }));
    let nuevo = NuevoDestino {
        id: &id,
        destino: &destino,
        secreto: &secreto,
        creado_por: &usuario.name,
    };
    state
        .store
        .crear_destino(&nuevo, &cambio)
        .await
        .map_err(sin_referencia)?;
    Ok(con_secreto(
        StatusCode::CREATED,
        Envelope::ok(
            "Destino creado. Copia el secreto ahora: no se volverá a mostrar.",
            SecretoDestino {
                id,
                secreto,
                anterior_hasta: None,
            },
        ),
    ))
}

fn hecho(h: Hecho) -> Result<()> {
    match h {
        Hecho::Si => Ok(()),
        Hecho::NoExiste => Err(ApiError::NoEncontrado("el destino")),
    }
}

/// Removes an endpoint and its deliveries.
#[utoipa::path(
    delete, path = "/api/v1/admin/integraciones/destinos/{id}", tag = "integraciones", operation_id = "eliminar_destino", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del destino")),
    responses(
        (status = 200, description = "Destino eliminado", body = Envelope<Option<String>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn eliminar_destino(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Option<String>>> {
    let cambio = Cambio::de(&usuario, Entidad::Integracion, &id, Accion::Eliminar);
    hecho(state.store.eliminar_destino(&id, &cambio).await?)?;
    Ok(Envelope::ok("Destino eliminado", None))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Activo {
    pub activo: bool,
}

/// Turns an endpoint on or off; on again, what waits is sent at once.
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/destinos/{id}/activo", tag = "integraciones", operation_id = "activar_destino", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del destino")),
    request_body = Activo,
    responses(
        (status = 200, description = "Destino activado o desactivado", body = Envelope<Option<String>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn activar_destino(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Path(id): Path<String>,
    Json(a): Json<Activo>,
) -> Result<Envelope<Option<String>>> {
    let cambio = Cambio::de(&usuario, Entidad::Integracion, &id, Accion::Editar)
        .despues(&json!({ "activo": a.activo }));
    hecho(state.store.activar_destino(&id, a.activo, &cambio).await?)?;
    Ok(Envelope::ok(
        if a.activo {
            "Destino activado"
        } else {
            "Destino desactivado"
        },
        None,
    ))
}

/// A new signing secret; the replaced one still signs beside it for a day, so the partner can
/// switch without losing a delivery.
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/destinos/{id}/secreto", tag = "integraciones", operation_id = "rotar_secreto", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del destino")),
    responses(
        (status = 200, description = "Secreto nuevo; se muestra solo esta vez", body = Envelope<SecretoDestino>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn rotar_secreto(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Path(id): Path<String>,
) -> Result<Response> {
    let secreto = crate::webhooks::nuevo_secreto();
    let hasta = state.reloj.ahora() + GRACIA_ROTACION;
    let cambio =
        Cambio::de(&usuario, Entidad::Integracion, &id, Accion::CambiarClave).despues(&Nombre {
            name: "secreto de firma",
        });
    hecho(
        state
            .store
            .rotar_secreto(&id, &secreto, hasta, &cambio)
            .await?,
    )?;
    Ok(con_secreto(
        StatusCode::OK,
        Envelope::ok(
            "Secreto nuevo. El anterior sigue firmando durante 24 horas.",
            SecretoDestino {
                id,
                secreto,
                anterior_hasta: Some(hasta),
            },
        ),
    ))
}

/// An endpoint's latest deliveries, the newest first.
#[utoipa::path(
    get, path = "/api/v1/admin/integraciones/destinos/{id}/entregas", tag = "integraciones", operation_id = "entregas_destino", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del destino")),
    responses(
        (status = 200, description = "Entregas", body = Envelope<Vec<EntregaAdmin>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
    )
)]
async fn entregas(
    State(state): State<AppState>,
    _u: Con<requiere::IntegracionesIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<EntregaAdmin>>> {
    Ok(Envelope::ok(
        "Entregas",
        state.store.entregas(&id, ENTREGAS_LISTADAS).await?,
    ))
}

/// A delivery queued.
#[derive(Debug, Serialize, ToSchema)]
pub struct EntregaEncolada {
    /// Its `webhook-id`.
    #[serde(rename = "_id")]
    pub id: String,
}

/// Queues a `webhook.prueba` event for the endpoint: it leaves with the next pass, after what
/// already waits for it.
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/destinos/{id}/prueba", tag = "integraciones", operation_id = "probar_destino", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del destino")),
    responses(
        (status = 202, description = "Prueba en cola", body = Envelope<EntregaEncolada>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn prueba(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Path(id): Path<String>,
) -> Result<(StatusCode, Envelope<EntregaEncolada>)> {
    let cuerpo = json!({
        "type": EVENTO_PRUEBA,
        "timestamp": state.reloj.ahora().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "data": { "mensaje": "Prueba de Anfitrión", "enviada_por": usuario.name },
    });
    let entrega = state
        .store
        .encolar_prueba(&id, &cuerpo)
        .await?
        .ok_or(ApiError::NoEncontrado("el destino"))?;
    Ok((
        StatusCode::ACCEPTED,
        Envelope::ok(
            "Prueba en cola: se envía en unos segundos.",
            EntregaEncolada { id: entrega },
        ),
    ))
}

/// Sends a delivery again, with the same `webhook-id`, as soon as its turn comes.
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/destinos/{id}/entregas/{entrega}/reenviar", tag = "integraciones", operation_id = "reenviar_entrega", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del destino"), ("entrega" = String, Path, description = "`_id` de la entrega")),
    responses(
        (status = 200, description = "Entrega en cola de nuevo", body = Envelope<Option<String>>),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn reenviar(
    State(state): State<AppState>,
    _u: Con<requiere::IntegracionesIndex>,
    Path((id, entrega)): Path<(String, String)>,
) -> Result<Envelope<Option<String>>> {
    match state.store.reenviar(&id, &entrega).await? {
        Hecho::Si => Ok(Envelope::ok("Entrega en cola de nuevo", None)),
        Hecho::NoExiste => Err(ApiError::NoEncontrado("la entrega")),
    }
}

/// A CRM's "Sincronizar todo": every client of its branches with its counts (visits, no-shows,
/// last visit, affiliate), sent as `cliente.sincronizado` a page at a time after what already
/// waits; resumed where it was after a restart. Asked again, it starts over.
#[utoipa::path(
    post, path = "/api/v1/admin/integraciones/destinos/{id}/sincronizar", tag = "integraciones", operation_id = "sincronizar_crm", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del destino")),
    responses(
        (status = 202, description = "Sincronización en curso", body = Envelope<Option<String>>),
        (status = 409, description = "El destino no es un CRM", body = EnvelopeError),
        (status = 403, description = "Sin el permiso integraciones.index", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn sincronizar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::IntegracionesIndex>,
    Path(id): Path<String>,
) -> Result<(StatusCode, Envelope<Option<String>>)> {
    let cambio = Cambio::de(&usuario, Entidad::Integracion, &id, Accion::Editar)
        .despues(&json!({ "sincronizacion": "en_curso" }));
    hecho(state.store.iniciar_sincronizacion(&id, &cambio).await?)?;
    Ok((
        StatusCode::ACCEPTED,
        Envelope::ok(
            "Sincronización en curso: los clientes se envían por páginas.",
            None,
        ),
    ))
}
