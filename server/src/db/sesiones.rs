//! Sessions and login attempts: tokens stored as their SHA-256, and the attempts login
//! throttling counts.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::error::DbResult;
use super::motores::para_cada_motor;

/// A stored session, found by the hash of its token.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Sesion {
    pub usuario_id: String,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct NuevaSesion {
    pub id: String,
    pub token_hash: String,
    pub usuario_id: String,
    pub creada: DateTime<Utc>,
    pub expira: DateTime<Utc>,
    pub ip: Option<String>,
}

#[derive(Debug, Clone)]
pub struct IntentoLogin {
    pub id: String,
    pub email: String,
    pub ip: String,
    pub exitoso: bool,
    pub at: DateTime<Utc>,
}

/// Completed wrong-password logins counted for throttling (a login still being checked, or one
/// refused by the throttle itself, is never recorded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct Fallos {
    /// For the account from this address, since the pair's last successful login.
    pub par: i64,
    /// When the oldest of those was made: the pair's count drops once it leaves the window.
    pub par_desde: Option<DateTime<Utc>>,
    /// For the account from any address, since its last successful login.
    pub cuenta: i64,
    /// From the address, for any account.
    pub direccion: i64,
    /// When the oldest of those was made.
    pub direccion_desde: Option<DateTime<Utc>>,
}

/// What a purge deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Purga {
    pub sesiones: u64,
    pub intentos: u64,
    /// Stored answers of idempotent writes past their window.
    pub respuestas: u64,
}

#[async_trait]
pub trait Sesiones {
    async fn crear_sesion(&self, sesion: &NuevaSesion) -> DbResult<()>;
    async fn sesion(&self, token_hash: &str) -> DbResult<Option<Sesion>>;
    /// Marks the session revoked; false when it was unknown or already revoked.
    async fn revocar_sesion(&self, token_hash: &str, at: DateTime<Utc>) -> DbResult<bool>;

    /// Records a completed login attempt. A success stops the failures before it counting: the
    /// pair's from its address, and the account's from any.
    async fn registrar_intento(&self, intento: &IntentoLogin) -> DbResult<()>;
    /// Failed logins since `desde`; those of the e-mail only after its last success (the pair's
    /// after the pair's last success).
    async fn fallos_recientes(
        &self,
        email: &str,
        ip: &str,
        desde: DateTime<Utc>,
    ) -> DbResult<Fallos>;

    /// Deletes sessions that expired or were revoked before `sesiones_antes` and login attempts
    /// made before `intentos_antes`.
    async fn purgar(
        &self,
        sesiones_antes: DateTime<Utc>,
        intentos_antes: DateTime<Utc>,
    ) -> DbResult<Purga>;
}

para_cada_motor! {
    #[async_trait]
    impl Sesiones for Motor {
        async fn crear_sesion(&self, s: &NuevaSesion) -> DbResult<()> {
            sqlx::query("INSERT INTO sesiones (id, token_hash, usuario_id, created_at, expires_at, ip) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(&s.id)
                .bind(&s.token_hash)
                .bind(&s.usuario_id)
                .bind(s.creada)
                .bind(s.expira)
                .bind(&s.ip)
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn sesion(&self, token_hash: &str) -> DbResult<Option<Sesion>> {
            Ok(sqlx::query_as::<_, Sesion>("SELECT usuario_id, expires_at, revoked_at FROM sesiones WHERE token_hash = $1")
                .bind(token_hash)
                .fetch_optional(&self.pool)
                .await?)
        }

        async fn revocar_sesion(&self, token_hash: &str, at: DateTime<Utc>) -> DbResult<bool> {
            let hecho = sqlx::query("UPDATE sesiones SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL")
                .bind(token_hash)
                .bind(at)
                .execute(&self.pool)
                .await?;
            Ok(hecho.rows_affected() == 1)
        }

        async fn registrar_intento(&self, i: &IntentoLogin) -> DbResult<()> {
            sqlx::query("INSERT INTO intentos_login (id, email, ip, exitoso, at) VALUES ($1, $2, $3, $4, $5)")
                .bind(&i.id)
                .bind(&i.email)
                .bind(&i.ip)
                .bind(i.exitoso)
                .bind(i.at)
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn fallos_recientes(&self, email: &str, ip: &str, desde: DateTime<Utc>) -> DbResult<Fallos> {
            // Failures count from the last success within the window: the pair's for the pair,
            // the account's for the account.
            Ok(sqlx::query_as::<_, Fallos>(
                "WITH desde_par AS ( \
                   SELECT COALESCE(MAX(at), $3) AS at FROM intentos_login WHERE email = $1 AND ip = $2 AND exitoso AND at > $3), \
                 desde_cuenta AS ( \
                   SELECT COALESCE(MAX(at), $3) AS at FROM intentos_login WHERE email = $1 AND exitoso AND at > $3), \
                 par AS ( \
                   SELECT COUNT(*) AS n, MIN(i.at) AS desde FROM intentos_login i, desde_par d \
                   WHERE i.email = $1 AND i.ip = $2 AND NOT i.exitoso AND i.at > d.at), \
                 direccion AS ( \
                   SELECT COUNT(*) AS n, MIN(at) AS desde FROM intentos_login WHERE ip = $2 AND NOT exitoso AND at > $3) \
                 SELECT par.n AS par, par.desde AS par_desde, \
                   (SELECT COUNT(*) FROM intentos_login i, desde_cuenta d \
                      WHERE i.email = $1 AND NOT i.exitoso AND i.at > d.at) AS cuenta, \
                   direccion.n AS direccion, direccion.desde AS direccion_desde \
                 FROM par, direccion",
            )
            .bind(email)
            .bind(ip)
            .bind(desde)
            .fetch_one(&self.pool)
            .await?)
        }

        async fn purgar(&self, sesiones_antes: DateTime<Utc>, intentos_antes: DateTime<Utc>) -> DbResult<Purga> {
            let sesiones = sqlx::query("DELETE FROM sesiones WHERE expires_at < $1 OR revoked_at < $1")
                .bind(sesiones_antes)
                .execute(&self.pool)
                .await?
                .rows_affected();
            let intentos =
                sqlx::query("DELETE FROM intentos_login WHERE at < $1").bind(intentos_antes).execute(&self.pool).await?.rows_affected();
            Ok(Purga { sesiones, intentos, respuestas: 0 })
        }
    }
}
