//! Every way a request can fail, and how each failure reads to staff: one enum, one envelope.
//!
//! Internals (database errors, panics) are logged with their detail and answered with a generic
//! Spanish message; nothing from the inside ever reaches the client.

use anfitrion_core::ReglaError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::ErrorAlmacen;
use crate::envelope::Estado;

pub type Result<T, E = ApiError> = std::result::Result<T, E>;

/// Largest request body accepted, in bytes.
pub const LIMITE_CUERPO: usize = 1024 * 1024;

/// A failed request. `Display` is the Spanish message sent in the envelope.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A business rule from core refused the input; its message is the spec's own.
    #[error("{0}")]
    Regla(#[from] ReglaError),
    /// Input that is well-formed JSON but not what the call expects (missing or mistyped field).
    #[error("{0}")]
    Entrada(String),
    /// The body is not JSON at all, or is cut short.
    #[error("El cuerpo de la solicitud no es un JSON válido.")]
    JsonMalformado,
    /// The body was sent without `Content-Type: application/json`.
    #[error("La solicitud debe enviarse en formato JSON (Content-Type: application/json).")]
    TipoDeContenido,
    /// The body could not be read from the connection.
    #[error("No se pudo leer el cuerpo de la solicitud.")]
    CuerpoIlegible,
    /// The body is larger than [`LIMITE_CUERPO`].
    #[error("La solicitud es demasiado grande: el máximo es 1 MiB.")]
    DemasiadoGrande,
    /// A public call's body is larger than its small limit.
    #[error("La solicitud es demasiado grande: el máximo es {} KiB.", .0 / 1024)]
    DemasiadoGrandePublico(usize),
    /// Too many public calls (availability, confirmation) from one address.
    #[error("Demasiadas consultas desde esta dirección. Inténtalo más tarde.")]
    DemasiadasConsultas,
    /// One account holds too many live notification streams on this instance.
    #[error("Esta cuenta tiene demasiadas pantallas abiertas con avisos en vivo. Cierra alguna e inténtalo de nuevo.")]
    DemasiadosFlujos,
    /// No session token came with the request.
    #[error("Inicia sesión para continuar.")]
    SinSesion,
    /// The token is unknown, expired or revoked, or its user was deactivated.
    #[error("Tu sesión expiró. Inicia sesión de nuevo.")]
    SesionExpirada,
    /// An integration key that is unknown, revoked or expired (never says which).
    #[error("La clave de integración no es válida.")]
    ClaveIntegracion,
    /// A call only a person signed in may make (sign out, who am I), made with an integration key.
    #[error("Esta operación es solo para el personal con sesión: una clave de integración no puede usarla.")]
    SoloPersonal,
    /// An integration key past its own limit of calls; `Retry-After` says when the next counts.
    #[error("Demasiadas solicitudes con esta clave de integración. Espera {} e inténtalo de nuevo.", duracion_legible(*segundos))]
    DemasiadasSolicitudesClave { segundos: u64 },
    /// Login with an unknown e-mail or a wrong password (never says which).
    #[error("Correo o contraseña incorrectos")]
    Credenciales,
    /// The caller's role lacks the permission the call needs.
    #[error("No tienes permiso para realizar esta acción.")]
    SinPermiso,
    /// The call names, or touches a record of, a branch outside the caller's tags.
    #[error("No tienes acceso a esta sucursal.")]
    SucursalAjena,
    /// A record that does not exist; the text names it ("No se encontró la sucursal.").
    #[error("No se encontró {0}.")]
    NoEncontrado(&'static str),
    /// An `/api` path no route serves.
    #[error("La ruta solicitada no existe.")]
    RutaDesconocida,
    /// A known path called with a method it does not take.
    #[error("Este método no está permitido para esta ruta.")]
    MetodoNoPermitido,
    /// An `Idempotency-Key` already used for a different write (another path or body).
    #[error("Esta clave de idempotencia ya se usó para otra solicitud; usa una clave nueva para cada acción.")]
    ClaveReutilizada,
    /// The same write (same `Idempotency-Key`) is still running and did not finish in time.
    #[error("Esta misma solicitud se sigue guardando. Espera un momento y vuelve a intentarlo.")]
    SolicitudEnCurso,
    /// The same write was saved, but its answer was lost with the instance that saved it.
    #[error(
        "Esta acción ya se guardó, pero su respuesta se perdió. Actualiza la pantalla para verla."
    )]
    YaGuardada,
    /// The write collides with existing data (a unique key); the text says with what.
    #[error("{0}")]
    Conflicto(String),
    /// A kitchen printer did not take a ticket sent to it at once (a test print).
    #[error("{0}")]
    Impresora(String),
    /// A refusal that carries what the screen needs to explain it (the other branch's names, the
    /// reservation that is no longer pending).
    #[error("{mensaje}")]
    ConDatos {
        codigo: StatusCode,
        mensaje: String,
        data: serde_json::Value,
    },
    /// Too many public bookings from one address.
    #[error("Demasiadas reservaciones desde esta dirección. Inténtalo más tarde.")]
    DemasiadasReservaciones,
    /// Too many failed logins for the account from this address, or from the address; the text,
    /// `Retry-After` and `data.reintentar_en` say how many seconds until the next try counts.
    #[error("Demasiados intentos. Espera {} e inténtalo de nuevo.", duracion_legible(*segundos))]
    DemasiadosIntentos { segundos: u64, direccion: bool },
    /// The server could not take the request in time (passwords queued, connections full).
    #[error("El servidor está ocupado. Inténtalo de nuevo en unos segundos.")]
    Ocupado,
    /// The client took too long to send its request.
    #[error("La solicitud tardó demasiado en llegar. Inténtalo de nuevo.")]
    TiempoAgotado,
    /// The address is longer than the server reads.
    #[error("La dirección solicitada es demasiado larga.")]
    UriDemasiadoLarga,
    /// Too many headers, or too large.
    #[error("Las cabeceras de la solicitud son demasiado grandes.")]
    CabecerasDemasiadoGrandes,
    /// A request the HTTP layer could not read (garbage request line, conflicting lengths).
    #[error("La solicitud no es una solicitud HTTP válida.")]
    SolicitudMalformada,
    /// A handler panicked; CatchPanic turns it into this.
    #[error("Ocurrió un error inesperado. Inténtalo de nuevo.")]
    Panico,
    /// A write names a record that does not exist.
    #[error("{0}")]
    SinReferencia(String),
    /// Database failure; the detail goes to the log only.
    #[error("Ocurrió un error interno. Inténtalo de nuevo más tarde.")]
    BaseDeDatos(String),
    /// Any other internal failure; the detail goes to the log only.
    #[error("Ocurrió un error interno. Inténtalo de nuevo más tarde.")]
    Interno(String),
    /// Too many test prints by one user; `Retry-After` says how many seconds until the next.
    #[error("Demasiadas pruebas de impresión seguidas. Espera {} e inténtalo de nuevo.", duracion_legible(*segundos))]
    DemasiadasPruebasImpresion { segundos: u64 },
    /// A message past a cap of the phone channel (a party's calls, a number's messages in a
    /// rolling hour): 429, the rule's text saying when, `Retry-After` and `data.reintentar_en`
    /// in seconds, with the rule's `codigo`, `campo` and `mensaje`.
    #[error("{regla}")]
    CupoDeMensajes { regla: ReglaError, segundos: u64 },
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        use ApiError::*;
        match self {
            Regla(_) | Entrada(_) | JsonMalformado | CuerpoIlegible | SinReferencia(_)
            | SolicitudMalformada => StatusCode::BAD_REQUEST,
            TipoDeContenido => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            DemasiadoGrande | DemasiadoGrandePublico(_) => StatusCode::PAYLOAD_TOO_LARGE,
            SinSesion | SesionExpirada | Credenciales | ClaveIntegracion => {
                StatusCode::UNAUTHORIZED
            }
            SinPermiso | SucursalAjena | SoloPersonal => StatusCode::FORBIDDEN,
            NoEncontrado(_) | RutaDesconocida => StatusCode::NOT_FOUND,
            MetodoNoPermitido => StatusCode::METHOD_NOT_ALLOWED,
            Conflicto(_) | SolicitudEnCurso | YaGuardada => StatusCode::CONFLICT,
            Impresora(_) => StatusCode::BAD_GATEWAY,
            ClaveReutilizada => StatusCode::UNPROCESSABLE_ENTITY,
            ConDatos { codigo, .. } => *codigo,
            DemasiadasReservaciones | DemasiadasConsultas | DemasiadosFlujos => {
                StatusCode::TOO_MANY_REQUESTS
            }
            DemasiadosIntentos { .. }
            | DemasiadasPruebasImpresion { .. }
            | DemasiadasSolicitudesClave { .. }
            | CupoDeMensajes { .. } => StatusCode::TOO_MANY_REQUESTS,
            Ocupado => StatusCode::SERVICE_UNAVAILABLE,
            TiempoAgotado => StatusCode::REQUEST_TIMEOUT,
            UriDemasiadoLarga => StatusCode::URI_TOO_LONG,
            CabecerasDemasiadoGrandes => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Panico | BaseDeDatos(_) | Interno(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Seconds the client should wait before trying again, for `Retry-After`.
    pub fn reintentar_en(&self) -> Option<u64> {
        match self {
            ApiError::DemasiadosIntentos { segundos, .. }
            | ApiError::DemasiadasPruebasImpresion { segundos }
            | ApiError::DemasiadasSolicitudesClave { segundos } => Some(*segundos),
            ApiError::CupoDeMensajes { segundos, .. } => Some(*segundos),
            ApiError::Ocupado => Some(REINTENTAR_OCUPADO),
            _ => None,
        }
    }

    /// The envelope as JSON bytes, for answers written below axum (the connection layer).
    pub fn cuerpo(&self) -> Vec<u8> {
        serde_json::to_vec(&self.sobre()).unwrap_or_default()
    }

    fn sobre(&self) -> EnvelopeError {
        let data = match self {
            ApiError::Regla(r) => serde_json::to_value(r).ok(),
            ApiError::ConDatos { data, .. } => Some(data.clone()),
            ApiError::CupoDeMensajes { regla, segundos } => Some(serde_json::json!({
                "codigo": regla.codigo(), "campo": regla.campo(), "mensaje": regla.mensaje(), "reintentar_en": segundos,
            })),
            // Whom the wait is for: this account from this address, or the address for every
            // account (a form lets another e-mail in only in the first case).
            ApiError::DemasiadosIntentos {
                segundos,
                direccion,
            } => Some(
                serde_json::json!({ "reintentar_en": segundos, "alcance": if *direccion { "direccion" } else { "cuenta" } }),
            ),
            _ => self
                .reintentar_en()
                .map(|s| serde_json::json!({ "reintentar_en": s })),
        };
        EnvelopeError {
            status: Estado::Error,
            message: self.to_string(),
            data,
        }
    }
}

/// Seconds a busy server asks clients to wait.
pub const REINTENTAR_OCUPADO: u64 = 5;

/// "45 segundos", "1 minuto", "12 minutos" (minutes rounded up).
pub fn duracion_legible(segundos: u64) -> String {
    match segundos {
        1 => "1 segundo".to_owned(),
        0..60 => format!("{segundos} segundos"),
        _ => match segundos.div_ceil(60) {
            1 => "1 minuto".to_owned(),
            m => format!("{m} minutos"),
        },
    }
}

/// The envelope of a failed call. `data` carries the broken rule (`codigo`, `campo`, `mensaje`)
/// when core refused the input or the write (a 400 or a 409), so a form can mark the field; `{reintentar_en}` (seconds, as in
/// `Retry-After`) on a 429 or 503; otherwise it is null.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnvelopeError {
    #[schema(example = "error")]
    pub status: Estado,
    #[schema(example = "Tu sesión expiró. Inicia sesión de nuevo.")]
    pub message: String,
    pub data: Option<serde_json::Value>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            ApiError::BaseDeDatos(e) => tracing::error!(error = %e, "error de base de datos"),
            ApiError::Interno(e) => tracing::error!(error = %e, "error interno"),
            _ => {}
        }
        let mut respuesta = (status, axum::Json(self.sobre())).into_response();
        if let Some(s) = self.reintentar_en() {
            respuesta
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        respuesta
    }
}

/// Storage's refusals as staff read them: a clash names its key (409), a rule across rows is a
/// 409 whose `data` is the rule (`codigo`, `campo`, `mensaje`), a rule checked against what the
/// transaction read is bad input (400, the same `data`), a missing reference is bad input (400),
/// anything else is logged and answered generically (500).
impl From<ErrorAlmacen> for ApiError {
    fn from(e: ErrorAlmacen) -> Self {
        match e {
            ErrorAlmacen::Duplicado(clave) => ApiError::Conflicto(clave.mensaje().to_owned()),
            ErrorAlmacen::SinReferencia => {
                ApiError::SinReferencia(ErrorAlmacen::SinReferencia.to_string())
            }
            // A rule across rows (the last administrator, a role still held) refused the
            // write: a conflict, which names the rule and its field as a 400 refusal does.
            ErrorAlmacen::Regla(r) => ApiError::ConDatos {
                codigo: StatusCode::CONFLICT,
                mensaje: r.to_string(),
                data: serde_json::to_value(&r).unwrap_or_default(),
            },
            ErrorAlmacen::Entrada(r) => ApiError::Regla(r),
            ErrorAlmacen::ClaveRetomada => ApiError::SolicitudEnCurso,
            ErrorAlmacen::Interno(e) => ApiError::BaseDeDatos(e.to_string()),
        }
    }
}

/// Handler for `/api` paths no route serves.
pub async fn ruta_desconocida() -> ApiError {
    ApiError::RutaDesconocida
}

/// Handler for a known path called with the wrong method.
pub async fn metodo_no_permitido() -> ApiError {
    ApiError::MetodoNoPermitido
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_read_as_seconds_then_whole_minutes() {
        assert_eq!(duracion_legible(1), "1 segundo");
        assert_eq!(duracion_legible(45), "45 segundos");
        assert_eq!(duracion_legible(60), "1 minuto");
        assert_eq!(duracion_legible(61), "2 minutos");
        assert_eq!(duracion_legible(900), "15 minutos");
    }

    #[test]
    fn a_throttled_login_says_how_long_to_wait() {
        let e = ApiError::DemasiadosIntentos {
            segundos: 600,
            direccion: false,
        };
        assert_eq!(
            e.to_string(),
            "Demasiados intentos. Espera 10 minutos e inténtalo de nuevo."
        );
        let r = e.into_response();
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(r.headers()["retry-after"], "600");
    }
}
