//! The waitlist of a branch (the host stand's evening rush): who waits, how long each was told
//! to wait, and who is next for a table that just freed. The floor's tables are
//! [`crate::piso::MesaDelPiso`]; a quote runs the parties ahead through the same tables.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use serde::{Deserialize, Serialize};

use crate::personal::{normalizar_nombre, normalizar_telefono};
use crate::piso::{MesaDelPiso, ESPERA_MIN_OCUPADA};
use crate::reservacion::{exigir_abierto, DiaEspecial, HorarioDia};
use crate::telefono::PaisesTelefono;
use crate::tiempo::dia_de_servicio;
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

impl EnEspera {
    /// A party a guest writes down from their phone: the host's rules, and besides a phone of
    /// one of the branch's countries (their page's link and "Su mesa está lista" go to it,
    /// and the host calls it) and a party no larger than `personas_max`, the largest one table,
    /// or two joined, seats.
    pub fn parse_de_huesped(
        d: &DatosEspera,
        paises: &PaisesTelefono,
        personas_max: u32,
    ) -> Result<EnEspera, ReglaError> {
        let phone = paises
            .telefono_de_huesped(d.phone.as_deref().unwrap_or(""))?
            .ok_or(ReglaError::TelefonoParaEspera)?;
        let grupo = EnEspera::parse(&DatosEspera {
            phone: Some(phone),
            ..d.clone()
        })?;
        if grupo.personas > personas_max {
            return Err(ReglaError::GrupoGrandeEspera { max: personas_max });
        }
        Ok(grupo)
    }
}

/// Whether the online list takes a party at `ahora` (branch-local): the branch opened it
/// ("Lista en línea: abierta") and is open now by its hours (a special day's included).
pub fn exigir_lista_en_linea(
    abierta: bool,
    ahora: NaiveDateTime,
    horario: &[HorarioDia],
    especiales: &[DiaEspecial],
) -> Result<(), ReglaError> {
    if !abierta {
        return Err(ReglaError::ListaEnLineaCerrada);
    }
    exigir_abierto(ahora, horario, especiales).map_err(|_| ReglaError::ListaFueraDeHorario)
}

/// The reason a party closed from its own page ("Ya no voy") leaves with.
pub const MOTIVO_DEL_HUESPED: &str = "el huésped";

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

/// How a party's time on the waitlist ended (or that it has not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinEspera {
    Esperando,
    Sentado,
    SeFue,
}

/// A party of the waitlist as the queue's figures read it: branch-local times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasoPorLaLista {
    /// When it was written down.
    pub anotado: NaiveDateTime,
    /// When it was seated or left; `None` while it waits.
    pub cerrado: Option<NaiveDateTime>,
    pub fin: FinEspera,
    /// The wait it was quoted, in minutes; `None` when no table seated it.
    pub cotizada_min: Option<u32>,
    /// The wait the stay of the floor alone (today's, or the setting) would have quoted, kept
    /// beside the one told to measure the learned stay against it; `None` for parties written
    /// down before it was kept.
    pub cotizada_fija_min: Option<u32>,
    /// The guest joined from their phone.
    pub en_linea: bool,
}

/// What the waitlist did over some days: the parties written down, how many were seated and
/// how many left first, how long the seated ones waited and how often their quote was missed.
/// Waits are whole minutes from written down to seated; a median and a 90th percentile are the
/// nearest-rank ones (of 4 waits, the median is the 2nd shortest); `null` without a seated party.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CifrasEspera {
    pub grupos: u32,
    pub sentados: u32,
    /// Left before being seated.
    pub se_fueron: u32,
    /// Still waiting.
    pub esperando: u32,
    pub espera_mediana_min: Option<u32>,
    pub espera_p90_min: Option<u32>,
    /// Seated parties that had been quoted a wait.
    pub cotizados: u32,
    /// Of those, the ones that waited longer than quoted.
    pub cotizacion_superada: u32,
    /// By how many minutes a missed quote was missed: the median.
    pub exceso_mediano_min: Option<u32>,
    /// How far, on average, the quote told was from the wait (whole minutes, either way).
    pub error_medio_min: Option<u32>,
    /// The same, for the quote the floor's stay alone would have given those same parties:
    /// the learned stay's gain is the difference.
    pub error_medio_fijo_min: Option<u32>,
    /// Parties that joined from their phone; the rest were written down at the door.
    pub en_linea: u32,
    /// Per business day and hour of writing down, in order; hours without parties are left out.
    pub por_hora: Vec<EsperaPorHora>,
}

/// The parties written down in one hour of one business day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EsperaPorHora {
    /// The business day, `YYYY-MM-DD` (at 00:30, the day before).
    pub fecha: String,
    /// The local hour they were written down, 0 to 23.
    pub hora: u32,
    pub grupos: u32,
    pub sentados: u32,
    pub se_fueron: u32,
    pub espera_mediana_min: Option<u32>,
    /// Of them, those that joined from their phone.
    pub en_linea: u32,
}

/// The nearest-rank percentile `p` (1 to 100) of `valores`, sorted in place.
fn percentil(valores: &mut [u32], p: usize) -> Option<u32> {
    if valores.is_empty() {
        return None;
    }
    valores.sort_unstable();
    let rango = (p * valores.len()).div_ceil(100).max(1);
    valores.get(rango - 1).copied()
}

/// The minutes a seated party waited; `None` for one not seated.
fn espera_de(g: &PasoPorLaLista) -> Option<u32> {
    match (g.fin, g.cerrado) {
        (FinEspera::Sentado, Some(c)) => {
            Some(u32::try_from((c - g.anotado).num_minutes().max(0)).unwrap_or(u32::MAX))
        }
        _ => None,
    }
}

/// The queue's figures of `grupos`, their days counted as the branch's (days end at `fin_dia`
/// the next morning).
pub fn cifras_espera(grupos: &[PasoPorLaLista], fin_dia: NaiveTime) -> CifrasEspera {
    let contar = |fin: FinEspera, de: &[&PasoPorLaLista]| {
        u32::try_from(de.iter().filter(|g| g.fin == fin).count()).unwrap_or(u32::MAX)
    };
    let todos: Vec<&PasoPorLaLista> = grupos.iter().collect();
    let mut esperas: Vec<u32> = grupos.iter().filter_map(espera_de).collect();
    let cotizadas: Vec<(u32, u32)> = grupos
        .iter()
        .filter_map(|g| Some((espera_de(g)?, g.cotizada_min?)))
        .collect();
    // Each quote against the wait, over the parties that have both quotes, so the two means
    // are of the same parties.
    let pares: Vec<(u32, u32, u32)> = grupos
        .iter()
        .filter_map(|g| Some((espera_de(g)?, g.cotizada_min?, g.cotizada_fija_min?)))
        .collect();
    let error_medio = |cual: fn(&(u32, u32, u32)) -> u32| {
        (!pares.is_empty()).then(|| {
            let suma: u64 = pares.iter().map(|p| u64::from(p.0.abs_diff(cual(p)))).sum();
            let n = u64::try_from(pares.len()).unwrap_or(u64::MAX);
            u32::try_from((suma + n / 2) / n).unwrap_or(u32::MAX)
        })
    };
    let en_linea = |de: &[&PasoPorLaLista]| {
        u32::try_from(de.iter().filter(|g| g.en_linea).count()).unwrap_or(u32::MAX)
    };
    let mut excesos: Vec<u32> = cotizadas
        .iter()
        .filter(|(espera, cotizada)| espera > cotizada)
        .map(|(espera, cotizada)| espera - cotizada)
        .collect();
    // In the business day's order: the hours after midnight come after the evening's.
    let mut horas: std::collections::BTreeMap<(NaiveDate, u32, u32), Vec<&PasoPorLaLista>> =
        std::collections::BTreeMap::new();
    for g in grupos {
        let hora = g.anotado.hour();
        let orden = (hora + 24 - fin_dia.hour()) % 24;
        let clave = (dia_de_servicio(g.anotado, fin_dia), orden, hora);
        horas.entry(clave).or_default().push(g);
    }
    CifrasEspera {
        grupos: u32::try_from(grupos.len()).unwrap_or(u32::MAX),
        sentados: contar(FinEspera::Sentado, &todos),
        se_fueron: contar(FinEspera::SeFue, &todos),
        esperando: contar(FinEspera::Esperando, &todos),
        espera_mediana_min: percentil(&mut esperas.clone(), 50),
        espera_p90_min: percentil(&mut esperas, 90),
        cotizados: u32::try_from(cotizadas.len()).unwrap_or(u32::MAX),
        cotizacion_superada: u32::try_from(excesos.len()).unwrap_or(u32::MAX),
        exceso_mediano_min: percentil(&mut excesos, 50),
        error_medio_min: error_medio(|p| p.1),
        error_medio_fijo_min: error_medio(|p| p.2),
        en_linea: en_linea(&todos),
        por_hora: horas
            .into_iter()
            .map(|((dia, _, hora), de)| {
                let mut esperas: Vec<u32> = de.iter().filter_map(|g| espera_de(g)).collect();
                EsperaPorHora {
                    fecha: dia.format("%Y-%m-%d").to_string(),
                    hora,
                    grupos: u32::try_from(de.len()).unwrap_or(u32::MAX),
                    sentados: contar(FinEspera::Sentado, &de),
                    se_fueron: contar(FinEspera::SeFue, &de),
                    espera_mediana_min: percentil(&mut esperas, 50),
                    en_linea: en_linea(&de),
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_queues_figures_count_waits_missed_quotes_and_hours() {
        use super::FinEspera::{Esperando, SeFue, Sentado};
        let t = |s: &str| chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        let paso =
            |anotado: &str, cerrado: Option<&str>, fin, cotizada_min| super::PasoPorLaLista {
                anotado: t(anotado),
                cerrado: cerrado.map(t),
                fin,
                cotizada_min,
                // The floor's stay alone would have quoted twice as long; the 15-minute
                // quotes went to parties that joined from their phone.
                cotizada_fija_min: cotizada_min.map(|m| m * 2),
                en_linea: cotizada_min == Some(15),
            };
        let grupos = [
            // 20 minutes against 15 quoted: missed by 5.
            paso(
                "2026-11-27 14:00",
                Some("2026-11-27 14:20"),
                Sentado,
                Some(15),
            ),
            // 10 against 15: kept.
            paso(
                "2026-11-27 14:10",
                Some("2026-11-27 14:20"),
                Sentado,
                Some(15),
            ),
            paso(
                "2026-11-27 14:30",
                Some("2026-11-27 14:45"),
                SeFue,
                Some(10),
            ),
            // 40 minutes, never quoted (no table seated it when written down).
            paso("2026-11-27 15:05", Some("2026-11-27 15:45"), Sentado, None),
            paso("2026-11-27 15:50", None, Esperando, Some(5)),
            // After midnight, still Friday's: 1 minute against 0, missed by 1.
            paso(
                "2026-11-28 00:30",
                Some("2026-11-28 00:31"),
                Sentado,
                Some(0),
            ),
        ];
        let fin_dia = chrono::NaiveTime::from_hms_opt(5, 0, 0).unwrap();
        let c = super::cifras_espera(&grupos, fin_dia);
        assert_eq!(
            (c.grupos, c.sentados, c.se_fueron, c.esperando),
            (6, 4, 1, 1)
        );
        // Waits 1, 10, 20, 40: the nearest-rank median is the 2nd, the 90th percentile the 4th.
        assert_eq!(
            (c.espera_mediana_min, c.espera_p90_min),
            (Some(10), Some(40))
        );
        assert_eq!(
            (c.cotizados, c.cotizacion_superada, c.exceso_mediano_min),
            (3, 2, Some(1))
        );
        // Errors of the seated parties with both quotes: |20-15|, |10-15|, |1-0| against
        // |20-30|, |10-30|, |1-0|; means rounded to the minute.
        assert_eq!(
            (c.error_medio_min, c.error_medio_fijo_min),
            (Some(4), Some(10))
        );
        assert_eq!(c.en_linea, 2);
        let hora =
            |fecha: &str, hora, grupos, sentados, se_fueron, espera_mediana_min, en_linea| {
                super::EsperaPorHora {
                    fecha: fecha.to_owned(),
                    hora,
                    grupos,
                    sentados,
                    se_fueron,
                    espera_mediana_min,
                    en_linea,
                }
            };
        assert_eq!(
            c.por_hora,
            [
                hora("2026-11-27", 14, 3, 2, 1, Some(10), 2),
                hora("2026-11-27", 15, 2, 1, 0, Some(40), 0),
                hora("2026-11-27", 0, 1, 1, 0, Some(1), 0),
            ]
        );
        assert_eq!(
            super::cifras_espera(&[], fin_dia),
            super::CifrasEspera::default()
        );
    }

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
