//! Text messages to guests' phones through Twilio's Programmable Messaging REST API: SMS, and
//! WhatsApp through the same endpoint with `whatsapp:`-prefixed addresses.
//!
//! One try is one `POST {url}/2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth
//! with the Account SID and the auth token, and a form body with `To`, `From` (or
//! `MessagingServiceSid` when the sender is a Messaging Service, `MG…`) and `Body`. Twilio answers
//! `201 Created` with the Message resource (its `sid`, `SM…`), or an error document
//! `{"code", "message", "more_info", "status"}`. What a try answered is an [`Envio`]: accepted,
//! to be tried again (429, 5xx, the network) or refused for good (any other 4xx); the caller keeps
//! the state and decides when to try again.
//!
//! The channel is configured from the environment (`ANFITRION_SMS_*`, see
//! [`ConfMensajes::desde_entorno`]) and is off unless the credentials and the sender are set.

use std::fmt;
use std::time::Duration;

use chrono::{DateTime, Utc};
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use reqwest::header::{HeaderMap, ACCEPT, CONTENT_TYPE, RETRY_AFTER};
use reqwest::StatusCode;
use serde::Deserialize;

/// Twilio's API in production.
pub const URL_TWILIO: &str = "https://api.twilio.com";

/// How long one request may take unless told otherwise.
pub const TIEMPO_MAX_POR_DEFECTO: Duration = Duration::from_secs(10);

/// The longest wait taken from a `Retry-After`, so that a strange header cannot park a message
/// for days.
const ESPERA_MAX: Duration = Duration::from_secs(3600);

/// How much of an unexpected (non-JSON) answer goes into an error.
const EXTRACTO_MAX: usize = 200;

/// The provider's settings, from the environment; None (the channel is off) unless all are set.
#[derive(Clone)]
pub struct ConfMensajes {
    /// Base URL of the provider's API, `https://api.twilio.com` in production; tests point it at a local mock (`http://127.0.0.1:PORT`).
    pub url: String,
    /// Account SID (`AC…`), the Basic auth user.
    pub cuenta: String,
    /// Auth token, the Basic auth password.
    pub token: String,
    /// The From number, e.g. "+15005550006" or "whatsapp:+14155238886"; a Messaging Service SID
    /// (`MG…`) is sent as `MessagingServiceSid` instead.
    pub remitente: String,
    /// When true, `To` (and a `From` number without it) gets the `whatsapp:` prefix.
    pub whatsapp: bool,
    /// Per request timeout (10 s default), connection included.
    pub tiempo_max: Duration,
}

// Written out so that the token never reaches a log through `{:?}`.
impl fmt::Debug for ConfMensajes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConfMensajes")
            .field("url", &self.url)
            .field("cuenta", &self.cuenta)
            .field("token", &"<oculto>")
            .field("remitente", &self.remitente)
            .field("whatsapp", &self.whatsapp)
            .field("tiempo_max", &self.tiempo_max)
            .finish()
    }
}

impl ConfMensajes {
    /// Reads ANFITRION_SMS_URL (default https://api.twilio.com when the others are set), ANFITRION_SMS_CUENTA, ANFITRION_SMS_TOKEN, ANFITRION_SMS_REMITENTE, ANFITRION_SMS_WHATSAPP ("1"/"true").
    /// Off (None) when cuenta, token or remitente is missing or empty.
    pub fn desde_entorno() -> Option<ConfMensajes> {
        Self::desde(|nombre| std::env::var(nombre).ok())
    }

    /// Same, from a lookup function (so tests need not touch the process environment).
    ///
    /// Values are trimmed; a sender written `whatsapp:+…` turns WhatsApp mode on by itself, as
    /// Twilio wants both ends of a WhatsApp message on that channel.
    pub fn desde(leer: impl Fn(&str) -> Option<String>) -> Option<ConfMensajes> {
        let valor = |nombre: &str| {
            leer(nombre)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let cuenta = valor("ANFITRION_SMS_CUENTA")?;
        let token = valor("ANFITRION_SMS_TOKEN")?;
        let remitente = valor("ANFITRION_SMS_REMITENTE")?;
        let url = valor("ANFITRION_SMS_URL")
            .map(|u| u.trim_end_matches('/').to_owned())
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| URL_TWILIO.to_owned());
        let whatsapp = valor("ANFITRION_SMS_WHATSAPP")
            .is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true"))
            || con_prefijo_whatsapp(&remitente);
        Some(ConfMensajes {
            url,
            cuenta,
            token,
            remitente,
            whatsapp,
            tiempo_max: TIEMPO_MAX_POR_DEFECTO,
        })
    }
}

/// A guest's phone as the provider wants it (E.164): Mexican 10-digit numbers get +52; a number that already has a country code (11-15 digits, or written with a leading +) keeps it. None when it is not a phone.
///
/// Spaces, dashes, dots, slashes and parentheses are dropped. Besides, `00` before a country
/// code is read as `+`, and the old Mexican prefixes before ten digits (`01`, `044`, `045`) are
/// replaced by +52. Anything else starting with 0, any letter, or a length E.164 does not allow
/// (8 to 15 digits with the country code) is not a phone.
pub fn telefono_e164(telefono: &str) -> Option<String> {
    let texto = telefono.trim();
    let (con_mas, resto) = match texto.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, texto),
    };
    let mut digitos = String::with_capacity(resto.len());
    for c in resto.chars() {
        match c {
            '0'..='9' => digitos.push(c),
            c if c.is_whitespace() => {}
            '-' | '.' | '/' | '(' | ')' => {}
            _ => return None,
        }
    }
    let internacional =
        |d: &str| ((8..=15).contains(&d.len()) && !d.starts_with('0')).then(|| format!("+{d}"));
    if con_mas {
        return internacional(&digitos);
    }
    let n = digitos.len();
    if let Some(d) = digitos.strip_prefix("00") {
        return internacional(d);
    }
    if (n == 13 && (digitos.starts_with("044") || digitos.starts_with("045")))
        || (n == 12 && digitos.starts_with("01"))
    {
        return Some(format!("+52{}", &digitos[n - 10..]));
    }
    if digitos.starts_with('0') {
        return None;
    }
    match n {
        10 => Some(format!("+52{digitos}")),
        11..=15 => Some(format!("+{digitos}")),
        _ => None,
    }
}

/// What one try answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Envio {
    /// Accepted; the provider's id of the message (Twilio's `sid`).
    Aceptado { id: String },
    /// Try again later: rate limit (429) or the provider/the network failing (5xx, timeout, connection refused). `espera` is the provider's Retry-After when it sent one.
    Reintentar {
        error: String,
        espera: Option<Duration>,
    },
    /// Refused for good (4xx other than 429): the provider's code and message, in a sentence that can be shown to staff, e.g. "Twilio 21211: The 'To' number +52... is not a valid phone number."
    ///
    /// Also what a success without a readable `sid` becomes: the message may have gone out, so
    /// it must not be sent again, and staff should hear of the odd answer.
    Rechazado { error: String },
}

/// Twilio's error document (`more_info` and `status` are not needed).
#[derive(Deserialize)]
struct ErrorTwilio {
    code: Option<i64>,
    message: Option<String>,
}

/// The part of the Message resource that matters here.
#[derive(Deserialize)]
struct MensajeTwilio {
    sid: Option<String>,
}

fn con_prefijo_whatsapp(s: &str) -> bool {
    s.get(..9)
        .is_some_and(|p| p.eq_ignore_ascii_case("whatsapp:"))
}

/// The WhatsApp address of a number (unchanged when it already is one).
fn en_whatsapp(s: &str) -> String {
    if con_prefijo_whatsapp(s) {
        s.to_owned()
    } else {
        format!("whatsapp:{s}")
    }
}

/// A Messaging Service SID: `MG` and 32 hexadecimal digits.
fn es_servicio(remitente: &str) -> bool {
    remitente.len() == 34
        && remitente.starts_with("MG")
        && remitente[2..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// The form fields of a message, in the order they are sent.
fn campos(conf: &ConfMensajes, telefono: &str, texto: &str) -> Vec<(&'static str, String)> {
    let remitente = conf.remitente.trim();
    let (a, de) = if es_servicio(remitente) {
        let a = if conf.whatsapp {
            en_whatsapp(telefono)
        } else {
            telefono.to_owned()
        };
        (a, ("MessagingServiceSid", remitente.to_owned()))
    } else if conf.whatsapp {
        (en_whatsapp(telefono), ("From", en_whatsapp(remitente)))
    } else {
        (telefono.to_owned(), ("From", remitente.to_owned()))
    };
    vec![("To", a), de, ("Body", texto.to_owned())]
}

/// How long the provider asked to wait: `Retry-After` in seconds or as an HTTP date (past
/// dates are no wait), at most [`ESPERA_MAX`].
fn espera_pedida(cabeceras: &HeaderMap, ahora: DateTime<Utc>) -> Option<Duration> {
    let valor = cabeceras.get(RETRY_AFTER)?.to_str().ok()?.trim();
    let espera = match valor.parse::<u64>() {
        Ok(segundos) => Duration::from_secs(segundos),
        Err(_) => {
            let fecha = DateTime::parse_from_rfc2822(valor).ok()?;
            (fecha.with_timezone(&Utc) - ahora)
                .to_std()
                .unwrap_or(Duration::ZERO)
        }
    };
    Some(espera.min(ESPERA_MAX))
}

/// The beginning of an unexpected answer, on one line.
fn extracto(cuerpo: &[u8]) -> String {
    let texto = String::from_utf8_lossy(cuerpo);
    let mut s: String = texto
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(EXTRACTO_MAX + 1)
        .collect();
    if s.chars().count() > EXTRACTO_MAX {
        s = s.chars().take(EXTRACTO_MAX).collect();
        s.push('…');
    }
    s
}

/// A failed answer in a sentence: "Twilio {code}: {message}" when it carried Twilio's error
/// document, the status and the start of the body otherwise.
fn descripcion(estado: StatusCode, cuerpo: &[u8]) -> String {
    let error = serde_json::from_slice::<ErrorTwilio>(cuerpo).ok();
    let mensaje = error
        .as_ref()
        .and_then(|e| e.message.as_deref())
        .map(str::trim)
        .filter(|m| !m.is_empty());
    match (error.as_ref().and_then(|e| e.code), mensaje) {
        (Some(code), Some(m)) => format!("Twilio {code}: {m}"),
        (Some(code), None) => format!("Twilio {code} (HTTP {estado})"),
        (None, Some(m)) => format!("Twilio respondió HTTP {estado}: {m}"),
        (None, None) => {
            let e = extracto(cuerpo);
            if e.is_empty() {
                format!("Twilio respondió HTTP {estado}")
            } else {
                format!("Twilio respondió HTTP {estado}: {e}")
            }
        }
    }
}

/// What an answer means.
fn interpretar(
    estado: StatusCode,
    cabeceras: &HeaderMap,
    cuerpo: &[u8],
    ahora: DateTime<Utc>,
) -> Envio {
    if estado.is_success() {
        let sid = serde_json::from_slice::<MensajeTwilio>(cuerpo)
            .ok()
            .and_then(|m| m.sid)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        return match sid {
            Some(id) => Envio::Aceptado { id },
            None => Envio::Rechazado {
                error: format!(
                    "Twilio respondió HTTP {estado} sin el id del mensaje; puede haberse enviado, no se reintenta: {}",
                    extracto(cuerpo)
                ),
            },
        };
    }
    if estado == StatusCode::TOO_MANY_REQUESTS || estado.is_server_error() {
        return Envio::Reintentar {
            error: descripcion(estado, cuerpo),
            espera: espera_pedida(cabeceras, ahora),
        };
    }
    Envio::Rechazado {
        error: descripcion(estado, cuerpo),
    }
}

/// A request that got no answer.
fn fallo_de_red(conf: &ConfMensajes, e: &reqwest::Error) -> Envio {
    if e.is_builder() {
        return Envio::Rechazado {
            error: format!("la dirección de Twilio no es válida ({}): {e}", conf.url),
        };
    }
    let error = if e.is_timeout() {
        format!("Twilio no respondió en {} ms", conf.tiempo_max.as_millis())
    } else if e.is_connect() {
        format!("no se pudo conectar con Twilio ({})", conf.url)
    } else {
        format!("falló la solicitud a Twilio: {e}")
    };
    Envio::Reintentar {
        error,
        espera: None,
    }
}

/// Sends one text to one phone (already E.164) at `ahora` (the clock's: a `Retry-After` given as
/// a date is read against it). Never panics; every failure is an `Envio`.
pub async fn enviar(
    conf: &ConfMensajes,
    telefono: &str,
    texto: &str,
    ahora: DateTime<Utc>,
) -> Envio {
    let telefono = telefono.trim();
    if telefono.is_empty() {
        return Envio::Rechazado {
            error: "el mensaje no tiene teléfono de destino".to_owned(),
        };
    }
    if texto.trim().is_empty() {
        return Envio::Rechazado {
            error: "el mensaje está vacío".to_owned(),
        };
    }
    let cliente = match reqwest::Client::builder()
        .timeout(conf.tiempo_max)
        .connect_timeout(conf.tiempo_max)
        // A redirected POST would become a GET elsewhere: a 3xx is an answer to report.
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("anfitrion/", env!("CARGO_PKG_VERSION")))
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            return Envio::Reintentar {
                error: format!("no se pudo preparar el cliente HTTP: {e}"),
                espera: None,
            }
        }
    };
    let url = format!(
        "{}/2010-04-01/Accounts/{}/Messages.json",
        conf.url.trim().trim_end_matches('/'),
        utf8_percent_encode(conf.cuenta.trim(), NON_ALPHANUMERIC)
    );
    let cuerpo = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(campos(conf, telefono, texto))
        .finish();
    let respuesta = cliente
        .post(url)
        .basic_auth(conf.cuenta.trim(), Some(conf.token.trim()))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(ACCEPT, "application/json")
        .body(cuerpo)
        .send()
        .await;
    let respuesta = match respuesta {
        Ok(r) => r,
        Err(e) => return fallo_de_red(conf, &e),
    };
    let estado = respuesta.status();
    let cabeceras = respuesta.headers().clone();
    match respuesta.bytes().await {
        Ok(cuerpo) => interpretar(estado, &cabeceras, &cuerpo, ahora),
        // The status is known; a body cut short cannot say more than it.
        Err(_) => interpretar(estado, &cabeceras, &[], ahora),
    }
}

type HmacSha1 = hmac::Hmac<sha1::Sha1>;

/// The MAC Twilio signs a request it sends with: the URL it called (with any query), then each
/// POST parameter's name and value, sorted by name, all concatenated; HMAC-SHA1 keyed with the
/// account's auth token.
fn mac_twilio(token: &str, url: &str, parametros: &[(String, String)]) -> HmacSha1 {
    use hmac::Mac;
    let mut orden: Vec<&(String, String)> = parametros.iter().collect();
    orden.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    let mut mac =
        HmacSha1::new_from_slice(token.as_bytes()).expect("HMAC toma claves de cualquier largo");
    mac.update(url.as_bytes());
    for (k, v) in orden {
        mac.update(k.as_bytes());
        mac.update(v.as_bytes());
    }
    mac
}

/// Twilio's `X-Twilio-Signature` of a request: [`mac_twilio`] in base64.
pub fn firma_twilio(token: &str, url: &str, parametros: &[(String, String)]) -> String {
    use base64::Engine;
    use hmac::Mac;
    base64::engine::general_purpose::STANDARD
        .encode(mac_twilio(token, url, parametros).finalize().into_bytes())
}

/// Whether `firma` (the header as sent) is Twilio's signature of the request, compared in
/// constant time.
pub fn firma_twilio_valida(
    token: &str,
    url: &str,
    parametros: &[(String, String)],
    firma: &str,
) -> bool {
    use base64::Engine;
    use hmac::Mac;
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(firma.trim()) else {
        return false;
    };
    mac_twilio(token, url, parametros)
        .verify_slice(&bytes)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    use axum::body::Body;
    use axum::extract::Request;
    use axum::http::{HeaderMap, Response, StatusCode};
    use base64::Engine;

    use super::*;

    /// The moment the tests send at (a `Retry-After` date is read against it).
    fn ahora() -> DateTime<Utc> {
        DateTime::from_timestamp(1_795_000_000, 0).expect("un instante")
    }

    /// One request as the mock saw it.
    #[derive(Debug, Clone)]
    struct Recibida {
        metodo: String,
        ruta: String,
        cabeceras: HeaderMap,
        cuerpo: Vec<u8>,
    }

    type Registro = Arc<Mutex<Vec<Recibida>>>;

    /// A stand-in for Twilio on 127.0.0.1 that records every request and always gives the same
    /// answer; its base URL and the record.
    async fn simulador(
        estado: u16,
        cabeceras: &'static [(&'static str, &'static str)],
        cuerpo: &'static str,
    ) -> (String, Registro) {
        let registro: Registro = Arc::default();
        let r = registro.clone();
        let app = axum::Router::new().fallback(move |req: Request| {
            let r = r.clone();
            async move {
                let (partes, body) = req.into_parts();
                let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
                r.lock().unwrap().push(Recibida {
                    metodo: partes.method.to_string(),
                    ruta: partes.uri.to_string(),
                    cabeceras: partes.headers,
                    cuerpo: bytes.to_vec(),
                });
                let mut res = Response::builder()
                    .status(StatusCode::from_u16(estado).unwrap())
                    .header("content-type", "application/json");
                for (k, v) in cabeceras {
                    res = res.header(*k, *v);
                }
                res.body(Body::from(cuerpo)).unwrap()
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        (format!("http://{addr}"), registro)
    }

    fn conf(url: &str) -> ConfMensajes {
        ConfMensajes {
            url: url.to_owned(),
            cuenta: "AC123".to_owned(),
            token: "secreto".to_owned(),
            remitente: "+15005550006".to_owned(),
            whatsapp: false,
            tiempo_max: Duration::from_secs(5),
        }
    }

    fn formulario(r: &Recibida) -> Vec<(String, String)> {
        form_urlencoded::parse(&r.cuerpo).into_owned().collect()
    }

    const CREADO: &str = r#"{"account_sid":"AC123","api_version":"2010-04-01","body":"Hola","date_created":"Thu, 24 Aug 2023 05:01:45 +0000","direction":"outbound-api","error_code":null,"error_message":null,"from":"+15005550006","num_segments":"1","sid":"SM1f0e8ae6ade43cb3c0ce4525424e404f","status":"queued","to":"+525512345678","uri":"/2010-04-01/Accounts/AC123/Messages/SM1f0e8ae6ade43cb3c0ce4525424e404f.json"}"#;

    #[tokio::test]
    async fn a_message_is_the_documented_request_and_its_sid_comes_back() {
        let (url, registro) = simulador(201, &[], CREADO).await;
        let texto = "Hola, Ana: tu mesa está lista.\nPasa a la recepción ¡gracias!";
        let envio = enviar(&conf(&url), "+525512345678", texto, ahora()).await;
        assert_eq!(
            envio,
            Envio::Aceptado {
                id: "SM1f0e8ae6ade43cb3c0ce4525424e404f".to_owned()
            }
        );
        let recibidas = registro.lock().unwrap().clone();
        assert_eq!(recibidas.len(), 1);
        let r = &recibidas[0];
        assert_eq!(r.metodo, "POST");
        assert_eq!(r.ruta, "/2010-04-01/Accounts/AC123/Messages.json");
        let basica = base64::engine::general_purpose::STANDARD.encode("AC123:secreto");
        assert_eq!(
            r.cabeceras.get("authorization").unwrap(),
            &format!("Basic {basica}")
        );
        assert_eq!(
            r.cabeceras.get("content-type").unwrap(),
            "application/x-www-form-urlencoded"
        );
        assert_eq!(
            formulario(r),
            vec![
                ("To".to_owned(), "+525512345678".to_owned()),
                ("From".to_owned(), "+15005550006".to_owned()),
                ("Body".to_owned(), texto.to_owned()),
            ]
        );
    }

    #[tokio::test]
    async fn whatsapp_mode_prefixes_the_recipient() {
        let (url, registro) = simulador(201, &[], CREADO).await;
        let mut c = conf(&url);
        c.whatsapp = true;
        c.remitente = "whatsapp:+14155238886".to_owned();
        let envio = enviar(&c, "+525512345678", "Tu mesa está lista", ahora()).await;
        assert!(matches!(envio, Envio::Aceptado { .. }), "{envio:?}");
        let campos: HashMap<_, _> = formulario(&registro.lock().unwrap()[0])
            .into_iter()
            .collect();
        assert_eq!(campos["To"], "whatsapp:+525512345678");
        assert_eq!(campos["From"], "whatsapp:+14155238886");
        assert_eq!(campos.len(), 3);
    }

    #[tokio::test]
    async fn whatsapp_mode_also_prefixes_a_bare_sender_number() {
        let (url, registro) = simulador(201, &[], CREADO).await;
        let mut c = conf(&url);
        c.whatsapp = true;
        enviar(&c, "+525512345678", "Hola", ahora()).await;
        let campos: HashMap<_, _> = formulario(&registro.lock().unwrap()[0])
            .into_iter()
            .collect();
        assert_eq!(campos["To"], "whatsapp:+525512345678");
        assert_eq!(campos["From"], "whatsapp:+15005550006");
    }

    #[tokio::test]
    async fn a_messaging_service_is_named_instead_of_a_from_number() {
        let (url, registro) = simulador(201, &[], CREADO).await;
        let mut c = conf(&url);
        c.remitente = "MG9752274e9e519418a7406176694466fa".to_owned();
        enviar(&c, "+525512345678", "Hola", ahora()).await;
        assert_eq!(
            formulario(&registro.lock().unwrap()[0]),
            vec![
                ("To".to_owned(), "+525512345678".to_owned()),
                (
                    "MessagingServiceSid".to_owned(),
                    "MG9752274e9e519418a7406176694466fa".to_owned()
                ),
                ("Body".to_owned(), "Hola".to_owned()),
            ]
        );
    }

    #[tokio::test]
    async fn a_rate_limit_is_tried_again_after_the_providers_wait() {
        let (url, _) = simulador(
            429,
            &[("retry-after", "7")],
            r#"{"code":20429,"message":"Too Many Requests","more_info":"https://www.twilio.com/docs/errors/20429","status":429}"#,
        )
        .await;
        let envio = enviar(&conf(&url), "+525512345678", "Hola", ahora()).await;
        assert_eq!(
            envio,
            Envio::Reintentar {
                error: "Twilio 20429: Too Many Requests".to_owned(),
                espera: Some(Duration::from_secs(7)),
            }
        );
    }

    #[tokio::test]
    async fn a_provider_failure_is_tried_again() {
        let (url, _) = simulador(503, &[], "Service Unavailable").await;
        let envio = enviar(&conf(&url), "+525512345678", "Hola", ahora()).await;
        match envio {
            Envio::Reintentar { error, espera } => {
                assert_eq!(espera, None);
                assert!(error.contains("503"), "{error}");
            }
            otro => panic!("{otro:?}"),
        }
    }

    #[tokio::test]
    async fn an_invalid_number_is_refused_with_twilios_code_and_message() {
        let (url, _) = simulador(
            400,
            &[],
            r#"{"code":21211,"message":"The 'To' number +52551234 is not a valid phone number.","more_info":"https://www.twilio.com/docs/errors/21211","status":400}"#,
        )
        .await;
        let envio = enviar(&conf(&url), "+52551234", "Hola", ahora()).await;
        assert_eq!(
            envio,
            Envio::Rechazado {
                error: "Twilio 21211: The 'To' number +52551234 is not a valid phone number."
                    .to_owned()
            }
        );
    }

    #[tokio::test]
    async fn bad_credentials_are_refused() {
        let (url, _) = simulador(
            401,
            &[("www-authenticate", "Basic realm=\"Twilio API\"")],
            r#"{"code":20003,"message":"Authenticate","more_info":"https://www.twilio.com/docs/errors/20003","status":401}"#,
        )
        .await;
        let envio = enviar(&conf(&url), "+525512345678", "Hola", ahora()).await;
        match envio {
            Envio::Rechazado { error } => {
                assert!(error.contains("20003"), "{error}");
                assert!(error.contains("Authenticate"), "{error}");
            }
            otro => panic!("{otro:?}"),
        }
    }

    #[tokio::test]
    async fn a_success_without_a_sid_is_not_sent_again() {
        let (url, _) = simulador(200, &[], "<html>portal</html>").await;
        let envio = enviar(&conf(&url), "+525512345678", "Hola", ahora()).await;
        assert!(matches!(envio, Envio::Rechazado { .. }), "{envio:?}");
    }

    #[tokio::test]
    async fn a_refused_connection_is_tried_again() {
        let libre = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = libre.local_addr().unwrap();
        drop(libre);
        let envio = enviar(
            &conf(&format!("http://{addr}")),
            "+525512345678",
            "Hola",
            ahora(),
        )
        .await;
        assert!(
            matches!(envio, Envio::Reintentar { espera: None, .. }),
            "{envio:?}"
        );
    }

    #[tokio::test]
    async fn a_provider_that_never_answers_is_tried_again_after_the_timeout() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            // Accepts and holds every connection without a word.
            let mut abiertas = Vec::new();
            while let Ok((s, _)) = listener.accept().await {
                abiertas.push(s);
            }
        });
        let mut c = conf(&format!("http://{addr}"));
        c.tiempo_max = Duration::from_millis(200);
        let inicio = Instant::now();
        let envio = enviar(&c, "+525512345678", "Hola", ahora()).await;
        assert!(
            inicio.elapsed() < Duration::from_secs(3),
            "{:?}",
            inicio.elapsed()
        );
        match envio {
            Envio::Reintentar { error, espera } => {
                assert_eq!(espera, None);
                assert!(error.contains("200 ms"), "{error}");
            }
            otro => panic!("{otro:?}"),
        }
    }

    #[tokio::test]
    async fn nothing_is_sent_without_a_phone_or_a_text() {
        let (url, registro) = simulador(201, &[], CREADO).await;
        assert!(matches!(
            enviar(&conf(&url), " ", "Hola", ahora()).await,
            Envio::Rechazado { .. }
        ));
        assert!(matches!(
            enviar(&conf(&url), "+525512345678", " \n", ahora()).await,
            Envio::Rechazado { .. }
        ));
        assert!(registro.lock().unwrap().is_empty());
    }

    fn entorno(pares: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let mapa: HashMap<String, String> = pares
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| mapa.get(k).cloned()
    }

    #[test]
    fn the_channel_is_off_without_every_credential() {
        let completo = [
            ("ANFITRION_SMS_CUENTA", "AC123"),
            ("ANFITRION_SMS_TOKEN", "secreto"),
            ("ANFITRION_SMS_REMITENTE", "+15005550006"),
        ];
        for falta in 0..completo.len() {
            let mut pares = completo.to_vec();
            pares.remove(falta);
            assert!(ConfMensajes::desde(entorno(&pares)).is_none());
            pares.insert(falta, (completo[falta].0, "  "));
            assert!(ConfMensajes::desde(entorno(&pares)).is_none());
        }
        let c = ConfMensajes::desde(entorno(&completo)).unwrap();
        assert_eq!(c.url, "https://api.twilio.com");
        assert_eq!(c.cuenta, "AC123");
        assert_eq!(c.token, "secreto");
        assert_eq!(c.remitente, "+15005550006");
        assert!(!c.whatsapp);
        assert_eq!(c.tiempo_max, Duration::from_secs(10));
        assert!(!format!("{c:?}").contains("secreto"));
    }

    #[test]
    fn the_url_and_whatsapp_mode_come_from_the_environment() {
        let c = ConfMensajes::desde(entorno(&[
            ("ANFITRION_SMS_URL", "http://127.0.0.1:9999/"),
            ("ANFITRION_SMS_CUENTA", "AC123"),
            ("ANFITRION_SMS_TOKEN", "secreto"),
            ("ANFITRION_SMS_REMITENTE", "+14155238886"),
            ("ANFITRION_SMS_WHATSAPP", "TRUE"),
        ]))
        .unwrap();
        assert_eq!(c.url, "http://127.0.0.1:9999");
        assert!(c.whatsapp);
        let c = ConfMensajes::desde(entorno(&[
            ("ANFITRION_SMS_CUENTA", "AC123"),
            ("ANFITRION_SMS_TOKEN", "secreto"),
            ("ANFITRION_SMS_REMITENTE", "whatsapp:+14155238886"),
            ("ANFITRION_SMS_WHATSAPP", "0"),
        ]))
        .unwrap();
        assert!(c.whatsapp);
    }

    #[test]
    fn phones_become_e164() {
        assert_eq!(
            telefono_e164("55 1234 5678").as_deref(),
            Some("+525512345678")
        );
        assert_eq!(
            telefono_e164("+1 415 523 8886").as_deref(),
            Some("+14155238886")
        );
        assert_eq!(
            telefono_e164("52 55 1234 5678").as_deref(),
            Some("+525512345678")
        );
        assert_eq!(
            telefono_e164("(55) 1234-5678").as_deref(),
            Some("+525512345678")
        );
        assert_eq!(
            telefono_e164("0052 55 1234 5678").as_deref(),
            Some("+525512345678")
        );
        assert_eq!(
            telefono_e164("044 55 1234 5678").as_deref(),
            Some("+525512345678")
        );
        assert_eq!(telefono_e164("abc"), None);
        assert_eq!(telefono_e164("123"), None);
        assert_eq!(telefono_e164(""), None);
        assert_eq!(telefono_e164("55 1234 5678 ext 2"), None);
        assert_eq!(telefono_e164("+52 55+1234 5678"), None);
        assert_eq!(telefono_e164("0551234567"), None);
        assert_eq!(telefono_e164("1234567890123456"), None);
    }

    #[test]
    fn retry_after_is_read_in_seconds_or_as_a_date() {
        let ahora = DateTime::parse_from_rfc2822("Wed, 21 Oct 2015 07:28:00 GMT")
            .unwrap()
            .with_timezone(&Utc);
        let con = |v: &'static str| {
            let mut h = HeaderMap::new();
            h.insert(RETRY_AFTER, v.parse().unwrap());
            espera_pedida(&h, ahora)
        };
        assert_eq!(con("7"), Some(Duration::from_secs(7)));
        assert_eq!(
            con("Wed, 21 Oct 2015 07:28:30 GMT"),
            Some(Duration::from_secs(30))
        );
        assert_eq!(con("Wed, 21 Oct 2015 07:00:00 GMT"), Some(Duration::ZERO));
        assert_eq!(con("999999"), Some(ESPERA_MAX));
        assert_eq!(con("pronto"), None);
        assert_eq!(espera_pedida(&HeaderMap::new(), ahora), None);
    }

    #[test]
    fn twilio_signs_the_url_and_the_sorted_parameters() {
        // Twilio's documented example of its request validation.
        let p = |k: &str, v: &str| (k.to_owned(), v.to_owned());
        let parametros = vec![
            p("CallSid", "CA1234567890ABCDE"),
            p("Caller", "+12349013030"),
            p("Digits", "1234"),
            p("From", "+12349013030"),
            p("To", "+18005551212"),
        ];
        let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        assert_eq!(
            firma_twilio("12345", url, &parametros),
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        );
        assert!(firma_twilio_valida(
            "12345",
            url,
            &parametros,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        // Another token, URL, value or signature does not pass.
        assert!(!firma_twilio_valida(
            "54321",
            url,
            &parametros,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        assert!(!firma_twilio_valida(
            "12345",
            "https://mycompany.com/myapp.php",
            &parametros,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        let mut otro = parametros.clone();
        otro[2].1 = "1235".to_owned();
        assert!(!firma_twilio_valida(
            "12345",
            url,
            &otro,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        assert!(!firma_twilio_valida(
            "12345",
            url,
            &parametros,
            "no es base64"
        ));
        assert!(!firma_twilio_valida("12345", url, &parametros, ""));
    }
}
