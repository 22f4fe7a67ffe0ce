//! The order (comanda) step shared by the walk-in wizard and the attendance wizard.

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;

/// Buffet counts and party size as the order form holds them. `None` is an empty input.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConteosComanda {
    #[serde(default)]
    pub no_personas: Option<u32>,
    #[serde(default)]
    pub buffet_adulto: Option<u32>,
    #[serde(default)]
    pub buffet_boy: Option<u32>,
    #[serde(default)]
    pub buffet_promo_adulto: Option<u32>,
    #[serde(default)]
    pub buffet_promo_girl: Option<u32>,
    #[serde(default)]
    pub buffet_promo_boy: Option<u32>,
    /// Promo buffet (Caballero, Dama, Niño) instead of the regular one (Adulto, Niño).
    #[serde(default, rename = "isAfter7pm")]
    pub is_after7pm: bool,
}

fn n(v: Option<u32>) -> u64 {
    u64::from(v.unwrap_or(0))
}

impl ConteosComanda {
    /// What the check-in prefills from a reservation: every guest an adult, in either mode.
    pub fn desde_reservacion(no_personas: u32, is_after7pm: bool) -> Self {
        ConteosComanda {
            no_personas: Some(no_personas),
            buffet_adulto: Some(no_personas),
            buffet_boy: Some(0),
            buffet_promo_adulto: Some(no_personas),
            buffet_promo_girl: Some(0),
            buffet_promo_boy: Some(0),
            is_after7pm,
        }
    }
}

/// The check run when staff press Siguiente on the order step; the first broken rule wins.
pub fn validar_comanda(c: &ConteosComanda) -> Result<(), ReglaError> {
    let personas = n(c.no_personas);
    if personas == 0 {
        return Err(ReglaError::PersonasCero);
    }
    if n(c.buffet_adulto) == 0 {
        return Err(ReglaError::BuffetsAdultoCero);
    }
    if c.is_after7pm {
        let total = n(c.buffet_promo_adulto) + n(c.buffet_promo_girl) + n(c.buffet_promo_boy);
        if total != personas {
            return Err(ReglaError::BuffetsNoCoinciden);
        }
        if n(c.buffet_promo_adulto) == 0 && n(c.buffet_promo_girl) == 0 {
            return Err(ReglaError::CaballeroODamaCero);
        }
    } else if n(c.buffet_adulto) + n(c.buffet_boy) != personas {
        return Err(ReglaError::BuffetsNoCoinciden);
    }
    Ok(())
}

/// The inline check of one field as it is edited. Fields without an inline rule always pass.
pub fn validar_campo_comanda(c: &ConteosComanda, campo: &str) -> Result<(), ReglaError> {
    match campo {
        "no_personas" if n(c.no_personas) == 0 => Err(ReglaError::PersonasCero),
        "buffet_adulto" if !c.is_after7pm && n(c.buffet_adulto) == 0 => {
            Err(ReglaError::BuffetCero { campo: "buffet_adulto" })
        }
        "buffet_promo_adulto" | "buffet_promo_girl"
            if c.is_after7pm && n(c.buffet_promo_adulto) == 0 && n(c.buffet_promo_girl) == 0 =>
        {
            let campo = if campo == "buffet_promo_adulto" { "buffet_promo_adulto" } else { "buffet_promo_girl" };
            Err(ReglaError::BuffetCero { campo })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regular(personas: u32, adulto: u32, nino: u32) -> ConteosComanda {
        ConteosComanda {
            no_personas: Some(personas),
            buffet_adulto: Some(adulto),
            buffet_boy: Some(nino),
            ..Default::default()
        }
    }

    #[test]
    fn a_family_of_four_with_two_children_passes() {
        assert_eq!(validar_comanda(&regular(4, 2, 2)), Ok(()));
    }

    #[test]
    fn counts_that_sum_past_the_party_are_refused() {
        assert_eq!(validar_comanda(&regular(2, 2, 1)), Err(ReglaError::BuffetsNoCoinciden));
    }

    #[test]
    fn huge_counts_do_not_overflow_the_sum() {
        assert_eq!(validar_comanda(&regular(u32::MAX, u32::MAX, u32::MAX)), Err(ReglaError::BuffetsNoCoinciden));
    }

    #[test]
    fn a_reservation_prefills_every_guest_as_adult() {
        let c = ConteosComanda::desde_reservacion(3, true);
        assert_eq!(validar_comanda(&c), Ok(()));
        assert_eq!(c.buffet_promo_girl, Some(0));
    }
}
