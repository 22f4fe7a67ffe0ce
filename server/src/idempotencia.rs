//! A write is saved once, whatever the network or the user's fingers do. A client marks each
//! intended write with an `Idempotency-Key` header (one key per action, the same for its retries);
//! the first request with a key runs and its answer is stored under the key, in the database (so
//! every instance sees it); a repeat within [`VENTANA`] gets that answer back, marked
//! `Idempotent-Replayed: true`, instead of a second record or a conflict. A repeat that arrives
//! while the first is still running waits for its answer. One key used for a different write
//! (another path or body) is a 422. Writes without the header behave as they always did.
//!
//! Keys belong to whoever sent them: to the signed-in user on the console's calls (a repeat after
//! signing in again still finds its answer), to the client's address on the public ones (another
//! address replaying a guest's key runs as a new request and never sees the guest's answer, whose
//! page token is theirs alone).
//! A key sent with a token that is no session is ignored: the call is refused as it would be.

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::access::token_de;
use crate::auth::{hash_token, vigente};
use crate::db::idempotencia::{ClaveEnCurso, Reserva, EN_CURSO};
use crate::error::ApiError;
use crate::estado::AppState;
use crate::extract::{direccion_de, leer_cuerpo};
use anfitrion_core::integracion::PREFIJO_CLAVE;

/// The header a client marks a write with.
pub const CABECERA: &str = "idempotency-key";
/// The header on an answer given again.
pub const REPETIDA: &str = "idempotent-replayed";
/// How long a write's answer is kept for its repeats.
pub const VENTANA: chrono::Duration = chrono::Duration::hours(24);
/// The longest key taken (a UUID is 36 characters).
pub const LARGO_MAX: usize = 128;
/// How long a repeat waits for the first request's answer before a 409.
const ESPERA_MAX: Duration = Duration::from_secs(15);
const PASO_ESPERA: Duration = Duration::from_millis(50);
/// The largest answer stored (every answer of a write is one envelope, a few KB at most).
const RESPUESTA_MAX: usize = 1024 * 1024;

fn es_escritura(metodo: &Method) -> bool {
    matches!(
        *metodo,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The key as sent, if it is one: 1 to [`LARGO_MAX`] visible ASCII characters.
fn clave_valida(valor: &HeaderValue) -> Option<String> {
    let texto = valor.to_str().ok()?;
    ((1..=LARGO_MAX).contains(&texto.len()) && texto.bytes().all(|b| b.is_ascii_graphic()))
        .then(|| texto.to_owned())
}

/// The layer in front of every API route.
pub async fn capa(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if !es_escritura(req.method()) || !req.uri().path().starts_with("/api/") {
        return next.run(req).await;
    }
    let Some(valor) = req.headers().get(CABECERA) else {
        return next.run(req).await;
    };
    let Some(clave) = clave_valida(valor) else {
        return ApiError::Entrada(format!("La cabecera «Idempotency-Key» lleva de 1 a {LARGO_MAX} caracteres visibles, sin espacios."))
            .into_response();
    };
    let alcance = match token_de(req.headers()) {
        Some(token) if token.starts_with(PREFIJO_CLAVE) => {
            match state.store.clave_por_hash(&hash_token(&token)).await {
                Ok(Some(c)) if c.vigente(state.reloj.ahora()) => {
                    format!("clave:{}", c.id)
                }
                Ok(_) => return next.run(req).await,
                Err(e) => return ApiError::from(e).into_response(),
            }
        }
        Some(token) => match state.store.sesion(&hash_token(&token)).await {
            Ok(Some(s)) if vigente(s.expires_at, s.revoked_at, state.reloj.ahora()) => {
                format!("usuario:{}", s.usuario_id)
            }
            Ok(_) => return next.run(req).await,
            Err(e) => return ApiError::from(e).into_response(),
        },
        None => match direccion_de(req.extensions(), req.headers(), &state.proxies_confiables) {
            Ok(ip) => format!("publico:{ip}"),
            Err(e) => return e.into_response(),
        },
    };

    let (partes, cuerpo) = req.into_parts();
    let bytes = match leer_cuerpo(Request::from_parts(partes.clone(), cuerpo), &()).await {
        Ok(b) => b,
        Err(e) => return e.into_response(),
    };
    let mut h = Sha256::new();
    h.update(partes.method.as_str().as_bytes());
    h.update(b" ");
    h.update(
        partes
            .uri
            .path_and_query()
            .map_or("", |p| p.as_str())
            .as_bytes(),
    );
    h.update(b"\n");
    h.update(&bytes);
    let huella = hex::encode(h.finalize());

    let dueno = {
        let mut b = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::thread_rng(), &mut b);
        hex::encode(b)
    };
    let mut esperado = Duration::ZERO;
    loop {
        match state
            .store
            .reservar_clave(&alcance, &clave, &huella, &dueno, state.reloj.ahora())
            .await
        {
            Err(e) => return ApiError::from(e).into_response(),
            Ok(Reserva::Tomada) => break,
            Ok(Reserva::Respondida { status, cuerpo }) => return repetida(status, cuerpo),
            Ok(Reserva::OtraSolicitud) => {
                return ApiError::ClaveReutilizada.into_response();
            }
            Ok(Reserva::Guardada) => return ApiError::YaGuardada.into_response(),
            Ok(Reserva::EnCurso) => {
                if esperado >= ESPERA_MAX {
                    return ApiError::SolicitudEnCurso.into_response();
                }
                tokio::time::sleep(PASO_ESPERA).await;
                esperado += PASO_ESPERA;
            }
        }
    }

    // The write transactions this request opens mark the key saved as they commit.
    let en_curso = ClaveEnCurso {
        alcance: alcance.clone(),
        clave: clave.clone(),
        dueno,
    };
    let respuesta = EN_CURSO
        .scope(
            en_curso,
            next.run(Request::from_parts(partes, Body::from(bytes))),
        )
        .await;
    let status = respuesta.status();
    // A failure worth retrying leaves the key free for the retry.
    let reintentable = status.is_server_error() || matches!(status.as_u16(), 408 | 429);
    if reintentable {
        if let Err(e) = state.store.soltar_clave(&alcance, &clave).await {
            tracing::warn!(error = %e, "no se pudo soltar una clave de idempotencia");
        }
        return respuesta;
    }
    // An answer that shows a secret once is never stored: a repeat is told it was shown.
    if respuesta.extensions().get::<SecretoUnaVez>().is_some() {
        let otra = ApiError::Conflicto(SECRETO_MOSTRADO.to_owned());
        if let Err(e) = state
            .store
            .guardar_respuesta(
                &alcance,
                &clave,
                otra.status().as_u16(),
                &String::from_utf8_lossy(&otra.cuerpo()),
            )
            .await
        {
            tracing::warn!(error = %e, "no se pudo guardar la respuesta de una clave de idempotencia");
        }
        return respuesta;
    }
    let (partes, cuerpo) = respuesta.into_parts();
    let bytes = match axum::body::to_bytes(cuerpo, RESPUESTA_MAX).await {
        Ok(b) => b,
        Err(_) => {
            let _ = state.store.soltar_clave(&alcance, &clave).await;
            return ApiError::Interno("respuesta ilegible".to_owned()).into_response();
        }
    };
    let texto = String::from_utf8_lossy(&bytes);
    if let Err(e) = state
        .store
        .guardar_respuesta(&alcance, &clave, status.as_u16(), &texto)
        .await
    {
        // The write itself is saved; only its repeat would not find the answer.
        tracing::warn!(error = %e, "no se pudo guardar la respuesta de una clave de idempotencia");
    }
    Response::from_parts(partes, Body::from(bytes))
}

/// Marks an answer that carries a secret shown once (a new integration key, a webhook's signing
/// secret): its repeat gets [`SECRETO_MOSTRADO`] instead, and the secret is never stored.
#[derive(Debug, Clone, Copy)]
pub struct SecretoUnaVez;

/// What a repeat of a write that showed a secret is told.
pub const SECRETO_MOSTRADO: &str = "Esta acción ya se guardó y su secreto se mostró una sola vez. Si no lo copiaste, revócalo y crea otro.";

/// The stored answer, given again.
fn repetida(status: u16, cuerpo: String) -> Response {
    let status = axum::http::StatusCode::from_u16(status).unwrap_or(axum::http::StatusCode::OK);
    let mut r = (
        status,
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        cuerpo,
    )
        .into_response();
    r.headers_mut()
        .insert(REPETIDA, HeaderValue::from_static("true"));
    r
}
