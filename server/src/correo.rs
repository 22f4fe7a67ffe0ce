//! Confirmation e-mails (DESIGN §4): composed when a guest books, queued in the outbox table in
//! the booking's transaction, and sent by a background job over SMTP (`ANFITRION_SMTP_URL`).
//! A failed try is tried again with exponential back-off and given up (`fallido`) after
//! [`ConfCorreo::intentos_max`] tries; every state lives in the table, so a restart loses
//! nothing. Without SMTP the messages wait as `pendiente`.
//!
//! The SMTP client is the few commands a relay needs (EHLO, MAIL, RCPT, DATA, QUIT) over plain
//! TCP: the relay is expected on the same host or network (a local MTA or a provider's relay
//! reached through one).

use std::time::Duration;

use base64::Engine;
use chrono::{DateTime, Utc};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::db::nuevo_id;
use crate::db::publico::{CorreoSalida, NuevoCorreo, SucursalReservable};
use crate::db::reservaciones::NuevaReservacion;
use crate::db::{DbResult, Store};

/// Where guests reach the public pages unless `ANFITRION_URL_PUBLICA` says otherwise.
pub const URL_PUBLICA_POR_DEFECTO: &str = "http://localhost:8080";

/// How the outbox is sent.
#[derive(Debug, Clone)]
pub struct ConfCorreo {
    /// `smtp://host:port` (port 25 when absent); `None` keeps every message pending.
    pub smtp_url: Option<String>,
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
    let fecha = r.fecha_hora.format("%d/%m/%Y").to_string();
    let hora = r.fecha_hora.format("%H:%M").to_string();
    let n = r.no_personas.get();
    let personas = format!("{n} {}", if n == 1 { "persona" } else { "personas" });
    let lugar = format!("{} · {}", suc.marca, suc.name);
    let asunto = format!("Tu reservación en {} el {fecha} a las {hora}", suc.name);
    let texto = format!(
        "Hola, {name}:\n\nTu reservación quedó registrada.\n\nSucursal: {lugar}\nFecha: {fecha}\nHora: {hora}\nPersonas: {personas}\n\n\
         Presenta el código QR adjunto al llegar. También puedes verlo e imprimirlo aquí:\n{enlace}\n\n\
         Confirma tu correo con este enlace:\n{verificar}\n\nTe esperamos.\n",
        name = r.name
    );
    let html = format!(
        "<!doctype html><html lang=\"es\"><body style=\"font-family:Arial,sans-serif;color:#1f2937\">\
         <p>Hola, {name}:</p><p>Tu reservación quedó registrada.</p>\
         <table style=\"border-collapse:collapse\"><tr><td style=\"padding:2px 12px 2px 0\"><b>Sucursal</b></td><td>{lugar}</td></tr>\
         <tr><td style=\"padding:2px 12px 2px 0\"><b>Fecha</b></td><td>{fecha}</td></tr>\
         <tr><td style=\"padding:2px 12px 2px 0\"><b>Hora</b></td><td>{hora}</td></tr>\
         <tr><td style=\"padding:2px 12px 2px 0\"><b>Personas</b></td><td>{personas}</td></tr></table>\
         <p>Presenta este código al llegar:</p><p><img src=\"cid:qr@anfitrion\" alt=\"Código QR de la reservación\" width=\"240\" height=\"240\"></p>\
         <p><a href=\"{enlace_h}\">Ver e imprimir la confirmación</a></p>\
         <p><a href=\"{verificar_h}\">Confirmar mi correo</a></p><p>Te esperamos.</p></body></html>",
        name = escapar(&r.name),
        lugar = escapar(&lugar),
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

/// `host:port` of an `smtp://host[:port]` URL.
fn destino(url: &str) -> Result<String, String> {
    let resto = url
        .strip_prefix("smtp://")
        .ok_or_else(|| format!("ANFITRION_SMTP_URL debe empezar con smtp:// («{url}»)"))?;
    let resto = resto.trim_end_matches('/');
    let anfitrion = resto.rsplit_once('@').map_or(resto, |(_, h)| h);
    if anfitrion.is_empty() {
        return Err("ANFITRION_SMTP_URL no indica el servidor".to_owned());
    }
    Ok(
        if anfitrion
            .rsplit_once(':')
            .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
        {
            anfitrion.to_owned()
        } else {
            format!("{anfitrion}:25")
        },
    )
}

async fn respuesta(
    lector: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
    esperado: &[u16],
) -> Result<(), String> {
    let mut linea = String::new();
    loop {
        linea.clear();
        if lector
            .read_line(&mut linea)
            .await
            .map_err(|e| e.to_string())?
            == 0
        {
            return Err("el servidor SMTP cerró la conexión".to_owned());
        }
        let codigo: u16 = linea
            .get(..3)
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| format!("respuesta SMTP ilegible: {}", linea.trim()))?;
        if linea.as_bytes().get(3) == Some(&b'-') {
            continue;
        }
        return if esperado.contains(&codigo) {
            Ok(())
        } else {
            Err(format!("SMTP: {}", linea.trim()))
        };
    }
}

/// Sends one message; the error is the relay's answer or the connection's failure.
async fn enviar_smtp(
    url: &str,
    remitente: &str,
    c: &CorreoSalida,
    mensaje: &str,
) -> Result<(), String> {
    let con = TcpStream::connect(destino(url)?)
        .await
        .map_err(|e| format!("no se pudo conectar al servidor SMTP: {e}"))?;
    let (lee, mut escribe) = con.into_split();
    let mut lee = BufReader::new(lee);
    respuesta(&mut lee, &[220]).await?;
    let pasos: [(String, &[u16]); 4] = [
        ("EHLO anfitrion\r\n".to_owned(), &[250]),
        (format!("MAIL FROM:<{remitente}>\r\n"), &[250]),
        (format!("RCPT TO:<{}>\r\n", c.destinatario), &[250, 251]),
        ("DATA\r\n".to_owned(), &[354]),
    ];
    for (orden, esperado) in pasos {
        escribe
            .write_all(orden.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        respuesta(&mut lee, esperado).await?;
    }
    // Dot-stuffing: a line starting with "." gets another.
    let cuerpo = mensaje.replace("\r\n.", "\r\n..");
    escribe
        .write_all(cuerpo.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    escribe
        .write_all(b".\r\n")
        .await
        .map_err(|e| e.to_string())?;
    respuesta(&mut lee, &[250]).await?;
    let _ = escribe.write_all(b"QUIT\r\n").await;
    Ok(())
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
            enviar_smtp(url, &conf.remitente, &c, &mensaje),
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
    fn an_smtp_url_names_its_host_and_port() {
        assert_eq!(
            destino("smtp://127.0.0.1:2525").as_deref(),
            Ok("127.0.0.1:2525")
        );
        assert_eq!(
            destino("smtp://relay.local").as_deref(),
            Ok("relay.local:25")
        );
        assert!(destino("http://relay.local").is_err());
    }
}
