//! Login throttling that slows attackers without locking the owner out (OWASP authentication
//! cheat sheet, ASVS V2.2):
//!
//! - Only completed wrong-password attempts count. A login still being checked, and a login the
//!   throttle refused, are never failures.
//! - An account from one address ([`MAX_FALLOS_PAR`]) and one address for any account
//!   ([`MAX_FALLOS_DIRECCION`]) are refused with 429 once over their limit, until their oldest
//!   counted failure leaves the window; the answer says how long that is. An "address" is the
//!   key the caller passes: an IPv6 client's whole /64 ([`crate::direcciones::ClaveDireccion`]).
//! - The account as a whole is never refused: past [`UMBRAL_DEMORA_CUENTA`] failures from any
//!   address, each of its logins waits a growing delay before its password is checked, the
//!   owner's from a clean address included, so guessing from many addresses gets slower while
//!   the owner still gets in.
//! - Logins being checked hold a place in their pair's and address's budget, so parallel guesses
//!   cannot overshoot a limit; a login that finds the budget held by logins still in progress
//!   waits for them to finish instead of being refused. Correct logins therefore never fail
//!   because others arrived at the same moment. The places are kept per instance: several
//!   instances behind one balancer each allow their own in-progress logins.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::sync::{Mutex, Notify};

use crate::db::sesiones::{Fallos, IntentoLogin};
use crate::db::{nuevo_id, Store};
use crate::error::{ApiError, Result};
use crate::reloj::Reloj;

/// Window in which failed logins count; the purge keeps attempts this long.
pub const VENTANA_INTENTOS: chrono::Duration = chrono::Duration::minutes(15);
/// Failed logins of one account from one address, within the window, before that pair is refused.
pub const MAX_FALLOS_PAR: i64 = 10;
/// Failed logins from one address, for any account, before the address is refused. Higher than
/// the pair's: a whole restaurant, or every client of a proxy, shares one address.
pub const MAX_FALLOS_DIRECCION: i64 = 50;
/// Failed logins of one account from any address before its logins start to wait.
pub const UMBRAL_DEMORA_CUENTA: i64 = 10;
/// How long a login may wait for logins in progress from its address to finish.
pub const ESPERA_TURNO: Duration = Duration::from_secs(30);
/// Shards of the in-progress table, so addresses do not queue behind one another.
const FRAGMENTOS: usize = 64;

/// The account-wide delay: the first login past the threshold waits `paso`, each further failure
/// doubles it, up to `tope`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoraCuenta {
    pub paso: Duration,
    pub tope: Duration,
}

impl Default for DemoraCuenta {
    /// 250 ms, doubling to at most 4 s (reached at fifteen failures past the threshold).
    fn default() -> Self {
        DemoraCuenta {
            paso: Duration::from_millis(250),
            tope: Duration::from_secs(4),
        }
    }
}

impl DemoraCuenta {
    /// How long a login of an account with `fallos` counted failures waits before its check.
    pub fn para(&self, fallos: i64) -> Duration {
        if fallos <= UMBRAL_DEMORA_CUENTA {
            return Duration::ZERO;
        }
        let dobles = (fallos - UMBRAL_DEMORA_CUENTA - 1).min(20) as u32;
        self.paso.saturating_mul(1 << dobles).min(self.tope)
    }
}

/// Logins being checked from one address: in all and per account.
#[derive(Default)]
struct EnCurso {
    total: i64,
    por_cuenta: HashMap<String, i64>,
}

/// The logins in progress of the addresses that hash to one shard.
#[derive(Default)]
struct Fragmento {
    por_direccion: HashMap<String, EnCurso>,
    /// Logins finished so far: a count read before the failures and again after tells whether
    /// one finished (and was recorded) in between.
    terminados: u64,
}

/// The throttle: the delay setting and the logins in progress.
pub struct Freno {
    demora: DemoraCuenta,
    /// The server's clock: the window of counted failures ends now.
    reloj: Reloj,
    fragmentos: Vec<Mutex<Fragmento>>,
    terminado: Notify,
}

/// What the throttle decided from the counts: go ahead, wait for logins in progress, or refuse
/// for this many seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Pasa,
    Espera,
    /// Refused for `segundos`: the account from this address, or (`direccion`) the address for
    /// every account.
    Frena {
        segundos: u64,
        direccion: bool,
    },
}

/// Pure rule: `fallos` completed failures, `en_par` and `en_direccion` logins still in progress.
pub fn decidir(fallos: &Fallos, en_par: i64, en_direccion: i64, ahora: DateTime<Utc>) -> Decision {
    let frena = |desde: Option<DateTime<Utc>>, direccion| Decision::Frena {
        segundos: segundos_hasta(desde, ahora),
        direccion,
    };
    if fallos.direccion >= MAX_FALLOS_DIRECCION {
        return frena(fallos.direccion_desde, true);
    }
    if fallos.par >= MAX_FALLOS_PAR {
        return frena(fallos.par_desde, false);
    }
    if fallos.par + en_par >= MAX_FALLOS_PAR
        || fallos.direccion + en_direccion >= MAX_FALLOS_DIRECCION
    {
        return Decision::Espera;
    }
    Decision::Pasa
}

/// Whole seconds, at least one, until a failure made at `desde` leaves the window.
fn segundos_hasta(desde: Option<DateTime<Utc>>, ahora: DateTime<Utc>) -> u64 {
    let sale = desde.unwrap_or(ahora) + VENTANA_INTENTOS;
    let ms = (sale - ahora).num_milliseconds().max(0) as u64;
    ms.div_ceil(1000).max(1)
}

/// A login's place in its pair's and address's budget. Closed with its outcome by
/// [`Turno::cerrar`]; dropped without one (the check failed inside), it only frees the place.
pub struct Turno {
    freno: Arc<Freno>,
    store: Arc<dyn Store>,
    email: String,
    ip: String,
    /// The account's failures when the turn was given, for its delay.
    pub fallos_cuenta: i64,
    /// The account's failures from this address when the turn was given: one more wrong password
    /// and how many tries are left before the wait.
    pub fallos_par: i64,
    abierto: bool,
}

impl Freno {
    pub fn new(demora: DemoraCuenta, reloj: Reloj) -> Self {
        Freno {
            demora,
            reloj,
            fragmentos: (0..FRAGMENTOS)
                .map(|_| Mutex::new(Fragmento::default()))
                .collect(),
            terminado: Notify::new(),
        }
    }

    fn fragmento(&self, ip: &str) -> &Mutex<Fragmento> {
        let mut h = DefaultHasher::new();
        ip.hash(&mut h);
        &self.fragmentos[(h.finish() as usize) % FRAGMENTOS]
    }

    /// The delay a login of an account with `fallos` failures waits before its password is checked.
    pub fn demora(&self, fallos: i64) -> Duration {
        self.demora.para(fallos)
    }

    /// Gives the login a turn, waiting (at most [`ESPERA_TURNO`]) while logins in progress hold
    /// the budget; 429 when the pair or the address is over its limit.
    pub async fn pedir_turno(
        self: &Arc<Self>,
        store: &Arc<dyn Store>,
        email: &str,
        ip: &str,
    ) -> Result<Turno> {
        let hasta = tokio::time::Instant::now() + ESPERA_TURNO;
        let fragmento = self.fragmento(ip);
        let mut carreras = 0;
        loop {
            let terminado = self.terminado.notified();
            tokio::pin!(terminado);
            {
                // The failures are read outside the shard's lock, so logins from one address do
                // not queue behind each other's queries. A finished login records its outcome
                // before it counts itself finished: if none finished meanwhile, the read saw
                // every recorded failure. Otherwise read again; after a few such races, read
                // holding the lock, which no login can then finish under.
                let antes = fragmento.lock().await.terminados;
                let ahora = self.reloj.ahora();
                let mut fallos = store
                    .fallos_recientes(email, ip, ahora - VENTANA_INTENTOS)
                    .await?;
                let mut tabla = fragmento.lock().await;
                if tabla.terminados != antes {
                    carreras += 1;
                    if carreras < 3 {
                        continue;
                    }
                    fallos = store
                        .fallos_recientes(email, ip, ahora - VENTANA_INTENTOS)
                        .await?;
                }
                let en_curso = tabla.por_direccion.entry(ip.to_owned()).or_default();
                let en_par = en_curso.por_cuenta.get(email).copied().unwrap_or(0);
                match decidir(&fallos, en_par, en_curso.total, ahora) {
                    Decision::Pasa => {
                        en_curso.total += 1;
                        *en_curso.por_cuenta.entry(email.to_owned()).or_default() += 1;
                        return Ok(Turno {
                            freno: self.clone(),
                            store: store.clone(),
                            email: email.to_owned(),
                            ip: ip.to_owned(),
                            fallos_cuenta: fallos.cuenta,
                            fallos_par: fallos.par,
                            abierto: true,
                        });
                    }
                    Decision::Frena {
                        segundos,
                        direccion,
                    } => {
                        if en_curso.total == 0 {
                            tabla.por_direccion.remove(ip);
                        }
                        tracing::warn!(
                            ip,
                            fallos_par = fallos.par,
                            fallos_direccion = fallos.direccion,
                            segundos,
                            "inicio de sesión frenado"
                        );
                        crate::metricas::login_frenado(direccion);
                        return Err(ApiError::DemasiadosIntentos {
                            segundos,
                            direccion,
                        });
                    }
                    Decision::Espera => {
                        if en_curso.total == 0 {
                            tabla.por_direccion.remove(ip);
                        }
                        terminado.as_mut().enable();
                    }
                }
            }
            carreras = 0;
            if tokio::time::timeout_at(hasta, terminado).await.is_err() {
                tracing::warn!(ip, "inicio de sesión sin turno a tiempo");
                return Err(ApiError::Ocupado);
            }
        }
    }

    /// Records the outcome, then frees the place: in this order, so a login that sees the place
    /// free also sees the failure (see [`Freno::pedir_turno`]).
    async fn liberar(
        &self,
        email: &str,
        ip: &str,
        intento: Option<&IntentoLogin>,
        store: &dyn Store,
    ) {
        if let Some(intento) = intento {
            if let Err(e) = store.registrar_intento(intento).await {
                tracing::error!(error = %e, "no se pudo registrar el intento de inicio de sesión");
            }
        }
        let mut tabla = self.fragmento(ip).lock().await;
        tabla.terminados += 1;
        if let Some(en_curso) = tabla.por_direccion.get_mut(ip) {
            en_curso.total -= 1;
            if let Some(n) = en_curso.por_cuenta.get_mut(email) {
                *n -= 1;
                if *n <= 0 {
                    en_curso.por_cuenta.remove(email);
                }
            }
            if en_curso.total <= 0 {
                tabla.por_direccion.remove(ip);
            }
        }
        drop(tabla);
        self.terminado.notify_waiters();
    }
}

impl Turno {
    /// Records the checked login (`exitoso` says whether the password matched) and frees its place.
    pub async fn cerrar(mut self, exitoso: bool) {
        self.abierto = false;
        let intento = IntentoLogin {
            id: nuevo_id(),
            email: self.email.clone(),
            ip: self.ip.clone(),
            exitoso,
            at: self.freno.reloj.ahora(),
        };
        self.freno
            .liberar(&self.email, &self.ip, Some(&intento), self.store.as_ref())
            .await;
    }
}

impl Drop for Turno {
    fn drop(&mut self) {
        if self.abierto {
            let (freno, store, email, ip) = (
                self.freno.clone(),
                self.store.clone(),
                std::mem::take(&mut self.email),
                std::mem::take(&mut self.ip),
            );
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                rt.spawn(async move { freno.liberar(&email, &ip, None, store.as_ref()).await });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn un_instante() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-25T19:30:00-06:00")
            .unwrap()
            .with_timezone(&Utc)
    }

    fn fallos(par: i64, direccion: i64) -> Fallos {
        Fallos {
            par,
            direccion,
            ..Default::default()
        }
    }

    #[test]
    fn the_eleventh_failure_of_an_account_from_one_address_is_refused() {
        let ahora = un_instante();
        assert_eq!(decidir(&fallos(9, 9), 0, 0, ahora), Decision::Pasa);
        assert!(matches!(
            decidir(&fallos(10, 10), 0, 0, ahora),
            Decision::Frena {
                direccion: false,
                ..
            }
        ));
        assert!(matches!(
            decidir(&fallos(0, 50), 0, 0, ahora),
            Decision::Frena {
                direccion: true,
                ..
            }
        ));
        assert_eq!(decidir(&fallos(9, 49), 0, 0, ahora), Decision::Pasa);
    }

    #[test]
    fn logins_in_progress_make_others_wait_never_refuse() {
        let ahora = un_instante();
        assert_eq!(decidir(&fallos(9, 9), 1, 1, ahora), Decision::Espera);
        assert_eq!(decidir(&fallos(0, 0), 0, 50, ahora), Decision::Espera);
        assert_eq!(decidir(&fallos(0, 0), 9, 49, ahora), Decision::Pasa);
    }

    #[test]
    fn the_account_is_never_refused_however_many_its_failures() {
        let muchos = Fallos {
            cuenta: 10_000,
            ..Default::default()
        };
        assert_eq!(decidir(&muchos, 0, 0, un_instante()), Decision::Pasa);
    }

    #[test]
    fn a_refusal_lasts_until_the_oldest_counted_failure_leaves_the_window() {
        let ahora = un_instante();
        let hace_cinco = Fallos {
            par: 10,
            par_desde: Some(ahora - chrono::Duration::minutes(5)),
            ..Default::default()
        };
        assert_eq!(
            decidir(&hace_cinco, 0, 0, ahora),
            Decision::Frena {
                segundos: 600,
                direccion: false
            }
        );
        let recien = Fallos {
            direccion: 50,
            direccion_desde: Some(ahora),
            ..Default::default()
        };
        assert_eq!(
            decidir(&recien, 0, 0, ahora),
            Decision::Frena {
                segundos: 900,
                direccion: true
            }
        );
        let casi = Fallos {
            par: 10,
            par_desde: Some(ahora - VENTANA_INTENTOS + chrono::Duration::milliseconds(10)),
            ..Default::default()
        };
        assert_eq!(
            decidir(&casi, 0, 0, ahora),
            Decision::Frena {
                segundos: 1,
                direccion: false
            }
        );
    }

    #[test]
    fn the_account_delay_doubles_past_the_threshold_up_to_its_cap() {
        let d = DemoraCuenta::default();
        assert_eq!(d.para(0), Duration::ZERO);
        assert_eq!(d.para(UMBRAL_DEMORA_CUENTA), Duration::ZERO);
        assert_eq!(d.para(11), Duration::from_millis(250));
        assert_eq!(d.para(12), Duration::from_millis(500));
        assert_eq!(d.para(14), Duration::from_secs(2));
        assert_eq!(d.para(30), Duration::from_secs(4));
        assert_eq!(d.para(i64::MAX), Duration::from_secs(4));
    }
}
