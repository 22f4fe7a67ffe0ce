//! The life of a reservation: it waits (Pendiente) and then ends exactly one way.

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EstadoReservacion {
    Pendiente,
    Asistio,
    Vencido,
    Cancelada,
}

impl EstadoReservacion {
    pub const TODOS: [EstadoReservacion; 4] = [
        Self::Pendiente,
        Self::Asistio,
        Self::Vencido,
        Self::Cancelada,
    ];

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
        Self::TODOS
            .into_iter()
            .find(|e| e.nombre() == s)
            .ok_or_else(|| ReglaError::EstadoDesconocido(s.to_owned()))
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

/// Where a reservation came from (spec §3): the seven origins, by their stored names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Origen {
    Widget,
    Plataforma,
    Whatsapp,
    Chatbot,
    Airbnb,
    Concierge,
    #[serde(rename = "google")]
    Google,
}

impl Origen {
    pub const TODOS: [Origen; 7] = [
        Self::Widget,
        Self::Plataforma,
        Self::Whatsapp,
        Self::Chatbot,
        Self::Airbnb,
        Self::Concierge,
        Self::Google,
    ];

    /// The stored and transmitted name.
    pub fn nombre(self) -> &'static str {
        match self {
            Self::Widget => "Widget",
            Self::Plataforma => "Plataforma",
            Self::Whatsapp => "Whatsapp",
            Self::Chatbot => "Chatbot",
            Self::Airbnb => "Airbnb",
            Self::Concierge => "Concierge",
            Self::Google => "google",
        }
    }

    pub fn parse(s: &str) -> Result<Self, ReglaError> {
        Self::TODOS
            .into_iter()
            .find(|o| o.nombre() == s)
            .ok_or_else(|| ReglaError::OrigenDesconocido(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_origin_reads_back_from_its_name() {
        for o in Origen::TODOS {
            assert_eq!(Origen::parse(o.nombre()), Ok(o));
        }
        assert_eq!(
            Origen::parse("Google"),
            Err(ReglaError::OrigenDesconocido("Google".into()))
        );
    }

    #[test]
    fn a_finished_reservation_cannot_move_again() {
        for desde in [
            EstadoReservacion::Asistio,
            EstadoReservacion::Vencido,
            EstadoReservacion::Cancelada,
        ] {
            assert!(desde.pasar_a(EstadoReservacion::Pendiente).is_err());
        }
    }
}
