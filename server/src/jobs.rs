//! Background work that runs beside the server and stops with it: the hourly purge of dead
//! sessions and stale login attempts, which otherwise only ever grow, and the no-show job that
//! turns overdue Pendiente reservations into Vencido, and the outbox of confirmation e-mails
//! ([`crate::correo`]) (DESIGN §4).

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;

use anfitrion_core::bitacora::Accion;
use anfitrion_core::estado::EstadoReservacion;

use crate::auth::VENTANA_INTENTOS;
use crate::db::bitacora::{Autor, Cambio, Entidad, Estado};
use crate::db::sesiones::Purga;
use crate::db::{DbResult, Store};
use crate::reloj::Reloj;

/// One pass over the print queue, its failures logged.
async fn imprimir(
    store: &dyn Store,
    eventos: &crate::eventos::Eventos,
    conf: &crate::impresion::ConfImpresion,
    reloj: &Reloj,
) {
    match crate::impresion::imprimir_pendientes(store, Some(eventos), conf, reloj.ahora()).await {
        Ok(p) if p == crate::impresion::Pasada::default() => {}
        Ok(p) => tracing::info!(
            impresos = p.impresos,
            fallidos = p.fallidos,
            vencidos = p.vencidos,
            "cola de impresión"
        ),
        Err(e) => tracing::warn!(error = %e, "la cola de impresión falló; se reintentará"),
    }
}

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
    pub url_publica: String,
    /// How often reminders are looked for and the phone outbox is sent.
    pub cada_recordatorios: Duration,
    pub impresion: crate::impresion::ConfImpresion,
    /// Rung by a save that queued tickets: the print queue is looked at at once.
    pub despertar: Arc<tokio::sync::Notify>,
    pub eventos: Arc<crate::eventos::Eventos>,
    /// The database's URL and the schedule of its backups, if asked.
    pub respaldos: Option<(String, crate::respaldo::ConfRespaldos)>,
    pub reloj: Reloj,
}

/// Starts the background jobs: a purge every [`CADA_PURGA`], the first one period after start.
/// Abort the handle to stop them; [`crate::launch`] does when the server ends.
pub fn iniciar(fondo: Fondo) -> JoinHandle<()> {
    let Fondo {
        store,
        correo,
        mensajes,
        url_publica,
        cada_recordatorios,
        impresion,
        despertar,
        eventos,
        respaldos,
        reloj,
    } = fondo;
    tokio::spawn(async move {
        let cada_respaldo = respaldos.as_ref().map_or(CADA_PURGA, |(_, r)| r.cada);
        let mut respaldo =
            tokio::time::interval_at(tokio::time::Instant::now() + cada_respaldo, cada_respaldo);
        respaldo.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut cola = tokio::time::interval(impresion.cada);
        cola.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut purga =
            tokio::time::interval_at(tokio::time::Instant::now() + CADA_PURGA, CADA_PURGA);
        purga.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut no_shows = tokio::time::interval(CADA_NO_SHOWS);
        no_shows.set_missed_tick_behavior(MissedTickBehavior::Delay);
        // Reminders and the phone outbox, a period after start and every period after.
        let mut recordatorios = tokio::time::interval_at(
            tokio::time::Instant::now() + cada_recordatorios,
            cada_recordatorios,
        );
        recordatorios.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut salida = tokio::time::interval(correo.cada);
        salida.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = purga.tick() => match purgar(store.as_ref(), reloj.ahora()).await {
                    Ok(p) => tracing::debug!(sesiones = p.sesiones, intentos = p.intentos, "purga"),
                    Err(e) => tracing::warn!(error = %e, "la purga falló; se intentará en la próxima hora"),
                },
                _ = no_shows.tick() => match marcar_no_shows(store.as_ref(), reloj.ahora()).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(reservaciones = n, "reservaciones marcadas como no asistió"),
                    Err(e) => tracing::warn!(error = %e, "la revisión de no-shows falló; se reintentará"),
                },
                _ = respaldo.tick(), if respaldos.is_some() => {
                    if let Some((url, conf)) = &respaldos {
                        match crate::respaldo::respaldo_programado(url, conf, reloj.ahora()).await {
                            Ok(ruta) => tracing::info!(respaldo = %ruta.display(), "respaldo programado comprobado"),
                            Err(e) => tracing::error!(error = %format!("{e:#}"), "el respaldo programado falló; se intentará en el siguiente periodo"),
                        }
                    }
                }
                _ = cola.tick(), if impresion.activa => {
                    imprimir(store.as_ref(), &eventos, &impresion, &reloj).await;
                }
                _ = despertar.notified(), if impresion.activa => {
                    imprimir(store.as_ref(), &eventos, &impresion, &reloj).await;
                }
                _ = recordatorios.tick() => {
                    match crate::recordatorios::enviar_debidos(store.as_ref(), &url_publica, mensajes.as_ref(), reloj.ahora()).await {
                        Ok(0) => {}
                        Ok(n) => tracing::info!(recordatorios = n, "recordatorios registrados"),
                        Err(e) => tracing::warn!(error = %e, "los recordatorios fallaron; se reintentará"),
                    }
                    match crate::recordatorios::enviar_mensajes(store.as_ref(), Some(&eventos), mensajes.as_ref(), reloj.ahora()).await {
                        Ok(p) if p == crate::recordatorios::PasadaMensajes::default() => {}
                        Ok(p) => tracing::info!(enviados = p.enviados, reintentos = p.reintentos, rechazados = p.rechazados, "mensajes a teléfonos"),
                        Err(e) => tracing::warn!(error = %e, "la salida de mensajes falló; se reintentará"),
                    }
                }
                _ = salida.tick() => match crate::correo::enviar_pendientes(store.as_ref(), &correo, reloj.ahora()).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(correos = n, "correos de confirmación enviados"),
                    Err(e) => tracing::warn!(error = %e, "la bandeja de salida falló; se reintentará"),
                },
            }
        }
    })
}
