//! Password hashing with argon2id, off the async runtime (a hash takes tens of milliseconds).

use std::sync::Arc;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// Cost of new hashes. Verification reads the cost stored in each hash, so both kinds verify.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CostoHash {
    /// argon2id's recommended defaults (19 MiB, 2 passes).
    #[default]
    Produccion,
    /// The smallest cost argon2 allows: for test suites only, never for a real install.
    Ligero,
}

/// Hashes and verifies passwords.
#[derive(Clone)]
pub struct Claves {
    argon2: Arc<Argon2<'static>>,
    /// A real hash of a random password, verified when the e-mail is unknown so that a wrong
    /// e-mail takes as long as a wrong password.
    falso: Arc<str>,
}

impl Claves {
    pub fn new(costo: CostoHash) -> Self {
        let params = match costo {
            CostoHash::Produccion => Params::default(),
            CostoHash::Ligero => Params::new(Params::MIN_M_COST, 1, 1, None).expect("parámetros argon2 válidos"),
        };
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let falso = hash_con(&argon2, &crate::auth::nuevo_token()).into();
        Claves { argon2: Arc::new(argon2), falso }
    }

    pub async fn hash(&self, clave: &str) -> String {
        let argon2 = self.argon2.clone();
        let clave = clave.to_owned();
        tokio::task::spawn_blocking(move || hash_con(&argon2, &clave)).await.expect("tarea de hash")
    }

    /// Whether `clave` matches `hash`; with no hash it still spends the time of a check.
    pub async fn verificar(&self, clave: &str, hash: Option<&str>) -> bool {
        let existe = hash.is_some();
        let hash = hash.map_or_else(|| self.falso.to_string(), str::to_owned);
        let clave = clave.to_owned();
        let argon2 = self.argon2.clone();
        let coincide = tokio::task::spawn_blocking(move || {
            PasswordHash::new(&hash).is_ok_and(|h| argon2.verify_password(clave.as_bytes(), &h).is_ok())
        })
        .await
        .unwrap_or(false);
        existe && coincide
    }
}

fn hash_con(argon2: &Argon2<'_>, clave: &str) -> String {
    let sal = SaltString::generate(&mut OsRng);
    argon2.hash_password(clave.as_bytes(), &sal).expect("argon2 con parámetros válidos").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_password_verifies_against_its_own_hash_only() {
        let claves = Claves::new(CostoHash::Ligero);
        let h = claves.hash("demo1234").await;
        assert!(h.starts_with("$argon2id$"));
        assert!(claves.verificar("demo1234", Some(&h)).await);
        assert!(!claves.verificar("demo1235", Some(&h)).await);
        assert!(!claves.verificar("demo1234", None).await);
    }
}
