//! The kitchen's forecast: the diners seated now by buffet kind, and those expected over the next
//! two hours in quarter-hour rows. A row is made of three parts, each kept apart so the screen
//! can say what it holds:
//! - the reservations due then, each weighted by how often such reservations came (its origin
//!   and whether the guest confirmed, over the last weeks' ended reservations); a pending one
//!   already late by less than half an hour still counts, in the first row;
//! - the waitlist's parties, at the minute their wait is quoted to end (at the door: weight one);
//! - the usual walk-ins of this weekday and quarter-hour: the mean over the last weeks the branch
//!   was open; the first row counts only the part of its quarter-hour still to come.
//!
//! Diners whose order is not taken yet are split by the buffet the branch serves then (promo from
//! the time a new order starts in promo mode) in the proportions of the same weeks' walk-ins.
//! History in, forecast out: the server reads the rows, this decides.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use serde::{Deserialize, Serialize};

use crate::comanda::Buffets;
use crate::estado::Origen;
use crate::ticket::Linea;
use crate::tiempo::{fecha_hora_local, formato_hora, parse_hora};

/// Rows of the forecast: two hours.
pub const FILAS: usize = 8;
/// Minutes of a row.
pub const MINUTOS_FILA: i64 = 15;
/// Weeks of the same weekday the usual walk-ins and the show rates are read from.
pub const SEMANAS: u32 = 8;
/// Ended reservations a kind needs before its own show rate is trusted; below it, the wider
/// kind's (all origins with the same confirmation, then all of them), and with none, every
/// reservation counts whole.
pub const MINIMO_TASA: u64 = 10;
/// A pending reservation this late still counts as coming.
pub const RETRASO_CONTADO_MIN: i64 = 30;

/// Diners by buffet kind: the regular buffet's Adulto and Niño, the promo's Caballero, Dama and
/// Niño.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Comensales {
    pub adulto: u32,
    pub nino: u32,
    pub caballero: u32,
    pub dama: u32,
    pub nino_promo: u32,
}

/// Expected diners by kind, in [`Comensales`]' order, before rounding.
type Mezcla = [f64; 5];

/// A party seated now or seen before: its size and the counts of its order (all zero while no
/// order was taken).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GrupoSentado {
    pub personas: u32,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, number>"))]
    pub buffets: Buffets,
}

/// A pending reservation: when it is due (branch-local), its party, where it came from and
/// whether the guest confirmed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ReservaPorLlegar {
    #[serde(with = "fecha_hora_local")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub fecha_hora: NaiveDateTime,
    pub personas: u32,
    pub origen: Origen,
    #[serde(default)]
    pub confirmada: bool,
}

/// A party on the waitlist, with the minutes until the table its quote expects (`None`: no
/// table seats it yet; it is counted as coming now, being at the door).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GrupoEnLista {
    pub personas: u32,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub minutos: Option<u32>,
}

/// A walk-in of a past week (branch-local time of its registration).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct WalkinPasado {
    #[serde(with = "fecha_hora_local")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub fecha_hora: NaiveDateTime,
    pub personas: u32,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, number>"))]
    pub buffets: Buffets,
}

/// How the ended reservations of one kind ended over the last weeks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct AsistenciaPasada {
    pub origen: Origen,
    pub confirmada: bool,
    pub asistio: u64,
    pub vencido: u64,
}

/// What the forecast is made from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct EntradaPronostico {
    /// Branch-local now.
    #[serde(with = "fecha_hora_local")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub ahora: NaiveDateTime,
    /// `HH:MM` from which a new order starts in promo mode; absent: always regular.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub inicio_promo: Option<String>,
    pub sentados: Vec<GrupoSentado>,
    pub reservaciones: Vec<ReservaPorLlegar>,
    pub espera: Vec<GrupoEnLista>,
    /// The walk-ins of the same weekday of past weeks, within the forecast's hours.
    pub historial: Vec<WalkinPasado>,
    /// How many of those weeks the branch was open (had any walk-in that day).
    pub semanas: u32,
    pub asistencia: Vec<AsistenciaPasada>,
}

/// One part of a row: how many parties, their diners, and the diners expected of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Parte {
    pub grupos: u32,
    pub personas: u32,
    pub esperados: u32,
}

/// A quarter-hour of the forecast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FilaPronostico {
    /// `HH:MM`, the quarter-hour's start.
    pub desde: String,
    /// The diners expected, by kind; the kinds add up to `total`.
    pub comensales: Comensales,
    pub total: u32,
    pub reservaciones: Parte,
    pub espera: Parte,
    /// The usual walk-ins' diners (the mean, rounded).
    pub walkins: u32,
}

/// The forecast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Pronostico {
    pub sentados: Comensales,
    pub sentados_total: u32,
    pub filas: Vec<FilaPronostico>,
    /// The two hours' expected diners, by kind.
    pub esperados: Comensales,
    pub esperados_total: u32,
    /// Weeks of history behind the usual walk-ins (0: none yet).
    pub semanas: u32,
}

const PROMO: [usize; 3] = [2, 3, 4];

/// A party's diners by kind from its order; `None` while no order was taken. A promo order
/// keeps its regular adults too (the order step's rule), so a promo count decides the mode.
fn por_tipo(personas: u32, b: &Buffets) -> Option<Mezcla> {
    let f = f64::from;
    if b.buffet_promo_adulto + b.buffet_promo_girl + b.buffet_promo_boy > 0 {
        Some([
            0.0,
            0.0,
            f(b.buffet_promo_adulto),
            f(b.buffet_promo_girl),
            f(b.buffet_promo_boy),
        ])
    } else if b.buffet_adulto + b.buffet_boy > 0 {
        Some([f(b.buffet_adulto), f(b.buffet_boy), 0.0, 0.0, 0.0])
    } else if personas > 0 {
        None
    } else {
        Some([0.0; 5])
    }
}

fn sumar(a: &mut Mezcla, b: &Mezcla, peso: f64) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y * peso;
    }
}

/// Rounds expected diners so the kinds add up to the rounded total: each kind its whole part,
/// then one more to the largest remainders (the earlier kind first on a tie).
fn repartir(m: &Mezcla) -> (Comensales, u32) {
    let total_f: f64 = m.iter().sum();
    let total = redondear(total_f);
    let mut enteros = m.map(|x| x.max(0.0).floor() as u32);
    let mut faltan = total.saturating_sub(enteros.iter().sum());
    let mut orden: Vec<usize> = (0..5).collect();
    orden.sort_by(|&a, &b| {
        let ra = m[a] - m[a].floor();
        let rb = m[b] - m[b].floor();
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    for i in orden {
        if faltan == 0 {
            break;
        }
        enteros[i] += 1;
        faltan -= 1;
    }
    let [adulto, nino, caballero, dama, nino_promo] = enteros;
    (
        Comensales {
            adulto,
            nino,
            caballero,
            dama,
            nino_promo,
        },
        total,
    )
}

/// Half up, after a hair's tolerance so 0.85 × 10 rounds as 8.5 does, in every runtime.
fn redondear(x: f64) -> u32 {
    (x.max(0.0) + 1e-9).round() as u32
}

/// The share of the reservations of this kind that came: its own once enough ended, else the
/// wider kind's, else 1.
pub fn tasa_llegada(historia: &[AsistenciaPasada], origen: Origen, confirmada: bool) -> f64 {
    let filtros: [&dyn Fn(&AsistenciaPasada) -> bool; 3] = [
        &|a| a.origen == origen && a.confirmada == confirmada,
        &|a| a.confirmada == confirmada,
        &|_| true,
    ];
    for filtro in filtros {
        let (asistio, vencido) = historia
            .iter()
            .filter(|a| filtro(a))
            .fold((0u64, 0u64), |(s, v), a| (s + a.asistio, v + a.vencido));
        if asistio + vencido >= MINIMO_TASA {
            return asistio as f64 / (asistio + vencido) as f64;
        }
    }
    1.0
}

/// The quarter-hour that holds `t`.
pub fn cuarto_de(t: NaiveDateTime) -> NaiveDateTime {
    let minuto = t.minute() - t.minute() % 15;
    t.date()
        .and_time(NaiveTime::from_hms_opt(t.hour(), minuto, 0).unwrap_or(NaiveTime::MIN))
}

/// The local windows of past weeks the usual walk-ins are read from: the forecast's two hours
/// on the same weekday, one to [`SEMANAS`] weeks back.
pub fn ventanas_de_historia(ahora: NaiveDateTime) -> Vec<(NaiveDateTime, NaiveDateTime)> {
    let inicio = cuarto_de(ahora);
    let largo = Duration::minutes(MINUTOS_FILA * FILAS as i64);
    (1..=i64::from(SEMANAS))
        .map(|k| {
            let desde = inicio - Duration::weeks(k);
            (desde, desde + largo)
        })
        .collect()
}

/// The local moments of the pending reservations the forecast reads: from those half an hour
/// late to the end of its two hours.
pub fn ventana_de_reservas(ahora: NaiveDateTime) -> (NaiveDateTime, NaiveDateTime) {
    (
        ahora - Duration::minutes(RETRASO_CONTADO_MIN),
        cuarto_de(ahora) + Duration::minutes(MINUTOS_FILA * FILAS as i64),
    )
}

/// The business days of past weeks the usual walk-ins come from: the same weekday, one to
/// [`SEMANAS`] weeks back.
pub fn dias_de_historia(hoy: NaiveDate) -> Vec<NaiveDate> {
    (1..=i64::from(SEMANAS))
        .map(|k| hoy - Duration::weeks(k))
        .collect()
}

/// The row a moment falls in, counted from `inicio`; `None` past the last.
fn fila_de(inicio: NaiveDateTime, t: NaiveDateTime) -> Option<usize> {
    let minutos = (t - inicio).num_minutes().max(0);
    let i = usize::try_from(minutos / MINUTOS_FILA).ok()?;
    (i < FILAS).then_some(i)
}

/// The forecast from what was read.
pub fn pronosticar(e: &EntradaPronostico) -> Pronostico {
    let inicio = cuarto_de(e.ahora);
    let inicio_promo = e.inicio_promo.as_deref().and_then(|h| parse_hora(h).ok());
    let desde = |i: usize| inicio + Duration::minutes(MINUTOS_FILA * i as i64);

    // The usual walk-ins: each past one in its row of the weekly cycle, summed, then the mean.
    let semana = 7 * 24 * 60;
    let mut habituales = vec![[0.0; 5]; FILAS];
    let mut mezcla_historia = [0.0; 5];
    for w in &e.historial {
        // A past walk-in always has its order; one without counts is taken as adults.
        let tipos =
            por_tipo(w.personas, &w.buffets).unwrap_or([f64::from(w.personas), 0.0, 0.0, 0.0, 0.0]);
        sumar(&mut mezcla_historia, &tipos, 1.0);
        let despues = (w.fecha_hora - inicio).num_minutes().rem_euclid(semana);
        if let Ok(i) = usize::try_from(despues / MINUTOS_FILA) {
            if i < FILAS {
                sumar(&mut habituales[i], &tipos, 1.0);
            }
        }
    }
    let resto_primera = (desde(1) - e.ahora).num_minutes() as f64 / MINUTOS_FILA as f64;
    if e.semanas > 0 {
        for (i, fila) in habituales.iter_mut().enumerate() {
            let factor = if i == 0 { resto_primera } else { 1.0 };
            *fila = fila.map(|x| x * factor / f64::from(e.semanas));
        }
    } else {
        habituales = vec![[0.0; 5]; FILAS];
    }

    // How diners without an order split at a time: the buffet served then, in the proportions
    // of the past walk-ins of that buffet.
    let reparto = |t: NaiveDateTime| -> Mezcla {
        let promo = inicio_promo.is_some_and(|p| t.time() >= p);
        let tipos: &[usize] = if promo { &PROMO } else { &[0, 1] };
        let suma: f64 = tipos.iter().map(|&i| mezcla_historia[i]).sum();
        let mut m = [0.0; 5];
        if suma > 0.0 {
            for &i in tipos {
                m[i] = mezcla_historia[i] / suma;
            }
        } else if promo {
            m[2] = 0.5;
            m[3] = 0.5;
        } else {
            m[0] = 1.0;
        }
        m
    };

    let mut filas: Vec<(Mezcla, Parte, f64, Parte)> =
        vec![([0.0; 5], Parte::default(), 0.0, Parte::default()); FILAS];
    for r in &e.reservaciones {
        if r.fecha_hora < e.ahora - Duration::minutes(RETRASO_CONTADO_MIN) {
            continue;
        }
        let Some(i) = fila_de(inicio, r.fecha_hora) else {
            continue;
        };
        let peso = tasa_llegada(&e.asistencia, r.origen, r.confirmada);
        let (mezcla, parte, esperados, _) = &mut filas[i];
        sumar(mezcla, &reparto(desde(i)), f64::from(r.personas) * peso);
        parte.grupos += 1;
        parte.personas += r.personas;
        *esperados += f64::from(r.personas) * peso;
    }
    for g in &e.espera {
        let llega = e.ahora + Duration::minutes(i64::from(g.minutos.unwrap_or(0)));
        let Some(i) = fila_de(inicio, llega) else {
            continue;
        };
        let (mezcla, _, _, parte) = &mut filas[i];
        sumar(mezcla, &reparto(desde(i)), f64::from(g.personas));
        parte.grupos += 1;
        parte.personas += g.personas;
        parte.esperados += g.personas;
    }

    let mut esperados = [0.0; 5];
    let filas = filas
        .into_iter()
        .zip(habituales)
        .enumerate()
        .map(
            |(i, ((mut mezcla, mut reservaciones, reservados, espera), walkins))| {
                sumar(&mut mezcla, &walkins, 1.0);
                sumar(&mut esperados, &mezcla, 1.0);
                reservaciones.esperados = redondear(reservados);
                let (comensales, total) = repartir(&mezcla);
                FilaPronostico {
                    desde: formato_hora(desde(i).time()),
                    comensales,
                    total,
                    reservaciones,
                    espera,
                    walkins: redondear(walkins.iter().sum()),
                }
            },
        )
        .collect();

    let mut sentados = [0.0; 5];
    for g in &e.sentados {
        let tipos = por_tipo(g.personas, &g.buffets)
            .unwrap_or_else(|| reparto(e.ahora).map(|x| x * f64::from(g.personas)));
        sumar(&mut sentados, &tipos, 1.0);
    }
    let (sentados, sentados_total) = repartir(&sentados);
    let (esperados, esperados_total) = repartir(&esperados);
    Pronostico {
        sentados,
        sentados_total,
        filas,
        esperados,
        esperados_total,
        semanas: e.semanas,
    }
}

/// How far ahead a quarter-hour's forecast is kept to be scored: the kitchen cooks an hour ahead,
/// so what it was told then is what it is judged by.
pub const ANTICIPACION_PUNTAJE_MIN: i64 = 60;

/// Weeks the mean error is taken over.
pub const SEMANAS_PUNTAJE: i64 = 4;

/// The quarter-hour whose forecast is kept at `ahora`, and its row in the forecast made then.
pub fn cuarto_a_guardar(ahora: NaiveDateTime) -> (NaiveDateTime, usize) {
    let fila = (ANTICIPACION_PUNTAJE_MIN / MINUTOS_FILA) as usize;
    (
        cuarto_de(ahora) + Duration::minutes(ANTICIPACION_PUNTAJE_MIN),
        fila,
    )
}

/// One hour of a day's score: the diners forecast for its quarter-hours, and those who came.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HoraPuntuada {
    /// `HH:00`.
    pub hora: String,
    pub pronostico: u32,
    pub real: u32,
}

/// How the kept forecasts fared: a day by hour, and the mean absolute error per quarter-hour
/// over the weeks before it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Puntaje {
    /// The day's hours that had a forecast or diners, in the business day's order.
    pub por_hora: Vec<HoraPuntuada>,
    /// Diners per quarter-hour, to one decimal; `None` before any forecast was kept.
    pub error_medio: Option<f64>,
    /// The quarter-hours the error is taken over (those forecast or with diners).
    pub cuartos: u32,
}

/// Scores the kept forecasts (`(quarter-hour, diners)`) against the arrivals (`(moment,
/// diners)`): by hour over the local moments `dia`, and the mean absolute error over `periodo`.
/// Only quarter-hours with a kept forecast count, and of those only the ones where something was
/// forecast or someone came (a closed night is no success).
pub fn puntuar(
    pronosticos: &[(NaiveDateTime, u32)],
    llegadas: &[(NaiveDateTime, u32)],
    dia: (NaiveDateTime, NaiveDateTime),
    periodo: (NaiveDateTime, NaiveDateTime),
) -> Puntaje {
    use std::collections::BTreeMap;
    let mut reales: BTreeMap<NaiveDateTime, u32> = BTreeMap::new();
    for (t, n) in llegadas {
        *reales.entry(cuarto_de(*t)).or_default() += n;
    }
    let mut por_hora: BTreeMap<NaiveDateTime, (u32, u32)> = BTreeMap::new();
    let (mut suma, mut cuartos) = (0u64, 0u32);
    for (cuarto, pronostico) in pronosticos {
        let real = reales.get(cuarto).copied().unwrap_or(0);
        if *pronostico == 0 && real == 0 {
            continue;
        }
        if *cuarto >= periodo.0 && *cuarto < periodo.1 {
            suma += u64::from(pronostico.abs_diff(real));
            cuartos += 1;
        }
        if *cuarto >= dia.0 && *cuarto < dia.1 {
            let hora = cuarto
                .date()
                .and_time(NaiveTime::from_hms_opt(cuarto.hour(), 0, 0).unwrap_or(NaiveTime::MIN));
            let h = por_hora.entry(hora).or_default();
            h.0 += pronostico;
            h.1 += real;
        }
    }
    Puntaje {
        por_hora: por_hora
            .into_iter()
            .map(|(hora, (pronostico, real))| HoraPuntuada {
                hora: formato_hora(hora.time()),
                pronostico,
                real,
            })
            .collect(),
        error_medio: (cuartos > 0)
            .then(|| (suma as f64 / f64::from(cuartos) * 10.0).round() / 10.0),
        cuartos,
    }
}

/// The forecast as the kitchen's printer prints it ("Imprimir pronóstico"): the branch, when it
/// was made, and the forecast itself. A print job keeps it as it was when queued.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HojaPronostico {
    pub lugar: String,
    #[serde(with = "fecha_hora_local")]
    pub ahora: NaiveDateTime,
    pub pronostico: Pronostico,
}

/// "3 Adulto · 1 Niño", the kinds that have diners; promo kinds after the regular ones.
pub fn texto_tipos(c: &Comensales) -> String {
    [
        (c.adulto, "Adulto"),
        (c.nino, "Niño"),
        (c.caballero, "Caballero"),
        (c.dama, "Dama"),
        (c.nino_promo, "Niño promo"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, nombre)| format!("{n} {nombre}"))
    .collect::<Vec<_>>()
    .join(" · ")
}

impl HojaPronostico {
    /// The sheet's lines, top to bottom: totals, then one line per quarter-hour with its kinds.
    pub fn lineas(&self) -> Vec<Linea> {
        let p = &self.pronostico;
        let par = |etiqueta: String, valor: u32, negrita: bool| Linea::Par {
            etiqueta,
            valor: valor.to_string(),
            negrita,
        };
        let tipos = |c: &Comensales| Linea::Texto {
            texto: texto_tipos(c),
            negrita: false,
        };
        let mut l = vec![
            Linea::Titulo("PRONÓSTICO DE COCINA".into()),
            Linea::Centro(self.lugar.clone()),
            Linea::Centro(self.ahora.format("%d/%m/%Y %H:%M").to_string()),
            Linea::Separador,
            par("Sentados ahora".into(), p.sentados_total, true),
        ];
        if p.sentados_total > 0 {
            l.push(tipos(&p.sentados));
        }
        l.push(par("Esperados en 2 horas".into(), p.esperados_total, true));
        if p.esperados_total > 0 {
            l.push(tipos(&p.esperados));
        }
        l.push(Linea::Separador);
        for f in &p.filas {
            l.push(par(f.desde.clone(), f.total, f.total > 0));
            if f.total > 0 {
                l.push(tipos(&f.comensales));
            }
        }
        l.push(Linea::Separador);
        l.push(Linea::Centro(if p.semanas == 0 {
            "Sin historial de walk-ins: solo reservas y lista de espera".into()
        } else {
            format!("Walk-ins de siempre: promedio de {} semanas", p.semanas)
        }));
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiempo::parse_fecha_hora;

    fn t(s: &str) -> NaiveDateTime {
        parse_fecha_hora(s).unwrap()
    }

    fn entrada(ahora: &str) -> EntradaPronostico {
        EntradaPronostico {
            ahora: t(ahora),
            inicio_promo: None,
            sentados: vec![],
            reservaciones: vec![],
            espera: vec![],
            historial: vec![],
            semanas: 0,
            asistencia: vec![],
        }
    }

    #[test]
    fn the_printed_sheet_lists_the_totals_and_every_quarter_hour() {
        let mut e = entrada("2026-11-24 13:07");
        e.sentados.push(GrupoSentado {
            personas: 3,
            buffets: Buffets {
                buffet_adulto: 2,
                buffet_boy: 1,
                ..Buffets::default()
            },
        });
        e.reservaciones.push(ReservaPorLlegar {
            fecha_hora: t("2026-11-24 13:30"),
            personas: 4,
            origen: Origen::Widget,
            confirmada: true,
        });
        let hoja = HojaPronostico {
            lugar: "La Hacienda Polanco".into(),
            ahora: t("2026-11-24 13:07"),
            pronostico: pronosticar(&e),
        };
        let textos: Vec<String> = hoja
            .lineas()
            .into_iter()
            .filter_map(|l| match l {
                Linea::Titulo(t) | Linea::Centro(t) => Some(t),
                Linea::Par {
                    etiqueta, valor, ..
                } => Some(format!("{etiqueta}={valor}")),
                Linea::Texto { texto, .. } => Some(texto),
                _ => None,
            })
            .collect();
        for esperado in [
            "PRONÓSTICO DE COCINA",
            "24/11/2026 13:07",
            "Sentados ahora=3",
            "2 Adulto · 1 Niño",
            "Esperados en 2 horas=4",
            "13:30=4",
            "4 Adulto",
            "14:45=0",
        ] {
            assert!(
                textos.iter().any(|x| x == esperado),
                "{esperado}: {textos:?}"
            );
        }
    }

    #[test]
    fn the_score_compares_each_kept_quarter_hour_with_who_came() {
        let dia = (t("2026-11-24 05:00"), t("2026-11-25 05:00"));
        let periodo = (t("2026-10-28 05:00"), t("2026-11-25 05:00"));
        let pronosticos = [
            (t("2026-11-24 13:00"), 10),
            (t("2026-11-24 13:15"), 4),
            (t("2026-11-24 14:00"), 0),
            (t("2026-11-24 23:45"), 2),
            (t("2026-11-25 00:15"), 3),
            // The week before: in the error, not in the day.
            (t("2026-11-17 13:00"), 6),
            // Older than four weeks: neither.
            (t("2026-10-20 13:00"), 50),
        ];
        let llegadas = [
            (t("2026-11-24 13:05"), 4),
            (t("2026-11-24 13:10"), 4),
            (t("2026-11-24 13:20"), 6),
            (t("2026-11-24 14:00"), 0),
            (t("2026-11-25 00:20"), 3),
            (t("2026-11-17 13:14"), 6),
            // Diners in a quarter-hour nothing was kept for do not count.
            (t("2026-11-24 16:00"), 9),
        ];
        let p = puntuar(&pronosticos, &llegadas, dia, periodo);
        let horas: Vec<(&str, u32, u32)> = p
            .por_hora
            .iter()
            .map(|h| (h.hora.as_str(), h.pronostico, h.real))
            .collect();
        // After midnight comes after the evening: the business day's order.
        assert_eq!(horas, [("13:00", 14, 14), ("23:00", 2, 0), ("00:00", 3, 3)]);
        // |10-8| + |4-6| + |2-0| + |3-3| + |6-6| over five quarter-hours.
        assert_eq!(p.cuartos, 5);
        assert_eq!(p.error_medio, Some(1.2));
        assert_eq!(puntuar(&[], &llegadas, dia, periodo).error_medio, None);
    }

    #[test]
    fn the_kept_quarter_hour_is_an_hour_ahead() {
        assert_eq!(
            cuarto_a_guardar(t("2026-11-24 13:07")),
            (t("2026-11-24 14:00"), 4)
        );
    }

    #[test]
    fn rounding_keeps_the_kinds_adding_up_to_the_total() {
        let (c, total) = repartir(&[1.4, 1.4, 0.0, 0.0, 0.4]);
        assert_eq!(total, 3);
        assert_eq!(c.adulto + c.nino + c.caballero + c.dama + c.nino_promo, 3);
        assert_eq!((c.adulto, c.nino, c.nino_promo), (1, 1, 1));
    }

    #[test]
    fn a_show_rate_needs_enough_ended_reservations() {
        let a = |origen, confirmada, asistio, vencido| AsistenciaPasada {
            origen,
            confirmada,
            asistio,
            vencido,
        };
        assert_eq!(tasa_llegada(&[], Origen::Widget, false), 1.0);
        let h = [
            a(Origen::Widget, false, 6, 4),
            a(Origen::Plataforma, false, 2, 0),
        ];
        assert_eq!(tasa_llegada(&h, Origen::Widget, false), 0.6);
        // Plataforma has 2: the unconfirmed ones of every origin, 8 of 12.
        assert!((tasa_llegada(&h, Origen::Plataforma, false) - 8.0 / 12.0).abs() < 1e-12);
        // No confirmed ones at all: every origin and state, 8 of 12 too.
        assert!((tasa_llegada(&h, Origen::Widget, true) - 8.0 / 12.0).abs() < 1e-12);
    }

    #[test]
    fn the_rows_start_at_the_quarter_hour_that_holds_now() {
        let p = pronosticar(&entrada("2026-11-24 13:07"));
        let desde: Vec<&str> = p.filas.iter().map(|f| f.desde.as_str()).collect();
        assert_eq!(
            desde,
            ["13:00", "13:15", "13:30", "13:45", "14:00", "14:15", "14:30", "14:45"]
        );
        assert_eq!(p.esperados_total, 0);
    }

    #[test]
    fn the_history_windows_are_the_same_weekday_and_hours() {
        let v = ventanas_de_historia(t("2026-11-24 23:50"));
        assert_eq!(v.len(), 8);
        assert_eq!(v[0], (t("2026-11-17 23:45"), t("2026-11-18 01:45")));
        assert_eq!(v[7].0, t("2026-09-29 23:45"));
    }

    #[test]
    fn a_late_reservation_counts_in_the_first_row_until_half_an_hour_late() {
        let mut e = entrada("2026-11-24 14:00");
        for hora in ["2026-11-24 13:29", "2026-11-24 13:31"] {
            e.reservaciones.push(ReservaPorLlegar {
                fecha_hora: t(hora),
                personas: 4,
                origen: Origen::Widget,
                confirmada: false,
            });
        }
        let p = pronosticar(&e);
        assert_eq!(p.filas[0].reservaciones.grupos, 1);
        assert_eq!(p.esperados_total, 4);
    }
}
