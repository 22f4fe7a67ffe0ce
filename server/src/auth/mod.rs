//! Sessions: argon2id passwords, random tokens stored only as their SHA-256, one day of life,
//! revocation on logout, and login throttling per account and address, per account, and per
//! address.

pub mod claves;

use chrono::{DateTime, Duration, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::auth::claves::Ocupado;
use crate::db::sesiones::{Fallos, IntentoLogin, NuevaSesion};
use crate::db::usuarios::Usuario;
use crate::db::nuevo_id;
use crate::error::{ApiError, Result};
use crate::AppState;

/// How long a session lasts; the console's cookie lasts as long (spec §4).
pub const DURACION_SESION: Duration = Duration::days(1);
/// Window in which failed logins count; the longest of the throttle windows (the purge keeps
/// attempts this long).
pub const VENTANA_INTENTOS: Duration = Duration::minutes(15);
/// Failed logins of one account from one address, within the window, before that pair is throttled.
pub const MAX_FALLOS_PAR: i64 = 10;
/// Failed logins of one account from any address. Higher than the pair limit, so a stranger
/// guessing from one address cannot lock the owner out from theirs.
pub const MAX_FALLOS_CUENTA: i64 = 30;
/// Failed logins from one address, for any account. Higher again: a whole restaurant, or every
/// client of a proxy, shares one address.
pub const MAX_FALLOS_DIRECCION: i64 = 50;
/// Tokens longer than this are not ours; refuse them without a database round trip.
const TOKEN_MAX: usize = 128;

/// A new random 256-bit token, hex encoded; returned once to the client, never stored.
pub fn nuevo_token() -> String {
    let mut b = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut b);
    hex::encode(b)
}

/// The form in which a token is stored and looked up.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A signed-in session as login answers it.
pub struct Inicio {
    pub token: String,
    pub usuario: Usuario,
}

/// Checks the credentials and opens a session. `email` is already normalised, `clave` no longer
/// than core's `CLAVE_MAX`, `ip` the client's address.
///
/// The attempt is recorded as a failure *before* the password is checked, and the failures are
/// counted again with it included: of many parallel guesses only those within the limits reach
/// argon2. A match marks the attempt successful, which clears the account's earlier failures.
pub async fn iniciar_sesion(state: &AppState, email: &str, clave: &str, ip: &str) -> Result<Inicio> {
    let ahora = Utc::now();
    let desde = ahora - VENTANA_INTENTOS;
    // Already over a limit: refuse without writing, so a flood adds no rows.
    frenar(state.store.fallos_recientes(email, ip, desde).await?, 1, ip)?;
    let intento = IntentoLogin { id: nuevo_id(), email: email.to_owned(), ip: ip.to_owned(), exitoso: false, at: ahora };
    state.store.registrar_intento(&intento).await?;
    frenar(state.store.fallos_recientes(email, ip, desde).await?, 0, ip)?;

    let credenciales = state.store.credenciales(email).await?;
    let valida = state.claves.verificar(clave, credenciales.as_ref().map(|c| c.password_hash.as_str())).await.map_err(|Ocupado| {
        tracing::warn!(ip, "inicio de sesión rechazado: demasiadas verificaciones en curso");
        ApiError::DemasiadosIntentos
    })?;
    let usuario = match (&credenciales, valida) {
        (Some(c), true) if c.activo => state.store.usuario(&c.usuario_id).await?,
        _ => None,
    };
    let usuario = usuario.ok_or(ApiError::Credenciales)?;
    state.store.marcar_exito(&intento.id).await?;

    let token = nuevo_token();
    let sesion = NuevaSesion {
        id: nuevo_id(),
        token_hash: hash_token(&token),
        usuario_id: usuario.id.clone(),
        creada: ahora,
        expira: ahora + DURACION_SESION,
        ip: Some(ip.to_owned()),
    };
    state.store.crear_sesion(&sesion).await?;
    tracing::info!(usuario = %usuario.id, "sesión iniciada");
    Ok(Inicio { token, usuario })
}

/// 429 when `fallos`, plus the `por_venir` attempts not yet recorded, exceed any limit.
fn frenar(fallos: Fallos, por_venir: i64, ip: &str) -> Result<()> {
    let Fallos { par, cuenta, direccion } = fallos;
    if par + por_venir > MAX_FALLOS_PAR || cuenta + por_venir > MAX_FALLOS_CUENTA || direccion + por_venir > MAX_FALLOS_DIRECCION {
        tracing::warn!(ip, fallos_par = par, fallos_cuenta = cuenta, fallos_direccion = direccion, "inicio de sesión frenado");
        return Err(ApiError::DemasiadosIntentos);
    }
    Ok(())
}

/// The user behind a token, if its session is live: known, not revoked, not expired, and its
/// user still active. Answers the token's hash too, for logout.
pub async fn validar_token(state: &AppState, token: &str) -> Result<(Usuario, String)> {
    if token.len() > TOKEN_MAX {
        return Err(ApiError::SesionExpirada);
    }
    let hash = hash_token(token);
    let sesion = state.store.sesion(&hash).await?.ok_or(ApiError::SesionExpirada)?;
    if !vigente(sesion.expires_at, sesion.revoked_at, Utc::now()) {
        return Err(ApiError::SesionExpirada);
    }
    match state.store.usuario(&sesion.usuario_id).await? {
        Some(u) if u.activo => Ok((u, hash)),
        _ => Err(ApiError::SesionExpirada),
    }
}

fn vigente(expira: DateTime<Utc>, revocada: Option<DateTime<Utc>>, ahora: DateTime<Utc>) -> bool {
    revocada.is_none() && ahora < expira
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_256_random_bits_in_hex() {
        let t = nuevo_token();
        assert_eq!(t.len(), 64);
        assert_ne!(t, nuevo_token());
    }

    #[test]
    fn the_eleventh_failure_of_an_account_from_one_address_is_throttled() {
        let diez = Fallos { par: 10, cuenta: 10, direccion: 10 };
        assert!(frenar(diez, 1, "ip").is_err());
        assert!(frenar(diez, 0, "ip").is_ok());
        assert!(frenar(Fallos { par: 0, cuenta: 30, direccion: 0 }, 1, "ip").is_err());
        assert!(frenar(Fallos { par: 0, cuenta: 0, direccion: 50 }, 1, "ip").is_err());
        assert!(frenar(Fallos { par: 9, cuenta: 29, direccion: 49 }, 1, "ip").is_ok());
    }

    #[test]
    fn a_session_is_dead_at_its_expiry_instant() {
        let ahora = Utc::now();
        assert!(vigente(ahora + Duration::seconds(1), None, ahora));
        assert!(!vigente(ahora, None, ahora));
        assert!(!vigente(ahora + Duration::hours(1), Some(ahora), ahora));
    }
}
