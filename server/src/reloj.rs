//! The server's one clock. Every rule, handler, storage call and job asks a [`Reloj`] what time it
//! is; nothing else in the server reads the wall clock. In production it is the system clock. A
//! test, or a demonstration (`anfitrion serve --demo --ahora …`), says what time it is: the clock
//! then starts at that instant and runs from there, or stands still, and moves only when told.

use std::sync::{Arc, RwLock};

use anfitrion_core::tiempo::ReglasHorario;
use chrono::{DateTime, Duration, NaiveDateTime, Utc};

#[derive(Debug, Clone, Copy)]
enum Modo {
    /// The system clock.
    Sistema,
    /// The system clock moved by a fixed amount: runs, from the instant it was set to.
    Corrido(Duration),
    /// Stands still at an instant.
    Detenido(DateTime<Utc>),
}

/// What time it is, for the whole server. Cheap to clone: every clone reads and moves one clock.
#[derive(Debug, Clone)]
pub struct Reloj(Arc<RwLock<Modo>>);

impl Default for Reloj {
    fn default() -> Self {
        Reloj::sistema()
    }
}

fn sistema() -> DateTime<Utc> {
    Utc::now()
}

impl Reloj {
    /// The system clock.
    pub fn sistema() -> Self {
        Reloj(Arc::new(RwLock::new(Modo::Sistema)))
    }

    /// A clock that reads `inicio` now and runs from there at the system clock's pace.
    pub fn desde(inicio: DateTime<Utc>) -> Self {
        Reloj(Arc::new(RwLock::new(Modo::Corrido(inicio - sistema()))))
    }

    /// A clock that stands at `instante` until it is moved.
    pub fn detenido(instante: DateTime<Utc>) -> Self {
        Reloj(Arc::new(RwLock::new(Modo::Detenido(instante))))
    }

    /// Now.
    pub fn ahora(&self) -> DateTime<Utc> {
        match *self.0.read().unwrap_or_else(|e| e.into_inner()) {
            Modo::Sistema => sistema(),
            Modo::Corrido(desfase) => sistema() + desfase,
            Modo::Detenido(t) => t,
        }
    }

    /// Local wall-clock time now at a branch with these rules.
    pub fn local(&self, reglas: &ReglasHorario) -> NaiveDateTime {
        reglas.local(self.ahora())
    }

    /// Moves the clock forward (or back, with a negative duration). The system clock becomes a
    /// running clock that far from it.
    pub fn avanzar(&self, cuanto: Duration) {
        let mut modo = self.0.write().unwrap_or_else(|e| e.into_inner());
        *modo = match *modo {
            Modo::Sistema => Modo::Corrido(cuanto),
            Modo::Corrido(d) => Modo::Corrido(d + cuanto),
            Modo::Detenido(t) => Modo::Detenido(t + cuanto),
        };
    }

    /// Sets the clock to `instante`; a stopped clock stays stopped, any other runs from there.
    pub fn fijar(&self, instante: DateTime<Utc>) {
        let mut modo = self.0.write().unwrap_or_else(|e| e.into_inner());
        *modo = match *modo {
            Modo::Detenido(_) => Modo::Detenido(instante),
            _ => Modo::Corrido(instante - sistema()),
        };
    }

    /// Whether this is the untouched system clock.
    pub fn es_sistema(&self) -> bool {
        matches!(
            *self.0.read().unwrap_or_else(|e| e.into_inner()),
            Modo::Sistema
        )
    }
}

/// Reads the `--ahora` of a demonstration: `AAAA-MM-DD HH:MM` (or with `T`, or with seconds) as
/// local time in `reglas`' zone, or an RFC 3339 instant with its offset.
pub fn leer_ahora(texto: &str, reglas: &ReglasHorario) -> Result<DateTime<Utc>, String> {
    let t = texto.trim();
    if let Ok(instante) = DateTime::parse_from_rfc3339(t) {
        return Ok(instante.with_timezone(&Utc));
    }
    let local = ["%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
        .ok_or_else(|| format!("«{t}» no es una fecha y hora: usa AAAA-MM-DD HH:MM (hora de la Ciudad de México) o RFC 3339"))?;
    reglas
        .instante(local)
        .ok_or_else(|| format!("«{t}» no existe en {}", reglas.zona))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_stopped_clock_moves_only_when_told() {
        let reloj = Reloj::detenido(t("2026-11-25T19:30:00-06:00"));
        assert_eq!(reloj.ahora(), t("2026-11-25T19:30:00-06:00"));
        reloj.avanzar(Duration::minutes(20));
        assert_eq!(reloj.ahora(), t("2026-11-25T19:50:00-06:00"));
        let otro = reloj.clone();
        otro.fijar(t("2026-11-26T00:01:00-06:00"));
        assert_eq!(
            reloj.ahora(),
            t("2026-11-26T00:01:00-06:00"),
            "clones share one clock"
        );
    }

    #[test]
    fn a_running_clock_starts_where_it_is_set() {
        let inicio = t("2026-03-01T13:00:00-06:00");
        let reloj = Reloj::desde(inicio);
        let leido = reloj.ahora();
        assert!(
            leido >= inicio && leido - inicio < Duration::seconds(5),
            "{leido}"
        );
        reloj.avanzar(Duration::hours(2));
        assert!(reloj.ahora() - inicio >= Duration::hours(2));
        assert!(!reloj.es_sistema());
        assert!(Reloj::sistema().es_sistema());
    }

    #[test]
    fn ahora_is_read_in_the_branch_zone_or_with_its_offset() {
        let reglas = ReglasHorario::default();
        assert_eq!(
            leer_ahora("2026-11-25 19:30", &reglas).unwrap(),
            t("2026-11-26T01:30:00Z")
        );
        assert_eq!(
            leer_ahora("2026-11-25T19:30:15", &reglas).unwrap(),
            t("2026-11-26T01:30:15Z")
        );
        assert_eq!(
            leer_ahora("2026-11-25T19:30:00+00:00", &reglas).unwrap(),
            t("2026-11-25T19:30:00Z")
        );
        assert!(leer_ahora("mañana", &reglas)
            .unwrap_err()
            .contains("AAAA-MM-DD HH:MM"));
        assert!(leer_ahora("2026-13-01 10:00", &reglas).is_err());
    }
}
