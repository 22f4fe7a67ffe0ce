//! Staff accounts: what a login form and a new password must hold.

use crate::error::ReglaError;
use crate::personal::validar_correo;

/// Shortest password an account may be given.
pub const CLAVE_MIN: usize = 8;
/// Longest password accepted; hashing an unbounded input is a denial of service.
pub const CLAVE_MAX: usize = 128;

/// A login as typed: both fields present and the e-mail well-formed. Answers the e-mail as stored.
pub fn validar_credenciales(email: &str, clave: &str) -> Result<String, ReglaError> {
    if email.trim().is_empty() || clave.is_empty() {
        return Err(ReglaError::CredencialesIncompletas);
    }
    validar_correo(email)?.ok_or(ReglaError::CorreoInvalido)
}

/// A password being set for an account.
pub fn validar_clave_nueva(clave: &str) -> Result<(), ReglaError> {
    match clave.chars().count() {
        n if n < CLAVE_MIN => Err(ReglaError::ClaveCorta { min: CLAVE_MIN }),
        n if n > CLAVE_MAX => Err(ReglaError::ClaveLarga { max: CLAVE_MAX }),
        _ => Ok(()),
    }
}
