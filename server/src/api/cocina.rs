//! `/api/v1/admin/cocina`: the kitchen's forecast for a branch (cocina.index): the diners seated
//! now by buffet kind and those expected over the next two hours, by quarter-hour, each row with
//! what it is made of. Storage reads the branch's history (`db/cocina.rs`), the waitlist's
//! parties are quoted from the floor as the list quotes them, and core's `cocina::pronosticar`
//! decides.

use anfitrion_core::cocina::{HojaPronostico, Pronostico};
use anfitrion_core::permisos::requiere;
use anfitrion_core::tiempo::formato_fecha_hora;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::db::impresion::ImpresionPronostico;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(pronostico))
        .routes(routes!(imprimir))
}

/// The forecast as the kitchen's screen shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PronosticoCocina {
    /// The branch-local moment it was made (`YYYY-MM-DD HH:MM`).
    #[schema(example = "2026-11-25 13:05")]
    pub ahora: String,
    /// `HH:MM` from which a new order starts in promo mode (Caballero, Dama, Niño).
    #[schema(example = "18:40")]
    pub inicio_promo: String,
    pub pronostico: Pronostico,
    /// The last "Imprimir pronóstico": its job on each kitchen printer (empty: never printed).
    pub impresion: Vec<ImpresionPronostico>,
    /// The active printers that print the comanda, where the forecast would go; empty: the
    /// screen says there is none, and printing is refused.
    pub impresoras: Vec<String>,
}

/// Where a forecast print was queued.
#[derive(Debug, Serialize, ToSchema)]
pub struct PronosticoEnCola {
    /// The kitchen printers it waits for.
    pub impresoras: Vec<String>,
}

/// The branch's kitchen forecast now.
#[utoipa::path(
    operation_id = "pronostico_cocina",
    get, path = "/api/v1/admin/cocina", tag = "cocina", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Los comensales sentados y los esperados en las próximas dos horas, por cuarto de hora", body = Envelope<PronosticoCocina>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso cocina.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
    )
)]
async fn pronostico(
    State(state): State<AppState>,
    _permiso: Con<requiere::CocinaIndex>,
    sucursal: SucursalEnAlcance,
) -> Result<Envelope<PronosticoCocina>> {
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let (ahora, inicio_promo, pronostico) = crate::cocina::pronostico(
        state.store.as_ref(),
        state.reloj.ahora(),
        &sucursal_id,
        &conf,
    )
    .await?;
    let impresion = state
        .store
        .ultima_impresion_pronostico(&sucursal_id)
        .await?;
    let impresoras = state.store.impresoras_de_cocina(&sucursal_id).await?;
    Ok(Envelope::ok(
        "Pronóstico de la cocina",
        PronosticoCocina {
            ahora: formato_fecha_hora(ahora),
            inicio_promo,
            pronostico,
            impresion,
            impresoras,
        },
    ))
}

/// "Imprimir pronóstico": the forecast now, queued for each active printer of the branch that
/// prints the comanda (the kitchen's), sent by the print queue as the tickets are.
#[utoipa::path(
    operation_id = "imprimir_pronostico",
    post, path = "/api/v1/admin/cocina/imprimir", tag = "cocina", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal actual")),
    responses(
        (status = 201, description = "Pronóstico en la cola de las impresoras de cocina", body = Envelope<PronosticoEnCola>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso cocina.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
        (status = 409, description = "La sucursal no tiene impresora de cocina activa; no se encoló nada", body = EnvelopeError),
    )
)]
async fn imprimir(
    State(state): State<AppState>,
    _permiso: Con<requiere::CocinaIndex>,
    sucursal: SucursalEnAlcance,
) -> Result<(StatusCode, Envelope<PronosticoEnCola>)> {
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let (ahora, _, pronostico) = crate::cocina::pronostico(
        state.store.as_ref(),
        state.reloj.ahora(),
        &sucursal_id,
        &conf,
    )
    .await?;
    let lugar = state
        .store
        .sucursal_reservable(sucursal.tag.as_str())
        .await?
        .map_or_else(|| sucursal.tag.as_str().to_owned(), |s| s.name);
    let hoja = HojaPronostico {
        lugar,
        ahora,
        pronostico,
    };
    let clave = format!("{}-pronostico-", crate::db::nuevo_id());
    let (impresoras, _) = state
        .store
        .encolar_pronostico(&sucursal_id, &clave, &hoja, state.reloj.ahora())
        .await?;
    if impresoras.is_empty() {
        return Err(ApiError::Conflicto(
            "La sucursal no tiene una impresora de cocina activa: agrega en la sucursal una impresora que imprima la comanda.".into(),
        ));
    }
    state
        .store
        .anunciar_impresion(sucursal.tag.as_str())
        .await?;
    state.eventos.impresion_cambio(sucursal.tag.as_str());
    state.impresion.notify_one();
    Ok((
        StatusCode::CREATED,
        Envelope::ok(
            format!(
                "Pronóstico en cola para imprimir en {}",
                impresoras.join(", ")
            ),
            PronosticoEnCola { impresoras },
        ),
    ))
}
