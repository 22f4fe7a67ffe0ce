//! The states a reservation lives through (it waits, Pendiente, and then ends exactly one way)
//! and the origins it may come from, as values with their stored and displayed names. Reading a
//! name and moving between states are refused or allowed by `reservacion`.

use serde::{Deserialize, Serialize};

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
}

/// Where a reservation came from: the seven origins, by their stored names.
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
}
