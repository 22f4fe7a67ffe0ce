//! Branch-local time: which day it is at the branch, which buffet is served, whether a party is late.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::error::ReglaError;

/// Zone of every branch unless its settings say otherwise.
pub const ZONA_POR_DEFECTO: &str = "America/Mexico_City";

/// Which buffet a table is charged: regular (Adulto, Niño) or promo (Caballero, Dama, Niño).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ModoBuffet {
    Regular,
    Promo,
}

/// A branch's time settings as configured (strings `HH:MM`, an IANA zone); every field optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct ConfigHorario {
    #[serde(default)]
    pub zona: Option<String>,
    #[serde(default)]
    pub inicio_regular: Option<String>,
    #[serde(default)]
    pub inicio_promo: Option<String>,
    #[serde(default)]
    pub corte_tarde: Option<String>,
    /// `HH:00`: when the business day ends, the next morning (05:00 when absent).
    #[serde(default)]
    pub fin_dia: Option<String>,
    /// Whether the buffet is charged by the time of arrival (off when absent): a party that
    /// joined the waitlist or checked in before the promo starts keeps the regular buffet.
    #[serde(default)]
    pub cobro_por_llegada: Option<bool>,
}

/// Parsed time settings. Defaults: Mexico City, regular from 13:00, promo from 19:00, late from
/// 18:40, the business day ending at 05:00 the next morning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReglasHorario {
    pub zona: Tz,
    pub inicio_regular: NaiveTime,
    pub inicio_promo: NaiveTime,
    pub corte_tarde: NaiveTime,
    /// When a business day ends, on the next calendar day: until then the night's guests still
    /// belong to the day they came in. On the hour, by noon at the latest.
    pub fin_dia: NaiveTime,
    /// The buffet is charged by the time of arrival ([`ReglasHorario::modo_al_sentar`]).
    pub cobro_por_llegada: bool,
}

/// The latest hour a business day may end at, the next morning.
pub const FIN_DIA_MAX: NaiveTime = match NaiveTime::from_hms_opt(12, 0, 0) {
    Some(t) => t,
    None => panic!("constant time"),
};

/// When a branch's business day ends unless its settings say otherwise: 05:00 the next morning.
pub const FIN_DIA_POR_DEFECTO: NaiveTime = match NaiveTime::from_hms_opt(5, 0, 0) {
    Some(t) => t,
    None => panic!("constant time"),
};

fn hm(h: u32, m: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).expect("constant time")
}

impl Default for ReglasHorario {
    fn default() -> Self {
        ReglasHorario {
            zona: chrono_tz::America::Mexico_City,
            inicio_regular: hm(13, 0),
            inicio_promo: hm(19, 0),
            corte_tarde: hm(18, 40),
            fin_dia: FIN_DIA_POR_DEFECTO,
            cobro_por_llegada: false,
        }
    }
}

/// A time of day as settings and schedules store it: `HH:MM`, 24-hour.
pub fn formato_hora(t: NaiveTime) -> String {
    t.format("%H:%M").to_string()
}

/// How every answer writes a branch-local date and time (a reservation's, a walk-in's, a visit's):
/// `YYYY-MM-DD HH:MM`, no zone, no seconds. Input takes this and `YYYY-MM-DDTHH:MM[:SS]` too
/// ([`parse_fecha_hora`]).
pub const FORMATO_FECHA_HORA: &str = "%Y-%m-%d %H:%M";

/// A branch-local date and time as answers write it ([`FORMATO_FECHA_HORA`]).
pub fn formato_fecha_hora(t: NaiveDateTime) -> String {
    t.format(FORMATO_FECHA_HORA).to_string()
}

/// A branch-local date and time as forms send it, `YYYY-MM-DD HH:MM`, or as answers and ISO 8601
/// write it, `YYYY-MM-DDTHH:MM[:SS]` (so what a GET answers, a PUT takes). Hours are two digits;
/// seconds, when given, are `00`: a reservation's time is to the minute.
pub fn parse_fecha_hora(raw: &str) -> Result<NaiveDateTime, ReglaError> {
    let raw = raw.trim();
    let (fecha, hora) = raw
        .split_once([' ', 'T'])
        .ok_or(ReglaError::FechaHoraInvalida)?;
    let fecha =
        NaiveDate::parse_from_str(fecha, "%Y-%m-%d").map_err(|_| ReglaError::FechaHoraInvalida)?;
    let hora = match hora.split_at_checked(5) {
        Some((hm, "" | ":00")) => hm,
        _ => return Err(ReglaError::FechaHoraInvalida),
    };
    let hora = parse_hora(hora).map_err(|_| ReglaError::FechaHoraInvalida)?;
    Ok(fecha.and_time(hora))
}

/// `#[serde(with = "fecha_hora_local")]` for a branch-local `NaiveDateTime` field: written as
/// [`formato_fecha_hora`], read as [`parse_fecha_hora`] reads a form's.
pub mod fecha_hora_local {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::formato_fecha_hora(*t))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDateTime, D::Error> {
        let texto = String::deserialize(d)?;
        super::parse_fecha_hora(&texto).map_err(serde::de::Error::custom)
    }
}

/// As [`fecha_hora_local`], for a time that may not be there yet (`null`).
pub mod fecha_hora_local_opcional {
    use chrono::NaiveDateTime;
    use serde::Serializer;

    pub fn serialize<S: Serializer>(t: &Option<NaiveDateTime>, s: S) -> Result<S::Ok, S::Error> {
        match t {
            Some(t) => s.serialize_str(&super::formato_fecha_hora(*t)),
            None => s.serialize_none(),
        }
    }
}

/// One stretch of a branch's day as its settings make it: which buffet is served then (none
/// before the regular one opens) and which mode a new order starts in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct TramoDia {
    /// `HH:MM`, inclusive.
    pub desde: String,
    /// `HH:MM`, exclusive; `24:00` for the end of the day.
    pub hasta: String,
    pub servido: Option<ModoBuffet>,
    pub comanda: ModoBuffet,
}

/// Parses `HH:MM` (24-hour).
pub fn parse_hora(s: &str) -> Result<NaiveTime, ReglaError> {
    let s = s.trim();
    if s.len() != 5 {
        return Err(ReglaError::HoraInvalida);
    }
    NaiveTime::parse_from_str(s, "%H:%M").map_err(|_| ReglaError::HoraInvalida)
}

impl ReglasHorario {
    pub fn parse(c: &ConfigHorario) -> Result<Self, ReglaError> {
        let d = ReglasHorario::default();
        let hora = |v: &Option<String>, def| v.as_deref().map(parse_hora).unwrap_or(Ok(def));
        let reglas = ReglasHorario {
            zona: match c.zona.as_deref() {
                Some(z) => z
                    .parse::<Tz>()
                    .map_err(|_| ReglaError::ZonaInvalida(z.to_owned()))?,
                None => d.zona,
            },
            inicio_regular: hora(&c.inicio_regular, d.inicio_regular)?,
            inicio_promo: hora(&c.inicio_promo, d.inicio_promo)?,
            corte_tarde: hora(&c.corte_tarde, d.corte_tarde)?,
            fin_dia: hora(&c.fin_dia, d.fin_dia)?,
            cobro_por_llegada: c.cobro_por_llegada.unwrap_or(d.cobro_por_llegada),
        };
        Ok(reglas)
    }

    /// The three hours in their order: the promo buffet after the regular one, and the late
    /// cutoff after the regular start and by the promo start (it starts late arrivals' orders in
    /// promo ahead of the promo buffet: after the promo start it would change nothing).
    pub fn exigir_orden(&self) -> Result<(), ReglaError> {
        if self.inicio_promo <= self.inicio_regular {
            return Err(ReglaError::PromoAntesDeRegular);
        }
        if self.corte_tarde <= self.inicio_regular || self.corte_tarde > self.inicio_promo {
            return Err(ReglaError::CorteFueraDeTramo);
        }
        use chrono::Timelike;
        if self.fin_dia.minute() != 0 || self.fin_dia > FIN_DIA_MAX {
            return Err(ReglaError::FinDiaFueraDeTramo);
        }
        Ok(())
    }

    /// The business day a local moment belongs to: the calendar day, or the one before while
    /// the night runs on (before [`ReglasHorario::fin_dia`]). At 00:30 on Saturday, a party
    /// seated at 23:42 and the one arriving now are both Friday's.
    pub fn dia_de_servicio(&self, local: NaiveDateTime) -> NaiveDate {
        dia_de_servicio(local, self.fin_dia)
    }

    /// The business day at the branch at an instant: what every "today" of the product means.
    pub fn hoy(&self, instante: DateTime<Utc>) -> NaiveDate {
        self.dia_de_servicio(self.local(instante))
    }

    /// The local moments of a business day: from its end hour on `dia` (inclusive) to the same
    /// hour the next calendar day (exclusive).
    pub fn ventana_dia(&self, dia: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
        let siguiente = dia.succ_opt().unwrap_or(dia);
        (dia.and_time(self.fin_dia), siguiente.and_time(self.fin_dia))
    }

    /// The local moments of the business days `desde..=hasta`.
    pub fn ventana_dias(
        &self,
        desde: NaiveDate,
        hasta: NaiveDate,
    ) -> (NaiveDateTime, NaiveDateTime) {
        (self.ventana_dia(desde).0, self.ventana_dia(hasta).1)
    }

    /// The instants of a business day (its start and its end, exclusive), in the branch's zone.
    pub fn instantes_dia(&self, dia: NaiveDate) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
        let (desde, hasta) = self.ventana_dia(dia);
        Some((self.instante(desde)?, self.instante(hasta)?))
    }

    /// The day from midnight to midnight in stretches of the same served buffet and order mode:
    /// what the settings screen draws under its hours, so the pair of the late cutoff and the
    /// promo start is read before it is saved.
    pub fn tramos(&self) -> Vec<TramoDia> {
        let mut cortes = vec![
            NaiveTime::MIN,
            self.inicio_regular,
            self.corte_tarde,
            self.inicio_promo,
        ];
        cortes.sort_unstable();
        cortes.dedup();
        let mut tramos: Vec<TramoDia> = Vec::new();
        for (i, desde) in cortes.iter().enumerate() {
            let hasta = cortes
                .get(i + 1)
                .map(|t| t.format("%H:%M").to_string())
                .unwrap_or_else(|| "24:00".to_owned());
            let (servido, comanda) = (self.periodo_buffet(*desde), self.modo_sugerido(*desde));
            match tramos.last_mut() {
                Some(t) if t.servido == servido && t.comanda == comanda => t.hasta = hasta,
                _ => tramos.push(TramoDia {
                    desde: desde.format("%H:%M").to_string(),
                    hasta,
                    servido,
                    comanda,
                }),
            }
        }
        tramos
    }

    /// The buffet being served at a local time; `None` before the regular buffet opens.
    pub fn periodo_buffet(&self, hora: NaiveTime) -> Option<ModoBuffet> {
        if hora >= self.inicio_promo {
            Some(ModoBuffet::Promo)
        } else if hora >= self.inicio_regular {
            Some(ModoBuffet::Regular)
        } else {
            None
        }
    }

    /// Whether a party seated at this local time counts as late (at or after the cutoff).
    pub fn es_tarde(&self, hora: NaiveTime) -> bool {
        hora >= self.corte_tarde
    }

    /// The mode a new order starts in: a party seated at or after the late cutoff eats mostly in
    /// the promo period, so it starts in promo mode. Staff can switch it.
    pub fn modo_sugerido(&self, hora: NaiveTime) -> ModoBuffet {
        if self.es_tarde(hora) || hora >= self.inicio_promo {
            ModoBuffet::Promo
        } else {
            ModoBuffet::Regular
        }
    }

    /// The mode a party's order starts in when it is seated at `sentado`, having arrived (joined
    /// the waitlist, or checked in its reservation) at `llegada`. A branch that charges the buffet
    /// by the time of arrival ([`ReglasHorario::cobro_por_llegada`]) gives the party the mode it
    /// would have had seated on arrival: written down at 18:35 and seated at 18:55, past the late
    /// cutoff, it keeps the regular buffet. An arrival of another business day, or after the
    /// seating (a clock that disagrees), does not count; without the setting the seating's time
    /// decides, as always.
    pub fn modo_al_sentar(
        &self,
        llegada: Option<NaiveDateTime>,
        sentado: NaiveDateTime,
    ) -> ModoAlSentar {
        let al_sentar = self.modo_sugerido(sentado.time());
        let llegada = llegada.filter(|l| {
            self.cobro_por_llegada
                && *l <= sentado
                && self.dia_de_servicio(*l) == self.dia_de_servicio(sentado)
        });
        match llegada {
            Some(l) => {
                let modo = self.modo_sugerido(l.time());
                ModoAlSentar {
                    modo,
                    llegada: Some(formato_hora(l.time())),
                    cambio: modo != al_sentar,
                }
            }
            None => ModoAlSentar {
                modo: al_sentar,
                llegada: None,
                cambio: false,
            },
        }
    }

    /// Local wall-clock time at the branch for an instant.
    pub fn local(&self, instante: DateTime<Utc>) -> NaiveDateTime {
        instante.with_timezone(&self.zona).naive_local()
    }

    /// The instant of a local wall time at the branch. An ambiguous one (clocks going back) is the
    /// later instant; a skipped one (clocks going forward) is read an hour later.
    pub fn instante(&self, fecha_hora: NaiveDateTime) -> Option<DateTime<Utc>> {
        let t = match self.zona.from_local_datetime(&fecha_hora) {
            chrono::LocalResult::Single(t) | chrono::LocalResult::Ambiguous(_, t) => t,
            chrono::LocalResult::None => match self
                .zona
                .from_local_datetime(&(fecha_hora + Duration::hours(1)))
            {
                chrono::LocalResult::Single(t) | chrono::LocalResult::Ambiguous(_, t) => t,
                chrono::LocalResult::None => return None,
            },
        };
        Some(t.with_timezone(&Utc))
    }

    /// Whether a reservation for this local time is a no-show at `ahora`, after `gracia` minutes
    /// (an ambiguous time counts from its later instant, in the guest's favour).
    pub fn es_no_show(
        &self,
        fecha_hora: NaiveDateTime,
        ahora: DateTime<Utc>,
        gracia_min: u32,
    ) -> bool {
        self.instante(fecha_hora)
            .is_some_and(|t| ahora >= t + Duration::minutes(i64::from(gracia_min)))
    }
}

/// The business day of a local moment when days end at `fin_dia` the next morning: the
/// calendar day, or the one before while the night runs on.
pub fn dia_de_servicio(local: NaiveDateTime, fin_dia: NaiveTime) -> NaiveDate {
    if local.time() < fin_dia {
        local.date().pred_opt().unwrap_or(local.date())
    } else {
        local.date()
    }
}

/// The mode a seated party's order starts in, and the arrival that set it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModoAlSentar {
    pub modo: ModoBuffet,
    /// `HH:MM`, the branch-local time of arrival, when the branch charges by it and the arrival
    /// counts (the comanda and the abre print it); `null` when the seating's time decides.
    pub llegada: Option<String>,
    /// Whether the arrival gave another mode than the seating's time would have.
    pub cambio: bool,
}

/// [`ReglasHorario::modo_al_sentar`] from RFC 3339 instants and a branch's configured settings.
pub fn modo_al_sentar_de(
    llegada: Option<&str>,
    sentado: &str,
    config: &ConfigHorario,
) -> Result<ModoAlSentar, ReglaError> {
    let reglas = ReglasHorario::parse(config)?;
    let llegada = llegada.map(parse_instante).transpose()?;
    Ok(reglas.modo_al_sentar(
        llegada.map(|t| reglas.local(t)),
        reglas.local(parse_instante(sentado)?),
    ))
}

/// Everything the screens need to know about "now" at a branch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HoraSucursal {
    /// The branch's business day, `YYYY-MM-DD`: what "today" means for lists and folios (at
    /// 00:30 still the day before, until the day's end hour).
    pub fecha: String,
    /// Branch-local time, `HH:mm`.
    pub hora: String,
    /// `YYYY-MM-DD HH:mm`, the walk-in timestamp.
    pub fecha_hora: String,
    pub periodo: Option<ModoBuffet>,
    pub tarde: bool,
    pub modo_sugerido: ModoBuffet,
}

pub fn hora_sucursal(instante: DateTime<Utc>, reglas: &ReglasHorario) -> HoraSucursal {
    let local = reglas.local(instante);
    let hora = local.time();
    HoraSucursal {
        fecha: reglas.dia_de_servicio(local).format("%Y-%m-%d").to_string(),
        hora: local.format("%H:%M").to_string(),
        fecha_hora: formato_fecha_hora(local),
        periodo: reglas.periodo_buffet(hora),
        tarde: reglas.es_tarde(hora),
        modo_sugerido: reglas.modo_sugerido(hora),
    }
}

/// [`hora_sucursal`] from an RFC 3339 instant and a branch's configured settings.
pub fn hora_sucursal_de(
    instante: &str,
    config: &ConfigHorario,
) -> Result<HoraSucursal, ReglaError> {
    Ok(hora_sucursal(
        parse_instante(instante)?,
        &ReglasHorario::parse(config)?,
    ))
}

/// Parses an RFC 3339 instant such as `2026-11-22T18:40:00-06:00`.
pub fn parse_instante(s: &str) -> Result<DateTime<Utc>, ReglaError> {
    DateTime::parse_from_rfc3339(s.trim())
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| ReglaError::InstanteInvalido)
}

/// A day written `YYYY-MM-DD`.
pub fn dia(raw: &str) -> Result<NaiveDate, ReglaError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| ReglaError::FechaInvalida)
}

/// A period of days as a form or a query gives it: each end `YYYY-MM-DD` or empty (open), the
/// start not after the end.
pub fn periodo(
    desde: Option<&str>,
    hasta: Option<&str>,
) -> Result<(Option<NaiveDate>, Option<NaiveDate>), ReglaError> {
    let fecha = |raw: Option<&str>| {
        raw.map(str::trim)
            .filter(|s| !s.is_empty())
            .map(dia)
            .transpose()
    };
    let (desde, hasta) = (fecha(desde)?, fecha(hasta)?);
    match (desde, hasta) {
        (Some(a), Some(b)) if a > b => Err(ReglaError::VentanaInvertida),
        _ => Ok((desde, hasta)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn the_business_day_runs_from_its_end_hour_to_the_next_mornings() {
        let r = ReglasHorario::default();
        let viernes = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        for (momento, dia) in [
            ("2026-11-27 05:00", viernes),
            ("2026-11-27 23:59", viernes),
            ("2026-11-28 00:30", viernes),
            ("2026-11-28 04:59", viernes),
            ("2026-11-28 05:00", viernes.succ_opt().unwrap()),
            ("2026-11-27 04:59", viernes.pred_opt().unwrap()),
        ] {
            assert_eq!(r.dia_de_servicio(local(momento)), dia, "{momento}");
        }
        assert_eq!(
            r.ventana_dia(viernes),
            (local("2026-11-27 05:00"), local("2026-11-28 05:00"))
        );
        assert_eq!(
            r.ventana_dias(viernes, viernes.succ_opt().unwrap()),
            (local("2026-11-27 05:00"), local("2026-11-29 05:00"))
        );
        // 00:30 on Saturday in Mexico City is 06:30 UTC: still Friday's.
        let instante = DateTime::parse_from_rfc3339("2026-11-28T06:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(r.hoy(instante), viernes);
        let (desde, hasta) = r.instantes_dia(viernes).unwrap();
        assert_eq!(desde.to_rfc3339(), "2026-11-27T11:00:00+00:00");
        assert_eq!(hasta.to_rfc3339(), "2026-11-28T11:00:00+00:00");
        // A branch whose day ends at midnight has the calendar's days.
        let medianoche = ReglasHorario {
            fin_dia: NaiveTime::MIN,
            ..r
        };
        assert_eq!(
            medianoche.dia_de_servicio(local("2026-11-28 00:30")),
            viernes.succ_opt().unwrap()
        );
    }

    #[test]
    fn the_day_ends_on_the_hour_by_noon() {
        let r = ReglasHorario::default();
        for (fin, bien) in [
            (5, 0, true),
            (0, 0, true),
            (12, 0, true),
            (4, 30, false),
            (13, 0, false),
        ]
        .map(|(h, m, b)| (hm(h, m), b))
        {
            let c = ReglasHorario { fin_dia: fin, ..r };
            assert_eq!(c.exigir_orden().is_ok(), bien, "{fin}");
        }
    }

    #[test]
    fn the_day_in_stretches_of_served_buffet_and_order_mode() {
        let t = ReglasHorario::default().tramos();
        let leer: Vec<(&str, &str, Option<ModoBuffet>, ModoBuffet)> = t
            .iter()
            .map(|t| (t.desde.as_str(), t.hasta.as_str(), t.servido, t.comanda))
            .collect();
        assert_eq!(
            leer,
            [
                ("00:00", "13:00", None, ModoBuffet::Regular),
                (
                    "13:00",
                    "18:40",
                    Some(ModoBuffet::Regular),
                    ModoBuffet::Regular
                ),
                (
                    "18:40",
                    "19:00",
                    Some(ModoBuffet::Regular),
                    ModoBuffet::Promo
                ),
                ("19:00", "24:00", Some(ModoBuffet::Promo), ModoBuffet::Promo),
            ]
        );
        // The cutoff at the promo start: one stretch fewer.
        let juntos = ReglasHorario {
            corte_tarde: hm(19, 0),
            ..ReglasHorario::default()
        }
        .tramos();
        assert_eq!(juntos.len(), 3);
    }

    #[test]
    fn a_custom_cutoff_moves_the_suggested_mode() {
        let reglas = ReglasHorario::parse(&ConfigHorario {
            corte_tarde: Some("18:00".into()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(reglas.modo_sugerido(hm(18, 5)), ModoBuffet::Promo);
        assert_eq!(
            ReglasHorario::default().modo_sugerido(hm(18, 5)),
            ModoBuffet::Regular
        );
    }

    #[test]
    fn a_reservation_is_a_no_show_only_after_its_grace_period() {
        let r = ReglasHorario::default();
        let cita = NaiveDateTime::parse_from_str("2026-11-22 14:00", "%Y-%m-%d %H:%M").unwrap();
        // 14:00 in Mexico City is 20:00 UTC.
        assert!(!r.es_no_show(cita, parse_instante("2026-11-22T20:29:59Z").unwrap(), 30));
        assert!(r.es_no_show(cita, parse_instante("2026-11-22T20:30:00Z").unwrap(), 30));
    }

    #[test]
    fn a_time_with_seconds_or_out_of_range_is_refused() {
        assert_eq!(parse_hora("24:00"), Err(ReglaError::HoraInvalida));
        assert_eq!(parse_hora("18:40:00"), Err(ReglaError::HoraInvalida));
        assert_eq!(parse_hora("7:00"), Err(ReglaError::HoraInvalida));
    }
}
