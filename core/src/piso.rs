//! The floor: which tables are free, seated or overdue, which free tables (or joins of
//! combinable neighbours) seat a party best, and how long a party waits for one.
//!
//! A table is written as its number; a join as its numbers with `+` (`4+5`), the way the comanda
//! and the abre print it. A branch with no tables configured takes any table name as typed.

use serde::{Deserialize, Serialize};

use crate::ReglaError;

/// The highest table number a floor plan may use (a printed ticket has room for four digits).
pub const MESA_MAX: u32 = 9999;

/// How long a party is expected to stay at a buffet's table when the branch says nothing.
pub const ESTANCIA_MESA_MIN_POR_DEFECTO: u32 = 120;
/// The range a branch may set the expected stay in.
pub const ESTANCIA_MESA_MIN_RANGO: (u32, u32) = (15, 600);
/// Stays finished today before their median replaces the branch's expected stay.
pub const ESTANCIAS_PARA_MEDIANA: usize = 3;
/// A seated table is never expected to free in less than this, overdue or not.
pub const ESPERA_MIN_OCUPADA: u32 = 5;
/// The party sizes the floor's summary quotes a wait for.
pub const GRUPOS_DE_ESPERA: [u32; 3] = [2, 4, 6];

/// A table's state on the floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EstadoMesa {
    Libre,
    Ocupada,
    /// Seated longer than the branch's expected stay.
    Excedida,
}

impl EstadoMesa {
    /// The state of a table seated `minutos` ago (`None`: free), against the expected stay.
    pub fn de(minutos: Option<u32>, estancia_min: u32) -> EstadoMesa {
        match minutos {
            None => EstadoMesa::Libre,
            Some(m) if m > estancia_min => EstadoMesa::Excedida,
            Some(_) => EstadoMesa::Ocupada,
        }
    }

    /// The word the floor shows.
    pub const fn etiqueta(self) -> &'static str {
        match self {
            EstadoMesa::Libre => "Libre",
            EstadoMesa::Ocupada => "Ocupada",
            EstadoMesa::Excedida => "Excedida",
        }
    }
}

/// The table an order names, checked against the branch's tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MesaElegida {
    /// One table or a join, by number, ascending and without repeats.
    Numeros(Vec<u32>),
    /// A branch without tables: the name as typed.
    Libre(String),
}

impl MesaElegida {
    /// `texto` as the comanda step sends it: `4`, `04`, `4+5`, ` 5 + 4 `. With `numeros` empty
    /// (no tables configured) any visible name is taken as typed; otherwise each number must be
    /// one of them.
    pub fn parse(texto: &str, numeros: &[u32]) -> Result<MesaElegida, ReglaError> {
        let texto = texto.trim();
        if texto.is_empty() {
            return Err(ReglaError::MesaRequerida);
        }
        if numeros.is_empty() {
            if texto.chars().count() > MESA_LIBRE_MAX {
                return Err(ReglaError::MesaLarga {
                    max: MESA_LIBRE_MAX,
                });
            }
            return Ok(MesaElegida::Libre(texto.to_owned()));
        }
        let mut elegidas = Vec::new();
        for parte in texto.split('+') {
            let parte = parte.trim();
            if parte.is_empty() || parte.len() > 6 || !parte.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ReglaError::MesaDesconocida);
            }
            let n: u32 = parte.parse().map_err(|_| ReglaError::MesaDesconocida)?;
            if n == 0 || n > MESA_MAX || !numeros.contains(&n) {
                return Err(ReglaError::MesaDesconocida);
            }
            if !elegidas.contains(&n) {
                elegidas.push(n);
            }
        }
        elegidas.sort_unstable();
        Ok(MesaElegida::Numeros(elegidas))
    }

    /// The tables it seats at, by number: none for a typed name.
    pub fn numeros(&self) -> &[u32] {
        match self {
            MesaElegida::Numeros(n) => n,
            MesaElegida::Libre(_) => &[],
        }
    }

    /// How the tickets print it: `4`, `4+5`, or the typed name.
    pub fn etiqueta(&self) -> String {
        match self {
            MesaElegida::Numeros(n) => etiqueta_de(n),
            MesaElegida::Libre(t) => t.clone(),
        }
    }
}

/// The longest table name a branch without tables may type.
pub const MESA_LIBRE_MAX: usize = 20;

/// `[4, 5]` → `4+5`.
pub fn etiqueta_de(numeros: &[u32]) -> String {
    numeros
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// A table as the floor knows it: its place in the numbering, seats, whether it joins its
/// neighbour, its area, and for how many minutes it has been seated (`None`: free).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MesaDelPiso {
    pub numero: u32,
    pub asientos: u32,
    #[serde(default)]
    pub combinable: bool,
    #[serde(default)]
    pub area: String,
    /// Minutes since it was seated; absent when free.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub minutos: Option<u32>,
    /// The reservation the floor holds it for, due within a party's expected stay.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub proxima: Option<Prometida>,
}

/// A table's promised arrival, as the floor lists it: its time (`HH:MM`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Prometida {
    pub hora: String,
}

/// A place to seat a party: one table or a run of combinable neighbours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct OpcionMesa {
    /// As the comanda takes it: `4` or `4+5`.
    pub mesa: String,
    pub numeros: Vec<u32>,
    pub asientos: u32,
    pub area: String,
    /// `HH:MM` of the earliest reservation one of its tables is held for, when one is due
    /// within the party's stay: seating there is asked first.
    pub reservada: Option<String>,
}

/// Runs of tables in numbering order where each joins the next (both `combinable`), starting at
/// each table, extended until `cabe` says the run is enough or the run ends. A single table is
/// a run of one.
pub(crate) fn corridas<'a>(
    mesas: &'a [MesaDelPiso],
    mut vale: impl FnMut(&MesaDelPiso) -> bool,
    mut cabe: impl FnMut(&[&'a MesaDelPiso]) -> bool,
) -> Vec<Vec<&'a MesaDelPiso>> {
    let mut orden: Vec<&MesaDelPiso> = mesas.iter().collect();
    orden.sort_by_key(|m| m.numero);
    let mut salida = Vec::new();
    for i in 0..orden.len() {
        if !vale(orden[i]) {
            continue;
        }
        let mut corrida = vec![orden[i]];
        let mut j = i;
        while !cabe(&corrida)
            && j + 1 < orden.len()
            && orden[j].combinable
            && orden[j + 1].combinable
            && vale(orden[j + 1])
        {
            j += 1;
            corrida.push(orden[j]);
        }
        if cabe(&corrida) {
            salida.push(corrida);
        }
    }
    salida
}

pub(crate) fn asientos_de(corrida: &[&MesaDelPiso]) -> u32 {
    corrida.iter().map(|m| m.asientos).sum()
}

/// The free tables, and the shortest runs of free combinable neighbours, that seat `personas`:
/// best fit first (fewest empty seats, then fewer tables, then the lower number). A join is
/// offered only where no single table of it seats the party.
pub fn opciones_para(mesas: &[MesaDelPiso], personas: u32) -> Vec<OpcionMesa> {
    let personas = personas.max(1);
    let mut opciones: Vec<OpcionMesa> = corridas(
        mesas,
        |m| m.minutos.is_none(),
        |c| asientos_de(c) >= personas,
    )
    .into_iter()
    .filter(|c| c.len() == 1 || c.iter().all(|m| m.asientos < personas))
    .map(|c| {
        let numeros: Vec<u32> = c.iter().map(|m| m.numero).collect();
        OpcionMesa {
            mesa: etiqueta_de(&numeros),
            asientos: asientos_de(&c),
            area: c[0].area.clone(),
            reservada: c
                .iter()
                .filter_map(|m| m.proxima.as_ref().map(|p| p.hora.clone()))
                .min(),
            numeros,
        }
    })
    .collect();
    // What stays free longest first: the tables nobody is due at, best fit first; then those
    // held for a reservation, the latest one first.
    opciones.sort_by(|a, b| {
        let ajuste = |o: &OpcionMesa| (o.asientos - personas, o.numeros.len(), o.numeros[0]);
        match (&a.reservada, &b.reservada) {
            (None, None) => ajuste(a).cmp(&ajuste(b)),
            (None, Some(_)) => std::cmp::Ordering::Less,
            (Some(_), None) => std::cmp::Ordering::Greater,
            (Some(x), Some(y)) => y.cmp(x).then(ajuste(a).cmp(&ajuste(b))),
        }
    });
    opciones
}

/// The stay the floor expects of a party: the median of today's finished stays once there are
/// [`ESTANCIAS_PARA_MEDIANA`] of them, the branch's setting before that.
pub fn estancia_esperada(estancias_hoy: &[u32], por_defecto: u32) -> u32 {
    if estancias_hoy.len() < ESTANCIAS_PARA_MEDIANA {
        return por_defecto;
    }
    let mut v = estancias_hoy.to_vec();
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]).div_ceil(2)
    }
}

/// Weeks of history a learned stay reads.
pub const SEMANAS_APRENDIDAS: u32 = 8;
/// Finished stays a learned stay needs in its weekday and hour; with fewer, the floor's own.
pub const ESTANCIAS_PARA_APRENDER: usize = 12;

/// The branch-local hours a learned stay reads: the hour `ahora` is in (from its start), on the
/// same weekday of each of the [`SEMANAS_APRENDIDAS`] weeks before, oldest first.
pub fn ventanas_aprendidas(
    ahora: chrono::NaiveDateTime,
) -> Vec<(chrono::NaiveDateTime, chrono::NaiveDateTime)> {
    use chrono::Timelike;
    let hora = ahora
        .date()
        .and_hms_opt(ahora.hour(), 0, 0)
        .unwrap_or(ahora);
    (1..=SEMANAS_APRENDIDAS)
        .rev()
        .map(|k| {
            let desde = hora - chrono::Duration::weeks(i64::from(k));
            (desde, desde + chrono::Duration::hours(1))
        })
        .collect()
}

/// The stay learned from the branch's history: the median of the stays that began in this
/// weekday and hour over the last weeks ([`ventanas_aprendidas`]) once there are
/// [`ESTANCIAS_PARA_APRENDER`] of them; `None` before that.
pub fn estancia_aprendida(estancias: &[u32]) -> Option<u32> {
    (estancias.len() >= ESTANCIAS_PARA_APRENDER).then(|| estancia_esperada(estancias, 0))
}

/// Minutes a party of `personas` arriving now waits for a table: 0 when a free table or join
/// seats it; otherwise the soonest a seated table (or a run of neighbours, each free or seated)
/// that seats it is expected to free, at least [`ESPERA_MIN_OCUPADA`]. `None` when no table or
/// join of the branch seats that many.
pub fn espera_estimada(mesas: &[MesaDelPiso], personas: u32, estancia_min: u32) -> Option<u32> {
    let personas = personas.max(1);
    if !opciones_para(mesas, personas).is_empty() {
        return Some(0);
    }
    let falta = |m: &MesaDelPiso| {
        m.minutos
            .map(|s| estancia_min.saturating_sub(s).max(ESPERA_MIN_OCUPADA))
            .unwrap_or(0)
    };
    corridas(mesas, |_| true, |c| asientos_de(c) >= personas)
        .iter()
        .map(|c| c.iter().map(|m| falta(m)).max().unwrap_or(0))
        .min()
}

/// The floor's counts: tables by state and guests seated.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConteoPiso {
    pub libres: u32,
    pub ocupadas: u32,
    pub excedidas: u32,
}

impl ConteoPiso {
    pub fn de(mesas: &[MesaDelPiso], estancia_min: u32) -> ConteoPiso {
        let mut c = ConteoPiso::default();
        for m in mesas {
            match EstadoMesa::de(m.minutos, estancia_min) {
                EstadoMesa::Libre => c.libres += 1,
                EstadoMesa::Ocupada => c.ocupadas += 1,
                EstadoMesa::Excedida => c.excedidas += 1,
            }
        }
        c
    }
}

/// A reservation still to arrive, as the floor places it: its party.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LlegadaPorSentar {
    pub personas: u32,
}

/// Which table each of the day's next arrivals (in the order they are due) is expected at: the
/// table that seats its party with the fewest empty chairs among those no earlier arrival took,
/// a free one before a seated one, then the lower number. Answers, per table in `mesas`' order,
/// the index of its arrival, if any; a party no single table seats is placed nowhere.
pub fn asignar_llegadas(
    mesas: &[MesaDelPiso],
    llegadas: &[LlegadaPorSentar],
) -> Vec<Option<usize>> {
    let mut asignadas: Vec<Option<usize>> = vec![None; mesas.len()];
    for (i, llegada) in llegadas.iter().enumerate() {
        let personas = llegada.personas.max(1);
        let elegida = mesas
            .iter()
            .enumerate()
            .filter(|(j, m)| asignadas[*j].is_none() && m.asientos >= personas)
            .min_by_key(|(_, m)| (m.asientos - personas, m.minutos.is_some(), m.numero));
        if let Some((j, _)) = elegida {
            asignadas[j] = Some(i);
        }
    }
    asignadas
}

/// A turn as the dashboard counts it: when its table opened (branch-local), for how many, and
/// how long it stayed (`None` while still seated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnoContado {
    pub abierta: chrono::NaiveDateTime,
    pub personas: u32,
    pub minutos: Option<u32>,
}

/// The party sizes the stays are grouped by: 1–2, 3–4, 5–6 and 7 or more.
pub const GRUPOS_ESTANCIA: [(u32, u32, &str); 4] = [
    (1, 2, "1–2"),
    (3, 4, "3–4"),
    (5, 6, "5–6"),
    (7, u32::MAX, "7+"),
];

/// The average stay of the finished turns of one party size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EstanciaPorGrupo {
    /// `1–2`, `3–4`, `5–6` or `7+`.
    pub grupo: String,
    /// Finished turns counted.
    pub turnos: u32,
    /// Their average stay in minutes, rounded; absent without any.
    pub minutos: Option<u32>,
}

/// Covers seated in one hour of the day (`13` is 13:00–13:59).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CubiertosHora {
    pub hora: u32,
    pub cubiertos: u32,
}

/// The average stay by party size of the finished turns.
pub fn estancias_por_grupo<'a>(
    turnos: impl IntoIterator<Item = &'a TurnoContado>,
) -> Vec<EstanciaPorGrupo> {
    let mut sumas = [(0u32, 0u64); 4];
    for t in turnos {
        if let Some(m) = t.minutos {
            if let Some(i) = GRUPOS_ESTANCIA
                .iter()
                .position(|(a, b, _)| (*a..=*b).contains(&t.personas.max(1)))
            {
                sumas[i].0 += 1;
                sumas[i].1 += u64::from(m);
            }
        }
    }
    GRUPOS_ESTANCIA
        .iter()
        .zip(sumas)
        .map(|((_, _, grupo), (n, total))| EstanciaPorGrupo {
            grupo: (*grupo).to_owned(),
            turnos: n,
            minutos: (n > 0).then(|| {
                u32::try_from((total + u64::from(n) / 2) / u64::from(n)).unwrap_or(u32::MAX)
            }),
        })
        .collect()
}

/// Covers seated per hour of the business day `dia` (as `reglas` make it: until its end hour the
/// next morning), in the day's order of the hours (20, 21, 23, 0, 1).
pub fn cubiertos_por_hora(
    turnos: &[TurnoContado],
    dia: chrono::NaiveDate,
    reglas: &crate::tiempo::ReglasHorario,
) -> Vec<CubiertosHora> {
    use chrono::Timelike;
    let mut horas: Vec<CubiertosHora> = Vec::new();
    for t in turnos
        .iter()
        .filter(|t| reglas.dia_de_servicio(t.abierta) == dia)
    {
        let hora = t.abierta.hour();
        match horas.iter_mut().find(|h| h.hora == hora) {
            Some(h) => h.cubiertos += t.personas,
            None => horas.push(CubiertosHora {
                hora,
                cubiertos: t.personas,
            }),
        }
    }
    let inicio = reglas.fin_dia.hour();
    horas.sort_by_key(|h| (h.hora + 24 - inicio) % 24);
    horas
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesa(numero: u32, asientos: u32, combinable: bool, minutos: Option<u32>) -> MesaDelPiso {
        MesaDelPiso {
            numero,
            asientos,
            combinable,
            area: "Salón".into(),
            minutos,
            proxima: None,
        }
    }

    #[test]
    fn a_stay_is_learned_from_the_same_weekday_and_hour_once_there_are_enough() {
        let ahora =
            chrono::NaiveDateTime::parse_from_str("2026-11-27 19:40", "%Y-%m-%d %H:%M").unwrap();
        let v = ventanas_aprendidas(ahora);
        assert_eq!(v.len(), 8);
        let f = |s: &str| chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        assert_eq!(v[0], (f("2026-10-02 19:00"), f("2026-10-02 20:00")));
        assert_eq!(v[7], (f("2026-11-20 19:00"), f("2026-11-20 20:00")));
        assert_eq!(estancia_aprendida(&[45; 11]), None);
        let mut doce = vec![45; 11];
        doce.push(200);
        assert_eq!(estancia_aprendida(&doce), Some(45));
    }

    #[test]
    fn a_table_seated_past_the_expected_stay_is_overdue() {
        assert_eq!(EstadoMesa::de(None, 120), EstadoMesa::Libre);
        assert_eq!(EstadoMesa::de(Some(120), 120), EstadoMesa::Ocupada);
        assert_eq!(EstadoMesa::de(Some(121), 120), EstadoMesa::Excedida);
    }

    #[test]
    fn a_typed_table_is_read_as_the_branch_numbers_it() {
        let n = [4, 5, 12];
        assert_eq!(MesaElegida::parse("04", &n).unwrap().etiqueta(), "4");
        assert_eq!(
            MesaElegida::parse(" 5 + 4 ", &n).unwrap().numeros(),
            &[4, 5]
        );
        assert_eq!(
            MesaElegida::parse("7", &n),
            Err(ReglaError::MesaDesconocida)
        );
        assert_eq!(MesaElegida::parse("4+4", &n).unwrap().etiqueta(), "4");
        assert_eq!(
            MesaElegida::parse("Barra 2", &[]).unwrap().etiqueta(),
            "Barra 2"
        );
        assert_eq!(
            MesaElegida::parse("  ", &[]),
            Err(ReglaError::MesaRequerida)
        );
    }

    #[test]
    fn the_best_fit_comes_first_and_joins_only_where_no_table_seats_the_party() {
        let mesas = [
            mesa(1, 2, false, None),
            mesa(2, 6, false, None),
            mesa(3, 4, true, None),
            mesa(4, 4, true, None),
            mesa(5, 4, false, Some(30)),
        ];
        let o: Vec<String> = opciones_para(&mesas, 4)
            .into_iter()
            .map(|o| o.mesa)
            .collect();
        assert_eq!(o, ["3", "4", "2"]);
        let o: Vec<String> = opciones_para(&mesas, 8)
            .into_iter()
            .map(|o| o.mesa)
            .collect();
        assert_eq!(o, ["3+4"]);
    }

    #[test]
    fn the_wait_is_the_soonest_fitting_table_to_free() {
        let mesas = [mesa(1, 4, false, Some(100)), mesa(2, 6, false, Some(30))];
        assert_eq!(espera_estimada(&mesas, 4, 120), Some(20));
        assert_eq!(espera_estimada(&mesas, 6, 120), Some(90));
        assert_eq!(espera_estimada(&mesas, 7, 120), None);
        assert_eq!(
            espera_estimada(&[mesa(1, 4, false, Some(200))], 2, 120),
            Some(5)
        );
    }

    #[test]
    fn stays_average_by_party_size_and_covers_count_by_the_hour_they_sat() {
        let t = |h: &str, personas, minutos| TurnoContado {
            abierta: chrono::NaiveDateTime::parse_from_str(h, "%Y-%m-%d %H:%M").unwrap(),
            personas,
            minutos,
        };
        let turnos = [
            t("2026-11-25 13:05", 2, Some(60)),
            t("2026-11-25 13:40", 1, Some(91)),
            t("2026-11-25 14:10", 4, Some(100)),
            t("2026-11-25 14:20", 8, None),
            t("2026-11-24 14:20", 3, Some(80)),
            // The night runs on into the 26th: still the 25th's business day, after its evening.
            t("2026-11-26 00:40", 5, None),
            t("2026-11-26 05:10", 6, None),
        ];
        let e = estancias_por_grupo(&turnos[..5]);
        assert_eq!((e[0].turnos, e[0].minutos), (2, Some(76)));
        assert_eq!((e[1].turnos, e[1].minutos), (2, Some(90)));
        assert_eq!(
            (e[3].turnos, e[3].minutos),
            (0, None),
            "a party still seated has no stay yet"
        );
        let dia = chrono::NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        assert_eq!(
            cubiertos_por_hora(&turnos, dia, &crate::tiempo::ReglasHorario::default()),
            [
                CubiertosHora {
                    hora: 13,
                    cubiertos: 3
                },
                CubiertosHora {
                    hora: 14,
                    cubiertos: 12
                },
                CubiertosHora {
                    hora: 0,
                    cubiertos: 5
                }
            ]
        );
    }

    #[test]
    fn each_arrival_is_expected_at_the_best_fitting_table_no_earlier_one_took() {
        let mesas = [
            mesa(1, 2, false, None),
            mesa(2, 4, false, Some(40)),
            mesa(3, 4, false, None),
            mesa(4, 6, false, None),
        ];
        let l = |personas| LlegadaPorSentar { personas };
        // Four, then four, then two, then twelve (no table seats twelve).
        let a = asignar_llegadas(&mesas, &[l(4), l(4), l(2), l(12)]);
        assert_eq!(a, [Some(2), Some(1), Some(0), None]);
    }

    #[test]
    fn the_expected_stay_is_the_median_of_today_once_there_are_three() {
        assert_eq!(estancia_esperada(&[60, 70], 120), 120);
        assert_eq!(estancia_esperada(&[90, 60, 70], 120), 70);
        assert_eq!(estancia_esperada(&[60, 70, 80, 91], 120), 75);
        assert_eq!(estancia_esperada(&[60, 70, 81, 91], 120), 76);
    }
}
