//! Password hashing with argon2id in a fixed pool of worker threads, off the async runtime.
//!
//! Each worker owns one block of argon2 memory (19 MiB at the default cost) and reuses it for
//! every hash, so a burst of logins costs at most `workers × 19 MiB` however many arrive; a worker
//! frees its block once the pool has been idle for [`LIBERAR_TRAS`], so the memory goes back to
//! the system after the burst. Callers queue for a worker: a login waits its turn rather than
//! being refused, and only one that cannot even find a place in the queue within [`ESPERA_COLA`]
//! is turned away.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

/// How long a caller waits for a place in the queue before it is answered "busy".
pub const ESPERA_COLA: Duration = Duration::from_secs(30);
/// Hashes that may be queued or running at once; more callers wait for a place.
pub const LUGARES_COLA: usize = 1024;
/// A worker frees its argon2 memory after this long without work.
pub const LIBERAR_TRAS: Duration = Duration::from_secs(3);
/// Largest argon2 memory (KiB) a stored hash may ask for; a larger one never verifies, so a
/// tampered row cannot make a worker allocate without bound.
const M_COST_MAX: u32 = 256 * 1024;

/// No place in the hashing queue came free in time: the server is busy checking passwords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ocupado;

impl std::fmt::Display for Ocupado {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no hubo lugar para calcular la contraseña a tiempo")
    }
}

impl std::error::Error for Ocupado {}

/// Cost of new hashes. Verification reads the cost stored in each hash, so both kinds verify.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CostoHash {
    /// argon2id's recommended defaults (19 MiB, 2 passes).
    #[default]
    Produccion,
    /// The smallest cost argon2 allows: for test suites only, never for a real install.
    Ligero,
}

impl CostoHash {
    fn params(self) -> Params {
        match self {
            CostoHash::Produccion => Params::default(),
            CostoHash::Ligero => {
                Params::new(Params::MIN_M_COST, 1, 1, None).expect("parámetros argon2 válidos")
            }
        }
    }
}

/// Makes glibc's allocator give large blocks back: allocations of 1 MiB and more (argon2's
/// memory) are mapped and unmapped on their own instead of growing an arena that is never
/// trimmed, and the number of arenas is capped so worker threads do not each keep one.
/// Called once at start-up, before any thread exists.
pub fn preparar_memoria() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes the allocator; called before other threads start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1024 * 1024);
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

enum Trabajo {
    Hash {
        clave: String,
        params: Params,
        responder: oneshot::Sender<String>,
    },
    Verificar {
        clave: String,
        hash: Arc<str>,
        responder: oneshot::Sender<bool>,
    },
}

/// A queued job with its place in the queue, given back when a worker takes it.
struct Encargo {
    trabajo: Trabajo,
    _lugar: OwnedSemaphorePermit,
}

struct Cola {
    encargos: Mutex<VecDeque<Encargo>>,
    hay: Condvar,
    cerrada: AtomicBool,
}

/// Closes the queue when the last [`Claves`] is dropped, so the workers end.
struct Pool {
    cola: Arc<Cola>,
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.cola.cerrada.store(true, Ordering::SeqCst);
        self.cola.hay.notify_all();
    }
}

/// Hashes and verifies passwords.
#[derive(Clone)]
pub struct Claves {
    params: Params,
    /// A real hash of a random password, verified when the e-mail is unknown so that a wrong
    /// e-mail takes as long as a wrong password.
    falso: Arc<str>,
    pool: Arc<Pool>,
    lugares: Arc<Semaphore>,
    espera: Duration,
}

impl Claves {
    /// One worker per available core (at most four), [`LUGARES_COLA`] places in the queue.
    pub fn new(costo: CostoHash) -> Self {
        let nucleos = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::con_limite(costo, nucleos.min(4), LUGARES_COLA, ESPERA_COLA)
    }

    /// As [`Claves::new`], with `trabajadores` workers and `lugares` places, each caller waiting
    /// at most `espera` for one.
    pub fn con_limite(
        costo: CostoHash,
        trabajadores: usize,
        lugares: usize,
        espera: Duration,
    ) -> Self {
        let params = costo.params();
        let cola = Arc::new(Cola {
            encargos: Mutex::new(VecDeque::new()),
            hay: Condvar::new(),
            cerrada: AtomicBool::new(false),
        });
        for i in 0..trabajadores.max(1) {
            let cola = cola.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{i}"))
                .spawn(move || trabajar(&cola, LIBERAR_TRAS))
                .expect("hilo de argon2");
        }
        // One hash at start-up, on this thread; its memory is freed at once.
        let falso = hash_con(&params, &super::token::nuevo_token(), &mut Vec::new()).into();
        Claves {
            params,
            falso,
            pool: Arc::new(Pool { cola }),
            lugares: Arc::new(Semaphore::new(lugares.max(1))),
            espera,
        }
    }

    /// A new hash of `clave` at this pool's cost.
    pub async fn hash(&self, clave: &str) -> Result<String, Ocupado> {
        let clave = clave.to_owned();
        let params = self.params.clone();
        self.encargar(|responder| Trabajo::Hash {
            clave,
            params,
            responder,
        })
        .await
    }

    /// Whether `clave` matches `hash`; with no hash it still spends the time of a check.
    /// [`Ocupado`] when no place in the queue came free in time.
    pub async fn verificar(&self, clave: &str, hash: Option<&str>) -> Result<bool, Ocupado> {
        let existe = hash.is_some();
        let hash: Arc<str> = hash.map_or_else(|| self.falso.clone(), Arc::from);
        let clave = clave.to_owned();
        let coincide = self
            .encargar(|responder| Trabajo::Verificar {
                clave,
                hash,
                responder,
            })
            .await?;
        Ok(existe && coincide)
    }

    async fn encargar<T>(
        &self,
        trabajo: impl FnOnce(oneshot::Sender<T>) -> Trabajo,
    ) -> Result<T, Ocupado> {
        let lugar = tokio::time::timeout(self.espera, self.lugares.clone().acquire_owned())
            .await
            .map_err(|_| Ocupado)?
            .expect("el semáforo de claves nunca se cierra");
        let (responder, respuesta) = oneshot::channel();
        let encargo = Encargo {
            trabajo: trabajo(responder),
            _lugar: lugar,
        };
        let cola = &self.pool.cola;
        cola.encargos
            .lock()
            .expect("cola de argon2")
            .push_back(encargo);
        cola.hay.notify_one();
        respuesta.await.map_err(|_| Ocupado)
    }

    /// The cost new hashes use.
    pub fn params(&self) -> &Params {
        &self.params
    }
}

/// A worker: takes jobs in order, reusing one block of memory, and frees it when idle.
fn trabajar(cola: &Cola, liberar_tras: Duration) {
    let mut memoria: Vec<Block> = Vec::new();
    loop {
        let mut encargos = cola.encargos.lock().expect("cola de argon2");
        let encargo = loop {
            if let Some(e) = encargos.pop_front() {
                break Some(e);
            }
            if cola.cerrada.load(Ordering::SeqCst) {
                break None;
            }
            if memoria.is_empty() {
                encargos = cola.hay.wait(encargos).expect("cola de argon2");
            } else {
                let (e, espera) = cola
                    .hay
                    .wait_timeout(encargos, liberar_tras)
                    .expect("cola de argon2");
                encargos = e;
                if espera.timed_out() && encargos.is_empty() {
                    break None;
                }
            }
        };
        drop(encargos);
        let Some(Encargo { trabajo, _lugar }) = encargo else {
            // Idle, or closing: give the memory back.
            memoria = Vec::new();
            if cola.cerrada.load(Ordering::SeqCst) {
                return;
            }
            continue;
        };
        drop(_lugar);
        // A caller that gave up no longer needs the answer: the work is skipped.
        match trabajo {
            Trabajo::Hash {
                clave,
                params,
                responder,
            } if !responder.is_closed() => {
                let _ = responder.send(hash_con(&params, &clave, &mut memoria));
            }
            Trabajo::Verificar {
                clave,
                hash,
                responder,
            } if !responder.is_closed() => {
                let _ = responder.send(verificar_con(&clave, &hash, &mut memoria));
            }
            _ => {}
        }
    }
}

/// Runs argon2 in `memoria`, growing it only when these parameters need more than it holds.
fn argon2_en(
    memoria: &mut Vec<Block>,
    algoritmo: Algorithm,
    version: Version,
    params: &Params,
    clave: &[u8],
    sal: &[u8],
    salida: &mut [u8],
) -> argon2::Result<()> {
    let bloques = params.block_count();
    if memoria.len() < bloques {
        // Free the smaller block before taking the larger one.
        *memoria = Vec::new();
        *memoria = vec![Block::default(); bloques];
    }
    Argon2::new(algoritmo, version, params.clone()).hash_password_into_with_memory(
        clave,
        sal,
        salida,
        &mut memoria[..bloques],
    )
}

/// A PHC string (`$argon2id$v=19$m=…`) for `clave` with a fresh salt.
fn hash_con(params: &Params, clave: &str, memoria: &mut Vec<Block>) -> String {
    let sal = SaltString::generate(&mut OsRng);
    let mut sal_bytes = [0u8; 64];
    let sal_bytes = sal
        .as_salt()
        .decode_b64(&mut sal_bytes)
        .expect("sal recién generada");
    let mut salida = vec![0u8; params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN)];
    argon2_en(
        memoria,
        Algorithm::Argon2id,
        Version::V0x13,
        params,
        clave.as_bytes(),
        sal_bytes,
        &mut salida,
    )
    .expect("argon2 con parámetros válidos");
    PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(params).expect("parámetros argon2 válidos"),
        salt: Some(sal.as_salt()),
        hash: Some(Output::new(&salida).expect("salida argon2")),
    }
    .to_string()
}

/// Whether `clave` hashes to `hash` with the algorithm, version and cost stored in it; any
/// malformed or oversized hash simply does not match. The comparison is constant-time.
fn verificar_con(clave: &str, hash: &str, memoria: &mut Vec<Block>) -> bool {
    let Ok(phc) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(sal), Some(esperado)) = (phc.salt, phc.hash) else {
        return false;
    };
    let Ok(algoritmo) = Algorithm::try_from(phc.algorithm) else {
        return false;
    };
    let Ok(version) = phc
        .version
        .map_or(Ok(Version::default()), Version::try_from)
    else {
        return false;
    };
    let Ok(params) = Params::try_from(&phc) else {
        return false;
    };
    if params.m_cost() > M_COST_MAX {
        return false;
    }
    let mut sal_bytes = [0u8; 64];
    let Ok(sal_bytes) = sal.decode_b64(&mut sal_bytes) else {
        return false;
    };
    let mut salida = vec![0u8; esperado.len()];
    if argon2_en(
        memoria,
        algoritmo,
        version,
        &params,
        clave.as_bytes(),
        sal_bytes,
        &mut salida,
    )
    .is_err()
    {
        return false;
    }
    Output::new(&salida).is_ok_and(|calculada| calculada == esperado)
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordVerifier;

    #[tokio::test]
    async fn a_password_verifies_against_its_own_hash_only() {
        let claves = Claves::new(CostoHash::Ligero);
        let h = claves.hash("demo1234").await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert_eq!(claves.verificar("demo1234", Some(&h)).await, Ok(true));
        assert_eq!(claves.verificar("demo1235", Some(&h)).await, Ok(false));
        assert_eq!(claves.verificar("demo1234", None).await, Ok(false));
        assert_eq!(
            claves.verificar("demo1234", Some("no es un hash")).await,
            Ok(false)
        );
    }

    #[test]
    fn pool_hashes_are_standard_phc_strings_and_read_any_stored_cost() {
        // The pool writes what the argon2 crate reads, and reads what it wrote (other costs too).
        let mut memoria = Vec::new();
        let propio = hash_con(&CostoHash::Ligero.params(), "demo1234", &mut memoria);
        let phc = PasswordHash::new(&propio).unwrap();
        assert!(Argon2::default().verify_password(b"demo1234", &phc).is_ok());
        let ajeno = argon2::password_hash::PasswordHasher::hash_password(
            &Argon2::new(
                Algorithm::Argon2id,
                Version::V0x13,
                Params::new(16, 2, 2, None).unwrap(),
            ),
            b"otra",
            &SaltString::generate(&mut OsRng),
        )
        .unwrap()
        .to_string();
        assert!(verificar_con("otra", &ajeno, &mut memoria));
        assert!(!verificar_con("otra.", &ajeno, &mut memoria));
        assert!(verificar_con("demo1234", &propio, &mut memoria));
    }

    #[test]
    fn a_stored_hash_asking_for_too_much_memory_never_verifies() {
        let h = "$argon2id$v=19$m=4194304,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        assert!(!verificar_con("x", h, &mut Vec::new()));
    }

    #[tokio::test]
    async fn a_caller_that_cannot_find_a_place_in_time_is_turned_away() {
        let claves = Claves::con_limite(CostoHash::Ligero, 1, 1, Duration::from_millis(50));
        let h = claves.hash("demo1234").await.unwrap();
        let ocupado = claves.lugares.clone().acquire_owned().await.unwrap();
        assert_eq!(claves.verificar("demo1234", Some(&h)).await, Err(Ocupado));
        drop(ocupado);
        assert_eq!(claves.verificar("demo1234", Some(&h)).await, Ok(true));
    }

    #[tokio::test]
    async fn many_callers_at_once_all_get_their_answer_from_two_workers() {
        let claves = Claves::con_limite(CostoHash::Ligero, 2, 8, Duration::from_secs(30));
        let h = claves.hash("demo1234").await.unwrap();
        let mut tareas = tokio::task::JoinSet::new();
        for i in 0..64 {
            let (claves, h) = (claves.clone(), h.clone());
            tareas.spawn(async move {
                claves
                    .verificar(if i % 2 == 0 { "demo1234" } else { "otra" }, Some(&h))
                    .await
            });
        }
        let resultados = tareas.join_all().await;
        assert_eq!(resultados.iter().filter(|r| **r == Ok(true)).count(), 32);
        assert_eq!(resultados.iter().filter(|r| **r == Ok(false)).count(), 32);
    }
}
