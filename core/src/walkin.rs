//! The walk-in wizard's form and where it starts.

use serde::{Deserialize, Serialize};

use crate::personal::Evento;
use crate::promos::PromoAplicada;

/// Status and origin every walk-in record carries.
pub const STATUS_WALKIN: &str = "Walk-in";
pub const ORIGEN_WALKIN: &str = "Walk-in";

/// Every field of the wizard (spec §3, "Wizard form fields").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
