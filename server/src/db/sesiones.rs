//! Sessions and login attempts: tokens stored as their SHA-256, and the attempts login
//! throttling counts.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{para_cada_motor, DbResult};

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

/// Failed logins counted for throttling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Fallos {
    /// For the account from this address, since the account's last successful login.
    pub par: i64,
    /// For the account from any address, since its last successful login.
    pub cuenta: i64,
    /// From the address, for any account.
    pub direccion: i64,
}

/// What a purge deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Purga {
    pub sesiones: u64,
    pub intentos: u64,
}

#[async_trait]
pub trait Sesiones {
    async fn crear_sesion(&self, sesion: &NuevaSesion) -> DbResult<()>;
    async fn sesion(&self, token_hash: &str) -> DbResult<Option<Sesion>>;
    /// Marks the session revoked; false when it was unknown or already revoked.
    async fn revocar_sesion(&self, token_hash: &str, at: DateTime<Utc>) -> DbResult<bool>;

    /// Records a login attempt as it is: login records each one as a failure before checking the
    /// password, then marks it with [`Sesiones::marcar_exito`] if the password matched.
    async fn registrar_intento(&self, intento: &IntentoLogin) -> DbResult<()>;
    /// Marks a recorded attempt successful: the failures of its e-mail before it stop counting.
    async fn marcar_exito(&self, intento_id: &str) -> DbResult<()>;
    /// Failed logins since `desde`; those of the e-mail only after its last success.
    async fn fallos_recientes(&self, email: &str, ip: &str, desde: DateTime<Utc>) -> DbResult<Fallos>;

    /// Deletes sessions that expired or were revoked before `sesiones_antes` and login attempts
    /// made before `intentos_antes`.
    async fn purgar(&self, sesiones_antes: DateTime<Utc>, intentos_antes: DateTime<Utc>) -> DbResult<Purga>;
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

        async fn marcar_exito(&self, intento_id: &str) -> DbResult<()> {
            sqlx::query("UPDATE intentos_login SET exitoso = TRUE WHERE id = $1").bind(intento_id).execute(&self.pool).await?;
            Ok(())
        }

        async fn fallos_recientes(&self, email: &str, ip: &str, desde: DateTime<Utc>) -> DbResult<Fallos> {
            // The e-mail's failures count from its last success, if that falls within the window.
            Ok(sqlx::query_as::<_, Fallos>(
                "WITH desde_cuenta AS ( \
                   SELECT COALESCE(MAX(at), $3) AS at FROM intentos_login WHERE email = $1 AND exitoso AND at > $3) \
                 SELECT \
                   (SELECT COUNT(*) FROM intentos_login i, desde_cuenta d \
                      WHERE i.email = $1 AND i.ip = $2 AND NOT i.exitoso AND i.at > d.at) AS par, \
                   (SELECT COUNT(*) FROM intentos_login i, desde_cuenta d \
                      WHERE i.email = $1 AND NOT i.exitoso AND i.at > d.at) AS cuenta, \
                   (SELECT COUNT(*) FROM intentos_login WHERE ip = $2 AND NOT exitoso AND at > $3) AS direccion",
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
            Ok(Purga { sesiones, intentos })
        }
    }
}
