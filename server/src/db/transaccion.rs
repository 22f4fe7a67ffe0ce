//! A write transaction that says where it starts and ends in the query log.

use super::error::DbResult;
use super::motores::para_cada_motor;

para_cada_motor! {
    impl Motor {
        /// Opens a write transaction ([`Dialecto::EMPEZAR_ESCRITURA`]) and says so in the query
        /// log: sqlx writes each statement there (target `sqlx::query`) but not its own BEGIN and
        /// COMMIT, so a save's log shows which statements ran inside one transaction.
        /// A request that holds an `Idempotency-Key` marks it saved first, in this transaction
        /// (`db/idempotencia.rs`).
        pub(in crate::db) async fn escribir(&self) -> DbResult<sqlx::Transaction<'static, Db>> {
            let mut tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            tracing::debug!(target: "sqlx::query", summary = Motor::EMPEZAR_ESCRITURA, transaccion = "empieza");
            Motor::marcar_clave(&mut tx).await?;
            Ok(tx)
        }

        /// Commits a transaction [`escribir`](Self::escribir) opened, and logs it.
        pub(in crate::db) async fn confirmar(tx: sqlx::Transaction<'static, Db>) -> DbResult<()> {
            tx.commit().await?;
            tracing::debug!(target: "sqlx::query", summary = "COMMIT", transaccion = "termina");
            Ok(())
        }
    }
}
