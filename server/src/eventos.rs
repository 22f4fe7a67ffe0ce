//! Live notifications to open consoles: one broadcast per instance, fed by the database's
//! channel on PostgreSQL (so a reservation made on any instance reaches every console) and by
//! the instance itself on SQLite.

use std::sync::Arc;

use tokio::sync::broadcast;

use crate::db::avisos::Aviso;
use crate::db::Store;

/// Notices buffered for a slow console before it misses some (it then catches up by
/// `Last-Event-ID`).
const CAPACIDAD: usize = 1024;

pub struct Eventos {
    salida: broadcast::Sender<Aviso>,
    /// The engine does not relay commits: this instance publishes its own.
    local: bool,
    /// Live streams open per user on this instance.
    flujos: Arc<std::sync::Mutex<std::collections::HashMap<String, usize>>>,
}

/// Live streams one user may hold open on an instance: every tablet and tab of a shared host
/// account has one, and a runaway script no more than this.
pub const MAX_FLUJOS_POR_USUARIO: usize = 12;

/// A user's open stream, counted until it is dropped (the client went away).
pub struct FlujoAbierto {
    flujos: Arc<std::sync::Mutex<std::collections::HashMap<String, usize>>>,
    usuario: String,
}

impl Drop for FlujoAbierto {
    fn drop(&mut self) {
        let mut mapa = self.flujos.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = mapa.get_mut(&self.usuario) {
            *n -= 1;
            if *n == 0 {
                mapa.remove(&self.usuario);
            }
        }
    }
}

impl Eventos {
    pub async fn iniciar(store: &dyn Store) -> anyhow::Result<Eventos> {
        let (salida, _) = broadcast::channel(CAPACIDAD);
        let retransmite = store.retransmitir_avisos(salida.clone()).await?;
        Ok(Eventos { salida, local: !retransmite, flujos: Arc::default() })
    }

    /// Counts a new stream of `usuario`; None when they hold [`MAX_FLUJOS_POR_USUARIO`] already.
    pub fn abrir_flujo(&self, usuario: &str) -> Option<FlujoAbierto> {
        let mut mapa = self.flujos.lock().unwrap_or_else(|e| e.into_inner());
        let n = mapa.entry(usuario.to_owned()).or_insert(0);
        if *n >= MAX_FLUJOS_POR_USUARIO {
            return None;
        }
        *n += 1;
        Some(FlujoAbierto { flujos: self.flujos.clone(), usuario: usuario.to_owned() })
    }

    /// Call after the commit that created `aviso`.
    pub fn tras_commit(&self, aviso: Option<Aviso>) {
        if let (true, Some(a)) = (self.local, aviso) {
            let _ = self.salida.send(a);
        }
    }

    pub fn suscribir(&self) -> broadcast::Receiver<Aviso> {
        self.salida.subscribe()
    }
}
