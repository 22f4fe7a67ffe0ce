//! Confirmation e-mails: composed when a guest books, queued in the outbox table in
//! the booking's transaction, and sent by a background job over SMTP (`ANFITRION_SMTP_URL`).
//! A failed try is tried again with exponential back-off and given up (`fallido`) after
//! [`ConfCorreo::intentos_max`] tries; every state lives in the table, so a restart loses
//! nothing. Without SMTP the messages wait as `pendiente`.
//!
//! The relay is spoken to through lettre's SMTP client ([`Relevo`] says how): encrypted and
//! authenticated as mail providers require, in plain text only to a relay on this same machine.

use std::time::Duration;

use base64::Engine;
use chrono::{DateTime, NaiveDateTime, Utc};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::db::nuevo_id;
use crate::db::publico::{CorreoSalida, FilaConfirmacion, NuevoCorreo, SucursalReservable};
use crate::db::reservaciones::NuevaReservacion;
use crate::db::{DbResult, Store};

/// Where guests reach the public pages unless `ANFITRION_URL_PUBLICA` says otherwise.
pub const URL_PUBLICA_POR_DEFECTO: &str = "http://localhost:8080";

/// How the outbox is sent.
#[derive(Debug, Clone)]
pub struct ConfCorreo {
    /// The relay's URL, as [`Relevo::de_url`] reads it; `None` keeps every message pending.
    pub smtp_url: Option<String>,
    /// A PEM certificate authority the relay's certificate may also be signed by (a private
    /// relay's), beside the public ones.
    pub smtp_ca: Option<Vec<u8>>,
    /// The sender's address.
    pub remitente: String,
    /// How often the outbox is looked at.
    pub cada: Duration,
    /// The wait after the first failed try; it doubles with each one (capped at an hour).
    pub espera_base: Duration,
    /// Tries before a message is marked `fallido`.
    pub intentos_max: u32,
    /// How long one try may take, connection included.
    pub tiempo_max: Duration,
}

impl Default for ConfCorreo {
    fn default() -> Self {
        ConfCorreo {
            smtp_url: None,
            smtp_ca: None,
            remitente: "reservaciones@anfitrion.mx".to_owned(),
            cada: Duration::from_secs(10),
            espera_base: Duration::from_secs(30),
            intentos_max: 8,
            tiempo_max: Duration::from_secs(30),
        }
    }
}

/// The confirmation page's path for a reservation and its token.
pub fn ruta_confirmacion(tag: &str, id: &str, token: &str) -> String {
    format!("/reservacion/{tag}/confirmacion/{id}?t={token}")
}

/// The verification link's path: its own token (`t`), and the confirmation's (`c`) so the page
/// can lead on to the booking, as the e-mail that carries both does.
pub fn ruta_verificacion(tag: &str, id: &str, token: &str, confirmacion: &str) -> String {
    format!("/reservacion/{tag}/verificar/{id}?t={token}&c={confirmacion}")
}

fn escapar(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A reservation's facts as every guest e-mail lists them: branch, date ("22/11/2026"), time
/// ("19:15") and party, as plain-text lines and as the HTML table.
struct Hechos {
    texto: String,
    html: String,
}

impl Hechos {
    fn de(suc: &SucursalReservable, fecha_hora: NaiveDateTime, n: u32) -> (Hechos, String, String) {
        let fecha = fecha_hora.format("%d/%m/%Y").to_string();
        let hora = fecha_hora.format("%H:%M").to_string();
        let personas = format!("{n} {}", if n == 1 { "persona" } else { "personas" });
        let lugar = format!("{} · {}", suc.marca, suc.name);
        let fila = |etiqueta: &str, valor: &str| {
            format!("<tr><td style=\"padding:2px 12px 2px 0\"><b>{etiqueta}</b></td><td>{valor}</td></tr>")
        };
        let hechos = Hechos {
            texto: format!("Sucursal: {lugar}\nFecha: {fecha}\nHora: {hora}\nPersonas: {personas}"),
            html: format!(
                "<table style=\"border-collapse:collapse\">{}{}{}{}</table>",
                fila("Sucursal", &escapar(&lugar)),
                fila("Fecha", &fecha),
                fila("Hora", &hora),
                fila("Personas", &personas)
            ),
        };
        (hechos, fecha, hora)
    }
}

/// The confirmation e-mail of a booking: Spanish, with the branch, date, time, party, the QR
/// (attached inline when sent) and the links to the confirmation page and the e-mail check.
/// `token` opens the confirmation page; `token_verificacion`, the e-mail's own, verifies the address.
pub fn confirmacion(
    url_publica: &str,
    suc: &SucursalReservable,
    r: &NuevaReservacion,
    destinatario: &str,
    token: &str,
    token_verificacion: &str,
) -> NuevoCorreo {
    let base = url_publica.trim_end_matches('/');
    let enlace = format!("{base}{}", ruta_confirmacion(&suc.tag, &r.id, token));
    let verificar = format!(
        "{base}{}",
        ruta_verificacion(&suc.tag, &r.id, token_verificacion, token)
    );
    let (hechos, fecha, hora) = Hechos::de(suc, r.fecha_hora, r.no_personas.get());
    let asunto = format!("Tu reservación en {} el {fecha} a las {hora}", suc.name);
    let texto = format!(
        "Hola, {name}:\n\nTu reservación quedó registrada.\n\n{datos}\n\n\
         Presenta el código QR adjunto al llegar. También puedes verlo e imprimirlo aquí:\n{enlace}\n\n\
         Confirma tu correo con este enlace:\n{verificar}\n\nTe esperamos.\n",
        name = r.name,
        datos = hechos.texto,
    );
    let html = format!(
        "<!doctype html><html lang=\"es\"><body style=\"font-family:Arial,sans-serif;color:#1f2937\">\
         <p>Hola, {name}:</p><p>Tu reservación quedó registrada.</p>{tabla}\
         <p>Presenta este código al llegar:</p><p><img src=\"cid:qr@anfitrion\" alt=\"Código QR de la reservación\" width=\"240\" height=\"240\"></p>\
         <p><a href=\"{enlace_h}\">Ver e imprimir la confirmación</a></p>\
         <p><a href=\"{verificar_h}\">Confirmar mi correo</a></p><p>Te esperamos.</p></body></html>",
        name = escapar(&r.name),
        tabla = hechos.html,
        enlace_h = escapar(&enlace),
        verificar_h = escapar(&verificar),
    );
    NuevoCorreo {
        id: nuevo_id(),
        tipo: "confirmacion".to_owned(),
        destinatario: destinatario.to_owned(),
        asunto,
        texto,
        html,
    }
}

/// The new confirmation after the guest changed the party or the time: the new date, time and
/// party, the same QR, and the link to the guest's page (`token`, the page's own).
pub fn cambio(
    url_publica: &str,
    suc: &SucursalReservable,
    r: &FilaConfirmacion,
    fecha_hora: NaiveDateTime,
    no_personas: u32,
    destinatario: &str,
    token: &str,
) -> NuevoCorreo {
    let (id, name) = (r.id.as_str(), r.name.as_str());
    let base = url_publica.trim_end_matches('/');
    let enlace = format!("{base}{}", ruta_confirmacion(&suc.tag, id, token));
    let (hechos, fecha, hora) = Hechos::de(suc, fecha_hora, no_personas);
    let asunto = format!(
        "Cambiaste tu reservación en {}: {fecha} a las {hora}",
        suc.name
    );
    let texto = format!(
        "Hola, {name}:\n\nTu reservación cambió. Así queda:\n\n{datos}\n\n\
         Tu código QR es el mismo (va adjunto). Puedes verlo y cambiar o cancelar aquí:\n{enlace}\n\nTe esperamos.\n",
        datos = hechos.texto,
    );
    let html = format!(
        "<!doctype html><html lang=\"es\"><body style=\"font-family:Arial,sans-serif;color:#1f2937\">\
         <p>Hola, {name_h}:</p><p>Tu reservación cambió. Así queda:</p>{tabla}\
         <p>Tu código QR es el mismo:</p><p><img src=\"cid:qr@anfitrion\" alt=\"Código QR de la reservación\" width=\"240\" height=\"240\"></p>\
         <p><a href=\"{enlace_h}\">Ver, cambiar o cancelar mi reservación</a></p><p>Te esperamos.</p></body></html>",
        name_h = escapar(name),
        tabla = hechos.html,
        enlace_h = escapar(&enlace),
    );
    NuevoCorreo {
        id: nuevo_id(),
        tipo: "cambio".to_owned(),
        destinatario: destinatario.to_owned(),
        asunto,
        texto,
        html,
    }
}

fn b64_lineas(datos: &[u8]) -> String {
    let b = base64::engine::general_purpose::STANDARD.encode(datos);
    let mut s = String::with_capacity(b.len() + b.len() / 76 * 2 + 2);
    for trozo in b.as_bytes().chunks(76) {
        s.push_str(std::str::from_utf8(trozo).unwrap_or_default());
        s.push_str("\r\n");
    }
    s
}

/// The message as it goes over the wire: multipart with the text, the HTML and the QR (a PNG
/// holding the reservation's `_id`) inline.
pub fn mime(c: &CorreoSalida, remitente: &str, fecha: DateTime<Utc>) -> String {
    let qr = anfitrion_core::qr::qr_png(&c.reservacion_id, 8).unwrap_or_default();
    let asunto = base64::engine::general_purpose::STANDARD.encode(c.asunto.as_bytes());
    let (r, a) = (format!("R-{}", c.id), format!("A-{}", c.id));
    format!(
        "From: Anfitrion <{remitente}>\r\nTo: <{to}>\r\nSubject: =?UTF-8?B?{asunto}?=\r\nDate: {fecha}\r\nMessage-ID: <{id}@anfitrion>\r\n\
         MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=\"{r}\"\r\n\r\n\
         --{r}\r\nContent-Type: multipart/alternative; boundary=\"{a}\"\r\n\r\n\
         --{a}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{texto}\
         --{a}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{html}\
         --{a}--\r\n\
         --{r}\r\nContent-Type: image/png; name=\"reservacion.png\"\r\nContent-Transfer-Encoding: base64\r\n\
         Content-ID: <qr@anfitrion>\r\nContent-Disposition: inline; filename=\"reservacion.png\"\r\n\r\n{png}\
         --{r}--\r\n",
        to = c.destinatario,
        fecha = fecha.to_rfc2822(),
        id = c.id,
        texto = b64_lineas(c.texto.as_bytes()),
        html = b64_lineas(c.html.as_bytes()),
        png = b64_lineas(&qr),
    )
}

/// How the relay's connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cifrado {
    /// Plain text: only to a relay on loopback, or when the URL says `?tls=ninguno`.
    Ninguno,
    /// Plain connection upgraded with STARTTLS before anything else is said; refused if the
    /// relay does not offer it.
    StartTls,
    /// TLS from the first byte (`smtps://`, port 465).
    Tls,
}

/// The relay, from its URL: `smtp://[usuario:clave@]host[:puerto][?tls=starttls|ninguno]` or
/// `smtps://[usuario:clave@]host[:puerto]`. `smtp://` to any host but this machine's loopback
/// requires STARTTLS; a user and password go only over an encrypted connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relevo {
    pub host: String,
    pub puerto: u16,
    pub cifrado: Cifrado,
    pub credenciales: Option<(String, String)>,
}

impl Relevo {
    pub fn de_url(texto: &str) -> Result<Relevo, String> {
        let url = url::Url::parse(texto.trim())
            .map_err(|_| format!("ANFITRION_SMTP_URL no es una URL válida («{texto}»)"))?;
        let host = match url.host() {
            Some(url::Host::Domain(d)) => d.to_owned(),
            Some(url::Host::Ipv4(ip)) => ip.to_string(),
            Some(url::Host::Ipv6(ip)) => ip.to_string(),
            None => return Err("ANFITRION_SMTP_URL no indica el servidor".to_owned()),
        };
        let local = host == "localhost"
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        let pedido = url
            .query_pairs()
            .find(|(k, _)| k == "tls")
            .map(|(_, v)| v.to_ascii_lowercase());
        let cifrado = match (url.scheme(), pedido.as_deref()) {
            ("smtps", None | Some("tls")) => Cifrado::Tls,
            ("smtp", Some("starttls" | "required")) => Cifrado::StartTls,
            ("smtp", Some("ninguno" | "none")) => Cifrado::Ninguno,
            ("smtp", None) if local => Cifrado::Ninguno,
            ("smtp", None) => Cifrado::StartTls,
            ("smtp" | "smtps", Some(otro)) => {
                return Err(format!(
                    "ANFITRION_SMTP_URL: tls={otro} no se conoce; usa tls=starttls o tls=ninguno"
                ))
            }
            (otro, _) => {
                return Err(format!(
                    "ANFITRION_SMTP_URL debe empezar con smtp:// o smtps:// (no {otro}://)"
                ))
            }
        };
        let decodificar = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8_lossy()
                .into_owned()
        };
        let credenciales = (!url.username().is_empty()).then(|| {
            (
                decodificar(url.username()),
                decodificar(url.password().unwrap_or_default()),
            )
        });
        if credenciales.is_some() && cifrado == Cifrado::Ninguno {
            return Err(
                "ANFITRION_SMTP_URL lleva usuario y contraseña: solo se envían cifrados (smtps:// o STARTTLS)"
                    .to_owned(),
            );
        }
        let puerto = url.port().unwrap_or(match cifrado {
            Cifrado::Tls => 465,
            Cifrado::StartTls if !local => 587,
            _ => 25,
        });
        Ok(Relevo {
            host,
            puerto,
            cifrado,
            credenciales,
        })
    }

    /// lettre's client for this relay; `ca`, a PEM authority trusted besides the public ones.
    fn transporte(
        &self,
        ca: Option<&[u8]>,
        tiempo_max: Duration,
    ) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
        let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&self.host)
            .port(self.puerto)
            .timeout(Some(tiempo_max))
            .hello_name(ClientId::Domain("anfitrion".to_owned()));
        if self.cifrado != Cifrado::Ninguno {
            let mut p = TlsParameters::builder(self.host.clone());
            if let Some(pem) = ca {
                p = p.add_root_certificate(
                    Certificate::from_pem(pem)
                        .map_err(|e| format!("ANFITRION_SMTP_CA no es un certificado PEM: {e}"))?,
                );
            }
            let p = p
                .build_rustls()
                .map_err(|e| format!("TLS del servidor SMTP: {e}"))?;
            b = b.tls(if self.cifrado == Cifrado::Tls {
                Tls::Wrapper(p)
            } else {
                Tls::Required(p)
            });
        }
        if let Some((usuario, clave)) = &self.credenciales {
            b = b
                .credentials(Credentials::new(usuario.clone(), clave.clone()))
                .authentication(vec![Mechanism::Plain, Mechanism::Login]);
        }
        Ok(b.build())
    }
}

/// Sends one message; the error is the relay's answer or the connection's failure.
async fn enviar_smtp(
    transporte: &AsyncSmtpTransport<Tokio1Executor>,
    remitente: &str,
    c: &CorreoSalida,
    mensaje: &str,
) -> Result<(), String> {
    let de = remitente
        .parse()
        .map_err(|_| format!("remitente no válido: {remitente}"))?;
    let para = c
        .destinatario
        .parse()
        .map_err(|_| format!("destinatario no válido: {}", c.destinatario))?;
    let sobre = Envelope::new(Some(de), vec![para]).map_err(|e| e.to_string())?;
    transporte
        .send_raw(&sobre, mensaje.as_bytes())
        .await
        .map(|_| ())
        .map_err(|e| format!("SMTP: {e}"))
}

/// The wait before try `intentos + 1`: the base, doubled for each failed try, at most an hour.
pub fn espera(conf: &ConfCorreo, intentos: u32) -> Duration {
    conf.espera_base
        .saturating_mul(1u32 << intentos.min(16))
        .min(Duration::from_secs(3600))
}

/// One pass over the outbox: sends the messages due at `ahora`; answers how many went out.
/// Each is taken with a lease first, so two instances never send the same one.
pub async fn enviar_pendientes(
    store: &dyn Store,
    conf: &ConfCorreo,
    ahora: DateTime<Utc>,
) -> DbResult<usize> {
    let Some(url) = conf.smtp_url.as_deref() else {
        return Ok(0);
    };
    // The URL was checked when the server started; a failure here is the CA's or TLS's own.
    let transporte = match Relevo::de_url(url)
        .and_then(|r| r.transporte(conf.smtp_ca.as_deref(), conf.tiempo_max))
    {
        Ok(t) => t,
        Err(e) => {
            tracing::error!(error = %e, "el servidor SMTP no está bien configurado; los correos esperan");
            return Ok(0);
        }
    };
    let mut enviados = 0;
    for c in store.correos_vencidos(ahora, 20).await? {
        let plazo = chrono::Duration::from_std(conf.tiempo_max * 2).unwrap_or_default();
        if !store
            .tomar_correo(&c.id, c.siguiente_intento, ahora + plazo)
            .await?
        {
            continue;
        }
        let mensaje = mime(&c, &conf.remitente, ahora);
        let intento = tokio::time::timeout(
            conf.tiempo_max,
            enviar_smtp(&transporte, &conf.remitente, &c, &mensaje),
        )
        .await
        .unwrap_or_else(|_| Err("el servidor SMTP tardó demasiado".to_owned()));
        match intento {
            Ok(()) => {
                store.correo_enviado(&c.id, ahora).await?;
                enviados += 1;
            }
            Err(e) => {
                let intentos = u32::try_from(c.intentos).unwrap_or(0) + 1;
                let fallido = intentos >= conf.intentos_max;
                let siguiente = ahora
                    + chrono::Duration::from_std(espera(conf, intentos - 1)).unwrap_or_default();
                tracing::warn!(correo = %c.id, intentos, fallido, error = %e, "no se pudo enviar un correo");
                store.correo_fallo(&c.id, &e, siguiente, fallido).await?;
            }
        }
    }
    Ok(enviados)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_an_hour() {
        let conf = ConfCorreo {
            espera_base: Duration::from_secs(30),
            ..Default::default()
        };
        assert_eq!(espera(&conf, 0), Duration::from_secs(30));
        assert_eq!(espera(&conf, 1), Duration::from_secs(60));
        assert_eq!(espera(&conf, 3), Duration::from_secs(240));
        assert_eq!(espera(&conf, 12), Duration::from_secs(3600));
    }

    #[test]
    fn a_relay_url_says_how_it_is_reached() {
        let r = |u: &str| Relevo::de_url(u);
        assert_eq!(
            r("smtp://127.0.0.1:2525"),
            Ok(Relevo {
                host: "127.0.0.1".into(),
                puerto: 2525,
                cifrado: Cifrado::Ninguno,
                credenciales: None
            })
        );
        // Beyond this machine, STARTTLS is required unless the operator says otherwise.
        let remoto = r("smtp://relay.ejemplo.mx").unwrap();
        assert_eq!((remoto.puerto, remoto.cifrado), (587, Cifrado::StartTls));
        let con_clave = r("smtp://ana%40ejemplo.mx:s%3Acreta@smtp.ejemplo.mx:587").unwrap();
        assert_eq!(
            con_clave.credenciales,
            Some(("ana@ejemplo.mx".into(), "s:creta".into()))
        );
        let tls = r("smtps://u:c@smtp.ejemplo.mx").unwrap();
        assert_eq!((tls.puerto, tls.cifrado), (465, Cifrado::Tls));
        assert_eq!(
            r("smtp://relay.lan?tls=ninguno").unwrap().cifrado,
            Cifrado::Ninguno
        );
        assert_eq!(
            r("smtp://127.0.0.1:2525?tls=starttls").unwrap().cifrado,
            Cifrado::StartTls
        );
        // A password never goes in plain text; unknown schemes and options are refused.
        assert!(r("smtp://u:c@relay.lan?tls=ninguno").is_err());
        assert!(r("smtp://u:c@127.0.0.1:25").is_err());
        assert!(r("http://relay.local").is_err());
        assert!(r("smtp://relay.local?tls=quiza").is_err());
        assert!(r("smtp://").is_err());
    }
}
