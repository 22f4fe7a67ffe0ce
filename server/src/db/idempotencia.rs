//! The stored answers of writes marked with an `Idempotency-Key` (see `crate::idempotencia`).
//!
//! A request that took a key runs inside [`EN_CURSO`]; every write transaction it opens
//! ([`Motor::escribir`](super::transaccion)) first marks the key `confirmada`, if the request still
//! holds it: the mark commits with the write or not at all. So a key whose request died without
//! an answer says whether its write was saved, and one that was not can be taken over.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;

/// The key a request holds while it runs.
#[derive(Debug, Clone)]
pub struct ClaveEnCurso {
    pub alcance: String,
    pub clave: String,
    /// Random per request: a request whose key was taken over cannot mark it.
    pub dueno: String,
}

tokio::task_local! {
    /// The key of the request being served, for the write transactions it opens.
    pub static EN_CURSO: ClaveEnCurso;
}

/// How long a key may stay unanswered, its write not saved, before a retry takes it over: far
/// longer than any request lives (its body has seconds to arrive; a write, milliseconds).
pub const ABANDONO: chrono::Duration = chrono::Duration::seconds(60);

/// What a key holds when a write arrives with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reserva {
    /// The key was free: this write runs, and its answer is stored under the key.
    Tomada,
    /// The same write already ran: its answer.
    Respondida { status: u16, cuerpo: String },
    /// The same write is running now (the other tap of a double tap).
    EnCurso,
    /// The same write was saved, but the request that saved it ended without storing its answer
    /// (its instance stopped): the retry must not save it again.
    Guardada,
    /// The key was used for a different write.
    OtraSolicitud,
}

#[async_trait]
pub trait Idempotencia {
    /// Takes `(alcance, clave)` for the write whose hash is `huella` on behalf of `dueno`, or
    /// says what holds it. One row per key, so of two instances receiving the same write only
    /// one runs it. A key unanswered and unsaved for [`ABANDONO`] is taken over.
    async fn reservar_clave(
        &self,
        alcance: &str,
        clave: &str,
        huella: &str,
        dueno: &str,
        ahora: DateTime<Utc>,
    ) -> DbResult<Reserva>;
    /// Stores the answer of the write that took the key.
    async fn guardar_respuesta(
        &self,
        alcance: &str,
        clave: &str,
        status: u16,
        cuerpo: &str,
    ) -> DbResult<()>;
    /// Frees a key whose write failed in a way worth retrying (a 5xx, a timeout, a 429), unless
    /// its write was saved all the same.
    async fn soltar_clave(&self, alcance: &str, clave: &str) -> DbResult<()>;
    /// Deletes the answers stored before `antes`; answers how many.
    async fn purgar_respuestas(&self, antes: DateTime<Utc>) -> DbResult<u64>;
}

para_cada_motor! {
    impl Motor {
        /// Marks the key of the request being served as saved, inside `tx` (the write's own
        /// transaction); refuses the write if another request took the key over meanwhile.
        pub(in crate::db) async fn marcar_clave(tx: &mut sqlx::Transaction<'static, Db>) -> DbResult<()> {
            let Ok(c) = EN_CURSO.try_with(ClaveEnCurso::clone) else {
                return Ok(());
            };
            let marcada = sqlx::query("UPDATE idempotencia SET confirmada = $4 WHERE alcance = $1 AND clave = $2 AND dueno = $3")
                .bind(&c.alcance)
                .bind(&c.clave)
                .bind(&c.dueno)
                .bind(true)
                .execute(&mut **tx)
                .await?
                .rows_affected()
                == 1;
            if marcada {
                Ok(())
            } else {
                Err(ErrorAlmacen::ClaveRetomada)
            }
        }
    }

    #[async_trait]
    impl Idempotencia for Motor {
        async fn reservar_clave(&self, alcance: &str, clave: &str, huella: &str, dueno: &str, ahora: DateTime<Utc>) -> DbResult<Reserva> {
            let tomada = sqlx::query(
                "INSERT INTO idempotencia (alcance, clave, huella, dueno, created_at) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (alcance, clave) DO NOTHING",
            )
            .bind(alcance)
            .bind(clave)
            .bind(huella)
            .bind(dueno)
            .bind(ahora)
            .execute(&self.pool)
            .await?
            .rows_affected()
                == 1;
            if tomada {
                return Ok(Reserva::Tomada);
            }
            let fila: Option<(String, Option<i32>, Option<String>, bool, DateTime<Utc>)> = sqlx::query_as(
                "SELECT huella, status, cuerpo, confirmada, created_at FROM idempotencia WHERE alcance = $1 AND clave = $2",
            )
            .bind(alcance)
            .bind(clave)
            .fetch_optional(&self.pool)
            .await?;
            Ok(match fila {
                // Freed between the two statements: the caller asks again.
                None => Reserva::EnCurso,
                Some((h, ..)) if h != huella => Reserva::OtraSolicitud,
                Some((_, Some(status), cuerpo, ..)) => {
                    Reserva::Respondida { status: u16::try_from(status).unwrap_or(500), cuerpo: cuerpo.unwrap_or_default() }
                }
                // Saved, and its request had time to store the answer many times over: it died
                // in between. (A younger one is storing it now: wait for it.)
                Some((_, None, _, true, desde)) if ahora - desde >= ABANDONO => Reserva::Guardada,
                Some((_, None, _, false, desde)) if ahora - desde >= ABANDONO => {
                    // Its request died before saving. Taking it over waits for a write
                    // transaction still holding the row (it marked it) and then finds it marked.
                    let retomada = sqlx::query(
                        "UPDATE idempotencia SET dueno = $3, created_at = $4 \
                         WHERE alcance = $1 AND clave = $2 AND status IS NULL AND NOT confirmada AND created_at = $5",
                    )
                    .bind(alcance)
                    .bind(clave)
                    .bind(dueno)
                    .bind(ahora)
                    .bind(desde)
                    .execute(&self.pool)
                    .await?
                    .rows_affected()
                        == 1;
                    if retomada {
                        tracing::warn!(clave, "clave de idempotencia sin respuesta retomada");
                        Reserva::Tomada
                    } else {
                        Reserva::EnCurso
                    }
                }
                Some((_, None, ..)) => Reserva::EnCurso,
            })
        }

        async fn guardar_respuesta(&self, alcance: &str, clave: &str, status: u16, cuerpo: &str) -> DbResult<()> {
            sqlx::query("UPDATE idempotencia SET status = $3, cuerpo = $4 WHERE alcance = $1 AND clave = $2")
                .bind(alcance)
                .bind(clave)
                .bind(i32::from(status))
                .bind(cuerpo)
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn soltar_clave(&self, alcance: &str, clave: &str) -> DbResult<()> {
            sqlx::query("DELETE FROM idempotencia WHERE alcance = $1 AND clave = $2 AND status IS NULL AND NOT confirmada")
                .bind(alcance)
                .bind(clave)
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn purgar_respuestas(&self, antes: DateTime<Utc>) -> DbResult<u64> {
            Ok(sqlx::query("DELETE FROM idempotencia WHERE created_at < $1").bind(antes).execute(&self.pool).await?.rows_affected())
        }
    }
}
