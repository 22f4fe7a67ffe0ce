//! Live notifications to open consoles: one broadcast per instance, fed by the database's
//! channel on PostgreSQL (so a reservation made on any instance reaches every console) and by
//! the instance itself on SQLite.

use tokio::sync::broadcast;

use crate::cupos::{Cupo, Cupos};
use crate::db::avisos::Senal;
use crate::db::reservaciones::Aviso;
use crate::db::Store;

/// Notices buffered for a slow console before it misses some (it then catches up by
/// `Last-Event-ID`).
const CAPACIDAD: usize = 1024;

pub struct Eventos {
    salida: broadcast::Sender<Senal>,
    /// The engine does not relay commits: this instance publishes its own.
    local: bool,
    /// Live streams open per user on this instance.
    flujos: Cupos<String>,
    /// Set when the instance is stopping: open streams end with a hint to reconnect.
    apagando: tokio::sync::watch::Sender<bool>,
}

/// Live streams one user may hold open on an instance: every tablet and tab of a shared host
/// account has one, and a runaway script no more than this.
pub const MAX_FLUJOS_POR_USUARIO: usize = 12;

impl Eventos {
    pub async fn iniciar(store: &dyn Store) -> anyhow::Result<Eventos> {
        let (salida, _) = broadcast::channel(CAPACIDAD);
        let retransmite = store.retransmitir_avisos(salida.clone()).await?;
        Ok(Eventos {
            salida,
            local: !retransmite,
            flujos: Cupos::new(MAX_FLUJOS_POR_USUARIO),
            apagando: tokio::sync::watch::channel(false).0,
        })
    }

    /// Counts a new stream of `usuario`; None when they hold [`MAX_FLUJOS_POR_USUARIO`] already.
    pub fn abrir_flujo(&self, usuario: &str) -> Option<Cupo<String>> {
        self.flujos.tomar(&usuario.to_owned())
    }

    /// Live streams open on this instance.
    pub fn flujos_abiertos(&self) -> usize {
        self.flujos.total()
    }

    /// Call after the commit that created `aviso`.
    pub fn tras_commit(&self, aviso: Option<Aviso>) {
        if let (true, Some(a)) = (self.local, aviso) {
            let _ = self.salida.send(Senal::Aviso(a));
        }
    }

    /// Call after the commit that opened, freed or moved a table of the branch `tag`.
    pub fn salon_tras_commit(&self, tag: &str) {
        if self.local {
            let _ = self.salida.send(Senal::Salon(tag.to_owned()));
        }
    }

    /// Call after a print job of the branch `tag` changed and the store announced it.
    pub fn impresion_cambio(&self, tag: &str) {
        if self.local {
            let _ = self.salida.send(Senal::Impresion(tag.to_owned()));
        }
    }

    /// Call after the commit that changed one of the branch `tag`'s lists (the store announced
    /// it on PostgreSQL).
    pub fn lista_tras_commit(&self, lista: crate::db::avisos::Lista, tag: &str) {
        if self.local {
            let _ = self.salida.send(Senal::Lista(lista, tag.to_owned()));
        }
    }

    /// The instance is stopping: every open stream says "reconnect" and ends, so its console
    /// moves to another instance (or back to this one once it restarts).
    pub fn apagar(&self) {
        self.apagando.send_replace(true);
    }

    /// Resolves once [`Eventos::apagar`] was called.
    pub fn al_apagar(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut rx = self.apagando.subscribe();
        async move {
            let _ = rx.wait_for(|v| *v).await;
        }
    }

    pub fn suscribir(&self) -> broadcast::Receiver<Senal> {
        self.salida.subscribe()
    }
}
