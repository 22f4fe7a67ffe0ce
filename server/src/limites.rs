//! Per-address limits of the public calls: how many bookings and reads one address (an IPv6
//! client's /64, [`ClaveDireccion`]) may make in an hour, counted by [`LimitePorDireccion`], and
//! how large a public body may be; and how many test prints one user may ask for, counted by a
//! [`LimitePorClave`] of users.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::Mutex;

use chrono::{DateTime, Utc};

use crate::direcciones::ClaveDireccion;
use crate::reloj::Reloj;

/// Bookings one address may make in an hour: a family books a few; a script, many.
pub const RESERVAS_POR_HORA: usize = 20;
/// Reads (branch, availability, confirmation, verification) one address may make in an hour: a
/// guest trying dates and party sizes makes dozens.
pub const CONSULTAS_POR_HORA: usize = 600;
/// A booking is a few hundred bytes; nothing larger is read.
pub const LIMITE_CUERPO_PUBLICO: usize = 8 * 1024;

/// Calls one integration key may make in a minute: a partner syncing steadily stays well below;
/// a runaway loop is stopped before it slows the door.
pub const LLAMADAS_POR_CLAVE: usize = 600;

/// Test prints one user may ask for in [`VENTANA_PRUEBAS_IMPRESION`]: enough to set up a
/// branch's printers, far too few to sweep a network's ports through them.
pub const PRUEBAS_IMPRESION: usize = 10;
/// The window of [`PRUEBAS_IMPRESION`].
pub const VENTANA_PRUEBAS_IMPRESION: chrono::Duration = chrono::Duration::minutes(10);

/// Counts recent events per address in a sliding hour of the server's clock. In memory: each
/// instance counts its own, which bounds a flood per instance.
pub type LimitePorDireccion = LimitePorClave<ClaveDireccion>;

/// Counts recent events per key (an address, a user) in a sliding window of the server's clock.
pub struct LimitePorClave<K> {
    maximo: usize,
    ventana: chrono::Duration,
    reloj: Reloj,
    vistos: Mutex<HashMap<K, VecDeque<DateTime<Utc>>>>,
}

impl<K: Hash + Eq + Clone> LimitePorClave<K> {
    /// `maximo` an hour.
    pub fn new(maximo: usize, reloj: Reloj) -> Self {
        Self::en(maximo, chrono::Duration::hours(1), reloj)
    }

    /// `maximo` in any `ventana`.
    pub fn en(maximo: usize, ventana: chrono::Duration, reloj: Reloj) -> Self {
        LimitePorClave {
            maximo,
            ventana,
            reloj,
            vistos: Mutex::new(HashMap::new()),
        }
    }

    /// Records one more from `clave` (an address counts with the rest of its /64 when IPv6);
    /// false, recording nothing, when it is over the limit.
    pub fn admitir(&self, clave: impl Into<K>) -> bool {
        self.admitir_o_esperar(clave).is_ok()
    }

    /// Records one more from `clave`; when it is over the limit, records nothing and answers how
    /// long until one more is admitted.
    pub fn admitir_o_esperar(&self, clave: impl Into<K>) -> Result<(), chrono::Duration> {
        let clave = clave.into();
        let ahora = self.reloj.ahora();
        let mut vistos = self.vistos.lock().expect("límite por clave");
        // Forget keys quiet for the whole window, so the map stays small.
        if vistos.len() > 10_000 {
            vistos.retain(|_, v| v.back().is_some_and(|t| ahora - *t < self.ventana));
        }
        let cola = vistos.entry(clave).or_default();
        while cola.front().is_some_and(|t| ahora - *t >= self.ventana) {
            cola.pop_front();
        }
        if cola.len() >= self.maximo {
            let primero = cola.front().copied().unwrap_or(ahora);
            return Err(primero + self.ventana - ahora);
        }
        cola.push_back(ahora);
        Ok(())
    }
}
