//! Background work that runs beside the server and stops with it, each kind in its own task so
//! that none waits for another: the hourly purge of dead sessions and stale login attempts,
//! which otherwise only ever grow; the no-show job that turns overdue Pendiente reservations
//! into Vencido; reminders; the phone outbox; the outbox of e-mails ([`crate::correo`]);
//! scheduled backups; and the print queue, where each printer has its own sender
//! ([`crate::impresion`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::sync::Notify;
use tokio::task::{JoinHandle, JoinSet};
use tokio::time::{Interval, MissedTickBehavior};

use anfitrion_core::bitacora::Accion;
use anfitrion_core::estado::EstadoReservacion;

use crate::auth::VENTANA_INTENTOS;
use crate::db::bitacora::{Autor, Cambio, Entidad, Estado};
use crate::db::sesiones::Purga;
use crate::db::{DbResult, Store};
use crate::eventos::Eventos;
use crate::impresion::{ConfImpresion, Pasada};
use crate::reloj::Reloj;

/// How often the purge runs.
pub const CADA_PURGA: Duration = Duration::from_secs(60 * 60);
/// How long an expired or revoked session is kept (for a look at recent sign-ins) before the purge.
pub const CONSERVAR_SESIONES: chrono::Duration = chrono::Duration::days(1);

/// Deletes sessions dead for more than [`CONSERVAR_SESIONES`], login attempts older than the
/// throttle window, which no longer count for anything, and the answers of idempotent writes
/// older than their window.
pub async fn purgar(store: &dyn Store, ahora: DateTime<Utc>) -> DbResult<Purga> {
    let mut purga = store
        .purgar(ahora - CONSERVAR_SESIONES, ahora - VENTANA_INTENTOS)
        .await?;
    purga.respuestas = store
        .purgar_respuestas(ahora - crate::idempotencia::VENTANA)
        .await?;
    Ok(purga)
}

/// How often overdue reservations are looked for.
pub const CADA_NO_SHOWS: Duration = Duration::from_secs(60);

/// How often the kitchen's forecast of the quarter-hour an hour ahead is kept, if not yet.
pub const CADA_PRONOSTICO: Duration = Duration::from_secs(60);

/// Marks every Pendiente reservation whose time plus its branch's grace period has passed at
/// `ahora` as Vencido, each with an audit entry, and answers how many this call marked. Each move
/// is conditional on the reservation still being Pendiente, so instances running it at once mark
/// each reservation once.
pub async fn marcar_no_shows(store: &dyn Store, ahora: DateTime<Utc>) -> DbResult<usize> {
    let mut marcadas = 0;
    for (sucursal_id, conf) in store.confs_de_sucursales().await? {
        let reglas = conf.horario;
        for (id, fecha_hora) in store
            .pendientes_hasta(&sucursal_id, reglas.local(ahora))
            .await?
        {
            if !reglas.es_no_show(fecha_hora, ahora, conf.gracia_min) {
                continue;
            }
            let sistema = Autor {
                usuario_id: None,
                usuario_name: "Sistema".to_owned(),
            };
            let cambio = Cambio::de(sistema, Entidad::Reservacion, &id, Accion::NoShow)
                .en(&sucursal_id)
                .antes(&Estado {
                    status: EstadoReservacion::Pendiente,
                })
                .despues(&Estado {
                    status: EstadoReservacion::Vencido,
                });
            if store
                .pasar_estado(&id, EstadoReservacion::Vencido, &cambio)
                .await?
            {
                marcadas += 1;
            }
        }
    }
    Ok(marcadas)
}

/// What the background jobs work with.
pub struct Fondo {
    pub store: Arc<dyn Store>,
    pub correo: crate::correo::ConfCorreo,
    /// The phone provider, if the group has one.
    pub mensajes: Option<crate::mensajes::ConfMensajes>,
    /// Where guests reach the public pages (the reminders' links).
    pub url_publica: Option<String>,
    /// How often reminders are looked for and the phone outbox is sent.
    pub cada_recordatorios: Duration,
    pub impresion: crate::impresion::ConfImpresion,
    /// Rung by a save that queued tickets: the print queue is looked at at once.
    pub despertar: Arc<tokio::sync::Notify>,
    /// Rung by a call that queued a phone message: the phone outbox is sent at once.
    pub timbre_mensajes: Arc<tokio::sync::Notify>,
    pub eventos: Arc<crate::eventos::Eventos>,
    /// The database's URL and the schedule of its backups, if asked.
    pub respaldos: Option<(String, crate::respaldo::ConfRespaldos)>,
    /// The webhook outbox's pace and the networks it may reach.
    pub webhooks: crate::webhooks::ConfWebhooks,
    /// Rung by a write the API answered: the webhook outbox is sent at once.
    pub timbre_webhooks: Arc<tokio::sync::Notify>,
    /// Whether the kitchen's forecasts are kept and printed by themselves.
    pub pronosticos: bool,
    pub reloj: Reloj,
}

/// A period whose first tick comes `primera` from now; a tick missed while a pass ran is not
/// made up for.
fn periodo(primera: Duration, cada: Duration) -> Interval {
    let mut i = tokio::time::interval_at(tokio::time::Instant::now() + primera, cada);
    i.set_missed_tick_behavior(MissedTickBehavior::Delay);
    i
}

/// Starts the background work, each kind in its own task: a purge every [`CADA_PURGA`] (the
/// first one period after start), no-shows every [`CADA_NO_SHOWS`], the kitchen's forecast every
/// [`CADA_PRONOSTICO`], reminders and the phone
/// outbox every `cada_recordatorios` (the outbox also as soon as reminders or a call queued a
/// message), the e-mail outbox on its period, backups on theirs, and the print queue
/// ([`cola_de_impresion`]).
/// Abort the handle to stop every one of them; [`crate::launch`] does when the server ends.
pub fn iniciar(fondo: Fondo) -> JoinHandle<()> {
    let Fondo {
        store,
        correo,
        mensajes,
        url_publica,
        cada_recordatorios,
        impresion,
        despertar,
        timbre_mensajes,
        eventos,
        respaldos,
        webhooks,
        timbre_webhooks,
        pronosticos,
        reloj,
    } = fondo;
    let mut tareas = JoinSet::new();

    // Webhooks leave as soon as the instance that saved a change answered it (the timbre; a burst
    // of writes rings once for the pass that follows), and on the period besides: retries, and
    // what the jobs themselves changed (no-shows, reminders' confirmations).
    let (s, r) = (store.clone(), reloj.clone());
    tareas.spawn(async move {
        if !webhooks.activa {
            return;
        }
        let mut cada = periodo(webhooks.cada, webhooks.cada);
        loop {
            tokio::select! {
                _ = cada.tick() => {}
                _ = timbre_webhooks.notified() => {}
            }
            match crate::webhooks::enviar_webhooks(s.as_ref(), &webhooks, r.ahora()).await {
                Ok(p) if p == crate::webhooks::PasadaWebhooks::default() => {}
                Ok(p) => tracing::info!(
                    entregadas = p.entregadas,
                    reintentos = p.reintentos,
                    fallidas = p.fallidas,
                    "webhooks"
                ),
                Err(e) => tracing::warn!(error = %e, "la salida de webhooks falló; se reintentará"),
            }
        }
    });

    let (s, r) = (store.clone(), reloj.clone());
    tareas.spawn(async move {
        let mut cada = periodo(CADA_PURGA, CADA_PURGA);
        loop {
            cada.tick().await;
            match purgar(s.as_ref(), r.ahora()).await {
                Ok(p) => tracing::debug!(sesiones = p.sesiones, intentos = p.intentos, "purga"),
                Err(e) => {
                    tracing::warn!(error = %e, "la purga falló; se intentará en la próxima hora")
                }
            }
        }
    });

    if pronosticos {
        let (s, r, ev, d) = (
            store.clone(),
            reloj.clone(),
            eventos.clone(),
            despertar.clone(),
        );
        tareas.spawn(async move {
        let mut cada = periodo(Duration::ZERO, CADA_PRONOSTICO);
        loop {
            cada.tick().await;
            if let Err(e) = crate::cocina::guardar_pronosticos(s.as_ref(), r.ahora()).await {
                tracing::warn!(error = %e, "guardar el pronóstico de cocina falló; se reintentará");
            }
            match crate::cocina::imprimir_automaticos(s.as_ref(), r.ahora()).await {
                Ok(tags) => {
                    for tag in &tags {
                        if let Err(e) = s.anunciar_impresion(tag).await {
                            tracing::warn!(error = %e, "no se pudo anunciar la impresión del pronóstico");
                        }
                        ev.impresion_cambio(tag);
                    }
                    if !tags.is_empty() {
                        d.notify_one();
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "la impresión automática del pronóstico falló; se reintentará")
                }
            }
        }
    });
    }

    let (s, r) = (store.clone(), reloj.clone());
    tareas.spawn(async move {
        let mut cada = periodo(Duration::ZERO, CADA_NO_SHOWS);
        loop {
            cada.tick().await;
            match marcar_no_shows(s.as_ref(), r.ahora()).await {
                Ok(0) => {}
                Ok(n) => {
                    tracing::info!(reservaciones = n, "reservaciones marcadas como no asistió")
                }
                Err(e) => {
                    tracing::warn!(error = %e, "la revisión de no-shows falló; se reintentará")
                }
            }
        }
    });

    if let Some((url, conf)) = respaldos {
        let r = reloj.clone();
        tareas.spawn(async move {
            let mut cada = periodo(conf.cada, conf.cada);
            loop {
                cada.tick().await;
                match crate::respaldo::respaldo_programado(&url, &conf, r.ahora()).await {
                    Ok(ruta) => tracing::info!(respaldo = %ruta.display(), "respaldo programado comprobado"),
                    Err(e) => tracing::error!(error = %format!("{e:#}"), "el respaldo programado falló; se intentará en el siguiente periodo"),
                }
            }
        });
    }

    // Reminders ring the phone outbox when they recorded any, as a host's "Avisar" does: their
    // messages leave at once. Every reminder carries links: without the public address, none
    // is recorded (the operator was told at start).
    let (s, r, timbre) = (store.clone(), reloj.clone(), timbre_mensajes.clone());
    let conf_mensajes = mensajes.clone();
    let con_correo = correo.smtp_url.is_some();
    if let Some(url_publica) = url_publica {
        tareas.spawn(async move {
            let mut cada = periodo(cada_recordatorios, cada_recordatorios);
            loop {
                cada.tick().await;
                match crate::recordatorios::enviar_debidos(
                    s.as_ref(),
                    &url_publica,
                    con_correo,
                    conf_mensajes.as_ref(),
                    r.ahora(),
                )
                .await
                {
                    Ok(0) => {}
                    Ok(n) => {
                        tracing::info!(recordatorios = n, "recordatorios registrados");
                        timbre.notify_one();
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "los recordatorios fallaron; se reintentará")
                    }
                }
            }
        });
    }

    if let Some(conf) = mensajes {
        let (s, r, ev) = (store.clone(), reloj.clone(), eventos.clone());
        tareas.spawn(async move {
            let mut cada = periodo(cada_recordatorios, cada_recordatorios);
            loop {
                tokio::select! {
                    _ = cada.tick() => {}
                    _ = timbre_mensajes.notified() => {}
                }
                match crate::recordatorios::enviar_mensajes(
                    s.as_ref(),
                    Some(&ev),
                    Some(&conf),
                    r.ahora(),
                )
                .await
                {
                    Ok(p) if p == crate::recordatorios::PasadaMensajes::default() => {}
                    Ok(p) => tracing::info!(
                        enviados = p.enviados,
                        reintentos = p.reintentos,
                        rechazados = p.rechazados,
                        "mensajes a teléfonos"
                    ),
                    Err(e) => {
                        tracing::warn!(error = %e, "la salida de mensajes falló; se reintentará")
                    }
                }
            }
        });
    }

    if correo.smtp_url.is_some() {
        let (s, r) = (store.clone(), reloj.clone());
        tareas.spawn(async move {
            let mut cada = periodo(Duration::ZERO, correo.cada);
            loop {
                cada.tick().await;
                match crate::correo::enviar_pendientes(s.as_ref(), &correo, r.ahora()).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(correos = n, "correos de confirmación enviados"),
                    Err(e) => {
                        tracing::warn!(error = %e, "la bandeja de salida falló; se reintentará")
                    }
                }
            }
        });
    }

    if impresion.activa {
        tareas.spawn(cola_de_impresion(
            store,
            eventos,
            Arc::new(impresion),
            despertar,
            reloj,
        ));
    }

    // The tasks belong to this one: aborted, it drops the set, which aborts every task in it.
    tokio::spawn(async move {
        while let Some(fin) = tareas.join_next().await {
            if let Err(e) = fin {
                if e.is_panic() {
                    tracing::error!(error = %e, "una tarea de fondo terminó por un error; las demás siguen");
                }
            }
        }
    })
}

/// The print queue: on its period, and whenever a save rings `despertar`, a sender is started
/// for each printer with due jobs that has none running. A sender sends one batch of its
/// printer's jobs ([`crate::impresion::imprimir_impresora`]) and ends; when it changed any job,
/// the queue is looked at again at once. A printer that is slow or silent holds only its own
/// sender. The senders belong to this task and stop with it.
async fn cola_de_impresion(
    store: Arc<dyn Store>,
    eventos: Arc<Eventos>,
    conf: Arc<ConfImpresion>,
    despertar: Arc<Notify>,
    reloj: Reloj,
) {
    let mut cada = periodo(Duration::ZERO, conf.cada);
    let mut enviando: JoinSet<bool> = JoinSet::new();
    let mut ocupadas: HashMap<tokio::task::Id, String> = HashMap::new();
    loop {
        tokio::select! {
            _ = cada.tick() => {}
            _ = despertar.notified() => {}
            Some(fin) = enviando.join_next_with_id() => {
                let (tarea, avanzo) = match fin {
                    Ok((tarea, avanzo)) => (tarea, avanzo),
                    Err(e) => {
                        if e.is_panic() {
                            tracing::error!(error = %e, "el envío a una impresora terminó por un error");
                        }
                        (e.id(), false)
                    }
                };
                ocupadas.remove(&tarea);
                if !avanzo {
                    continue;
                }
            }
        }
        let impresoras = match store.impresoras_con_trabajos(reloj.ahora()).await {
            Ok(i) => i,
            Err(e) => {
                tracing::warn!(error = %e, "la cola de impresión falló; se reintentará");
                continue;
            }
        };
        for impresora in impresoras {
            if ocupadas.values().any(|o| *o == impresora) {
                continue;
            }
            let (s, ev, c, r, id) = (
                store.clone(),
                eventos.clone(),
                conf.clone(),
                reloj.clone(),
                impresora.clone(),
            );
            let tarea = enviando.spawn(async move {
                match crate::impresion::imprimir_impresora(s.as_ref(), Some(&ev), &c, &id, &r).await {
                    Ok(p) if p == Pasada::default() => false,
                    Ok(p) => {
                        tracing::info!(impresora = %id, impresos = p.impresos, fallidos = p.fallidos, vencidos = p.vencidos, "cola de impresión");
                        true
                    }
                    Err(e) => {
                        tracing::warn!(impresora = %id, error = %e, "la cola de impresión falló; se reintentará");
                        false
                    }
                }
            });
            ocupadas.insert(tarea.id(), impresora);
        }
    }
}
