//! Sessions: argon2id passwords, random tokens stored only as their SHA-256, one day of life,
//! revocation on logout, and login throttling ([`freno`]).

pub mod claves;
pub mod freno;
mod token;

use std::net::IpAddr;

use chrono::{DateTime, Duration, Utc};

use crate::auth::claves::Ocupado;
use crate::auth::freno::Turno;
use crate::db::integraciones::ClaveLeida;
use crate::db::nuevo_id;
use crate::db::sesiones::NuevaSesion;
use crate::db::usuarios::{PermisoRef, Rol, Usuario};
use crate::direcciones::ClaveDireccion;
use crate::error::{ApiError, Result};
use crate::estado::AppState;
use anfitrion_core::permisos::Permiso;

pub use token::{hash_token, nuevo_token};

pub use freno::{MAX_FALLOS_DIRECCION, MAX_FALLOS_PAR, UMBRAL_DEMORA_CUENTA, VENTANA_INTENTOS};

/// How long a session lasts: one day, as long as the console's cookie.
pub const DURACION_SESION: Duration = Duration::days(1);
/// Tokens longer than this are not ours; refuse them without a database round trip.
const TOKEN_MAX: usize = 128;

/// A signed-in session as login answers it.
pub struct Inicio {
    pub token: String,
    pub usuario: Usuario,
}

/// Checks the credentials and opens a session. `email` is already normalised, `clave` no longer
/// than core's `CLAVE_MAX`, `ip` the client's address: the session records it, the throttle
/// counts it with the rest of its /64 when it is IPv6 ([`ClaveDireccion`]).
///
/// The throttle gives the login a turn first (or refuses it with 429). The check then runs in a
/// task of its own, so a client that hangs up cannot stop its outcome from being recorded.
pub async fn iniciar_sesion(
    state: &AppState,
    email: &str,
    clave: &str,
    ip: IpAddr,
) -> Result<Inicio> {
    let presupuesto = ClaveDireccion::de(ip).to_string();
    let turno = state
        .freno
        .pedir_turno(&state.store, email, &presupuesto)
        .await?;
    let (state, email, clave, ip) = (
        state.clone(),
        email.to_owned(),
        clave.to_owned(),
        ip.to_string(),
    );
    tokio::spawn(async move { revisar(&state, turno, &email, &clave, &ip).await })
        .await
        .map_err(|e| {
            ApiError::Interno(format!("la revisión del inicio de sesión terminó mal: {e}"))
        })?
}

/// The account's delay, the password check, the outcome recorded, and the session.
async fn revisar(
    state: &AppState,
    turno: Turno,
    email: &str,
    clave: &str,
    ip: &str,
) -> Result<Inicio> {
    tokio::time::sleep(state.freno.demora(turno.fallos_cuenta)).await;
    let credenciales = state.store.credenciales(email).await?;
    let valida = state
        .claves
        .verificar(
            clave,
            credenciales.as_ref().map(|c| c.password_hash.as_str()),
        )
        .await
        .map_err(|Ocupado| {
            tracing::warn!(ip, "inicio de sesión sin lugar para revisar la contraseña");
            ApiError::Ocupado
        })?;
    let usuario = match (&credenciales, valida) {
        (Some(c), true) if c.activo => state.store.usuario(&c.usuario_id).await?,
        _ => None,
    };
    let fallos_par = turno.fallos_par;
    turno.cerrar(usuario.is_some()).await;
    let Some(usuario) = usuario else {
        // One wrong password left before the wait: said before it is spent.
        let restantes = freno::MAX_FALLOS_PAR - (fallos_par + 1);
        if restantes == 1 {
            return Err(ApiError::ConDatos {
                codigo: axum::http::StatusCode::UNAUTHORIZED,
                mensaje: ApiError::Credenciales.to_string(),
                data: serde_json::json!({ "intentos_restantes": restantes }),
            });
        }
        return Err(ApiError::Credenciales);
    };

    let ahora = state.reloj.ahora();
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

/// The user behind a token, if its session is live: known, not revoked, not expired, and its
/// user still active. Answers the token's hash too, for logout.
pub async fn validar_token(state: &AppState, token: &str) -> Result<(Usuario, String)> {
    if token.len() > TOKEN_MAX {
        return Err(ApiError::SesionExpirada);
    }
    let hash = hash_token(token);
    let sesion = state
        .store
        .sesion(&hash)
        .await?
        .ok_or(ApiError::SesionExpirada)?;
    if !vigente(sesion.expires_at, sesion.revoked_at, state.reloj.ahora()) {
        return Err(ApiError::SesionExpirada);
    }
    match state.store.usuario(&sesion.usuario_id).await? {
        Some(u) if u.activo => Ok((u, hash)),
        _ => Err(ApiError::SesionExpirada),
    }
}

/// How often a key's last use is written: a partner calling many times a second costs no write
/// per call.
const MARCAR_USO_CADA: Duration = Duration::minutes(1);

/// The caller an integration key (`anf_…`) stands for: a principal with exactly the permissions of
/// the key's role and only the key's branches, never those of accounts, roles or keys, nor every
/// branch. A wrong, revoked or expired key is one refusal, whichever it is; each call of a live key
/// counts against its own limit.
pub async fn validar_clave(state: &AppState, secreto: &str, ip: IpAddr) -> Result<Usuario> {
    if secreto.len() > TOKEN_MAX {
        return Err(ApiError::ClaveIntegracion);
    }
    let ahora = state.reloj.ahora();
    let clave = state
        .store
        .clave_por_hash(&hash_token(secreto))
        .await?
        .filter(|c| c.vigente(ahora))
        .ok_or(ApiError::ClaveIntegracion)?;
    if let Err(espera) = state.limite_claves.admitir_o_esperar(clave.id.clone()) {
        return Err(ApiError::DemasiadasSolicitudesClave {
            segundos: u64::try_from(espera.num_seconds().max(1)).unwrap_or(1),
        });
    }
    if clave.usada_en.is_none_or(|u| ahora - u >= MARCAR_USO_CADA) {
        state
            .store
            .marcar_uso_clave(&clave.id, &ip.to_string())
            .await?;
    }
    Ok(usuario_de_clave(clave))
}

/// The principal an integration key stands for: its role's permissions but those of
/// accounts, roles and keys, and of every branch; its own branches only; named in the logs
/// "Integración: <name>".
pub fn usuario_de_clave(c: ClaveLeida) -> Usuario {
    use anfitrion_core::permisos::Area;
    let permissions = c
        .permisos
        .iter()
        .filter_map(|p| Permiso::parse(p))
        .filter(|p| {
            !matches!(p.area(), Area::Usuarios | Area::Roles | Area::Integraciones)
                && *p != Permiso::SucursalTodas
        })
        .map(|name| PermisoRef { name })
        .collect();
    Usuario {
        id: c.id,
        name: format!("Integración: {}", c.name),
        email: String::new(),
        tags: c.tags,
        role: Rol {
            name: c.rol,
            permissions,
            inicio: None,
        },
        activo: true,
        integracion: true,
    }
}

pub(crate) fn vigente(
    expira: DateTime<Utc>,
    revocada: Option<DateTime<Utc>>,
    ahora: DateTime<Utc>,
) -> bool {
    revocada.is_none() && ahora < expira
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_is_dead_at_its_expiry_instant() {
        let ahora = DateTime::parse_from_rfc3339("2026-11-25T19:30:00-06:00")
            .unwrap()
            .with_timezone(&Utc);
        assert!(vigente(ahora + Duration::seconds(1), None, ahora));
        assert!(!vigente(ahora, None, ahora));
        assert!(!vigente(ahora + Duration::hours(1), Some(ahora), ahora));
    }
}
