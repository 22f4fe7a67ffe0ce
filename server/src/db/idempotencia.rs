//! The stored answers of writes marked with an `Idempotency-Key` (see `crate::idempotencia`).

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::error::DbResult;
use super::motores::para_cada_motor;

/// What a key holds when a write arrives with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reserva {
    /// The key was free: this write runs, and its answer is stored under the key.
    Tomada,
    /// The same write already ran: its answer.
    Respondida { status: u16, cuerpo: String },
    /// The same write is running now (the other tap of a double tap).
    EnCurso,
    /// The key was used for a different write.
    OtraSolicitud,
}

#[async_trait]
pub trait Idempotencia {
    /// Takes `(alcance, clave)` for the write whose hash is `huella`, or says what holds it.
    /// One row per key, so of two instances receiving the same write only one runs it.
    async fn reservar_clave(
        &self,
        alcance: &str,
        clave: &str,
        huella: &str,
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
    /// Frees a key whose write failed in a way worth retrying (a 5xx, a timeout, a 429).
    async fn soltar_clave(&self, alcance: &str, clave: &str) -> DbResult<()>;
    /// Deletes the answers stored before `antes`; answers how many.
    async fn purgar_respuestas(&self, antes: DateTime<Utc>) -> DbResult<u64>;
}

para_cada_motor! {
    #[async_trait]
    impl Idempotencia for Motor {
        async fn reservar_clave(&self, alcance: &str, clave: &str, huella: &str, ahora: DateTime<Utc>) -> DbResult<Reserva> {
            let tomada = sqlx::query(
                "INSERT INTO idempotencia (alcance, clave, huella, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (alcance, clave) DO NOTHING",
            )
            .bind(alcance)
            .bind(clave)
            .bind(huella)
            .bind(ahora)
            .execute(&self.pool)
            .await?
            .rows_affected()
                == 1;
            if tomada {
                return Ok(Reserva::Tomada);
            }
            let fila: Option<(String, Option<i32>, Option<String>)> =
                sqlx::query_as("SELECT huella, status, cuerpo FROM idempotencia WHERE alcance = $1 AND clave = $2")
                    .bind(alcance)
                    .bind(clave)
                    .fetch_optional(&self.pool)
                    .await?;
            Ok(match fila {
                // Freed between the two statements: the caller asks again.
                None => Reserva::EnCurso,
                Some((h, _, _)) if h != huella => Reserva::OtraSolicitud,
                Some((_, Some(status), cuerpo)) => {
                    Reserva::Respondida { status: u16::try_from(status).unwrap_or(500), cuerpo: cuerpo.unwrap_or_default() }
                }
                Some((_, None, _)) => Reserva::EnCurso,
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
            sqlx::query("DELETE FROM idempotencia WHERE alcance = $1 AND clave = $2 AND status IS NULL")
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
