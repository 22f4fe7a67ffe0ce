//! The dashboard's figures: one branch's day at a glance and a series of days, counted
//! from the same records the lists show, so the two always agree.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use serde::Serialize;

use crate::estado::{EstadoReservacion, Origen};
use crate::tiempo::dia_de_servicio;

/// Reservations as the dashboard counts them: `visitas` alike (one, or a group of the same day
/// and hour, state and origin, as storage keeps them summed), with their `personas` together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisitaReservada {
    pub estado: EstadoReservacion,
    /// The day and hour they are for (minutes do not count).
    pub fecha_hora: NaiveDateTime,
    pub personas: u64,
    pub origen: Origen,
    pub visitas: u64,
}

/// Walk-ins as the dashboard counts them: `visitas` of the same day and hour, with their
/// `personas` together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisitaSinReserva {
    pub fecha_hora: NaiveDateTime,
    pub personas: u64,
    pub visitas: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PorEstado {
    pub pendiente: u64,
    pub asistio: u64,
    pub vencido: u64,
    pub cancelada: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Cuenta {
    pub clave: String,
    pub total: u64,
}

/// One day of a branch.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResumenDia {
    /// `YYYY-MM-DD`, branch-local.
    pub fecha: String,
    pub reservaciones: PorEstado,
    /// Guests booked and not cancelled.
    pub personas_esperadas: u64,
    /// Guests of reservations that arrived, plus walk-ins.
    pub personas_sentadas: u64,
    pub walkins: u64,
    pub personas_walkin: u64,
    /// No-shows over the reservations that ended (arrived or not); `None` before any ended.
    pub tasa_no_show: Option<f64>,
    /// Reservations and walk-ins by the hour they were for (`13`, `14`, …).
    pub llegadas_por_hora: Vec<Cuenta>,
    /// Reservations by origin.
    pub origenes: Vec<Cuenta>,
}

fn sumar(cuentas: &mut Vec<Cuenta>, clave: String, n: u64) {
    match cuentas.iter_mut().find(|c| c.clave == clave) {
        Some(c) => c.total += n,
        None => cuentas.push(Cuenta { clave, total: n }),
    }
}

/// The business day's figures from its reservations and walk-ins: those from `fin_dia` on
/// `fecha` until `fin_dia` the next morning. Its hours go in the day's order (20, 21, 23, 00, 01).
pub fn resumen_dia(
    fecha: NaiveDate,
    fin_dia: NaiveTime,
    reservas: &[VisitaReservada],
    walkins: &[VisitaSinReserva],
) -> ResumenDia {
    let mut r = ResumenDia {
        fecha: fecha.format("%Y-%m-%d").to_string(),
        reservaciones: PorEstado::default(),
        personas_esperadas: 0,
        personas_sentadas: 0,
        walkins: 0,
        personas_walkin: 0,
        tasa_no_show: None,
        llegadas_por_hora: Vec::new(),
        origenes: Vec::new(),
    };
    for v in reservas
        .iter()
        .filter(|v| dia_de_servicio(v.fecha_hora, fin_dia) == fecha && v.visitas > 0)
    {
        let n = v.visitas;
        match v.estado {
            EstadoReservacion::Pendiente => r.reservaciones.pendiente += n,
            EstadoReservacion::Asistio => r.reservaciones.asistio += n,
            EstadoReservacion::Vencido => r.reservaciones.vencido += n,
            EstadoReservacion::Cancelada => r.reservaciones.cancelada += n,
        }
        if v.estado != EstadoReservacion::Cancelada {
            r.personas_esperadas += v.personas;
            sumar(
                &mut r.llegadas_por_hora,
                format!("{:02}", v.fecha_hora.hour()),
                n,
            );
        }
        if v.estado == EstadoReservacion::Asistio {
            r.personas_sentadas += v.personas;
        }
        sumar(&mut r.origenes, v.origen.nombre().to_owned(), n);
    }
    for w in walkins
        .iter()
        .filter(|w| dia_de_servicio(w.fecha_hora, fin_dia) == fecha && w.visitas > 0)
    {
        r.walkins += w.visitas;
        r.personas_walkin += w.personas;
        r.personas_sentadas += w.personas;
        sumar(
            &mut r.llegadas_por_hora,
            format!("{:02}", w.fecha_hora.hour()),
            w.visitas,
        );
    }
    let terminadas = r.reservaciones.asistio + r.reservaciones.vencido;
    r.tasa_no_show = (terminadas > 0).then(|| r.reservaciones.vencido as f64 / terminadas as f64);
    let en_el_dia = |clave: &str| {
        let hora: u32 = clave.parse().unwrap_or(0);
        (hora + 24 - fin_dia.hour()) % 24
    };
    r.llegadas_por_hora.sort_by_key(|c| en_el_dia(&c.clave));
    r.origenes
        .sort_by(|a, b| b.total.cmp(&a.total).then(a.clave.cmp(&b.clave)));
    r
}

/// Business days `hasta - dias + 1 ..= hasta`, each summed as [`resumen_dia`].
pub fn serie(
    hasta: NaiveDate,
    dias: u32,
    fin_dia: NaiveTime,
    reservas: &[VisitaReservada],
    walkins: &[VisitaSinReserva],
) -> Vec<ResumenDia> {
    (0..dias)
        .rev()
        .filter_map(|k| hasta.checked_sub_days(chrono::Days::new(u64::from(k))))
        .map(|fecha| resumen_dia(fecha, fin_dia, reservas, walkins))
        .collect()
}

/// Reservations that ended (arrived or not) of one kind, and their no-show rate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NoShows {
    pub asistio: u64,
    pub vencido: u64,
    /// `vencido / (asistio + vencido)`; `None` before any ended.
    pub tasa: Option<f64>,
}

impl NoShows {
    pub fn de(asistio: u64, vencido: u64) -> NoShows {
        let total = asistio + vencido;
        NoShows {
            asistio,
            vencido,
            tasa: (total > 0).then(|| vencido as f64 / total as f64),
        }
    }
}

/// What reminders buy: the no-show rate of the reservations their guests confirmed against
/// those they did not.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NoShowsPorConfirmacion {
    pub confirmadas: NoShows,
    pub sin_confirmar: NoShows,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_no_show_rate_is_over_the_reservations_that_ended() {
        assert_eq!(NoShows::de(0, 0).tasa, None);
        assert_eq!(NoShows::de(3, 1).tasa, Some(0.25));
        assert_eq!(NoShows::de(0, 2).tasa, Some(1.0));
    }

    fn fh(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn a_day_counts_its_reservations_walk_ins_and_no_show_rate() {
        let dia = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let r = |estado, h: &str, personas| VisitaReservada {
            estado,
            fecha_hora: fh(h),
            personas,
            origen: Origen::Widget,
            visitas: 1,
        };
        let reservas = [
            r(EstadoReservacion::Asistio, "2026-11-22 14:00", 4),
            r(EstadoReservacion::Vencido, "2026-11-22 14:30", 2),
            r(EstadoReservacion::Cancelada, "2026-11-22 15:00", 6),
            r(EstadoReservacion::Pendiente, "2026-11-22 20:00", 3),
            r(EstadoReservacion::Asistio, "2026-11-21 20:00", 9),
        ];
        let walkins = [VisitaSinReserva {
            fecha_hora: fh("2026-11-22 14:10"),
            personas: 5,
            visitas: 1,
        }];
        let d = resumen_dia(dia, crate::tiempo::FIN_DIA_POR_DEFECTO, &reservas, &walkins);
        assert_eq!(
            d.reservaciones,
            PorEstado {
                pendiente: 1,
                asistio: 1,
                vencido: 1,
                cancelada: 1
            }
        );
        assert_eq!(
            (
                d.personas_esperadas,
                d.personas_sentadas,
                d.walkins,
                d.personas_walkin
            ),
            (9, 9, 1, 5)
        );
        assert_eq!(d.tasa_no_show, Some(0.5));
        assert_eq!(
            d.llegadas_por_hora,
            vec![
                Cuenta {
                    clave: "14".into(),
                    total: 3
                },
                Cuenta {
                    clave: "20".into(),
                    total: 1
                }
            ]
        );
        assert_eq!(
            serie(
                dia,
                2,
                crate::tiempo::FIN_DIA_POR_DEFECTO,
                &reservas,
                &walkins
            )
            .iter()
            .map(|d| d.personas_sentadas)
            .collect::<Vec<_>>(),
            [9, 9]
        );
    }

    #[test]
    fn grouped_visits_count_as_many_as_they_hold() {
        let dia = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let grupo = |estado, visitas, personas| VisitaReservada {
            estado,
            fecha_hora: fh("2026-11-22 20:00"),
            personas,
            origen: Origen::Whatsapp,
            visitas,
        };
        let reservas = [
            grupo(EstadoReservacion::Pendiente, 3, 10),
            grupo(EstadoReservacion::Vencido, 2, 5),
            grupo(EstadoReservacion::Asistio, 6, 20),
            // A group every visit has left (cancelled, moved) counts nothing.
            grupo(EstadoReservacion::Cancelada, 0, 0),
        ];
        let walkins = [VisitaSinReserva {
            fecha_hora: fh("2026-11-22 20:00"),
            personas: 9,
            visitas: 4,
        }];
        let d = resumen_dia(dia, crate::tiempo::FIN_DIA_POR_DEFECTO, &reservas, &walkins);
        assert_eq!(
            d.reservaciones,
            PorEstado {
                pendiente: 3,
                asistio: 6,
                vencido: 2,
                cancelada: 0
            }
        );
        assert_eq!(
            (
                d.personas_esperadas,
                d.personas_sentadas,
                d.walkins,
                d.personas_walkin
            ),
            (35, 29, 4, 9)
        );
        assert_eq!(d.tasa_no_show, Some(0.25));
        assert_eq!(
            d.llegadas_por_hora,
            vec![Cuenta {
                clave: "20".into(),
                total: 15
            }]
        );
        assert_eq!(
            d.origenes,
            vec![Cuenta {
                clave: "Whatsapp".into(),
                total: 11
            }]
        );
    }

    #[test]
    fn a_night_counts_in_the_business_day_it_began() {
        let viernes = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let a = |dia: u32, hora: u32| {
            NaiveDate::from_ymd_opt(2026, 11, dia)
                .unwrap()
                .and_hms_opt(hora, 0, 0)
                .unwrap()
        };
        let w = |fecha_hora, personas| VisitaSinReserva {
            fecha_hora,
            personas,
            visitas: 1,
        };
        // Friday 23:00 and Saturday 00:00 and 04:00 are Friday's; Saturday 05:00 is Saturday's,
        // Friday 04:00 is Thursday's.
        let walkins = [
            w(a(27, 23), 4),
            w(a(28, 0), 3),
            w(a(28, 4), 2),
            w(a(28, 5), 7),
            w(a(27, 4), 9),
        ];
        let fin = crate::tiempo::FIN_DIA_POR_DEFECTO;
        let d = resumen_dia(viernes, fin, &[], &walkins);
        assert_eq!((d.walkins, d.personas_walkin), (3, 9));
        let horas: Vec<&str> = d
            .llegadas_por_hora
            .iter()
            .map(|c| c.clave.as_str())
            .collect();
        assert_eq!(horas, ["23", "00", "04"]);
        let serie = serie(viernes.succ_opt().unwrap(), 3, fin, &[], &walkins);
        let por_dia: Vec<(String, u64)> = serie
            .iter()
            .map(|d| (d.fecha.clone(), d.personas_walkin))
            .collect();
        assert_eq!(
            por_dia,
            [
                ("2026-11-26".to_owned(), 9),
                ("2026-11-27".to_owned(), 9),
                ("2026-11-28".to_owned(), 7)
            ]
        );
        // With the day ending at midnight the calendar's days come back.
        let d = resumen_dia(viernes, NaiveTime::MIN, &[], &walkins);
        assert_eq!((d.walkins, d.personas_walkin), (2, 13));
    }
}
