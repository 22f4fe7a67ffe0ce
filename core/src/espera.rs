//! The waitlist of a branch (the host stand's evening rush): who waits, how long each was told
//! to wait, and who is next for a table that just freed. The floor's tables are
//! [`crate::piso::MesaDelPiso`]; a quote runs the parties ahead through the same tables.

use serde::{Deserialize, Serialize};

use crate::personal::{normalizar_nombre, normalizar_telefono};
use crate::piso::{MesaDelPiso, ESPERA_MIN_OCUPADA};
use crate::ReglaError;

/// The largest party the waitlist takes: the same as any table's.
pub use crate::comanda::PERSONAS_MAX;
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
/// place that seats it soonest (then the fewest seats, the fewest tables, the lowest number),
/// which is then held for an expected stay after it sits. `None` for a party no table or join of
/// the branch seats.
///
/// The runs that may seat a party are the shortest from each table in numbering order, as the
/// floor offers them; they are walked with two pointers and a window's maximum, so a quote costs
/// one pass over the tables per party ahead.
pub fn cotizar(mesas: &[MesaDelPiso], estancia_min: u32, fila: &[u32]) -> Vec<Option<u32>> {
    let mut orden: Vec<&MesaDelPiso> = mesas.iter().collect();
    orden.sort_by_key(|m| m.numero);
    let n = orden.len();
    let mut libre_en: Vec<u32> = orden
        .iter()
        .map(|m| {
            m.minutos
                .map(|s| estancia_min.saturating_sub(s).max(ESPERA_MIN_OCUPADA))
                .unwrap_or(0)
        })
        .collect();
    let mut suma = vec![0_u64; n + 1];
    for (k, m) in orden.iter().enumerate() {
        suma[k + 1] = suma[k] + u64::from(m.asientos);
    }
    let asientos = |a: usize, b: usize| suma[b + 1] - suma[a];
    let enlaza = |k: usize| k + 1 < n && orden[k].combinable && orden[k + 1].combinable;
    fila.iter()
        .map(|&personas| {
            let personas = u64::from(personas.max(1));
            // (when, seats, tables, first, last) of the best run so far.
            let mut mejor: Option<(u32, u64, usize, usize, usize)> = None;
            // The run [i, fin]; `maximos` holds its tables by falling `libre_en`.
            let mut fin = 0_usize;
            let mut maximos: std::collections::VecDeque<usize> = Default::default();
            for i in 0..n {
                if fin < i || maximos.is_empty() {
                    fin = i;
                    maximos.clear();
                    maximos.push_back(i);
                }
                while maximos.front().is_some_and(|&k| k < i) {
                    maximos.pop_front();
                }
                while asientos(i, fin) < personas && enlaza(fin) {
                    fin += 1;
                    while maximos
                        .back()
                        .is_some_and(|&k| libre_en[k] <= libre_en[fin])
                    {
                        maximos.pop_back();
                    }
                    maximos.push_back(fin);
                }
                if asientos(i, fin) < personas {
                    continue;
                }
                let cuando = maximos.front().map_or(0, |&k| libre_en[k]);
                let clave = (cuando, asientos(i, fin), fin - i + 1);
                if mejor.is_none_or(|(c, a, l, _, _)| clave < (c, a, l)) {
                    mejor = Some((clave.0, clave.1, clave.2, i, fin));
                }
            }
            let (cuando, _, _, desde, hasta) = mejor?;
            for libre in &mut libre_en[desde..=hasta] {
                *libre = cuando + estancia_min.max(1);
            }
            Some(cuando)
        })
        .collect()
}

/// The first waiting party (index in the list's order) that a free table or join seats now:
/// whom to call for the table that just freed. A party fits when its size is at most the seats
/// of the largest run of free tables each joinable to the next (a single table is such a run).
pub fn siguiente(mesas: &[MesaDelPiso], fila: &[u32]) -> Option<usize> {
    let mut orden: Vec<&MesaDelPiso> = mesas.iter().collect();
    orden.sort_by_key(|m| m.numero);
    let mut mayor = 0_u64;
    let mut corrida = 0_u64;
    for (k, m) in orden.iter().enumerate() {
        if m.minutos.is_some() {
            corrida = 0;
            continue;
        }
        let sigue =
            k > 0 && orden[k - 1].minutos.is_none() && orden[k - 1].combinable && m.combinable;
        corrida = if sigue { corrida } else { 0 } + u64::from(m.asientos);
        mayor = mayor.max(corrida);
    }
    fila.iter().position(|&p| u64::from(p.max(1)) <= mayor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piso::opciones_para;

    fn mesa(numero: u32, asientos: u32, combinable: bool, minutos: Option<u32>) -> MesaDelPiso {
        MesaDelPiso {
            proxima: None,
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

    /// The quote as the floor's runs define it, every run built afresh for every party: what the
    /// one-pass quote must answer.
    fn cotizar_por_corridas(
        mesas: &[MesaDelPiso],
        estancia_min: u32,
        fila: &[u32],
    ) -> Vec<Option<u32>> {
        use crate::piso::{asientos_de, corridas};
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
                let (cuando, _, corrida) =
                    corridas(mesas, |_| true, |c| asientos_de(c) >= personas)
                        .into_iter()
                        .map(|c| {
                            let cuando = c.iter().map(|m| libre_en[&m.numero]).max().unwrap_or(0);
                            (cuando, asientos_de(&c), c)
                        })
                        .min_by_key(|(cuando, asientos, c)| (*cuando, *asientos, c.len()))?;
                for m in corrida {
                    libre_en.insert(m.numero, cuando + estancia_min.max(1));
                }
                Some(cuando)
            })
            .collect()
    }

    #[test]
    fn the_one_pass_quote_agrees_with_the_floors_runs_on_random_floors() {
        let mut semilla = 0x2545_f491_4f6c_dd1d_u64;
        let mut azar = |n: u64| {
            semilla ^= semilla << 13;
            semilla ^= semilla >> 7;
            semilla ^= semilla << 17;
            semilla % n
        };
        for _ in 0..2_000 {
            let cuantas = 1 + azar(14);
            let mut numeros: Vec<u32> = (1..=30).collect();
            let mesas: Vec<MesaDelPiso> = (0..cuantas)
                .map(|_| {
                    let numero = numeros.remove(azar(numeros.len() as u64) as usize);
                    let minutos = (azar(3) > 0).then(|| azar(200) as u32);
                    mesa(numero, 1 + azar(8) as u32, azar(3) > 0, minutos)
                })
                .collect();
            let fila: Vec<u32> = (0..azar(9)).map(|_| 1 + azar(20) as u32).collect();
            let estancia = 30 + azar(120) as u32;
            assert_eq!(
                cotizar(&mesas, estancia, &fila),
                cotizar_por_corridas(&mesas, estancia, &fila),
                "{mesas:?} {fila:?} {estancia}"
            );
            let primera = fila
                .iter()
                .position(|&p| !opciones_para(&mesas, p.max(1)).is_empty());
            assert_eq!(siguiente(&mesas, &fila), primera, "{mesas:?} {fila:?}");
        }
    }

    #[test]
    fn a_full_floor_and_a_long_list_quote_in_one_pass_each() {
        // The largest floor, every table joinable and seated, and a hundred parties of fifty:
        // each party walks the tables once.
        let mesas: Vec<MesaDelPiso> = (1..=crate::organizacion::MESAS_MAX as u32)
            .map(|n| mesa(n, 1 + n % 4, true, Some(n % 90)))
            .collect();
        let fila = vec![PERSONAS_MAX; 100];
        let q = cotizar(&mesas, 90, &fila);
        assert!(q.iter().all(Option::is_some));
        assert!(q.windows(2).all(|w| w[0] <= w[1]), "{q:?}");
        assert_eq!(siguiente(&mesas, &fila), None);
    }

    #[test]
    fn the_next_party_is_the_first_a_free_table_seats() {
        let mesas = [mesa(1, 2, false, None), mesa(2, 6, false, Some(10))];
        assert_eq!(siguiente(&mesas, &[4, 2, 2]), Some(1));
        assert_eq!(siguiente(&mesas, &[4, 6]), None);
    }
}
