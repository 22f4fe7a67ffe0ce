//! Password hashing with argon2id, off the async runtime (a hash takes tens of milliseconds and
//! 19 MiB). Verifications share a bounded number of permits, so a flood of logins queues instead
//! of exhausting memory and the blocking thread pool; one that waits too long is turned away.

use std::sync::Arc;
use std::time::Duration;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// How long a login waits for a verification permit before it is answered 429.
pub const ESPERA_PERMISO: Duration = Duration::from_secs(3);

/// No verification permit came free in time: the server is busy checking other passwords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ocupado;

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
    /// Verifications that may run at once.
    permisos: Arc<Semaphore>,
    espera: Duration,
}

impl Claves {
    /// Allows two verifications per available core at once, waiting [`ESPERA_PERMISO`] for one.
    pub fn new(costo: CostoHash) -> Self {
        let nucleos = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::con_limite(costo, 2 * nucleos, ESPERA_PERMISO)
    }

    /// As [`Claves::new`], with `permisos` verifications at once, each waiting at most `espera`.
    pub fn con_limite(costo: CostoHash, permisos: usize, espera: Duration) -> Self {
        let params = match costo {
            CostoHash::Produccion => Params::default(),
            CostoHash::Ligero => Params::new(Params::MIN_M_COST, 1, 1, None).expect("parámetros argon2 válidos"),
        };
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let falso = hash_con(&argon2, &crate::auth::nuevo_token()).into();
        Claves { argon2: Arc::new(argon2), falso, permisos: Arc::new(Semaphore::new(permisos.max(1))), espera }
    }

    pub async fn hash(&self, clave: &str) -> String {
        let argon2 = self.argon2.clone();
        let clave = clave.to_owned();
        tokio::task::spawn_blocking(move || hash_con(&argon2, &clave)).await.expect("tarea de hash")
    }

    /// Whether `clave` matches `hash`; with no hash it still spends the time of a check.
    /// [`Ocupado`] when no permit came free in time.
    pub async fn verificar(&self, clave: &str, hash: Option<&str>) -> Result<bool, Ocupado> {
        let permiso = tokio::time::timeout(self.espera, self.permisos.clone().acquire_owned())
            .await
            .map_err(|_| Ocupado)?
            .expect("el semáforo de claves nunca se cierra");
        let existe = hash.is_some();
        let hash = hash.map_or_else(|| self.falso.to_string(), str::to_owned);
        let clave = clave.to_owned();
        let argon2 = self.argon2.clone();
        let coincide = tokio::task::spawn_blocking(move || {
            // Held by the blocking task: the permit is freed when the hash is done, even if the
            // request that asked was dropped meanwhile.
            let _permiso = permiso;
            PasswordHash::new(&hash).is_ok_and(|h| argon2.verify_password(clave.as_bytes(), &h).is_ok())
        })
        .await
        .unwrap_or(false);
        Ok(existe && coincide)
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
        assert_eq!(claves.verificar("demo1234", Some(&h)).await, Ok(true));
        assert_eq!(claves.verificar("demo1235", Some(&h)).await, Ok(false));
        assert_eq!(claves.verificar("demo1234", None).await, Ok(false));
    }

    #[tokio::test]
    async fn a_verification_that_cannot_get_a_permit_in_time_is_turned_away() {
        let claves = Claves::con_limite(CostoHash::Ligero, 1, Duration::from_millis(50));
        let h = claves.hash("demo1234").await;
        let ocupado = claves.permisos.clone().acquire_owned().await.unwrap();
        assert_eq!(claves.verificar("demo1234", Some(&h)).await, Err(Ocupado));
        drop(ocupado);
        assert_eq!(claves.verificar("demo1234", Some(&h)).await, Ok(true));
    }
}
