//! Reminders before a reservation (a branch's `recordatorios_horas`), and the sending of the
//! phone outbox. Each pass looks at the reservations whose reminder moment has come and records
//! each reminder with its two links ("Confirmo", "Cancelar") and its messages in one transaction
//! (storage's `registrar_recordatorio`): an e-mail in the outbox when the guest left an address,
//! and a message to their phone when the group's provider is configured
//! ([`crate::mensajes`]). A reminder is recorded once per reservation and hour, whatever the
//! instances running this and the restarts between passes.

use std::time::Duration;

use anfitrion_core::recordatorio;
use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};

use crate::auth::{hash_token, nuevo_token};
use crate::db::avisos::Lista;
use crate::db::nuevo_id;
use crate::db::publico::NuevoCorreo;
use crate::db::recordatorios::{
    NuevoMensaje, NuevoRecordatorio, PorRecordar, SucursalConRecordatorios,
};
use crate::db::{DbResult, Store};
use crate::eventos::Eventos;
use crate::mensajes::{ConfMensajes, Envio};

/// How often reminders are looked for.
pub const CADA: Duration = Duration::from_secs(60);
/// Reservations read per branch and hour in one pass (the rest go in the next).
pub const LOTE: i64 = 1000;

/// The pages a reminder's links open.
pub fn ruta_confirmar(tag: &str, id: &str, token: &str) -> String {
    format!("/reservacion/{tag}/confirmar/{id}?t={token}")
}

pub fn ruta_cancelar(tag: &str, id: &str, token: &str) -> String {
    format!("/reservacion/{tag}/cancelar/{id}?t={token}")
}

/// A branch-local wall time as an instant (the earlier of an ambiguous hour).
pub fn instante(zona: chrono_tz::Tz, local: NaiveDateTime) -> DateTime<Utc> {
    zona.from_local_datetime(&local)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&local))
}

fn escapar(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

struct Enlaces {
    confirmar: String,
    cancelar: String,
}

fn personas(n: i32) -> String {
    format!("{n} {}", if n == 1 { "persona" } else { "personas" })
}

/// The reminder e-mail: Spanish, with the reservation and its two links.
fn correo(
    suc: &SucursalConRecordatorios,
    r: &PorRecordar,
    destinatario: &str,
    e: &Enlaces,
) -> NuevoCorreo {
    let fecha = r.fecha_hora.format("%d/%m/%Y").to_string();
    let hora = r.fecha_hora.format("%H:%M").to_string();
    let lugar = format!("{} · {}", suc.marca, suc.name);
    let gente = personas(r.no_personas);
    let texto = format!(
        "Hola, {name}:\n\nTe recordamos tu reservación.\n\nSucursal: {lugar}\nFecha: {fecha}\nHora: {hora}\nPersonas: {gente}\n\n\
         ¿Vienes? Confirma con este enlace:\n{confirmar}\n\nSi ya no puedes venir, cancela aquí y liberamos tu lugar:\n{cancelar}\n\nTe esperamos.\n",
        name = r.name,
        confirmar = e.confirmar,
        cancelar = e.cancelar,
    );
    let boton = |href: &str, texto: &str, fondo: &str| {
        format!(
            "<a href=\"{}\" style=\"display:inline-block;padding:12px 20px;margin:4px 8px 4px 0;border-radius:8px;\
             background:{fondo};color:#ffffff;text-decoration:none;font-weight:bold\">{texto}</a>",
            escapar(href)
        )
    };
    let html = format!(
        "<!doctype html><html lang=\"es\"><body style=\"font-family:Arial,sans-serif;color:#1f2937\">\
         <p>Hola, {name}:</p><p>Te recordamos tu reservación.</p>\
         <table style=\"border-collapse:collapse\"><tr><td style=\"padding:2px 12px 2px 0\"><b>Sucursal</b></td><td>{lugar}</td></tr>\
         <tr><td style=\"padding:2px 12px 2px 0\"><b>Fecha</b></td><td>{fecha}</td></tr>\
         <tr><td style=\"padding:2px 12px 2px 0\"><b>Hora</b></td><td>{hora}</td></tr>\
         <tr><td style=\"padding:2px 12px 2px 0\"><b>Personas</b></td><td>{gente}</td></tr></table>\
         <p>{confirmar}{cancelar}</p><p>Si ya no puedes venir, cancela y liberamos tu lugar.</p></body></html>",
        name = escapar(&r.name),
        lugar = escapar(&lugar),
        confirmar = boton(&e.confirmar, "Confirmo", "#047857"),
        cancelar = boton(&e.cancelar, "Cancelar", "#b91c1c"),
    );
    NuevoCorreo {
        id: nuevo_id(),
        tipo: "recordatorio".to_owned(),
        destinatario: destinatario.to_owned(),
        asunto: format!(
            "Recordatorio: tu reservación en {} el {fecha} a las {hora}",
            suc.name
        ),
        texto,
        html,
    }
}

/// The reminder to a phone: short, with the two links.
fn mensaje_telefono(suc: &SucursalConRecordatorios, r: &PorRecordar, e: &Enlaces) -> String {
    format!(
        "{}: te esperamos el {} a las {} ({}). Confirmo: {} Cancelar: {}",
        suc.name,
        r.fecha_hora.format("%d/%m"),
        r.fecha_hora.format("%H:%M"),
        personas(r.no_personas),
        e.confirmar,
        e.cancelar
    )
}

/// One pass: records every reminder due at `ahora`; answers how many were recorded by this
/// call (a reservation without e-mail, or without a phone the channel can reach, counts as
/// reminded through no channel and is not looked at again).
pub async fn enviar_debidos(
    store: &dyn Store,
    url_publica: &str,
    con_correo: bool,
    telefono: Option<&ConfMensajes>,
    ahora: DateTime<Utc>,
) -> DbResult<usize> {
    let base = url_publica.trim_end_matches('/');
    let mut registrados = 0;
    for suc in store.sucursales_con_recordatorios().await? {
        let local = ahora.with_timezone(&suc.zona).naive_local();
        // The latest reminders first: a reservation whose later reminder is due gets that one,
        // and the earlier is then no longer looked for.
        let mut horas = suc.horas.clone();
        horas.sort_unstable();
        for &h in &horas {
            let hasta = local + chrono::Duration::hours(i64::from(h));
            loop {
                let lote = store.por_recordar(&suc.id, local, hasta, h, LOTE).await?;
                let n = lote.len();
                let mut nuevos = 0;
                for r in &lote {
                    let para = instante(suc.zona, r.fecha_hora);
                    if recordatorio::debido(&suc.horas, &[], para, r.created_at, ahora) != Some(h) {
                        // Booked after this reminder's moment: record it as skipped so the
                        // next pass does not read it again.
                        if store
                            .registrar_recordatorio(&saltado(&r.id, h, para, ahora))
                            .await?
                        {
                            nuevos += 1;
                        }
                        continue;
                    }
                    if recordar(store, base, &suc, r, h, para, con_correo, telefono, ahora).await? {
                        registrados += 1;
                        nuevos += 1;
                    }
                }
                // A full batch that another instance had already taken entirely: stop here,
                // the next pass reads on.
                if n < usize::try_from(LOTE).unwrap_or(usize::MAX) || nuevos == 0 {
                    break;
                }
            }
        }
    }
    Ok(registrados)
}

fn saltado<'a>(
    id: &'a str,
    h: u32,
    para: DateTime<Utc>,
    ahora: DateTime<Utc>,
) -> NuevoRecordatorio<'a> {
    NuevoRecordatorio {
        reservacion_id: id,
        horas: h,
        canal: "ninguno",
        enlaces: None,
        vence: para,
        correo: None,
        mensaje: None,
        ahora,
    }
}

#[allow(clippy::too_many_arguments)]
async fn recordar(
    store: &dyn Store,
    base: &str,
    suc: &SucursalConRecordatorios,
    r: &PorRecordar,
    h: u32,
    para: DateTime<Utc>,
    con_correo: bool,
    telefono: Option<&ConfMensajes>,
    ahora: DateTime<Utc>,
) -> DbResult<bool> {
    let (confirmar, cancelar) = (nuevo_token(), nuevo_token());
    let enlaces = Enlaces {
        confirmar: format!("{base}{}", ruta_confirmar(&suc.tag, &r.id, &confirmar)),
        cancelar: format!("{base}{}", ruta_cancelar(&suc.tag, &r.id, &cancelar)),
    };
    // Without SMTP no e-mail is queued: the reminder goes by phone, or through no channel.
    let correo = r
        .email
        .as_deref()
        .filter(|e| con_correo && !e.is_empty())
        .map(|d| correo(suc, r, d, &enlaces));
    let destino = telefono
        .and(r.phone.as_deref())
        .and_then(crate::mensajes::telefono_e164);
    let mensaje = destino.map(|d| NuevoMensaje {
        id: nuevo_id(),
        sucursal_id: suc.id.clone(),
        reservacion_id: Some(r.id.clone()),
        espera_id: None,
        tipo: "recordatorio".to_owned(),
        destinatario: d,
        texto: mensaje_telefono(suc, r, &enlaces),
    });
    let canal = match (&correo, &mensaje) {
        (Some(_), _) => "correo",
        (None, Some(_)) => "telefono",
        (None, None) => "ninguno",
    };
    let (hc, hx) = (hash_token(&confirmar), hash_token(&cancelar));
    store
        .registrar_recordatorio(&NuevoRecordatorio {
            reservacion_id: &r.id,
            horas: h,
            canal,
            enlaces: (canal != "ninguno").then_some((hc.as_str(), hx.as_str())),
            vence: para,
            correo: correo.as_ref(),
            mensaje: mensaje.as_ref(),
            ahora,
        })
        .await
}

/// The wait before try `intentos + 1` of a phone message: the provider's `Retry-After` when it
/// sent one, else 30 s doubled per failed try, at most an hour.
pub fn espera(intentos: u32, pedida: Option<Duration>) -> Duration {
    pedida.unwrap_or_else(|| {
        Duration::from_secs(30)
            .saturating_mul(1u32 << intentos.min(16))
            .min(Duration::from_secs(3600))
    })
}

/// Tries before a phone message is given up.
pub const INTENTOS_MAX: u32 = 8;

/// What one pass over the phone outbox did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PasadaMensajes {
    pub enviados: usize,
    pub reintentos: usize,
    pub rechazados: usize,
}

/// One pass over the phone outbox: sends the messages due at `ahora` through the provider, each
/// taken with a lease first. A rate limit or a provider's failure is tried again later (after its
/// `Retry-After` when it says one); a refusal is kept as `fallido` with the provider's words.
pub async fn enviar_mensajes(
    store: &dyn Store,
    eventos: Option<&Eventos>,
    conf: Option<&ConfMensajes>,
    ahora: DateTime<Utc>,
) -> DbResult<PasadaMensajes> {
    let mut pasada = PasadaMensajes::default();
    let Some(conf) = conf else {
        return Ok(pasada);
    };
    for m in store.mensajes_vencidos(ahora, 20).await? {
        let plazo = chrono::Duration::from_std(conf.tiempo_max * 2).unwrap_or_default();
        if !store
            .tomar_mensaje(&m.id, m.siguiente_intento, ahora + plazo)
            .await?
        {
            continue;
        }
        let intentos = u32::try_from(m.intentos).unwrap_or(0) + 1;
        match crate::mensajes::enviar(conf, &m.destinatario, &m.texto, ahora).await {
            Envio::Aceptado { id } => {
                store.mensaje_enviado(&m.id, &id, ahora).await?;
                pasada.enviados += 1;
            }
            Envio::Reintentar {
                error,
                espera: pedida,
            } => {
                let fallido = intentos >= INTENTOS_MAX;
                let siguiente = ahora
                    + chrono::Duration::from_std(espera(intentos - 1, pedida)).unwrap_or_default();
                tracing::warn!(mensaje = %m.id, intentos, fallido, error = %error, "el proveedor de mensajes no tomó un mensaje; se reintentará");
                store
                    .mensaje_fallo(&m.id, &error, siguiente, fallido)
                    .await?;
                pasada.reintentos += 1;
            }
            Envio::Rechazado { error } => {
                tracing::warn!(mensaje = %m.id, error = %error, "el proveedor de mensajes rechazó un mensaje");
                store.mensaje_fallo(&m.id, &error, ahora, true).await?;
                pasada.rechazados += 1;
            }
        }
        if m.espera_id.is_some() {
            store.anunciar_lista(Lista::Espera, &m.tag).await?;
            if let Some(e) = eventos {
                e.lista_tras_commit(Lista::Espera, &m.tag);
            }
        }
    }
    Ok(pasada)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phone_wait_honours_the_provider_then_doubles() {
        assert_eq!(
            espera(0, Some(Duration::from_secs(7))),
            Duration::from_secs(7)
        );
        assert_eq!(espera(0, None), Duration::from_secs(30));
        assert_eq!(espera(2, None), Duration::from_secs(120));
        assert_eq!(espera(20, None), Duration::from_secs(3600));
    }

    #[test]
    fn a_local_time_is_read_in_the_branch_zone() {
        let local = chrono::NaiveDate::from_ymd_opt(2026, 11, 25)
            .unwrap()
            .and_hms_opt(20, 0, 0)
            .unwrap();
        assert_eq!(
            instante(chrono_tz::America::Mexico_City, local).to_rfc3339(),
            "2026-11-26T02:00:00+00:00"
        );
    }
}
