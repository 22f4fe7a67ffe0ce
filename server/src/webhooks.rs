//! Sends the webhook outbox (`db/integraciones.rs`): one POST per delivery, signed per the
//! Standard Webhooks specification 1.0 — headers `webhook-id` (the same on every try),
//! `webhook-timestamp` (seconds since the epoch) and `webhook-signature: v1,<base64 of
//! HMAC-SHA256 over "id.timestamp.body" with the secret's bytes>`; during a rotation's grace both
//! secrets sign, separated by a space. A 2xx is delivered; no answer in time, a network error,
//! 408, 429 or a 5xx is tried again on core's schedule; any other answer fails at once. A delivery
//! failing past the schedule turns its endpoint off.
//!
//! The endpoint's host is resolved on every try and each address checked by the outbound guard
//! ([`crate::salida`]); the request goes to the checked address only, redirects are not followed,
//! the answer is read up to [`RESPUESTA_MAX`] and the whole try is bounded by [`ConfWebhooks::tiempo`].

use std::time::Duration;

use anfitrion_core::integracion::{self, Resultado, UrlDestino, PREFIJO_SECRETO};
use anfitrion_core::ReglaError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

use crate::db::integraciones::{EntregaPorEnviar, Intento};
use crate::db::{DbResult, Store};
use crate::salida::{destinos, RedWebhooks};

/// The most of an endpoint's answer that is read (and then dropped).
pub const RESPUESTA_MAX: usize = 16 * 1024;
/// Deliveries taken per pass, across endpoints (each endpoint gives its oldest one).
const POR_PASADA: u32 = 32;

/// How the jobs loop sends webhooks.
#[derive(Debug, Clone)]
pub struct ConfWebhooks {
    /// How often the outbox is looked at.
    pub cada: Duration,
    /// The longest one try may take, connection included.
    pub tiempo: Duration,
    pub red: RedWebhooks,
    /// Clients per page of a CRM's "Sincronizar todo".
    pub pagina_sincronizacion: u32,
    /// Whether this instance's jobs loop sends (a test that runs each pass itself turns it off).
    pub activa: bool,
}

/// A CRM being synchronised gets its next page while fewer than this wait for it: the sync never
/// floods the queue its live changes share.
const SINCRONIZACION_EN_COLA: i64 = 4;

impl Default for ConfWebhooks {
    fn default() -> Self {
        ConfWebhooks {
            cada: Duration::from_secs(1),
            tiempo: Duration::from_secs(10),
            red: RedWebhooks::default(),
            pagina_sincronizacion: 100,
            activa: true,
        }
    }
}

/// A new signing secret: `whsec_` and the base64 of 32 random bytes.
pub fn nuevo_secreto() -> String {
    let mut b = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut b);
    format!("{PREFIJO_SECRETO}{}", STANDARD.encode(b))
}

/// `v1,<signature>` of `cuerpo` under `secreto` (`whsec_…`).
pub fn firma(secreto: &str, id: &str, instante: i64, cuerpo: &str) -> String {
    let clave = secreto.strip_prefix(PREFIJO_SECRETO).unwrap_or(secreto);
    let clave = STANDARD
        .decode(clave)
        .unwrap_or_else(|_| clave.as_bytes().to_vec());
    let mut mac =
        Hmac::<Sha256>::new_from_slice(&clave).expect("HMAC acepta claves de cualquier largo");
    mac.update(format!("{id}.{instante}.{cuerpo}").as_bytes());
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

/// The `webhook-signature` header of a delivery at `ahora`: the current secret's, and the
/// replaced one's while its grace lasts.
pub fn firmas(e: &EntregaPorEnviar, instante: i64, ahora: DateTime<Utc>) -> String {
    let mut f = firma(&e.secreto, &e.id, instante, &e.cuerpo);
    if let (Some(anterior), Some(hasta)) = (&e.secreto_anterior, e.anterior_hasta) {
        if ahora < hasta {
            f.push(' ');
            f.push_str(&firma(anterior, &e.id, instante, &e.cuerpo));
        }
    }
    f
}

/// What a pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PasadaWebhooks {
    pub entregadas: usize,
    pub reintentos: usize,
    pub fallidas: usize,
}

/// Queues the next pages of the CRMs being synchronised, then sends the deliveries due at
/// `ahora`, each endpoint's oldest first, endpoints side by side.
pub async fn enviar_webhooks(
    store: &dyn Store,
    conf: &ConfWebhooks,
    ahora: DateTime<Utc>,
) -> DbResult<PasadaWebhooks> {
    store
        .avanzar_sincronizaciones(conf.pagina_sincronizacion, SINCRONIZACION_EN_COLA)
        .await?;
    let arriendo =
        chrono::Duration::from_std(conf.tiempo * 3).unwrap_or(chrono::Duration::minutes(1));
    let tomadas = store
        .tomar_entregas(ahora, ahora + arriendo, POR_PASADA)
        .await?;
    let intentos = futures_util::future::join_all(tomadas.iter().map(|e| async move {
        let (codigo, error) =
            match tokio::time::timeout(conf.tiempo, enviar(e, &conf.red, ahora)).await {
                Ok(r) => r,
                Err(_) => (None, Some("sin respuesta a tiempo".to_owned())),
            };
        intento(e, codigo, error, ahora)
    }))
    .await;
    let mut pasada = PasadaWebhooks::default();
    for (e, i) in tomadas.iter().zip(&intentos) {
        store.registrar_entrega(e, i).await?;
        if i.entregado {
            pasada.entregadas += 1;
        } else if i.siguiente.is_some() {
            pasada.reintentos += 1;
        } else {
            pasada.fallidas += 1;
            tracing::warn!(entrega = %e.id, destino = %e.destino_id, codigo = ?i.codigo, error = ?i.error, "webhook fallido");
        }
    }
    Ok(pasada)
}

/// What a try that got `codigo` (or none, with `error`) means for the delivery `e`.
fn intento(
    e: &EntregaPorEnviar,
    codigo: Option<u16>,
    error: Option<String>,
    ahora: DateTime<Utc>,
) -> Intento {
    let hechos = u32::try_from(e.intentos).unwrap_or(0) + 1;
    match integracion::resultado(codigo) {
        Resultado::Entregado => Intento {
            codigo,
            error: None,
            siguiente: None,
            entregado: true,
            desactivar: false,
        },
        Resultado::Fallido => Intento {
            codigo,
            error,
            siguiente: None,
            entregado: false,
            desactivar: false,
        },
        Resultado::Reintentar => {
            let siguiente = integracion::siguiente_intento(hechos, ahora);
            Intento {
                codigo,
                error,
                siguiente,
                entregado: false,
                desactivar: siguiente.is_none(),
            }
        }
    }
}

/// One POST of `e`: the answer's status, or why there was none.
async fn enviar(
    e: &EntregaPorEnviar,
    red: &RedWebhooks,
    ahora: DateTime<Utc>,
) -> (Option<u16>, Option<String>) {
    let url = match UrlDestino::parse(&e.url) {
        Ok(u) => u,
        Err(r) => return (None, Some(r.to_string())),
    };
    let direcciones = match destinos(&url.direccion(), red).await {
        Ok(d) if d.is_empty() => return (None, Some(format!("{} no se encontró", url.host))),
        Ok(d) => d,
        Err(r) => return (None, Some(r.to_string())),
    };
    if !url.segura && !direcciones.iter().all(|a| red.permitida(a.ip())) {
        return (None, Some(ReglaError::DestinoSinHttps.to_string()));
    }
    // Every address was checked above; the connection goes to the first, by name for TLS.
    let Some(direccion) = direcciones.first().copied() else {
        return (None, None);
    };
    let cliente = match reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .resolve(&url.host, direccion)
        .no_proxy()
        .build()
    {
        Ok(c) => c,
        Err(err) => return (None, Some(format!("no se pudo preparar el envío: {err}"))),
    };
    let instante = ahora.timestamp();
    let respuesta = cliente
        .post(&url.texto)
        .header("content-type", "application/json")
        .header("user-agent", "Anfitrion-Webhooks/1")
        .header("webhook-id", &e.id)
        .header("webhook-timestamp", instante.to_string())
        .header("webhook-signature", firmas(e, instante, ahora))
        .body(e.cuerpo.clone())
        .send()
        .await;
    match respuesta {
        Ok(r) => {
            let codigo = r.status().as_u16();
            // The answer is read up to its cap, so the connection ends cleanly; its text is dropped.
            let mut r = r;
            let mut leido = 0;
            while let Ok(Some(trozo)) = r.chunk().await {
                leido += trozo.len();
                if leido >= RESPUESTA_MAX {
                    break;
                }
            }
            (Some(codigo), None)
        }
        Err(err) if err.is_timeout() => (None, Some("sin respuesta a tiempo".to_owned())),
        Err(err) if err.is_connect() => (None, Some("no se pudo conectar".to_owned())),
        Err(_) => (None, Some("la conexión falló".to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Standard Webhooks specification's own example: secret, id, timestamp and payload with
    /// the signature it gives.
    #[test]
    fn the_signature_is_the_specifications_example() {
        let secreto = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let cuerpo = r#"{"test": 2432232314}"#;
        assert_eq!(
            firma(secreto, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, cuerpo),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }
}
