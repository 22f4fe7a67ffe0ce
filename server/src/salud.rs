//! Health for load balancers and supervisors, without a session and without data: `GET /healthz`
//! answers while the process serves; `GET /readyz` only while the database answers and holds the
//! schema this build knows (a balancer polling every second costs one indexed read each time).

use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;

use crate::estado::AppState;

/// The process answers.
pub async fn vivo() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "ok\n",
    )
}

/// How long readiness waits for the database: a balancer polls again soon, and a database that
/// takes longer is not ready.
pub const ESPERA_LISTO: Duration = Duration::from_secs(2);

/// The database answers (within [`ESPERA_LISTO`]) and its schema is current; 503 otherwise.
pub async fn listo(State(state): State<AppState>) -> impl IntoResponse {
    let texto = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
    if tokio::time::timeout(ESPERA_LISTO, state.store.listo())
        .await
        .unwrap_or(false)
    {
        (StatusCode::OK, texto, "ok\n")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, texto, "no disponible\n")
    }
}
