//! `/api/v1/auth`: sign in, sign out, who am I.

use anfitrion_core::cuenta::{validar_credenciales, CLAVE_MAX};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::Autenticado;
use crate::auth::iniciar_sesion;
use crate::db::usuarios::Usuario;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{DireccionCliente, Json};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(me))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Login {
    #[schema(example = "hostess@demo.mx")]
    pub email: String,
    #[schema(example = "demo1234")]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SesionIniciada {
    /// Bearer token for `Authorization: Bearer …`, the only way the API accepts it (the console's
    /// `rgatk` cookie marks a session as present and is never read as a credential).
    pub token: String,
    pub user: Usuario,
}

/// Signs in. Only completed wrong passwords count: within 15 minutes, ten of an account from one
/// address refuse that pair, fifty from one address refuse the address (429, with `Retry-After`
/// and `data.reintentar_en` in seconds). The account itself is never refused: past ten failures
/// from any address its logins wait a growing delay (up to 4 s) before the check.
#[utoipa::path(
    post, path = "/api/v1/auth/login", tag = "sesión", request_body = Login,
    responses(
        (status = 200, description = "Sesión iniciada", body = Envelope<SesionIniciada>),
        (status = 400, description = "Datos incompletos o mal formados", body = EnvelopeError),
        (status = 401, description = "Correo o contraseña incorrectos", body = EnvelopeError),
        (status = 429, description = "Demasiados intentos; `Retry-After` dice cuántos segundos esperar", body = EnvelopeError),
        (status = 503, description = "Servidor ocupado revisando contraseñas; `Retry-After` dice cuándo reintentar", body = EnvelopeError),
    )
)]
async fn login(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Json(body): Json<Login>,
) -> Result<Envelope<SesionIniciada>> {
    let email = validar_credenciales(&body.email, &body.password)?;
    // No account can have a longer password: refuse without spending a hash on it.
    if body.password.chars().count() > CLAVE_MAX {
        return Err(ApiError::Credenciales);
    }
    let inicio = iniciar_sesion(&state, &email, &body.password, ip).await?;
    let mensaje = format!("Bienvenido, {}", inicio.usuario.name);
    Ok(Envelope::ok(
        mensaje,
        SesionIniciada {
            token: inicio.token,
            user: inicio.usuario,
        },
    ))
}

/// Signs out: the token stops working at once, on every device that holds it.
#[utoipa::path(
    post, path = "/api/v1/auth/logout", tag = "sesión", security(("token" = [])),
    responses(
        (status = 200, description = "Sesión cerrada", body = Envelope<Option<String>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Llamada con una clave de integración", body = EnvelopeError),
    )
)]
async fn logout(
    State(state): State<AppState>,
    sesion: Autenticado,
) -> Result<Envelope<Option<String>>> {
    let sesion = sesion.persona()?;
    state
        .store
        .revocar_sesion(&sesion.token_hash, state.reloj.ahora())
        .await?;
    tracing::info!(usuario = %sesion.usuario.id, "sesión cerrada");
    Ok(Envelope::ok("Sesión cerrada", None))
}

/// The signed-in user, with role, permissions and branch tags.
#[utoipa::path(
    get, path = "/api/v1/auth/me", tag = "sesión", security(("token" = [])),
    responses(
        (status = 200, description = "Usuario de la sesión", body = Envelope<Usuario>),
        (status = 401, description = "Sin sesión o sesión vencida", body = EnvelopeError),
        (status = 403, description = "Llamada con una clave de integración", body = EnvelopeError),
    )
)]
async fn me(sesion: Autenticado) -> Result<Envelope<Usuario>> {
    Ok(Envelope::ok("Sesión activa", sesion.persona()?.usuario))
}
