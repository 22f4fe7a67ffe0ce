//! Places counted per key (an address's connections, an IPv6 client's /64 as one key; a user's
//! live streams): a key holds at most `maximo` at once, and a place is given back when its
//! [`Cupo`] is dropped.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

type Cuenta<K> = Arc<Mutex<HashMap<K, usize>>>;

/// How many places each key holds, up to a maximum.
pub struct Cupos<K: Eq + Hash + Clone> {
    maximo: usize,
    tomados: Cuenta<K>,
}

/// One place of a key, held until dropped.
pub struct Cupo<K: Eq + Hash + Clone> {
    tomados: Cuenta<K>,
    clave: K,
}

impl<K: Eq + Hash + Clone> Cupos<K> {
    pub fn new(maximo: usize) -> Self {
        Cupos {
            maximo,
            tomados: Arc::default(),
        }
    }

    pub fn maximo(&self) -> usize {
        self.maximo
    }

    /// Places held now, all keys together.
    pub fn total(&self) -> usize {
        self.tomados
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .sum()
    }

    /// Places `clave` holds now.
    pub fn de(&self, clave: &K) -> usize {
        self.tomados
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(clave)
            .copied()
            .unwrap_or(0)
    }

    /// A place for `clave`, or None when it holds its `maximo` already.
    pub fn tomar(&self, clave: &K) -> Option<Cupo<K>> {
        let mut mapa = self.tomados.lock().unwrap_or_else(|e| e.into_inner());
        let n = mapa.entry(clave.clone()).or_insert(0);
        if *n >= self.maximo {
            return None;
        }
        *n += 1;
        Some(Cupo {
            tomados: self.tomados.clone(),
            clave: clave.clone(),
        })
    }
}

impl<K: Eq + Hash + Clone> Drop for Cupo<K> {
    fn drop(&mut self) {
        let mut mapa = self.tomados.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = mapa.get_mut(&self.clave) {
            *n -= 1;
            if *n == 0 {
                mapa.remove(&self.clave);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_holds_its_maximum_and_gets_a_place_back_when_one_is_dropped() {
        let cupos = Cupos::new(2);
        let (a, _b) = (cupos.tomar(&"ana").unwrap(), cupos.tomar(&"ana").unwrap());
        assert!(cupos.tomar(&"ana").is_none());
        assert!(
            cupos.tomar(&"luis").is_some(),
            "another key is not held back"
        );
        drop(a);
        assert!(cupos.tomar(&"ana").is_some());
    }
}
