//! The waitlist of a branch (the host stand's evening rush): who waits, how long each was told
//! to wait, and who is next for a table that just freed. The floor's tables are
//! [`crate::piso::MesaDelPiso`]; a quote runs the parties ahead through the same tables.

use serde::{Deserialize, Serialize};

use crate::personal::{normalizar_nombre, normalizar_telefono};
use crate::piso::{asientos_de, corridas, opciones_para, MesaDelPiso, ESPERA_MIN_OCUPADA};
use crate::ReglaError;

/// The largest party the waitlist takes (as a staff booking).
pub const PERSONAS_MAX: u32 = 50;
/// The notes' length.
pub const NOTAS_MAX: usize = 200;
/// The reason a party left: its length.
pub const MOTIVO_MAX: usize = 120;

/// A party to add, as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosEspera {
    #[cfg_attr(feature = "openapi", schema(example = "Familia Pérez"))]
    pub name: String,
    /// Where "Su mesa está lista" is sent; optional.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub phone: Option<String>,
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 50))]
    pub personas: u32,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 200))]
    pub notas: String,
}

/// A party checked: name, phone as stored (digits), party size, notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnEspera {
    pub name: String,
    pub phone: Option<String>,
    pub personas: u32,
    pub notas: String,
}

impl EnEspera {
    pub fn parse(d: &DatosEspera) -> Result<EnEspera, ReglaError> {
        let name = normalizar_nombre(&d.name)?;
        let phone = normalizar_telefono(d.phone.as_deref().unwrap_or(""))?;
        if d.personas == 0 {
            return Err(ReglaError::PersonasCero);
        }
        if d.personas > PERSONAS_MAX {
            return Err(ReglaError::FueraDeRango {
                campo: "personas",
                min: 1,
                max: PERSONAS_MAX,
            });
        }
        let notas = d.notas.trim();
        crate::texto::exigir_visible(notas, "notas", true)?;
        if notas.chars().count() > NOTAS_MAX {
            return Err(ReglaError::NotasLargas { max: NOTAS_MAX });
        }
        Ok(EnEspera {
            name,
            phone,
            personas: d.personas,
            notas: notas.to_owned(),
        })
    }
}

/// Why a party left the list, checked: required, bounded, visible.
pub fn exigir_motivo(motivo: &str) -> Result<String, ReglaError> {
    let m = motivo.split_whitespace().collect::<Vec<_>>().join(" ");
    crate::texto::exigir_visible(&m, "motivo", false)?;
    if m.is_empty() {
        return Err(ReglaError::MotivoRequerido);
    }
    if m.chars().count() > MOTIVO_MAX {
        return Err(ReglaError::MotivoLargo { max: MOTIVO_MAX });
    }
    Ok(m)
}

/// Minutes each waiting party (their sizes, in the list's order) is expected to wait: every
/// table, or run of combinable neighbours, frees at the expected stay (a free one now, a seated
/// one when its stay ends, at least [`ESPERA_MIN_OCUPADA`] away); each party in turn takes the
/// place that seats it soonest, which is then held for an expected stay after it sits. `None`
/// for a party no table or join of the branch seats.
pub fn cotizar(mesas: &[MesaDelPiso], estancia_min: u32, fila: &[u32]) -> Vec<Option<u32>> {
    let mut libre_en: std::collections::HashMap<u32, u32> = mesas
        .iter()
        .map(|m| {
            let falta = m
                .minutos
                .map(|s| estancia_min.saturating_sub(s).max(ESPERA_MIN_OCUPADA))
                .unwrap_or(0);
            (m.numero, falta)
        })
        .collect();
    fila.iter()
        .map(|&personas| {
            let personas = personas.max(1);
            let mejor = corridas(mesas, |_| true, |c| asientos_de(c) >= personas)
                .into_iter()
                .filter(|c| asientos_de(c) >= personas)
                .map(|c| {
                    let cuando = c.iter().map(|m| libre_en[&m.numero]).max().unwrap_or(0);
                    (cuando, asientos_de(&c), c)
                })
                .min_by_key(|(cuando, asientos, c)| (*cuando, *asientos, c.len()))?;
            let (cuando, _, corrida) = mejor;
            for m in corrida {
                libre_en.insert(m.numero, cuando + estancia_min.max(1));
            }
            Some(cuando)
        })
        .collect()
}

/// The first waiting party (index in the list's order) that a free table or join seats now:
/// whom to call for the table that just freed.
pub fn siguiente(mesas: &[MesaDelPiso], fila: &[u32]) -> Option<usize> {
    fila.iter()
        .position(|&p| !opciones_para(mesas, p.max(1)).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesa(numero: u32, asientos: u32, combinable: bool, minutos: Option<u32>) -> MesaDelPiso {
        MesaDelPiso {
            numero,
            asientos,
            combinable,
            area: String::new(),
            minutos,
        }
    }

    #[test]
    fn a_party_is_checked_as_a_walk_in() {
        let ok = EnEspera::parse(&DatosEspera {
            name: "  Ana   Ruiz ".into(),
            phone: Some("52 55 1234 5678".into()),
            personas: 4,
            notas: "silla alta".into(),
        })
        .unwrap();
        assert_eq!(ok.name, "Ana Ruiz");
        assert_eq!(ok.phone.as_deref(), Some("525512345678"));
        let base = DatosEspera {
            name: "Ana".into(),
            personas: 2,
            ..Default::default()
        };
        assert_eq!(
            EnEspera::parse(&DatosEspera {
                personas: 0,
                ..base.clone()
            }),
            Err(ReglaError::PersonasCero)
        );
        assert!(EnEspera::parse(&DatosEspera {
            personas: 51,
            ..base.clone()
        })
        .is_err());
        assert_eq!(
            EnEspera::parse(&DatosEspera {
                name: " ".into(),
                ..base.clone()
            }),
            Err(ReglaError::NombreRequerido)
        );
        assert!(EnEspera::parse(&DatosEspera {
            notas: "x".repeat(201),
            ..base
        })
        .is_err());
        assert_eq!(exigir_motivo("  "), Err(ReglaError::MotivoRequerido));
        assert_eq!(
            exigir_motivo(" No  contestó ").as_deref(),
            Ok("No contestó")
        );
    }

    #[test]
    fn parties_ahead_take_the_tables_first() {
        // Two tables of 4, seated 100 and 60 minutes ago, stays of 120 minutes.
        let mesas = [mesa(1, 4, false, Some(100)), mesa(2, 4, false, Some(60))];
        // First party: table 1 in 20; second: table 2 in 60; third: table 1 again, after the
        // first party's expected stay (20 + 120).
        assert_eq!(
            cotizar(&mesas, 120, &[4, 2, 3]),
            vec![Some(20), Some(60), Some(140)]
        );
        // A party no table seats gets no quote and holds nothing.
        assert_eq!(cotizar(&mesas, 120, &[9, 2]), vec![None, Some(20)]);
        // A free table: no wait for the first, the next waits for a seated one.
        let mesas = [mesa(1, 4, false, None), mesa(2, 4, false, Some(110))];
        assert_eq!(cotizar(&mesas, 120, &[2, 2]), vec![Some(0), Some(10)]);
    }

    #[test]
    fn joined_tables_quote_when_both_free() {
        let mesas = [mesa(1, 4, true, Some(90)), mesa(2, 4, true, None)];
        assert_eq!(cotizar(&mesas, 120, &[8]), vec![Some(30)]);
    }

    #[test]
    fn the_next_party_is_the_first_a_free_table_seats() {
        let mesas = [mesa(1, 2, false, None), mesa(2, 6, false, Some(10))];
        assert_eq!(siguiente(&mesas, &[4, 2, 2]), Some(1));
        assert_eq!(siguiente(&mesas, &[4, 6]), None);
    }
}
