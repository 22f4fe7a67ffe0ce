//! Live notifications across instances. A new reservation's notification is announced when its
//! transaction commits: on PostgreSQL with NOTIFY inside that transaction (delivered to every
//! instance's LISTEN only on commit); SQLite serves one instance, so the server publishes it in
//! process after the commit.

use async_trait::async_trait;
use tokio::sync::broadcast;

use super::error::DbResult;
use super::postgres::PgStore;
use super::reservaciones::Aviso;
use super::sqlite::SqliteStore;

/// The channel instances LISTEN on for new notifications.
const CANAL: &str = "anfitrion_avisos";
/// The channel instances LISTEN on for changes of a branch's floor (the payload is its tag).
const CANAL_SALON: &str = "anfitrion_salon";
/// The channel instances LISTEN on for changes of a branch's print jobs (the payload is its tag).
const CANAL_IMPRESION: &str = "anfitrion_impresion";
/// The channel instances LISTEN on for changes of a branch's lists (payload `lista:tag`).
const CANAL_LISTAS: &str = "anfitrion_listas";

/// A branch's list that a console reads again when it changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lista {
    /// A reservation changed outside the console (a guest confirmed, cancelled or changed it).
    Reservaciones,
    /// The waitlist.
    Espera,
}

impl Lista {
    /// The live stream's event name.
    pub const fn evento(self) -> &'static str {
        match self {
            Lista::Reservaciones => "reservaciones",
            Lista::Espera => "espera",
        }
    }

    fn de_evento(s: &str) -> Option<Lista> {
        [Lista::Reservaciones, Lista::Espera]
            .into_iter()
            .find(|l| l.evento() == s)
    }
}

/// What a live stream relays: a new notification, or that a branch's floor changed (a table
/// opened, freed or moved: the console reads the floor again).
#[derive(Debug, Clone)]
pub enum Senal {
    Aviso(Aviso),
    Salon(String),
    /// A print job of the branch (its tag) was queued, printed, failed or expired.
    Impresion(String),
    /// One of the branch's (its tag) lists changed.
    Lista(Lista, String),
}

#[async_trait]
pub trait Avisos {
    /// Relays into `salida` every notice any instance commits, from now on. Answers false when
    /// the engine has no such channel (SQLite): then the caller publishes what it commits itself.
    async fn retransmitir_avisos(&self, salida: broadcast::Sender<Senal>) -> DbResult<bool>;
}

impl SqliteStore {
    /// Nothing to send: one instance, which publishes after the commit.
    pub(in crate::db) async fn avisar(
        _con: &mut sqlx::SqliteConnection,
        _aviso: &Aviso,
    ) -> DbResult<()> {
        Ok(())
    }

    /// Nothing to send: one instance, which publishes after the commit.
    pub(in crate::db) async fn avisar_salon(
        _con: &mut sqlx::SqliteConnection,
        _tag: &str,
    ) -> DbResult<()> {
        Ok(())
    }

    /// Nothing to send: one instance, which publishes the change itself.
    pub(in crate::db) async fn avisar_impresion(
        _con: &mut sqlx::SqliteConnection,
        _tag: &str,
    ) -> DbResult<()> {
        Ok(())
    }
}

impl SqliteStore {
    /// Nothing to send: one instance, which publishes the change itself.
    pub(in crate::db) async fn avisar_lista(
        _con: &mut sqlx::SqliteConnection,
        _lista: Lista,
        _tag: &str,
    ) -> DbResult<()> {
        Ok(())
    }
}

impl PgStore {
    /// NOTIFY of a change to one of the branch's lists, delivered when the transaction commits.
    pub(in crate::db) async fn avisar_lista(
        con: &mut sqlx::PgConnection,
        lista: Lista,
        tag: &str,
    ) -> DbResult<()> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CANAL_LISTAS)
            .bind(format!("{}:{tag}", lista.evento()))
            .execute(&mut *con)
            .await?;
        Ok(())
    }

    /// NOTIFY inside the transaction: delivered when, and only if, it commits.
    pub(in crate::db) async fn avisar(con: &mut sqlx::PgConnection, aviso: &Aviso) -> DbResult<()> {
        let carga = serde_json::to_string(aviso).expect("un aviso es JSON");
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CANAL)
            .bind(carga)
            .execute(&mut *con)
            .await?;
        Ok(())
    }

    /// NOTIFY of the branch's floor inside the transaction: delivered when, and only if, it commits.
    pub(in crate::db) async fn avisar_salon(
        con: &mut sqlx::PgConnection,
        tag: &str,
    ) -> DbResult<()> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CANAL_SALON)
            .bind(tag)
            .execute(&mut *con)
            .await?;
        Ok(())
    }

    /// NOTIFY of a change to the branch's print jobs.
    pub(in crate::db) async fn avisar_impresion(
        con: &mut sqlx::PgConnection,
        tag: &str,
    ) -> DbResult<()> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CANAL_IMPRESION)
            .bind(tag)
            .execute(&mut *con)
            .await?;
        Ok(())
    }
}

#[async_trait]
impl Avisos for SqliteStore {
    async fn retransmitir_avisos(&self, _salida: broadcast::Sender<Senal>) -> DbResult<bool> {
        Ok(false)
    }
}

#[async_trait]
impl Avisos for PgStore {
    async fn retransmitir_avisos(&self, salida: broadcast::Sender<Senal>) -> DbResult<bool> {
        let mut oyente = sqlx::postgres::PgListener::connect_with(&self.pool).await?;
        oyente
            .listen_all([CANAL, CANAL_SALON, CANAL_IMPRESION, CANAL_LISTAS])
            .await?;
        tokio::spawn(async move {
            loop {
                // PgListener reconnects by itself; a notice sent while it was away is what a
                // console's Last-Event-ID catch-up is for.
                match oyente.recv().await {
                    Ok(n) if n.channel() == CANAL_SALON => {
                        let _ = salida.send(Senal::Salon(n.payload().to_owned()));
                    }
                    Ok(n) if n.channel() == CANAL_IMPRESION => {
                        let _ = salida.send(Senal::Impresion(n.payload().to_owned()));
                    }
                    Ok(n) if n.channel() == CANAL_LISTAS => {
                        if let Some((l, tag)) = n.payload().split_once(':') {
                            if let Some(l) = Lista::de_evento(l) {
                                let _ = salida.send(Senal::Lista(l, tag.to_owned()));
                            }
                        }
                    }
                    Ok(n) => match serde_json::from_str::<Aviso>(n.payload()) {
                        Ok(aviso) => {
                            let _ = salida.send(Senal::Aviso(aviso));
                        }
                        Err(e) => tracing::warn!(error = %e, "aviso ilegible"),
                    },
                    Err(e) => {
                        tracing::warn!(error = %e, "LISTEN de avisos interrumpido; se reintenta");
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            }
        });
        Ok(true)
    }
}
