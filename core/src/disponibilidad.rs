//! Booking availability: which times of a date a party can still book at a branch.
//!
//! Inputs: the branch's weekly hours and special days, its tables (and which may be joined), the
//! reservations it already holds, the party size, the instant now, the branch's zone and its
//! booking settings. Output: the bookable wall-clock times of that date, every `paso_min`
//! minutes from the opening, each one:
//! - inside an opening for the whole stay (`estancia_min`): the last seating ends by closing
//!   time; a date's times after midnight come from the previous date's opening when that one
//!   runs past midnight;
//! - real in the branch's zone (a time skipped by a daylight-saving change is not offered) and
//!   measured in real minutes (a stay across the change lasts its minutes, not its wall times);
//! - at least `anticipacion_min` minutes from now, on a date no more than `horizonte_dias` days
//!   ahead;
//! - within the covers of its slot: the parties starting in `[t, t + paso)` plus this one are at
//!   most `cubiertos_por_turno`;
//! - with a table for the whole stay: at every moment of the stay when the set of parties present
//!   changes, the parties present (reservations Pendiente or Asistio whose stay covers that
//!   moment) are seated largest first, each at the smallest free table that seats it or else at
//!   the smallest free pair of adjacent joinable tables, and then this party must find one too.
//!   A party already held that finds no table takes none (it was accepted by staff: it does not
//!   block the whole evening). Two tables are adjacent when they are next to each other in the
//!   branch's numbering and both are `combinable`. A branch without tables is limited by its
//!   covers only.

use chrono::{DateTime, Days, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::error::ReglaError;
use crate::estado::EstadoReservacion;
use crate::organizacion::{validar_dias, ConfSucursal, DatosDia, DatosDiaEspecial, DatosMesa};
use crate::reservacion::{horas_del_dia, DiaEspecial, HorarioDia, PERSONAS_MAX};
use crate::tiempo::{formato_hora, ReglasHorario};

/// A branch's booking settings, as availability reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ReglasReserva {
    pub paso_min: u32,
    pub estancia_min: u32,
    pub anticipacion_min: u32,
    pub horizonte_dias: u32,
    pub cubiertos_por_turno: u32,
}

impl From<&ConfSucursal> for ReglasReserva {
    fn from(c: &ConfSucursal) -> Self {
        ReglasReserva {
            paso_min: c.paso_min,
            estancia_min: c.estancia_min,
            anticipacion_min: c.anticipacion_min,
            horizonte_dias: c.horizonte_dias,
            cubiertos_por_turno: c.cubiertos_por_turno,
        }
    }
}

impl Default for ReglasReserva {
    fn default() -> Self {
        ReglasReserva::from(&ConfSucursal::default())
    }
}

/// A reservation the branch already holds. Only Pendiente and Asistio ones hold a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ReservaTomada {
    /// Branch-local wall time.
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub fecha_hora: NaiveDateTime,
    pub no_personas: u32,
    pub status: EstadoReservacion,
}

impl ReservaTomada {
    fn ocupa(&self) -> bool {
        matches!(
            self.status,
            EstadoReservacion::Pendiente | EstadoReservacion::Asistio
        )
    }
}

/// The bookable times of one date, as the public booking page shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Disponibilidad {
    /// `YYYY-MM-DD`.
    pub fecha: String,
    /// The branch is closed that date.
    pub cerrado: bool,
    /// Why no time is offered (closed, full, out of the booking period, party too large).
    pub motivo: Option<String>,
    /// Bookable branch-local times, `HH:MM`, in order.
    pub horarios: Vec<String>,
    /// When this date offers no time: the next date (`YYYY-MM-DD`) that offers one for the same
    /// party, within [`DIAS_SIGUIENTE`] days and the booking period; absent when none does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siguiente: Option<String>,
}

/// How many days ahead a full date looks for the next one with room.
pub const DIAS_SIGUIENTE: u32 = 14;

/// Who books. Staff (the console's Nueva dialog, the host stand) may book within the lead time
/// and a party larger than any table or joined pair seats (the floor joins tables for a group:
/// its covers still count), up to [`PERSONAS_MAX`]; never a closed hour, a past time or a date
/// beyond the horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reservante {
    #[default]
    Huesped,
    Personal,
}

/// A branch as availability reads it.
#[derive(Debug, Clone)]
pub struct Salon<'a> {
    pub zona: Tz,
    pub horario: &'a [HorarioDia],
    pub especiales: &'a [DiaEspecial],
    /// The branch's tables, in any order.
    pub mesas: &'a [DatosMesa],
    pub reglas: ReglasReserva,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Estado {
    Libre,
    Lleno,
    /// Within the lead time (or already past).
    Pronto,
}

struct Turno {
    hora: NaiveDateTime,
    estado: Estado,
}

/// Seats parties at tables: each at its smallest free table, else the smallest free adjacent pair.
struct Plano<'m> {
    mesas: Vec<&'m DatosMesa>,
    libre: Vec<bool>,
}

impl<'m> Plano<'m> {
    fn new(mesas: &'m [DatosMesa]) -> Self {
        let mut mesas: Vec<&DatosMesa> = mesas.iter().collect();
        mesas.sort_by_key(|m| m.numero);
        let libre = vec![true; mesas.len()];
        Plano { mesas, libre }
    }

    fn vaciar(&mut self) {
        self.libre.iter_mut().for_each(|l| *l = true);
    }

    fn unibles(&self, i: usize) -> bool {
        self.mesas[i].combinable && self.mesas[i + 1].combinable
    }

    /// The most a single table or an adjacent joined pair seats.
    fn mayor(&self) -> u32 {
        let sola = self.mesas.iter().map(|m| m.asientos).max().unwrap_or(0);
        let par = (0..self.mesas.len().saturating_sub(1))
            .filter(|&i| self.unibles(i))
            .map(|i| self.mesas[i].asientos + self.mesas[i + 1].asientos)
            .max()
            .unwrap_or(0);
        sola.max(par)
    }

    fn sentar(&mut self, personas: u32) -> bool {
        let sola = (0..self.mesas.len())
            .filter(|&i| self.libre[i] && self.mesas[i].asientos >= personas)
            .min_by_key(|&i| self.mesas[i].asientos);
        if let Some(i) = sola {
            self.libre[i] = false;
            return true;
        }
        let par = (0..self.mesas.len().saturating_sub(1))
            .filter(|&i| self.libre[i] && self.libre[i + 1] && self.unibles(i))
            .filter(|&i| self.mesas[i].asientos + self.mesas[i + 1].asientos >= personas)
            .min_by_key(|&i| self.mesas[i].asientos + self.mesas[i + 1].asientos);
        if let Some(i) = par {
            self.libre[i] = false;
            self.libre[i + 1] = false;
            return true;
        }
        false
    }
}

/// The instant of a wall time; `None` for one a daylight-saving change skips. An ambiguous one
/// (clocks going back) is the later instant, as [`ReglasHorario::instante`] reads reservations.
fn instante_exacto(zona: Tz, t: NaiveDateTime) -> Option<DateTime<Utc>> {
    match zona.from_local_datetime(&t) {
        chrono::LocalResult::Single(i) | chrono::LocalResult::Ambiguous(_, i) => {
            Some(i.with_timezone(&Utc))
        }
        chrono::LocalResult::None => None,
    }
}

fn parse_personas(personas: u32) -> Result<u32, ReglaError> {
    if personas == 0 {
        return Err(ReglaError::PersonasCero);
    }
    if personas > PERSONAS_MAX {
        return Err(ReglaError::PersonasExcedenLimite { max: PERSONAS_MAX });
    }
    Ok(personas)
}

/// The wall-time window whose reservations can share a table with a booking on `fecha`: the day
/// before (a stay from the evening before may run past midnight) to the day after.
/// Saturating at chrono's last date: a query for a date that far away finds nothing, and never panics.
pub fn ventana_tomadas(fecha: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
    let desde = fecha.pred_opt().unwrap_or(fecha).and_time(NaiveTime::MIN);
    let hasta = fecha
        .checked_add_days(Days::new(2))
        .unwrap_or(NaiveDate::MAX)
        .and_time(NaiveTime::MIN);
    (desde, hasta)
}

impl Salon<'_> {
    fn reloj(&self) -> ReglasHorario {
        ReglasHorario {
            zona: self.zona,
            ..ReglasHorario::default()
        }
    }

    /// The branch-local date at `ahora`: the first bookable date.
    pub fn fecha_min(&self, ahora: DateTime<Utc>) -> NaiveDate {
        self.reloj().local(ahora).date()
    }

    /// The last bookable date: today plus the horizon.
    pub fn fecha_max(&self, ahora: DateTime<Utc>) -> NaiveDate {
        let hoy = self.fecha_min(ahora);
        hoy.checked_add_days(Days::new(u64::from(self.reglas.horizonte_dias)))
            .unwrap_or(NaiveDate::MAX)
    }

    /// The largest party one table or two joined seat (capped at the booking limit); the limit
    /// itself for a branch without tables.
    pub fn personas_max(&self) -> u32 {
        if self.mesas.is_empty() {
            return PERSONAS_MAX;
        }
        Plano::new(self.mesas).mayor().min(PERSONAS_MAX)
    }

    /// The wall times of `fecha` the openings offer (with their instants), before any capacity.
    fn candidatos(
        &self,
        fecha: NaiveDate,
    ) -> Result<Vec<(NaiveDateTime, DateTime<Utc>)>, ReglaError> {
        let reloj = self.reloj();
        let paso = Duration::minutes(i64::from(self.reglas.paso_min.max(1)));
        let estancia = Duration::minutes(i64::from(self.reglas.estancia_min));
        let mut v = Vec::new();
        for dia in [fecha.pred_opt(), Some(fecha)].into_iter().flatten() {
            let Some((a, c)) = horas_del_dia(dia, self.horario, self.especiales)? else {
                continue;
            };
            let cruza = c <= a;
            if dia != fecha && !cruza {
                continue;
            }
            let inicio = dia.and_time(a);
            let fin = if cruza {
                dia.succ_opt().unwrap_or(dia).and_time(c)
            } else {
                dia.and_time(c)
            };
            let (Some(abre), Some(cierra)) = (reloj.instante(inicio), reloj.instante(fin)) else {
                continue;
            };
            let mut t = inicio;
            while t < fin {
                if t.date() == fecha {
                    if let Some(i) = instante_exacto(self.zona, t) {
                        if i >= abre && i + estancia <= cierra {
                            v.push((t, i));
                        }
                    }
                }
                t += paso;
            }
        }
        v.sort_by_key(|(t, _)| *t);
        v.dedup_by_key(|(t, _)| *t);
        Ok(v)
    }

    /// Every candidate time of `fecha` with its state; `Ok(Err(motivo))` when the date offers
    /// none at all (closed, past, out of the horizon, a party no table seats).
    fn turnos(
        &self,
        quien: Reservante,
        fecha: NaiveDate,
        personas: u32,
        tomadas: &[ReservaTomada],
        ahora: DateTime<Utc>,
    ) -> Result<Result<Vec<Turno>, ReglaError>, ReglaError> {
        let personal = quien == Reservante::Personal;
        let personas = parse_personas(personas)?;
        if fecha < self.fecha_min(ahora) {
            return Ok(Err(ReglaError::FechaPasada));
        }
        if fecha > self.fecha_max(ahora) {
            return Ok(Err(ReglaError::FueraDeHorizonte {
                dias: self.reglas.horizonte_dias,
            }));
        }
        // A group no table seats: refused to guests; staff book it and the floor joins tables.
        let grupo = personas > self.personas_max();
        if grupo && !personal {
            return Ok(Err(ReglaError::GrupoSinMesa { personas }));
        }
        let candidatos = self.candidatos(fecha)?;
        if candidatos.is_empty() {
            let abierto = horas_del_dia(fecha, self.horario, self.especiales)?.is_some();
            return Ok(Err(if abierto {
                ReglaError::HorarioNoDisponible
            } else {
                ReglaError::SucursalCerrada
            }));
        }

        let reloj = self.reloj();
        let paso = Duration::minutes(i64::from(self.reglas.paso_min.max(1)));
        let estancia = Duration::minutes(i64::from(self.reglas.estancia_min));
        let anticipacion = if personal {
            0
        } else {
            self.reglas.anticipacion_min
        };
        let desde = ahora + Duration::minutes(i64::from(anticipacion));
        // The parties held, by the instant they start.
        let mut ocupadas: Vec<(DateTime<Utc>, u32)> = tomadas
            .iter()
            .filter(|r| r.ocupa())
            .filter_map(|r| reloj.instante(r.fecha_hora).map(|i| (i, r.no_personas)))
            .collect();
        ocupadas.sort_unstable();
        let entre = |a: DateTime<Utc>, b: DateTime<Utc>| {
            // Indices of the parties starting in [a, b).
            let i = ocupadas.partition_point(|(t, _)| *t < a);
            let j = ocupadas.partition_point(|(t, _)| *t < b);
            i..j
        };

        let mut plano = Plano::new(self.mesas);
        let mut presentes: Vec<u32> = Vec::new();
        let mut turnos = Vec::with_capacity(candidatos.len());
        for (hora, s) in candidatos {
            let estado = if s < desde {
                Estado::Pronto
            } else {
                let cubiertos: u32 = ocupadas[entre(s, s + paso)].iter().map(|(_, n)| n).sum();
                let mut cabe = cubiertos + personas <= self.reglas.cubiertos_por_turno;
                if cabe && !self.mesas.is_empty() && !grupo {
                    // The moments the set of parties present changes during the stay: its start,
                    // and each arrival before it ends.
                    let llegadas = entre(s, s + estancia);
                    let momentos =
                        std::iter::once(s).chain(ocupadas[llegadas].iter().map(|(t, _)| *t));
                    for p in momentos {
                        presentes.clear();
                        presentes.extend(
                            ocupadas[entre(
                                p - estancia + Duration::seconds(1),
                                p + Duration::seconds(1),
                            )]
                            .iter()
                            .map(|(_, n)| *n),
                        );
                        presentes.sort_unstable_by(|a, b| b.cmp(a));
                        plano.vaciar();
                        for n in &presentes {
                            plano.sentar(*n);
                        }
                        if !plano.sentar(personas) {
                            cabe = false;
                            break;
                        }
                    }
                }
                if cabe {
                    Estado::Libre
                } else {
                    Estado::Lleno
                }
            };
            turnos.push(Turno { hora, estado });
        }
        Ok(Ok(turnos))
    }

    /// The bookable times of `fecha` for a guest's party of `personas` at `ahora`.
    pub fn disponibilidad(
        &self,
        fecha: NaiveDate,
        personas: u32,
        tomadas: &[ReservaTomada],
        ahora: DateTime<Utc>,
    ) -> Result<Disponibilidad, ReglaError> {
        self.disponibilidad_para(Reservante::Huesped, fecha, personas, tomadas, ahora)
    }

    /// The bookable times of `fecha` for a party of `personas` at `ahora`, booked by `quien`.
    pub fn disponibilidad_para(
        &self,
        quien: Reservante,
        fecha: NaiveDate,
        personas: u32,
        tomadas: &[ReservaTomada],
        ahora: DateTime<Utc>,
    ) -> Result<Disponibilidad, ReglaError> {
        let mut d = Disponibilidad {
            fecha: fecha.format("%Y-%m-%d").to_string(),
            cerrado: false,
            motivo: None,
            horarios: Vec::new(),
            siguiente: None,
        };
        match self.turnos(quien, fecha, personas, tomadas, ahora)? {
            Err(motivo) => {
                d.cerrado = motivo == ReglaError::SucursalCerrada;
                d.motivo = Some(motivo.mensaje());
            }
            Ok(turnos) => {
                d.horarios = turnos
                    .iter()
                    .filter(|t| t.estado == Estado::Libre)
                    .map(|t| formato_hora(t.hora.time()))
                    .collect();
                if d.horarios.is_empty() {
                    let lleno = turnos.iter().any(|t| t.estado == Estado::Lleno);
                    d.motivo = Some(
                        if lleno {
                            ReglaError::DiaLleno
                        } else {
                            ReglaError::SinHorariosRestantes
                        }
                        .mensaje(),
                    );
                }
            }
        }
        Ok(d)
    }

    /// The first date after `fecha`, within [`DIAS_SIGUIENTE`] days, that offers `quien` a time
    /// for `personas`; `tomadas` must cover those days. `None` when none does.
    pub fn siguiente_con_lugar(
        &self,
        quien: Reservante,
        fecha: NaiveDate,
        personas: u32,
        tomadas: &[ReservaTomada],
        ahora: DateTime<Utc>,
    ) -> Option<NaiveDate> {
        (1..=DIAS_SIGUIENTE)
            .filter_map(|n| fecha.checked_add_days(Days::new(u64::from(n))))
            .find(|f| {
                self.disponibilidad_para(quien, *f, personas, tomadas, ahora)
                    .is_ok_and(|d| !d.horarios.is_empty())
            })
    }

    /// Refuses a booking at `fecha_hora` that availability would not offer, saying why:
    /// [`ReglaError::SinLugar`] when its time is taken (the caller answers 409), another rule
    /// otherwise.
    pub fn exigir_disponible(
        &self,
        fecha_hora: NaiveDateTime,
        personas: u32,
        tomadas: &[ReservaTomada],
        ahora: DateTime<Utc>,
    ) -> Result<(), ReglaError> {
        self.exigir_disponible_para(Reservante::Huesped, fecha_hora, personas, tomadas, ahora)
    }

    /// [`Salon::exigir_disponible`] for a booking made by `quien`.
    pub fn exigir_disponible_para(
        &self,
        quien: Reservante,
        fecha_hora: NaiveDateTime,
        personas: u32,
        tomadas: &[ReservaTomada],
        ahora: DateTime<Utc>,
    ) -> Result<(), ReglaError> {
        let turnos = self.turnos(quien, fecha_hora.date(), personas, tomadas, ahora)??;
        match turnos
            .iter()
            .find(|t| t.hora == fecha_hora)
            .map(|t| t.estado)
        {
            Some(Estado::Libre) => Ok(()),
            Some(Estado::Lleno) => Err(ReglaError::SinLugar),
            // Staff have no lead time: a time too soon for them is one already gone.
            Some(Estado::Pronto) if quien == Reservante::Personal => Err(ReglaError::FechaPasada),
            Some(Estado::Pronto) => Err(ReglaError::SinAnticipacion {
                minutos: self.reglas.anticipacion_min,
            }),
            None => Err(ReglaError::HorarioNoDisponible),
        }
    }
}

/// Everything availability needs, as plain data: the shared vectors and the browser send this.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ConsultaDisponibilidad {
    /// IANA zone of the branch.
    pub zona: String,
    /// The instant now, RFC 3339.
    pub ahora: String,
    /// `YYYY-MM-DD`.
    pub fecha: String,
    pub personas: u32,
    #[serde(default)]
    pub horario: Vec<DatosDia>,
    #[serde(default)]
    pub dias: Vec<DatosDiaEspecial>,
    #[serde(default)]
    pub mesas: Vec<DatosMesa>,
    #[serde(default)]
    pub reservas: Vec<ReservaTomada>,
    #[serde(default)]
    pub reglas: Option<ReglasReserva>,
}

/// [`Salon::disponibilidad`] over plain data.
pub fn disponibilidad_de(c: &ConsultaDisponibilidad) -> Result<Disponibilidad, ReglaError> {
    let zona: Tz = c
        .zona
        .parse()
        .map_err(|_| ReglaError::ZonaInvalida(c.zona.clone()))?;
    let ahora = DateTime::parse_from_rfc3339(c.ahora.trim())
        .map_err(|_| ReglaError::InstanteInvalido)?
        .with_timezone(&Utc);
    let fecha = NaiveDate::parse_from_str(c.fecha.trim(), "%Y-%m-%d")
        .map_err(|_| ReglaError::FechaInvalida)?;
    let horario: Vec<HorarioDia> = crate::organizacion::validar_horario(&c.horario)?
        .into_iter()
        .map(|d| HorarioDia {
            dia: d.dia,
            abre: d.abre,
            cierra: d.cierra,
            cerrado: d.cerrado,
        })
        .collect();
    let especiales: Vec<DiaEspecial> = validar_dias(&c.dias)?
        .into_iter()
        .map(|d| DiaEspecial {
            fecha: d.fecha,
            cerrado: d.cerrado,
            abre: d.abre,
            cierra: d.cierra,
        })
        .collect();
    let mesas = crate::organizacion::validar_mesas(&c.mesas)?;
    let salon = Salon {
        zona,
        horario: &horario,
        especiales: &especiales,
        mesas: &mesas,
        reglas: c.reglas.unwrap_or_default(),
    };
    salon.disponibilidad(fecha, c.personas, &c.reservas, ahora)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn semana(abre: &str, cierra: &str) -> Vec<HorarioDia> {
        (1..=7)
            .map(|dia| HorarioDia {
                dia,
                abre: abre.into(),
                cierra: cierra.into(),
                cerrado: false,
            })
            .collect()
    }

    fn mesa(numero: u32, asientos: u32, combinable: bool) -> DatosMesa {
        DatosMesa::nueva(numero, asientos, combinable)
    }

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn fh(s: &str) -> NaiveDateTime {
        crate::tiempo::parse_fecha_hora(s).unwrap()
    }

    fn fecha(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_last_table_goes_once() {
        let horario = semana("13:00", "22:00");
        let mesas = [mesa(1, 4, false)];
        let salon = Salon {
            zona: chrono_tz::America::Mexico_City,
            horario: &horario,
            especiales: &[],
            mesas: &mesas,
            reglas: ReglasReserva::default(),
        };
        let ahora = utc("2026-11-20T12:00:00Z");
        assert_eq!(
            salon.exigir_disponible(fh("2026-11-24 15:00"), 4, &[], ahora),
            Ok(())
        );
        let tomada = ReservaTomada {
            fecha_hora: fh("2026-11-24 15:00"),
            no_personas: 2,
            status: EstadoReservacion::Pendiente,
        };
        assert_eq!(
            salon.exigir_disponible(fh("2026-11-24 15:00"), 4, &[tomada], ahora),
            Err(ReglaError::SinLugar)
        );
        // 90 minutes later the table is free again; a cancelled one holds nothing.
        assert_eq!(
            salon.exigir_disponible(fh("2026-11-24 16:30"), 4, &[tomada], ahora),
            Ok(())
        );
        let cancelada = ReservaTomada {
            status: EstadoReservacion::Cancelada,
            ..tomada
        };
        assert_eq!(
            salon.exigir_disponible(fh("2026-11-24 15:00"), 4, &[cancelada], ahora),
            Ok(())
        );
        assert_eq!(
            salon.exigir_disponible(fh("2026-11-24 15:05"), 4, &[], ahora),
            Err(ReglaError::HorarioNoDisponible)
        );
    }

    #[test]
    fn staff_book_a_group_no_table_seats_and_within_the_lead_time_but_never_a_closed_or_past_hour()
    {
        let horario = semana("13:00", "22:00");
        let mesas = [mesa(1, 4, true), mesa(2, 6, true)];
        let salon = Salon {
            zona: chrono_tz::America::Mexico_City,
            horario: &horario,
            especiales: &[],
            mesas: &mesas,
            reglas: ReglasReserva::default(),
        };
        // 14:00 local on the 24th.
        let ahora = utc("2026-11-24T20:00:00Z");
        let (huesped, personal) = (Reservante::Huesped, Reservante::Personal);
        assert_eq!(salon.personas_max(), 10);
        assert_eq!(
            salon.exigir_disponible_para(huesped, fh("2026-11-25 15:00"), 12, &[], ahora),
            Err(ReglaError::GrupoSinMesa { personas: 12 })
        );
        assert_eq!(
            salon.exigir_disponible_para(personal, fh("2026-11-25 15:00"), 12, &[], ahora),
            Ok(())
        );
        let d = salon
            .disponibilidad_para(personal, fecha("2026-11-25"), 12, &[], ahora)
            .unwrap();
        assert_eq!(d.horarios.first().map(String::as_str), Some("13:00"));
        // Its covers still count: 40 a slot, 30 already held at 15:00.
        let grupo = ReservaTomada {
            fecha_hora: fh("2026-11-25 15:00"),
            no_personas: 30,
            status: EstadoReservacion::Pendiente,
        };
        assert_eq!(
            salon.exigir_disponible_para(personal, fh("2026-11-25 15:00"), 12, &[grupo], ahora),
            Err(ReglaError::SinLugar)
        );
        // The lead time (60 min) binds guests only; a time gone binds everyone.
        assert_eq!(
            salon.exigir_disponible_para(huesped, fh("2026-11-24 14:30"), 2, &[], ahora),
            Err(ReglaError::SinAnticipacion { minutos: 60 })
        );
        assert_eq!(
            salon.exigir_disponible_para(personal, fh("2026-11-24 14:30"), 2, &[], ahora),
            Ok(())
        );
        assert_eq!(
            salon.exigir_disponible_para(personal, fh("2026-11-24 13:30"), 2, &[], ahora),
            Err(ReglaError::FechaPasada)
        );
        assert_eq!(
            salon.exigir_disponible_para(personal, fh("2026-11-25 22:00"), 2, &[], ahora),
            Err(ReglaError::HorarioNoDisponible)
        );
        assert_eq!(
            salon.exigir_disponible_para(personal, fh("2026-11-25 15:00"), 51, &[], ahora),
            Err(ReglaError::PersonasExcedenLimite { max: 50 })
        );
    }

    #[test]
    fn the_window_of_held_reservations_saturates_at_the_last_date_chrono_knows() {
        // A date a public query can name (`%Y` takes any year chrono holds) must not overflow.
        let (desde, hasta) = ventana_tomadas(NaiveDate::MAX);
        assert_eq!(
            (desde.date(), hasta.date()),
            (NaiveDate::MAX.pred_opt().unwrap(), NaiveDate::MAX)
        );
        let (desde, hasta) = ventana_tomadas(NaiveDate::MIN);
        assert_eq!(
            (desde.date(), hasta.date()),
            (NaiveDate::MIN, NaiveDate::MIN + Duration::days(2))
        );
        let dia = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        assert_eq!(
            ventana_tomadas(dia),
            (fh("2026-11-23 00:00"), fh("2026-11-26 00:00"))
        );
    }
}
