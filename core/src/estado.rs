//! The life of a reservation: it waits (Pendiente) and then ends exactly one way.

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EstadoReservacion {
    Pendiente,
    Asistio,
    Vencido,
    Cancelada,
}

impl EstadoReservacion {
    pub const TODOS: [EstadoReservacion; 4] = [Self::Pendiente, Self::Asistio, Self::Vencido, Self::Cancelada];

    /// The stored and transmitted name.
    pub fn nombre(self) -> &'static str {
        match self {
            Self::Pendiente => "Pendiente",
            Self::Asistio => "Asistio",
            Self::Vencido => "Vencido",
            Self::Cancelada => "Cancelada",
        }
    }

    /// The name staff read.
    pub fn etiqueta(self) -> &'static str {
        match self {
            Self::Pendiente => "Pendiente",
            Self::Asistio => "Asistió",
            Self::Vencido => "No asistió",
            Self::Cancelada => "Cancelada",
        }
    }

    pub fn parse(s: &str) -> Result<Self, ReglaError> {
        Self::TODOS.into_iter().find(|e| e.nombre() == s).ok_or_else(|| ReglaError::EstadoDesconocido(s.to_owned()))
    }

    /// Pendiente may become Asistio, Vencido or Cancelada; every other move is refused.
    pub fn pasar_a(self, hacia: Self) -> Result<Self, ReglaError> {
        match (self, hacia) {
            (Self::Pendiente, Self::Asistio | Self::Vencido | Self::Cancelada) => Ok(hacia),
            (desde, hacia) => Err(ReglaError::TransicionInvalida { desde, hacia }),
        }
    }
}

/// The move between two states given by name, as clients send them.
pub fn pasar_estado(desde: &str, hacia: &str) -> Result<EstadoReservacion, ReglaError> {
    EstadoReservacion::parse(desde)?.pasar_a(EstadoReservacion::parse(hacia)?)
}
