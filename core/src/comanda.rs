//! The order (comanda) step shared by the walk-in wizard and the attendance wizard.

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;

/// Buffet counts and party size as the order form holds them. `None` is an empty input.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct ConteosComanda {
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 50))]
    pub no_personas: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 50))]
    pub buffet_adulto: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 50))]
    pub buffet_boy: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 50))]
    pub buffet_promo_adulto: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 50))]
    pub buffet_promo_girl: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 50))]
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

    /// The counts after the party is changed to `no_personas`. While the host has not touched the
    /// buffet counts (they still say "everyone an adult" for the previous party, as the defaults
    /// and the check-in's prefill do), they follow the party; once edited, they are the host's and
    /// only the party changes (the order step then says whether they still add up).
    pub fn con_personas(&self, no_personas: Option<u32>) -> Self {
        // Everyone an adult in both modes, as many as the party (or the party box was emptied, or
        // held a 0, on the way to a new number). A party of 0 is refused by the order step; the
        // counts do not follow it there.
        let ceros = [
            self.buffet_boy,
            self.buffet_promo_girl,
            self.buffet_promo_boy,
        ]
        .iter()
        .all(|v| *v == Some(0));
        let siguen = ceros
            && self.buffet_adulto.is_some()
            && self.buffet_adulto == self.buffet_promo_adulto
            && (matches!(self.no_personas, None | Some(0))
                || self.no_personas == self.buffet_adulto);
        match no_personas {
            Some(nuevas) if nuevas > 0 && siguen => {
                Self::desde_reservacion(nuevas, self.is_after7pm)
            }
            _ => ConteosComanda {
                no_personas,
                ..self.clone()
            },
        }
    }
}

/// The check run when staff press Siguiente on the order step; the first broken rule wins.
/// Write paths take the [`Pedido`] this check produces instead.
pub fn validar_comanda(c: &ConteosComanda) -> Result<(), ReglaError> {
    Pedido::parse(c).map(|_| ())
}

/// The largest party a table's order, a reservation, an attendance, a walk-in or the waitlist
/// takes; every buffet count of an order is bounded by it too (they add up to the party).
pub const PERSONAS_MAX: u32 = 50;

/// A party size: at least one guest, at most [`PERSONAS_MAX`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Personas(u32);

impl Personas {
    /// An empty input or zero is refused with the order step's message, a party above
    /// [`PERSONAS_MAX`] with the limit's.
    pub fn parse(v: Option<u32>) -> Result<Self, ReglaError> {
        match v {
            Some(n) if n > PERSONAS_MAX => {
                Err(ReglaError::PersonasExcedenLimite { max: PERSONAS_MAX })
            }
            Some(n) if n > 0 => Ok(Personas(n)),
            _ => Err(ReglaError::PersonasCero),
        }
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

impl TryFrom<u32> for Personas {
    type Error = ReglaError;
    fn try_from(n: u32) -> Result<Self, ReglaError> {
        Personas::parse(Some(n))
    }
}

impl From<Personas> for u32 {
    fn from(p: Personas) -> u32 {
        p.0
    }
}

/// The five buffet counts stored beside a visit, one column each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Buffets {
    pub buffet_adulto: u32,
    pub buffet_boy: u32,
    pub buffet_promo_adulto: u32,
    pub buffet_promo_girl: u32,
    pub buffet_promo_boy: u32,
}

/// An order whose counts passed every rule of the order step. Only [`Pedido::parse`] makes one,
/// so a write path that takes it cannot skip the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pedido {
    personas: Personas,
    buffets: Buffets,
    after_seven: bool,
}

impl Pedido {
    /// The order step's rules (a party, adult buffets, counts that add up to the party), checked
    /// in turn; the first broken one is the answer.
    pub fn parse(c: &ConteosComanda) -> Result<Pedido, ReglaError> {
        let personas = Personas::parse(c.no_personas)?;
        let total_personas = u64::from(personas.get());
        // No count can stand for more guests than the largest party, whichever mode is active.
        for (campo, v) in [
            ("buffet_adulto", c.buffet_adulto),
            ("buffet_boy", c.buffet_boy),
            ("buffet_promo_adulto", c.buffet_promo_adulto),
            ("buffet_promo_girl", c.buffet_promo_girl),
            ("buffet_promo_boy", c.buffet_promo_boy),
        ] {
            if n(v) > u64::from(PERSONAS_MAX) {
                return Err(ReglaError::FueraDeRango {
                    campo,
                    min: 0,
                    max: PERSONAS_MAX,
                });
            }
        }
        if n(c.buffet_adulto) == 0 {
            return Err(ReglaError::BuffetsAdultoCero);
        }
        if c.is_after7pm {
            let total = n(c.buffet_promo_adulto) + n(c.buffet_promo_girl) + n(c.buffet_promo_boy);
            if total != total_personas {
                return Err(ReglaError::BuffetsNoCoinciden);
            }
            if n(c.buffet_promo_adulto) == 0 && n(c.buffet_promo_girl) == 0 {
                return Err(ReglaError::CaballeroODamaCero);
            }
        } else if n(c.buffet_adulto) + n(c.buffet_boy) != total_personas {
            return Err(ReglaError::BuffetsNoCoinciden);
        }
        let v = |x: Option<u32>| x.unwrap_or(0);
        // Only the active mode's counts are kept; the other mode's are zero.
        let buffets = if c.is_after7pm {
            Buffets {
                buffet_adulto: v(c.buffet_adulto),
                buffet_boy: 0,
                buffet_promo_adulto: v(c.buffet_promo_adulto),
                buffet_promo_girl: v(c.buffet_promo_girl),
                buffet_promo_boy: v(c.buffet_promo_boy),
            }
        } else {
            Buffets {
                buffet_adulto: v(c.buffet_adulto),
                buffet_boy: v(c.buffet_boy),
                ..Buffets::default()
            }
        };
        Ok(Pedido {
            personas,
            buffets,
            after_seven: c.is_after7pm,
        })
    }

    pub fn personas(&self) -> Personas {
        self.personas
    }

    pub fn buffets(&self) -> Buffets {
        self.buffets
    }

    pub fn after_seven(&self) -> bool {
        self.after_seven
    }

    /// The comanda's buffet as the ticket prints it: Adulto/Niño, or Caballero/Dama/Niño.
    pub fn buffet(&self) -> Buffet {
        let b = self.buffets;
        if self.after_seven {
            Buffet {
                after_seven: true,
                adulto: b.buffet_promo_adulto,
                dama: b.buffet_promo_girl,
                nino: b.buffet_promo_boy,
            }
        } else {
            Buffet {
                after_seven: false,
                adulto: b.buffet_adulto,
                dama: 0,
                nino: b.buffet_boy,
            }
        }
    }

    /// Form counts that give back this buffet, to check a stored one again. In promo mode the
    /// form's regular adult count is not kept on the comanda; the party's adults stand for it.
    fn conteos(buffet: &Buffet, personas: u32) -> ConteosComanda {
        if buffet.after_seven {
            ConteosComanda {
                no_personas: Some(personas),
                buffet_adulto: Some(buffet.adulto + buffet.dama),
                buffet_boy: Some(0),
                buffet_promo_adulto: Some(buffet.adulto),
                buffet_promo_girl: Some(buffet.dama),
                buffet_promo_boy: Some(buffet.nino),
                is_after7pm: true,
            }
        } else {
            ConteosComanda {
                no_personas: Some(personas),
                buffet_adulto: Some(buffet.adulto),
                buffet_boy: Some(buffet.nino),
                buffet_promo_adulto: Some(0),
                buffet_promo_girl: Some(0),
                buffet_promo_boy: Some(0),
                is_after7pm: false,
            }
        }
    }
}

/// The waiter serving a table, as the comanda names them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Mesero {
    pub id: String,
    pub name: String,
}

/// The buffet part of a comanda: `afterSeven` picks Caballero/Dama/Niño over Adulto/Niño.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Buffet {
    #[serde(rename = "afterSeven")]
    pub after_seven: bool,
    pub adulto: u32,
    pub dama: u32,
    pub nino: u32,
}

/// The kitchen order slip: folio, table, waiter, party and buffet. Made only from a
/// [`Pedido`], and checked again when read back from storage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "DocumentoComanda")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Comanda {
    folio: u64,
    mesa: String,
    mesero: Mesero,
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    no_personas: Personas,
    buffet: Buffet,
}

/// A comanda as a stored or sent document, before its counts are checked.
#[derive(Deserialize)]
struct DocumentoComanda {
    folio: u64,
    mesa: String,
    mesero: Mesero,
    no_personas: u32,
    buffet: Buffet,
}

impl TryFrom<DocumentoComanda> for Comanda {
    type Error = ReglaError;
    fn try_from(d: DocumentoComanda) -> Result<Self, ReglaError> {
        let pedido = Pedido::parse(&Pedido::conteos(&d.buffet, d.no_personas))?;
        if pedido.buffet() != d.buffet {
            return Err(ReglaError::BuffetsNoCoinciden);
        }
        Ok(Comanda::nueva(&pedido, d.folio, &d.mesa, d.mesero))
    }
}

impl Comanda {
    /// The comanda of a checked order, once the server has assigned its folio.
    pub fn nueva(pedido: &Pedido, folio: u64, mesa: &str, mesero: Mesero) -> Comanda {
        Comanda {
            folio,
            mesa: mesa.trim().to_owned(),
            mesero,
            no_personas: pedido.personas(),
            buffet: pedido.buffet(),
        }
    }

    pub fn folio(&self) -> u64 {
        self.folio
    }

    pub fn mesa(&self) -> &str {
        &self.mesa
    }

    /// The same comanda at another table (a party moved, "Cambiar de mesa").
    pub fn en_mesa(&self, mesa: &crate::piso::MesaElegida) -> Comanda {
        Comanda {
            mesa: mesa.etiqueta(),
            ..self.clone()
        }
    }

    pub fn mesero(&self) -> &Mesero {
        &self.mesero
    }

    pub fn no_personas(&self) -> Personas {
        self.no_personas
    }

    pub fn buffet(&self) -> Buffet {
        self.buffet
    }

    /// The five buffet columns stored beside the visit.
    pub fn buffets(&self) -> Buffets {
        let b = self.buffet;
        if b.after_seven {
            Buffets {
                buffet_adulto: b.adulto,
                buffet_boy: 0,
                buffet_promo_adulto: b.adulto,
                buffet_promo_girl: b.dama,
                buffet_promo_boy: b.nino,
            }
        } else {
            Buffets {
                buffet_adulto: b.adulto,
                buffet_boy: b.nino,
                ..Buffets::default()
            }
        }
    }
}

/// The inline check of one field as it is edited. Fields without an inline rule always pass.
pub fn validar_campo_comanda(c: &ConteosComanda, campo: &str) -> Result<(), ReglaError> {
    match campo {
        "no_personas" if n(c.no_personas) == 0 => Err(ReglaError::PersonasCero),
        "no_personas" if n(c.no_personas) > u64::from(PERSONAS_MAX) => {
            Err(ReglaError::PersonasExcedenLimite { max: PERSONAS_MAX })
        }
        "buffet_adulto" if !c.is_after7pm && n(c.buffet_adulto) == 0 => {
            Err(ReglaError::BuffetCero {
                campo: "buffet_adulto",
            })
        }
        "buffet_promo_adulto" | "buffet_promo_girl"
            if c.is_after7pm && n(c.buffet_promo_adulto) == 0 && n(c.buffet_promo_girl) == 0 =>
        {
            let campo = if campo == "buffet_promo_adulto" {
                "buffet_promo_adulto"
            } else {
                "buffet_promo_girl"
            };
            Err(ReglaError::BuffetCero { campo })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untouched_counts_follow_the_party_and_edited_ones_stay() {
        // The walk-in's defaults: a party of one, one adult in each mode.
        let inicio = ConteosComanda::desde_reservacion(1, true);
        let tres = inicio.con_personas(Some(3));
        assert_eq!(tres, ConteosComanda::desde_reservacion(3, true));
        assert_eq!(validar_comanda(&tres), Ok(()));
        // The host makes one a Dama: from then on the counts are theirs.
        let editados = ConteosComanda {
            buffet_promo_adulto: Some(2),
            buffet_promo_girl: Some(1),
            ..tres
        };
        let cuatro = editados.con_personas(Some(4));
        assert_eq!(
            (
                cuatro.no_personas,
                cuatro.buffet_promo_adulto,
                cuatro.buffet_promo_girl
            ),
            (Some(4), Some(2), Some(1))
        );
        // An emptied party box changes only the party; typed again, untouched counts follow it.
        let vacio = tres.con_personas(None);
        assert_eq!(
            (vacio.no_personas, vacio.buffet_promo_adulto),
            (None, Some(3))
        );
        assert_eq!(
            vacio.con_personas(Some(5)),
            ConteosComanda::desde_reservacion(5, true)
        );
        assert_eq!(
            editados
                .con_personas(None)
                .con_personas(Some(5))
                .buffet_promo_girl,
            Some(1)
        );
        // Through a 0 typed on the way: the counts wait for the real number.
        let cero = tres.con_personas(Some(0));
        assert_eq!(
            (cero.no_personas, cero.buffet_promo_adulto),
            (Some(0), Some(3))
        );
        assert_eq!(
            cero.con_personas(Some(4)),
            ConteosComanda::desde_reservacion(4, true)
        );
    }

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
        assert_eq!(
            validar_comanda(&regular(2, 2, 1)),
            Err(ReglaError::BuffetsNoCoinciden)
        );
    }

    #[test]
    fn huge_counts_are_refused_at_the_party_bound() {
        assert_eq!(
            validar_comanda(&regular(u32::MAX, u32::MAX, u32::MAX)),
            Err(ReglaError::PersonasExcedenLimite { max: 50 })
        );
        assert_eq!(
            validar_comanda(&regular(50, u32::MAX, u32::MAX)),
            Err(ReglaError::FueraDeRango {
                campo: "buffet_adulto",
                min: 0,
                max: 50
            })
        );
    }

    #[test]
    fn a_party_of_fifty_passes_and_fifty_one_is_refused() {
        assert_eq!(validar_comanda(&regular(50, 40, 10)), Ok(()));
        assert_eq!(
            validar_comanda(&regular(51, 51, 0)),
            Err(ReglaError::PersonasExcedenLimite { max: 50 })
        );
        assert_eq!(
            Personas::parse(Some(2_147_483_648)),
            Err(ReglaError::PersonasExcedenLimite { max: 50 })
        );
        // In promo mode the regular adult count is not summed; it is bounded all the same.
        let mut promo = ConteosComanda::desde_reservacion(4, true);
        promo.buffet_adulto = Some(2_147_483_648);
        assert_eq!(
            validar_comanda(&promo),
            Err(ReglaError::FueraDeRango {
                campo: "buffet_adulto",
                min: 0,
                max: 50
            })
        );
        assert_eq!(
            ReglaError::FueraDeRango {
                campo: "buffet_adulto",
                min: 0,
                max: 50
            }
            .to_string(),
            "«Buffet adulto» debe estar entre 0 y 50"
        );
    }

    #[test]
    fn a_checked_order_keeps_only_its_modes_counts() {
        let mut c = regular(4, 3, 1);
        c.buffet_promo_girl = Some(7);
        let p = Pedido::parse(&c).unwrap();
        assert_eq!(
            p.buffets(),
            Buffets {
                buffet_adulto: 3,
                buffet_boy: 1,
                ..Buffets::default()
            }
        );
        assert_eq!(
            p.buffet(),
            Buffet {
                after_seven: false,
                adulto: 3,
                dama: 0,
                nino: 1
            }
        );
    }

    #[test]
    fn a_stored_comanda_whose_counts_do_not_add_up_is_refused() {
        let doc = |nino: u32| {
            serde_json::json!({ "folio": 7, "mesa": "4", "mesero": { "id": "m", "name": "Ana" }, "no_personas": 3,
                "buffet": { "afterSeven": false, "adulto": 2, "dama": 0, "nino": nino } })
        };
        let c: Comanda = serde_json::from_value(doc(1)).unwrap();
        assert_eq!(
            (c.folio(), c.no_personas().get(), c.buffets().buffet_boy),
            (7, 3, 1)
        );
        assert!(serde_json::from_value::<Comanda>(doc(2)).is_err());
        assert_eq!(serde_json::to_value(&c).unwrap(), doc(1));
    }

    #[test]
    fn a_promo_comanda_with_only_damas_reads_back() {
        let c = ConteosComanda {
            no_personas: Some(2),
            buffet_adulto: Some(2),
            buffet_promo_adulto: Some(0),
            buffet_promo_girl: Some(2),
            buffet_promo_boy: Some(0),
            is_after7pm: true,
            ..Default::default()
        };
        let p = Pedido::parse(&c).unwrap();
        let comanda = Comanda::nueva(
            &p,
            9,
            "3",
            Mesero {
                id: "m".into(),
                name: "Ana".into(),
            },
        );
        let leida: Comanda =
            serde_json::from_value(serde_json::to_value(&comanda).unwrap()).unwrap();
        assert_eq!(leida, comanda);
    }

    #[test]
    fn zero_people_is_not_a_party() {
        assert_eq!(Personas::parse(Some(0)), Err(ReglaError::PersonasCero));
        assert_eq!(Personas::parse(None), Err(ReglaError::PersonasCero));
        assert_eq!(Personas::parse(Some(2)).map(Personas::get), Ok(2));
    }

    #[test]
    fn a_reservation_prefills_every_guest_as_adult() {
        let c = ConteosComanda::desde_reservacion(3, true);
        assert_eq!(validar_comanda(&c), Ok(()));
        assert_eq!(c.buffet_promo_girl, Some(0));
    }
}
