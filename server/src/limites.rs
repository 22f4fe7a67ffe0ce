//! Per-address limits of the public calls: how many bookings and reads one address (an IPv6
//! client's /64, [`ClaveDireccion`]) may make in an hour, counted by [`LimitePorDireccion`], and
//! how large a public body may be.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
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

/// Counts recent events per address in a sliding hour of the server's clock. In memory: each
/// instance counts its own, which bounds a flood per instance.
pub struct LimitePorDireccion {
    maximo: usize,
    ventana: chrono::Duration,
    reloj: Reloj,
    vistos: Mutex<HashMap<ClaveDireccion, VecDeque<DateTime<Utc>>>>,
}

impl LimitePorDireccion {
    pub fn new(maximo: usize, reloj: Reloj) -> Self {
        LimitePorDireccion {
            maximo,
            ventana: chrono::Duration::hours(1),
            reloj,
            vistos: Mutex::new(HashMap::new()),
        }
    }

    /// Records one more from `ip` (counted with the rest of its /64 when IPv6); false, recording
    /// nothing, when it is over the limit.
    pub fn admitir(&self, ip: IpAddr) -> bool {
        let ahora = self.reloj.ahora();
        let mut vistos = self.vistos.lock().expect("límite por dirección");
        // Forget addresses quiet for the whole window, so the map stays small.
        if vistos.len() > 10_000 {
            vistos.retain(|_, v| v.back().is_some_and(|t| ahora - *t < self.ventana));
        }
        let cola = vistos.entry(ClaveDireccion::de(ip)).or_default();
        while cola.front().is_some_and(|t| ahora - *t >= self.ventana) {
            cola.pop_front();
        }
        if cola.len() >= self.maximo {
            return false;
        }
        cola.push_back(ahora);
        true
    }
}
