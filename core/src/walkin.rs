//! The walk-in wizard's form and where it starts.

use serde::{Deserialize, Serialize};

use crate::personal::Evento;
use crate::promos::PromoAplicada;
use crate::tiempo::ReglasHorario;

/// Status and origin every walk-in record carries.
pub const STATUS_WALKIN: &str = "Walk-in";
pub const ORIGEN_WALKIN: &str = "Walk-in";

/// Every field of the wizard (spec §3, "Wizard form fields").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FormularioWalkin {
    pub tag: String,
    pub marca: String,
    pub sucursal: String,
    pub status: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub evento: Evento,
    pub no_personas: Option<u32>,
    pub mesa: String,
    pub mesero_id: String,
    pub mesero_name: String,
    pub buffet_adulto: Option<u32>,
    pub buffet_boy: Option<u32>,
    pub buffet_promo_adulto: Option<u32>,
    pub buffet_promo_girl: Option<u32>,
    pub buffet_promo_boy: Option<u32>,
    #[serde(rename = "listPromos")]
    pub list_promos: Vec<PromoAplicada>,
    #[serde(rename = "isAfter7pm")]
    pub is_after7pm: bool,
    pub folio: String,
}

impl FormularioWalkin {
    /// A fresh walk-in: one adult, no event, no promotions (spec §3 "Walk-in defaults").
    pub fn nuevo(tag: &str, is_after7pm: bool) -> Self {
        FormularioWalkin {
            tag: tag.to_owned(),
            marca: String::new(),
            sucursal: String::new(),
            status: STATUS_WALKIN.to_owned(),
            name: String::new(),
            email: String::new(),
            phone: String::new(),
            evento: Evento::Ninguno,
            no_personas: Some(1),
            mesa: String::new(),
            mesero_id: String::new(),
            mesero_name: String::new(),
            buffet_adulto: Some(1),
            buffet_boy: Some(0),
            buffet_promo_adulto: Some(1),
            buffet_promo_girl: Some(0),
            buffet_promo_boy: Some(0),
            list_promos: Vec::new(),
            is_after7pm,
            folio: String::new(),
        }
    }
}

/// Minutes past its time after which a Pendiente reservation is a no-show, unless the branch
/// says otherwise (DESIGN §4).
pub const GRACIA_MIN_POR_DEFECTO: u32 = 30;

/// A branch's walk-in settings (conf-walkin, DESIGN §4). The defaults are the spec's: buffet
/// hours 13:00 and 19:00, late cutoff 18:40, in the branch's zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfWalkin {
    pub horario: ReglasHorario,
    pub gracia_min: u32,
    pub prefijo_folio: String,
    pub pie_ticket: String,
    pub correo_requerido: bool,
    pub telefono_requerido: bool,
}

impl Default for ConfWalkin {
    fn default() -> Self {
        ConfWalkin {
            horario: ReglasHorario::default(),
            gracia_min: GRACIA_MIN_POR_DEFECTO,
            prefijo_folio: String::new(),
            pie_ticket: String::new(),
            correo_requerido: false,
            telefono_requerido: false,
        }
    }
}
