//! A reservation as staff list it, edit it and as a guest books it: the list tabs, the edit form
//! and the checks a new booking passes before it is stored.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};
use serde::{Deserialize, Serialize};

use crate::comanda::Personas;
use crate::error::ReglaError;
use crate::estado::{EstadoReservacion, Origen};
use crate::personal::{validar_datos_personales, DatosPersonales, Evento};
use crate::telefono::PaisesTelefono;
use crate::tiempo::{parse_fecha_hora, parse_hora};

/// Largest party one reservation holds: the widget's party-size limit, the same for every party.
pub use crate::comanda::PERSONAS_MAX;
/// Longest comment a reservation keeps.
pub const COMENTARIOS_MAX: usize = 500;

/// The tabs of /reservaciones, by slug.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum VistaReservaciones {
    /// The branch-local date.
    Hoy,
    /// Pendiente, from now on.
    Pendientes,
    Asistio,
    Vencidas,
    Canceladas,
    Todas,
}

impl VistaReservaciones {
    pub const TODAS: [VistaReservaciones; 6] = [
        Self::Hoy,
        Self::Pendientes,
        Self::Asistio,
        Self::Vencidas,
        Self::Canceladas,
        Self::Todas,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Self::Hoy => "hoy",
            Self::Pendientes => "pendientes",
            Self::Asistio => "asistio",
            Self::Vencidas => "vencidas",
            Self::Canceladas => "canceladas",
            Self::Todas => "todas",
        }
    }

    /// A tab by its slug, or by the status it shows (`Pendiente`, `Asistio`, `Vencido`,
    /// `Cancelada`, as reservations carry it): a client may ask for either.
    pub fn parse(slug: &str) -> Result<Self, ReglaError> {
        Self::TODAS
            .into_iter()
            .find(|v| v.slug() == slug || v.estado().is_some_and(|e| e.nombre() == slug))
            .ok_or_else(|| ReglaError::VistaDesconocida(slug.to_owned()))
    }

    /// The one status the tab shows, if it shows one.
    pub fn estado(self) -> Option<EstadoReservacion> {
        match self {
            Self::Pendientes => Some(EstadoReservacion::Pendiente),
            Self::Asistio => Some(EstadoReservacion::Asistio),
            Self::Vencidas => Some(EstadoReservacion::Vencido),
            Self::Canceladas => Some(EstadoReservacion::Cancelada),
            Self::Hoy | Self::Todas => None,
        }
    }

    /// Today's and the coming ones read in time order; history reads newest first.
    pub fn ascendente(self) -> bool {
        matches!(self, Self::Hoy | Self::Pendientes)
    }

    /// The day's list puts who is still expected (Pendiente) first, then the rest of the day.
    pub fn pendientes_primero(self) -> bool {
        self == Self::Hoy
    }

    /// The day's list is bounded by the day: it comes whole, the others in pages.
    pub fn paginada(self) -> bool {
        self != Self::Hoy
    }
}

fn personas(n: Option<u32>) -> Result<Personas, ReglaError> {
    Personas::parse(n)
}

fn comentarios(raw: &str) -> Result<String, ReglaError> {
    let c = raw.trim();
    crate::texto::exigir_visible(c, "comentarios", true)?;
    if c.chars().count() > COMENTARIOS_MAX {
        return Err(ReglaError::ComentariosLargos {
            max: COMENTARIOS_MAX,
        });
    }
    Ok(c.to_owned())
}

/// A state read by its stored name, and the one way a reservation's state may move. The states
/// themselves are values (`estado`); refusing a name or a move is this aggregate's rule.
impl EstadoReservacion {
    pub fn parse(s: &str) -> Result<Self, ReglaError> {
        Self::TODOS
            .into_iter()
            .find(|e| e.nombre() == s)
            .ok_or_else(|| ReglaError::EstadoDesconocido(s.to_owned()))
    }

    /// Pendiente may become Asistio, Vencido or Cancelada; every other move is refused.
    pub fn pasar_a(self, hacia: Self) -> Result<Self, ReglaError> {
        match (self, hacia) {
            (Self::Pendiente, Self::Asistio | Self::Vencido | Self::Cancelada) => Ok(hacia),
            (desde, hacia) => Err(ReglaError::TransicionInvalida { desde, hacia }),
        }
    }
}

/// The move between two states given by name, as clients send them.
pub fn pasar_estado(desde: &str, hacia: &str) -> Result<EstadoReservacion, ReglaError> {
    EstadoReservacion::parse(desde)?.pasar_a(EstadoReservacion::parse(hacia)?)
}

/// An origin read by its stored name.
impl Origen {
    pub fn parse(s: &str) -> Result<Self, ReglaError> {
        Self::TODOS
            .into_iter()
            .find(|o| o.nombre() == s)
            .ok_or_else(|| ReglaError::OrigenDesconocido(s.to_owned()))
    }
}

/// Only a Pendiente reservation may change its date, party, event or comments.
pub fn exigir_editable(estado: EstadoReservacion) -> Result<(), ReglaError> {
    if estado == EstadoReservacion::Pendiente {
        Ok(())
    } else {
        Err(ReglaError::ReservacionNoEditable { estado })
    }
}

/// The staff's edit of a reservation, as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EdicionReservacion {
    /// `YYYY-MM-DD HH:MM` (or `YYYY-MM-DDTHH:MM[:SS]`), branch-local.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}")
    )]
    pub fecha_hora: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 50))]
    pub no_personas: Option<u32>,
    #[serde(default)]
    pub evento: Option<Evento>,
    #[serde(default)]
    pub comentarios: Option<String>,
}

/// An edit that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CambiosReservacion {
    pub fecha_hora: NaiveDateTime,
    pub no_personas: Personas,
    pub evento: Evento,
    pub comentarios: String,
}

impl CambiosReservacion {
    pub fn parse(e: &EdicionReservacion) -> Result<Self, ReglaError> {
        Ok(CambiosReservacion {
            fecha_hora: parse_fecha_hora(&e.fecha_hora)?,
            no_personas: personas(e.no_personas)?,
            evento: e.evento.unwrap_or_default(),
            comentarios: comentarios(e.comentarios.as_deref().unwrap_or(""))?,
        })
    }

    /// Whether staff may move a booking made for `antes` to these values, at the branch's local
    /// time `ahora`: a new time must be ahead and within the branch's opening (a closure, a closed
    /// weekday or 03:00 in a branch open 13:00–22:30 is refused). Staff may book past the party
    /// limit and the lead time, so those are not checked; an unchanged time is not checked again
    /// (a guest a few minutes late can still have their party corrected).
    pub fn exigir_posible(
        &self,
        antes: NaiveDateTime,
        ahora: NaiveDateTime,
        horario: &[HorarioDia],
        especiales: &[DiaEspecial],
    ) -> Result<(), ReglaError> {
        if self.fecha_hora == antes {
            return Ok(());
        }
        if self.fecha_hora <= ahora {
            return Err(ReglaError::FechaPasada);
        }
        exigir_abierto(self.fecha_hora, horario, especiales)
    }
}

/// The guest's contact as stored: name, and e-mail and phone normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactoReservacion {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

impl ContactoReservacion {
    pub fn parse(d: &DatosPersonales) -> Result<Self, ReglaError> {
        let v = validar_datos_personales(d)?;
        Ok(ContactoReservacion {
            name: v.name,
            email: v.email,
            phone: v.phone,
        })
    }

    /// As a guest types it on the booking page: the phone must also be of one of the branch's
    /// countries, of that country's length, and not a special or premium number
    /// ([`PaisesTelefono::telefono_de_huesped`]).
    pub fn parse_de_huesped(
        d: &DatosPersonales,
        paises: &PaisesTelefono,
    ) -> Result<Self, ReglaError> {
        let v = validar_datos_personales(&DatosPersonales {
            phone: None,
            ..d.clone()
        })?;
        Ok(ContactoReservacion {
            name: v.name,
            email: v.email,
            phone: paises.telefono_de_huesped(d.phone.as_deref().unwrap_or(""))?,
        })
    }
}

/// A booking as a guest (or staff, or a partner's site) sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolicitudReservacion {
    /// The branch's tag.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, min_length = 1, pattern = r"\S")
    )]
    pub tag: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, min_length = 1))]
    pub name: String,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    /// `YYYY-MM-DD HH:MM` (or `YYYY-MM-DDTHH:MM[:SS]`), branch-local.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, pattern = r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}")
    )]
    pub fecha_hora: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 50))]
    pub no_personas: Option<u32>,
    #[serde(default)]
    pub evento: Option<Evento>,
    #[serde(default)]
    pub comentarios: Option<String>,
    /// One of the seven origins; `Widget` when none is given.
    #[serde(default)]
    pub origin: Option<String>,
    /// A partner's code (hotel, concierge, …), when the guest booked through one.
    #[serde(default)]
    pub afiliado: Option<String>,
}

/// One weekday's hours (1 = Monday … 7 = Sunday), as a branch's schedule holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HorarioDia {
    pub dia: u32,
    pub abre: String,
    pub cierra: String,
    pub cerrado: bool,
}

/// A date that overrides the weekly schedule: closed, or open with other hours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiaEspecial {
    pub fecha: NaiveDate,
    pub cerrado: bool,
    pub abre: Option<String>,
    pub cierra: Option<String>,
}

/// A date's opening hours, `(abre, cierra)`; a closing at or before the opening runs past
/// midnight into the next date. `None` when the branch is closed that date (a closure, or its
/// weekday closed or missing). A special day's hours replace the weekday's.
pub fn horas_del_dia(
    fecha: NaiveDate,
    horario: &[HorarioDia],
    especiales: &[DiaEspecial],
) -> Result<Option<(NaiveTime, NaiveTime)>, ReglaError> {
    if let Some(d) = especiales.iter().find(|d| d.fecha == fecha) {
        if d.cerrado {
            return Ok(None);
        }
        if let (Some(a), Some(c)) = (&d.abre, &d.cierra) {
            return Ok(Some((parse_hora(a)?, parse_hora(c)?)));
        }
    }
    let dia = fecha.weekday().number_from_monday();
    match horario.iter().find(|h| h.dia == dia) {
        Some(h) if !h.cerrado => Ok(Some((parse_hora(&h.abre)?, parse_hora(&h.cierra)?))),
        _ => Ok(None),
    }
}

/// Refuses a time the branch is closed at: a closure, a closed weekday, or outside its hours.
/// A time after midnight belongs to the previous date's opening when that one runs past
/// midnight (Friday 18:00–02:00 covers Saturday 01:00, whatever Saturday's own hours are).
pub fn exigir_abierto(
    fecha_hora: NaiveDateTime,
    horario: &[HorarioDia],
    especiales: &[DiaEspecial],
) -> Result<(), ReglaError> {
    let (fecha, hora) = (fecha_hora.date(), fecha_hora.time());
    let hoy = horas_del_dia(fecha, horario, especiales)?;
    if let Some((a, c)) = hoy {
        if hora >= a && (c <= a || hora < c) {
            return Ok(());
        }
    }
    if let Some(ayer) = fecha.pred_opt() {
        if let Some((a, c)) = horas_del_dia(ayer, horario, especiales)? {
            if c <= a && hora < c {
                return Ok(());
            }
        }
    }
    Err(if hoy.is_some() {
        ReglaError::FueraDeHorario
    } else {
        ReglaError::SucursalCerrada
    })
}

/// A branch's hours on one business day, as the host stand shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HorarioHoy {
    /// The business day, `YYYY-MM-DD`.
    #[cfg_attr(feature = "openapi", schema(example = "2026-11-25"))]
    pub fecha: String,
    /// When it opens and closes that day, `HH:MM`; both null when it is closed all day. A
    /// closing at or before the opening is after midnight.
    #[cfg_attr(feature = "openapi", schema(example = "13:00"))]
    pub abre: Option<String>,
    #[cfg_attr(feature = "openapi", schema(example = "22:00"))]
    pub cierra: Option<String>,
    /// A special day sets these hours (or closes the branch), not the weekly schedule.
    pub especial: bool,
    /// Open at this moment (a night that runs past midnight counts).
    pub abierta: bool,
}

/// The hours of business day `dia` at a branch whose wall time is `ahora`.
pub fn horario_hoy(
    dia: NaiveDate,
    ahora: NaiveDateTime,
    horario: &[HorarioDia],
    especiales: &[DiaEspecial],
) -> Result<HorarioHoy, ReglaError> {
    let horas = horas_del_dia(dia, horario, especiales)?;
    let abierta = match exigir_abierto(ahora, horario, especiales) {
        Ok(()) => true,
        Err(ReglaError::FueraDeHorario | ReglaError::SucursalCerrada) => false,
        Err(otro) => return Err(otro),
    };
    Ok(HorarioHoy {
        fecha: dia.format("%Y-%m-%d").to_string(),
        abre: horas.map(|(a, _)| a.format("%H:%M").to_string()),
        cierra: horas.map(|(_, c)| c.format("%H:%M").to_string()),
        especial: especiales.iter().any(|d| d.fecha == dia),
        abierta,
    })
}

/// A booking that passed every rule, for a branch whose local time is `ahora`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReservaNueva {
    pub contacto: ContactoReservacion,
    pub fecha_hora: NaiveDateTime,
    pub no_personas: Personas,
    pub evento: Evento,
    pub comentarios: String,
    pub origin: Origen,
    /// The partner's code, upper-case; storage says whether it exists and is active.
    pub afiliado: Option<String>,
}

impl ReservaNueva {
    /// A booking as staff (or a partner's site through staff) type it: the phone keeps the
    /// general rule.
    pub fn parse(
        s: &SolicitudReservacion,
        ahora: NaiveDateTime,
        horario: &[HorarioDia],
        especiales: &[DiaEspecial],
    ) -> Result<Self, ReglaError> {
        let contacto = ContactoReservacion::parse(&Self::datos_personales(s))?;
        Self::parse_con(s, contacto, ahora, horario, especiales)
    }

    /// A booking as a guest sends it from the booking page: the phone must be of one of the
    /// branch's countries ([`ContactoReservacion::parse_de_huesped`]).
    pub fn parse_de_huesped(
        s: &SolicitudReservacion,
        ahora: NaiveDateTime,
        horario: &[HorarioDia],
        especiales: &[DiaEspecial],
        paises: &PaisesTelefono,
    ) -> Result<Self, ReglaError> {
        let contacto = ContactoReservacion::parse_de_huesped(&Self::datos_personales(s), paises)?;
        Self::parse_con(s, contacto, ahora, horario, especiales)
    }

    fn datos_personales(s: &SolicitudReservacion) -> DatosPersonales {
        DatosPersonales {
            name: s.name.clone(),
            email: s.email.clone(),
            phone: s.phone.clone(),
            evento: s.evento,
        }
    }

    fn parse_con(
        s: &SolicitudReservacion,
        contacto: ContactoReservacion,
        ahora: NaiveDateTime,
        horario: &[HorarioDia],
        especiales: &[DiaEspecial],
    ) -> Result<Self, ReglaError> {
        if contacto.email.is_none() && contacto.phone.is_none() {
            return Err(ReglaError::ContactoRequerido);
        }
        let fecha_hora = parse_fecha_hora(&s.fecha_hora)?;
        if fecha_hora <= ahora {
            return Err(ReglaError::FechaPasada);
        }
        exigir_abierto(fecha_hora, horario, especiales)?;
        Ok(ReservaNueva {
            contacto,
            fecha_hora,
            no_personas: personas(s.no_personas)?,
            evento: s.evento.unwrap_or_default(),
            comentarios: comentarios(s.comentarios.as_deref().unwrap_or(""))?,
            origin: match s.origin.as_deref().map(str::trim).filter(|o| !o.is_empty()) {
                Some(o) => Origen::parse(o)?,
                None => Origen::Widget,
            },
            afiliado: crate::clientes::codigo_en_reserva(s.afiliado.as_deref())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_origin_reads_back_from_its_name() {
        for o in Origen::TODOS {
            assert_eq!(Origen::parse(o.nombre()), Ok(o));
        }
        assert_eq!(
            Origen::parse("Google"),
            Err(ReglaError::OrigenDesconocido("Google".into()))
        );
    }

    #[test]
    fn a_finished_reservation_cannot_move_again() {
        for desde in [
            EstadoReservacion::Asistio,
            EstadoReservacion::Vencido,
            EstadoReservacion::Cancelada,
        ] {
            assert!(desde.pasar_a(EstadoReservacion::Pendiente).is_err());
        }
    }

    #[test]
    fn the_host_stand_reads_todays_hours_and_whether_the_branch_is_open_now() {
        let at = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        let miercoles = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let h = horario_hoy(miercoles, at("2026-11-25 14:00"), &semana(), &[]).unwrap();
        assert_eq!(
            (h.fecha.as_str(), h.abre.as_deref(), h.cierra.as_deref()),
            ("2026-11-25", Some("13:00"), Some("22:30"))
        );
        assert!(h.abierta && !h.especial);
        assert!(
            !horario_hoy(miercoles, at("2026-11-25 12:59"), &semana(), &[])
                .unwrap()
                .abierta
        );
        // Monday is closed all day.
        let lunes = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        let cerrado = horario_hoy(lunes, at("2026-11-23 14:00"), &semana(), &[]).unwrap();
        assert_eq!(
            (cerrado.abre, cerrado.cierra, cerrado.abierta),
            (None, None, false)
        );
        // A special day sets its own hours.
        let especial = [DiaEspecial {
            fecha: miercoles,
            cerrado: false,
            abre: Some("09:00".into()),
            cierra: Some("12:00".into()),
        }];
        let h = horario_hoy(miercoles, at("2026-11-25 10:00"), &semana(), &especial).unwrap();
        assert_eq!(
            (h.abre.as_deref(), h.especial, h.abierta),
            (Some("09:00"), true, true)
        );
    }

    fn semana() -> Vec<HorarioDia> {
        (1..=7)
            .map(|dia| HorarioDia {
                dia,
                abre: "13:00".into(),
                cierra: "22:30".into(),
                cerrado: dia == 1,
            })
            .collect()
    }

    fn fh(s: &str) -> NaiveDateTime {
        parse_fecha_hora(s).unwrap()
    }

    fn solicitud(fecha_hora: &str) -> SolicitudReservacion {
        SolicitudReservacion {
            tag: "polanco".into(),
            name: "Ana López".into(),
            email: Some("ana@correo.mx".into()),
            fecha_hora: fecha_hora.into(),
            no_personas: Some(4),
            ..Default::default()
        }
    }

    fn cambios(fecha_hora: &str) -> CambiosReservacion {
        CambiosReservacion::parse(&EdicionReservacion {
            fecha_hora: fecha_hora.into(),
            no_personas: Some(12),
            ..Default::default()
        })
        .unwrap()
    }

    #[test]
    fn an_edit_keeps_to_the_opening_hours_and_the_future() {
        let (antes, ahora) = (fh("2026-11-27 15:00"), fh("2026-11-25 19:00"));
        let ok = |f: &str| cambios(f).exigir_posible(antes, ahora, &semana(), &[]);
        assert_eq!(ok("2026-11-27 20:00"), Ok(()));
        assert_eq!(ok("2026-11-27 03:00"), Err(ReglaError::FueraDeHorario));
        assert_eq!(ok("2026-11-30 15:00"), Err(ReglaError::SucursalCerrada));
        assert_eq!(ok("2026-11-24 15:00"), Err(ReglaError::FechaPasada));
        assert_eq!(ok("2026-11-25 18:59"), Err(ReglaError::FechaPasada));
        // The time it already had is not judged again: a late guest's party can still change.
        assert_eq!(
            cambios("2026-11-25 18:50").exigir_posible(
                fh("2026-11-25 18:50"),
                ahora,
                &semana(),
                &[]
            ),
            Ok(())
        );
    }

    #[test]
    fn a_booking_in_the_past_is_refused() {
        let ahora = fh("2026-11-24 15:00");
        assert_eq!(
            ReservaNueva::parse(&solicitud("2026-11-24 14:59"), ahora, &semana(), &[]),
            Err(ReglaError::FechaPasada)
        );
        assert!(ReservaNueva::parse(&solicitud("2026-11-24 15:30"), ahora, &semana(), &[]).is_ok());
    }

    #[test]
    fn a_closed_weekday_a_closure_and_hours_outside_the_schedule_are_refused() {
        let ahora = fh("2026-11-20 10:00");
        // 2026-11-23 is a Monday, closed every week.
        assert_eq!(
            ReservaNueva::parse(&solicitud("2026-11-23 15:00"), ahora, &semana(), &[]),
            Err(ReglaError::SucursalCerrada)
        );
        let navidad = DiaEspecial {
            fecha: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
            cerrado: true,
            abre: None,
            cierra: None,
        };
        assert_eq!(
            ReservaNueva::parse(&solicitud("2026-11-25 15:00"), ahora, &semana(), &[navidad]),
            Err(ReglaError::SucursalCerrada)
        );
        assert_eq!(
            ReservaNueva::parse(&solicitud("2026-11-24 23:00"), ahora, &semana(), &[]),
            Err(ReglaError::FueraDeHorario)
        );
        assert_eq!(
            ReservaNueva::parse(&solicitud("2026-11-24 12:59"), ahora, &semana(), &[]),
            Err(ReglaError::FueraDeHorario)
        );
    }

    #[test]
    fn hours_past_midnight_and_special_hours_are_open() {
        let tarde: Vec<HorarioDia> = (1..=7)
            .map(|dia| HorarioDia {
                dia,
                abre: "18:00".into(),
                cierra: "02:00".into(),
                cerrado: false,
            })
            .collect();
        assert_eq!(exigir_abierto(fh("2026-11-24 01:30"), &tarde, &[]), Ok(()));
        assert_eq!(
            exigir_abierto(fh("2026-11-24 03:00"), &tarde, &[]),
            Err(ReglaError::FueraDeHorario)
        );
        let especial = DiaEspecial {
            fecha: NaiveDate::from_ymd_opt(2026, 11, 24).unwrap(),
            cerrado: false,
            abre: Some("10:00".into()),
            cierra: Some("12:00".into()),
        };
        assert_eq!(
            exigir_abierto(
                fh("2026-11-24 11:00"),
                &tarde,
                std::slice::from_ref(&especial)
            ),
            Ok(())
        );
    }

    #[test]
    fn a_booking_needs_a_way_to_reach_the_guest_and_a_known_origin() {
        let ahora = fh("2026-11-20 10:00");
        let mut s = solicitud("2026-11-24 15:00");
        s.email = None;
        assert_eq!(
            ReservaNueva::parse(&s, ahora, &semana(), &[]),
            Err(ReglaError::ContactoRequerido)
        );
        let mut s = solicitud("2026-11-24 15:00");
        s.origin = Some("Fax".into());
        assert_eq!(
            ReservaNueva::parse(&s, ahora, &semana(), &[]),
            Err(ReglaError::OrigenDesconocido("Fax".into()))
        );
        let mut s = solicitud("2026-11-24 15:00");
        s.no_personas = Some(51);
        assert_eq!(
            ReservaNueva::parse(&s, ahora, &semana(), &[]),
            Err(ReglaError::PersonasExcedenLimite { max: 50 })
        );
    }

    #[test]
    fn only_a_pending_reservation_is_edited() {
        assert_eq!(exigir_editable(EstadoReservacion::Pendiente), Ok(()));
        assert!(exigir_editable(EstadoReservacion::Cancelada).is_err());
        let e = EdicionReservacion {
            fecha_hora: "2026-11-24 7:00".into(),
            no_personas: Some(2),
            ..Default::default()
        };
        assert_eq!(
            CambiosReservacion::parse(&e),
            Err(ReglaError::FechaHoraInvalida)
        );
    }

    #[test]
    fn a_local_date_time_reads_as_forms_and_answers_write_it() {
        let esperada = NaiveDate::from_ymd_opt(2026, 11, 25)
            .unwrap()
            .and_hms_opt(14, 0, 0)
            .unwrap();
        for texto in [
            "2026-11-25 14:00",
            "2026-11-25T14:00",
            "2026-11-25T14:00:00",
            "2026-11-25 14:00:00",
            " 2026-11-25T14:00 ",
        ] {
            assert_eq!(parse_fecha_hora(texto), Ok(esperada), "{texto}");
        }
        assert_eq!(
            crate::tiempo::formato_fecha_hora(esperada),
            "2026-11-25 14:00"
        );
        for texto in [
            "2026-11-25",
            "2026-11-25T14",
            "2026-11-25T14:00:30",
            "2026-11-25T14:00:00Z",
            "2026-11-25T14:00:00-06:00",
            "2026-11-25T7:00",
            "25/11/2026 14:00",
            "2026-11-25  14:00",
        ] {
            assert_eq!(
                parse_fecha_hora(texto),
                Err(ReglaError::FechaHoraInvalida),
                "{texto}"
            );
        }
    }

    #[test]
    fn a_tab_is_asked_for_by_slug_or_by_the_status_it_shows() {
        assert_eq!(
            VistaReservaciones::parse("Pendiente"),
            Ok(VistaReservaciones::Pendientes)
        );
        assert_eq!(
            VistaReservaciones::parse("Asistio"),
            Ok(VistaReservaciones::Asistio)
        );
        assert_eq!(
            VistaReservaciones::parse("Vencido"),
            Ok(VistaReservaciones::Vencidas)
        );
        assert_eq!(
            VistaReservaciones::parse("Cancelada"),
            Ok(VistaReservaciones::Canceladas)
        );
        assert_eq!(
            VistaReservaciones::parse("Perdida"),
            Err(ReglaError::VistaDesconocida("Perdida".into()))
        );
    }

    #[test]
    fn tab_slugs_read_back() {
        for v in VistaReservaciones::TODAS {
            assert_eq!(VistaReservaciones::parse(v.slug()), Ok(v));
        }
        assert!(VistaReservaciones::parse("manana").is_err());
    }
}
