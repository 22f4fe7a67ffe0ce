//! Background work that runs beside the server and stops with it: for now the hourly purge of
//! dead sessions and stale login attempts, which otherwise only ever grow.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;

use crate::auth::VENTANA_INTENTOS;
use crate::db::sesiones::Purga;
use crate::db::{DbResult, Store};

/// How often the purge runs.
pub const CADA_PURGA: Duration = Duration::from_secs(60 * 60);
/// How long an expired or revoked session is kept (for a look at recent sign-ins) before the purge.
pub const CONSERVAR_SESIONES: chrono::Duration = chrono::Duration::days(1);

/// Deletes sessions dead for more than [`CONSERVAR_SESIONES`] and login attempts older than the
/// throttle window, which no longer count for anything.
pub async fn purgar(store: &dyn Store, ahora: DateTime<Utc>) -> DbResult<Purga> {
    store.purgar(ahora - CONSERVAR_SESIONES, ahora - VENTANA_INTENTOS).await
}

/// Starts the background jobs: a purge every [`CADA_PURGA`], the first one period after start.
/// Abort the handle to stop them; [`crate::launch`] does when the server ends.
pub fn iniciar(store: Arc<dyn Store>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut intervalo = tokio::time::interval_at(tokio::time::Instant::now() + CADA_PURGA, CADA_PURGA);
        intervalo.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            intervalo.tick().await;
            match purgar(store.as_ref(), Utc::now()).await {
                Ok(p) => tracing::debug!(sesiones = p.sesiones, intentos = p.intentos, "purga"),
                Err(e) => tracing::warn!(error = %e, "la purga falló; se intentará en la próxima hora"),
            }
        }
    })
}
