//! Which channels to guests this server has (e-mail, phone messages), so no screen promises a
//! message that cannot leave: the host's "Avisar" becomes "Llamar", and a manager reads what is
//! not set up.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::Autenticado;
use crate::envelope::Envelope;
use crate::error::EnvelopeError;
use crate::estado::{AppState, Canales};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(canales))
}

/// The channels set up on this server.
#[utoipa::path(
    get, path = "/api/v1/admin/canales", tag = "sesión", operation_id = "canales", security(("token" = [])),
    responses(
        (status = 200, description = "Qué canales hacia los huéspedes tiene este servidor", body = Envelope<Canales>),
        (status = 401, description = "Sin sesión o sesión vencida", body = EnvelopeError),
    )
)]
async fn canales(State(state): State<AppState>, _sesion: Autenticado) -> Envelope<Canales> {
    Envelope::ok("Canales", state.canales)
}
