//! The organisation as administrators edit it: staff accounts, roles, brands, and a branch's
//! schedule, tables, special days and settings. Each form's rules, and what a valid one holds.

use chrono::{NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};

use crate::cuenta::validar_clave_nueva;
use crate::error::ReglaError;
use crate::permisos::{Inicio, Permiso};
use crate::personal::{normalizar_nombre, validar_correo};
use crate::piso::MESA_MAX;
use crate::reservacion::PERSONAS_MAX;
use crate::sucursal::Tag;
use crate::tiempo::{parse_hora, ReglasHorario};
use crate::walkin::ConfWalkin;

/// Booking settings a branch starts with: a slot every 15 minutes, a 90-minute stay.
pub const PASO_MIN_POR_DEFECTO: u32 = 15;
pub const ESTANCIA_MIN_POR_DEFECTO: u32 = 90;
pub const ANTICIPACION_MIN_POR_DEFECTO: u32 = 60;
pub const HORIZONTE_DIAS_POR_DEFECTO: u32 = 60;
pub const CUBIERTOS_POR_TURNO_POR_DEFECTO: u32 = 40;
/// Longest folio prefix and ticket footer.
pub const PREFIJO_MAX: usize = 10;
pub const PIE_MAX: usize = 200;

/// Whether a role's permissions let its holders manage users and roles: the group must always
/// keep an active user who does.
pub fn administra(permisos: &[Permiso]) -> bool {
    permisos.contains(&Permiso::UsersEdit) && permisos.contains(&Permiso::RoleEdit)
}

/// A staff account as the users form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosUsuario {
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, min_length = 1))]
    pub name: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, min_length = 1))]
    pub email: String,
    /// The role's `_id` (or the role as the user's answer shows it, `{_id, name}`).
    #[serde(default, deserialize_with = "crate::referencia::id")]
    pub role: String,
    /// Tags of the branches the user works in.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Only when creating; a change of password has its own call.
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub active: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsuarioValido {
    pub name: String,
    pub email: String,
    pub role: String,
    pub tags: Vec<Tag>,
}

impl UsuarioValido {
    /// `nuevo`: a new account needs its first password.
    pub fn parse(d: &DatosUsuario, nuevo: bool) -> Result<UsuarioValido, ReglaError> {
        let name = normalizar_nombre(&d.name)?;
        let email = validar_correo(&d.email)?.ok_or(ReglaError::CorreoInvalido)?;
        if nuevo {
            validar_clave_nueva(d.password.as_deref().unwrap_or(""))?;
        }
        let role = d.role.trim();
        if role.is_empty() {
            return Err(ReglaError::RolRequerido);
        }
        let mut tags: Vec<Tag> = d
            .tags
            .iter()
            .map(|t| Tag::parse(t))
            .collect::<Result<_, _>>()?;
        tags.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        tags.dedup();
        Ok(UsuarioValido {
            name,
            email,
            role: role.to_owned(),
            tags,
        })
    }

    /// An account whose role works in a branch (any permission of a branch's screens) needs at
    /// least one: without it the console opens on nothing to work with.
    pub fn exigir_sucursal(&self, rol: &str, permisos: &[Permiso]) -> Result<(), ReglaError> {
        if self.tags.is_empty() && trabaja_en_sucursal(permisos) {
            return Err(ReglaError::SucursalRequerida {
                rol: rol.to_owned(),
            });
        }
        Ok(())
    }
}

/// Whether a role's holders work in a branch: a permission of the screens that show one
/// branch's data (walk-ins, reservations, clients, waiters, promotions, the dashboard, the logs,
/// affiliates). Brands, users and roles are the group's.
pub fn trabaja_en_sucursal(permisos: &[Permiso]) -> bool {
    use crate::permisos::Area;
    permisos.iter().any(|p| {
        matches!(
            p.area(),
            Area::Tablero
                | Area::Walkin
                | Area::Reservaciones
                | Area::Clientes
                | Area::Meseros
                | Area::Promociones
                | Area::Bitacoras
                | Area::Afiliados
        )
    })
}

/// A role as the roles form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosRol {
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, min_length = 1))]
    pub name: String,
    /// Permission names (`marcas.index`, …), or as the role's answer lists them (`{name}`).
    #[serde(default, deserialize_with = "crate::referencia::nombres")]
    #[cfg_attr(feature = "openapi", schema(min_items = 1))]
    pub permissions: Vec<String>,
    /// The address its users land on after signing in (`/hostes`, `/salon`, …); absent or null:
    /// by the role's name.
    #[serde(default)]
    pub inicio: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolValido {
    pub name: String,
    pub permisos: Vec<Permiso>,
    pub inicio: Option<Inicio>,
}

impl RolValido {
    pub fn parse(d: &DatosRol) -> Result<RolValido, ReglaError> {
        let name = normalizar_nombre(&d.name).map_err(|e| match e {
            ReglaError::NombreRequerido => ReglaError::NombreRolRequerido,
            otro => otro,
        })?;
        let mut permisos = Vec::new();
        for p in &d.permissions {
            let permiso = Permiso::parse(p.trim())
                .ok_or_else(|| ReglaError::PermisoDesconocido(p.clone()))?;
            if !permisos.contains(&permiso) {
                permisos.push(permiso);
            }
        }
        exigir_permisos(&permisos)?;
        permisos.sort();
        let inicio = match d.inicio.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            None => None,
            Some(ruta) => {
                let inicio = Inicio::de_ruta(ruta)
                    .ok_or_else(|| ReglaError::InicioDesconocido(ruta.to_owned()))?;
                if !inicio.abre(&permisos) {
                    return Err(ReglaError::InicioSinPermiso {
                        pantalla: inicio.titulo(),
                    });
                }
                Some(inicio)
            }
        };
        Ok(RolValido {
            name,
            permisos,
            inicio,
        })
    }
}

/// A role without permissions lets its users do nothing at all: a role names at least one.
pub fn exigir_permisos<T>(permisos: &[T]) -> Result<(), ReglaError> {
    if permisos.is_empty() {
        Err(ReglaError::RolSinPermisos)
    } else {
        Ok(())
    }
}

/// A brand's name.
pub fn nombre_marca(raw: &str) -> Result<String, ReglaError> {
    normalizar_nombre(raw)
}

/// One weekday's hours as the schedule form sends them (1 = Monday … 7 = Sunday).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosDia {
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 7))]
    pub dia: u32,
    #[serde(default)]
    pub abre: String,
    #[serde(default)]
    pub cierra: String,
    #[serde(default)]
    pub cerrado: bool,
}

/// The week's hours: each weekday once, times `HH:MM`. A closed day keeps no hours.
/// The latest a day's hours may close after midnight: a close earlier than the opening is read as
/// the next morning's only up to here ("18:00–02:00" runs past midnight; "18:00–14:00" is a mistake).
pub const CIERRE_MADRUGADA_MAX: NaiveTime = match NaiveTime::from_hms_opt(6, 0, 0) {
    Some(t) => t,
    None => NaiveTime::MIN,
};

/// Opening and closing times that make an opening: different, and a close before the opening only
/// after midnight, until [`CIERRE_MADRUGADA_MAX`].
fn exigir_apertura(abre: NaiveTime, cierra: NaiveTime) -> Result<(), ReglaError> {
    if abre == cierra {
        return Err(ReglaError::HorarioVacio);
    }
    if cierra < abre && cierra > CIERRE_MADRUGADA_MAX {
        return Err(ReglaError::CierreAntesDeApertura {
            limite: CIERRE_MADRUGADA_MAX.format("%H:%M").to_string(),
        });
    }
    Ok(())
}

/// Special days as a save may keep them: the ones already stored stay whatever their date (the
/// form sends the whole list back), and each one added is dated today or later.
pub fn exigir_dias_vigentes(
    dias: &[DiaEspecialValido],
    guardados: &[NaiveDate],
    hoy: NaiveDate,
) -> Result<(), ReglaError> {
    match dias
        .iter()
        .find(|d| d.fecha < hoy && !guardados.contains(&d.fecha))
    {
        Some(d) => Err(ReglaError::DiaEspecialPasado {
            fecha: d.fecha.format("%d/%m/%Y").to_string(),
        }),
        None => Ok(()),
    }
}

pub fn validar_horario(dias: &[DatosDia]) -> Result<Vec<DatosDia>, ReglaError> {
    let mut salida: Vec<DatosDia> = Vec::new();
    for d in dias {
        if !(1..=7).contains(&d.dia) || salida.iter().any(|s| s.dia == d.dia) {
            return Err(ReglaError::DiaInvalido);
        }
        if d.cerrado {
            salida.push(DatosDia {
                dia: d.dia,
                abre: String::new(),
                cierra: String::new(),
                cerrado: true,
            });
            continue;
        }
        exigir_apertura(parse_hora(&d.abre)?, parse_hora(&d.cierra)?)?;
        salida.push(DatosDia {
            dia: d.dia,
            abre: d.abre.trim().to_owned(),
            cierra: d.cierra.trim().to_owned(),
            cerrado: false,
        });
    }
    salida.sort_by_key(|d| d.dia);
    Ok(salida)
}

/// A table as the tables form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosMesa {
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 9999))]
    pub numero: u32,
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 50))]
    pub asientos: u32,
    /// Whether it may be joined with the next table by number that may be joined too.
    #[serde(default)]
    pub combinable: bool,
    /// The room it stands in (Salón, Terraza, Privado…): the floor groups tables by it.
    #[serde(default = "area_por_defecto")]
    #[cfg_attr(feature = "openapi", schema(max_length = 30, default = "Salón"))]
    pub area: String,
    /// `cuadrada` or `redonda`, as the floor draws it.
    #[serde(default = "forma_por_defecto")]
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(cuadrada|redonda)$", default = "cuadrada")
    )]
    pub forma: String,
    /// Where it stands in the plan, in percent of its width (0 to 100); absent: laid out by number.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 100))]
    pub x: Option<u32>,
    /// In percent of the plan's height (0 to 100).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 100))]
    pub y: Option<u32>,
}

/// The area a table stands in when the plan names none.
pub const AREA_POR_DEFECTO: &str = "Salón";
/// The longest area name.
pub const AREA_MAX: usize = 30;
/// The shapes the floor draws.
pub const FORMAS_MESA: [&str; 2] = ["cuadrada", "redonda"];

fn area_por_defecto() -> String {
    AREA_POR_DEFECTO.to_owned()
}

fn forma_por_defecto() -> String {
    FORMAS_MESA[0].to_owned()
}

impl DatosMesa {
    /// A table with no place in the plan yet, in the default area.
    pub fn nueva(numero: u32, asientos: u32, combinable: bool) -> DatosMesa {
        DatosMesa {
            numero,
            asientos,
            combinable,
            area: area_por_defecto(),
            forma: forma_por_defecto(),
            x: None,
            y: None,
        }
    }
}

/// The most tables a branch's floor holds: more than the largest dining room has, few enough
/// that the floor, the waitlist's quotes and availability stay a few milliseconds of work.
pub const MESAS_MAX: usize = 400;

/// Tables numbered once each (1 to [`MESA_MAX`]), each seating 1 to 50, at most [`MESAS_MAX`].
pub fn validar_mesas(mesas: &[DatosMesa]) -> Result<Vec<DatosMesa>, ReglaError> {
    if mesas.len() > MESAS_MAX {
        return Err(ReglaError::DemasiadasMesas { max: MESAS_MAX });
    }
    let mut salida: Vec<DatosMesa> = Vec::new();
    for m in mesas {
        if m.numero > MESA_MAX {
            return Err(ReglaError::NumeroMesaInvalido { max: MESA_MAX });
        }
        if m.numero == 0 || salida.iter().any(|s| s.numero == m.numero) {
            return Err(ReglaError::MesaRepetida);
        }
        if !(1..=PERSONAS_MAX).contains(&m.asientos) {
            return Err(ReglaError::AsientosInvalidos { max: PERSONAS_MAX });
        }
        let area = m.area.trim();
        crate::texto::exigir_visible(area, "area", false)?;
        if area.chars().count() > AREA_MAX {
            return Err(ReglaError::AreaLarga { max: AREA_MAX });
        }
        let forma = m.forma.trim();
        if !FORMAS_MESA.contains(&forma) {
            return Err(ReglaError::FormaMesaInvalida);
        }
        if m.x.is_some_and(|v| v > 100) || m.y.is_some_and(|v| v > 100) {
            return Err(ReglaError::PosicionMesaInvalida);
        }
        salida.push(DatosMesa {
            area: if area.is_empty() {
                AREA_POR_DEFECTO
            } else {
                area
            }
            .to_owned(),
            forma: forma.to_owned(),
            ..m.clone()
        });
    }
    salida.sort_by_key(|m| m.numero);
    Ok(salida)
}

/// A closure or special hours on one date, as the days form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export), ts(optional_fields = nullable))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosDiaEspecial {
    /// `YYYY-MM-DD`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, format = Date))]
    pub fecha: String,
    /// `cerrado` or `especial`.
    #[serde(default)]
    pub tipo: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(pattern = r"^([01]\d|2[0-3]):[0-5]\d$"))]
    pub abre: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(pattern = r"^([01]\d|2[0-3]):[0-5]\d$"))]
    pub cierra: Option<String>,
    #[serde(default)]
    pub motivo: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiaEspecialValido {
    pub fecha: NaiveDate,
    pub cerrado: bool,
    pub abre: Option<String>,
    pub cierra: Option<String>,
    pub motivo: String,
}

pub fn validar_dias(dias: &[DatosDiaEspecial]) -> Result<Vec<DiaEspecialValido>, ReglaError> {
    let mut salida: Vec<DiaEspecialValido> = Vec::new();
    for d in dias {
        let fecha = NaiveDate::parse_from_str(d.fecha.trim(), "%Y-%m-%d")
            .map_err(|_| ReglaError::FechaInvalida)?;
        if salida.iter().any(|s| s.fecha == fecha) {
            return Err(ReglaError::FechaRepetida);
        }
        let motivo = d.motivo.as_deref().unwrap_or("").trim().to_owned();
        let v = match d.tipo.trim() {
            "cerrado" => DiaEspecialValido {
                fecha,
                cerrado: true,
                abre: None,
                cierra: None,
                motivo,
            },
            "especial" => {
                let (a, c) = (
                    d.abre.as_deref().unwrap_or(""),
                    d.cierra.as_deref().unwrap_or(""),
                );
                exigir_apertura(parse_hora(a)?, parse_hora(c)?)?;
                DiaEspecialValido {
                    fecha,
                    cerrado: false,
                    abre: Some(a.trim().to_owned()),
                    cierra: Some(c.trim().to_owned()),
                    motivo,
                }
            }
            _ => return Err(ReglaError::TipoDiaInvalido),
        };
        salida.push(v);
    }
    salida.sort_by_key(|d| d.fecha);
    Ok(salida)
}

/// A branch's walk-in and booking settings as the conf-walkin form sends and shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosConfWalkin {
    /// `HH:MM`: the regular buffet starts.
    #[cfg_attr(feature = "openapi", schema(pattern = r"^([01]\d|2[0-3]):[0-5]\d$"))]
    pub inicio_regular: String,
    /// `HH:MM`: the promo buffet starts.
    #[cfg_attr(feature = "openapi", schema(pattern = r"^([01]\d|2[0-3]):[0-5]\d$"))]
    pub inicio_promo: String,
    /// `HH:MM`: a party seated from here on starts in promo mode.
    #[cfg_attr(feature = "openapi", schema(pattern = r"^([01]\d|2[0-3]):[0-5]\d$"))]
    pub corte_tarde: String,
    /// `HH:00`, 00:00 to 12:00: when the business day ends, the next morning; until then late
    /// guests count in the day before (05:00 when a client leaves it out).
    #[serde(default = "fin_dia_por_defecto")]
    #[cfg_attr(feature = "openapi", schema(pattern = r"^(0\d|1[0-2]):00$"))]
    pub fin_dia: String,
    /// "El buffet se cobra según la hora de llegada": a party that joined the waitlist or checked
    /// in before the promo starts keeps the regular buffet when seated after it (off when a
    /// client leaves it out).
    #[serde(default)]
    pub cobro_por_llegada: bool,
    /// Minutes after its time a Pendiente reservation becomes a no-show.
    pub gracia_min: u32,
    /// Minutes before its time from which a reservation's arrival may be registered (120 when
    /// a client leaves it out).
    #[serde(default = "llegada_antes_por_defecto")]
    pub llegada_antes_min: u32,
    pub prefijo_folio: String,
    pub pie_ticket: String,
    pub correo_requerido: bool,
    pub telefono_requerido: bool,
    /// Booking: minutes between bookable times.
    pub paso_min: u32,
    /// Booking: how long a party holds its table, in minutes.
    pub estancia_min: u32,
    /// Booking: how many minutes ahead a booking must be made.
    pub anticipacion_min: u32,
    /// Booking: how many days ahead one can book.
    pub horizonte_dias: u32,
    /// Booking: guests that may start in one slot.
    pub cubiertos_por_turno: u32,
    /// The floor: how long a seated party is expected to stay before its table shows overdue
    /// (120 when a client leaves it out).
    #[serde(default = "estancia_mesa_por_defecto")]
    pub estancia_mesa_min: u32,
    /// Kitchen printing: how long a ticket waits for its printer before it is marked expired
    /// (30 when a client leaves it out).
    #[serde(default = "vencer_impresion_por_defecto")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 720, default = 30))]
    pub vencer_impresion_min: u32,
    /// Reminders: the hours before a Pendiente reservation at which its guest is reminded, with
    /// links to confirm or cancel ([`crate::recordatorio`]); empty (the default) sends none.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 3, example = json!([24, 3])))]
    pub recordatorios_horas: Vec<u32>,
    /// The countries whose phone numbers guests may give on the booking page, as ISO 3166-1
    /// codes: MX, US (the United States and Canada), ES, CO, GT; `["MX"]` when a client leaves
    /// it out. Numbers staff type are not limited by it.
    #[serde(default = "crate::telefono::codigos_por_defecto")]
    #[cfg_attr(
        feature = "openapi",
        schema(min_items = 1, max_items = 5, example = json!(["MX"]))
    )]
    pub paises_telefono: Vec<String>,
    /// "Lista en línea: abierta": guests may join the waitlist from their phone while the branch
    /// is open (closed when a client leaves it out).
    #[serde(default)]
    pub espera_en_linea: bool,
    /// The kitchen's forecast prints by itself every 30 minutes while the branch is open (off
    /// when a client leaves it out).
    #[serde(default)]
    pub pronostico_automatico: bool,
    /// No-shows in the last 90 days that mark a guest «Riesgo de no-show» (2 when a client
    /// leaves it out).
    #[serde(default = "umbral_no_show_por_defecto")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 10, default = 2))]
    pub umbral_no_show: u32,
}

fn umbral_no_show_por_defecto() -> u32 {
    crate::clientes::UMBRAL_NO_SHOW_POR_DEFECTO
}

fn fin_dia_por_defecto() -> String {
    crate::tiempo::formato_hora(crate::tiempo::FIN_DIA_POR_DEFECTO)
}

fn llegada_antes_por_defecto() -> u32 {
    crate::walkin::LLEGADA_ANTES_MIN_POR_DEFECTO
}

fn estancia_mesa_por_defecto() -> u32 {
    crate::piso::ESTANCIA_MESA_MIN_POR_DEFECTO
}

fn vencer_impresion_por_defecto() -> u32 {
    crate::impresora::VENCER_IMPRESION_MIN_POR_DEFECTO
}

/// A branch's settings, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfSucursal {
    pub walkin: ConfWalkin,
    pub paso_min: u32,
    pub estancia_min: u32,
    pub anticipacion_min: u32,
    pub horizonte_dias: u32,
    pub cubiertos_por_turno: u32,
    /// The floor's expected stay at a table ([`crate::piso`]).
    pub estancia_mesa_min: u32,
    /// Minutes a ticket waits for its printer ([`crate::impresora`]).
    pub vencer_impresion_min: u32,
    /// Hours before a reservation its reminders go, earliest first; empty: off.
    pub recordatorios_horas: Vec<u32>,
    /// The countries a guest's typed number may be of.
    pub paises_telefono: crate::telefono::PaisesTelefono,
    /// Guests may join the waitlist from their phone ([`crate::espera::exigir_lista_en_linea`]).
    pub espera_en_linea: bool,
    /// The kitchen's forecast prints by itself every 30 minutes while the branch is open.
    pub pronostico_automatico: bool,
    /// No-shows in 90 days that mark a guest at risk ([`crate::clientes::riesgo_no_show`]).
    pub umbral_no_show: u32,
}

impl Default for ConfSucursal {
    fn default() -> Self {
        ConfSucursal {
            walkin: ConfWalkin::default(),
            paso_min: PASO_MIN_POR_DEFECTO,
            estancia_min: ESTANCIA_MIN_POR_DEFECTO,
            anticipacion_min: ANTICIPACION_MIN_POR_DEFECTO,
            horizonte_dias: HORIZONTE_DIAS_POR_DEFECTO,
            cubiertos_por_turno: CUBIERTOS_POR_TURNO_POR_DEFECTO,
            estancia_mesa_min: crate::piso::ESTANCIA_MESA_MIN_POR_DEFECTO,
            vencer_impresion_min: crate::impresora::VENCER_IMPRESION_MIN_POR_DEFECTO,
            recordatorios_horas: Vec::new(),
            paises_telefono: crate::telefono::PaisesTelefono::default(),
            espera_en_linea: false,
            pronostico_automatico: false,
            umbral_no_show: crate::clientes::UMBRAL_NO_SHOW_POR_DEFECTO,
        }
    }
}

fn entre(v: u32, min: u32, max: u32, campo: &'static str) -> Result<u32, ReglaError> {
    if (min..=max).contains(&v) {
        Ok(v)
    } else {
        Err(ReglaError::FueraDeRango { campo, min, max })
    }
}

impl ConfSucursal {
    /// The form's values checked; the zone stays the branch's.
    pub fn parse(d: &DatosConfWalkin, zona: chrono_tz::Tz) -> Result<ConfSucursal, ReglaError> {
        let horario = ReglasHorario {
            zona,
            inicio_regular: parse_hora(&d.inicio_regular)?,
            inicio_promo: parse_hora(&d.inicio_promo)?,
            corte_tarde: parse_hora(&d.corte_tarde)?,
            fin_dia: parse_hora(&d.fin_dia)?,
            cobro_por_llegada: d.cobro_por_llegada,
        };
        horario.exigir_orden()?;
        let prefijo = d.prefijo_folio.trim();
        if prefijo.chars().count() > PREFIJO_MAX
            || !prefijo
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(ReglaError::PrefijoInvalido { max: PREFIJO_MAX });
        }
        let pie = d.pie_ticket.trim();
        crate::texto::exigir_visible(pie, "pie_ticket", true)?;
        if pie.chars().count() > PIE_MAX {
            return Err(ReglaError::PieLargo { max: PIE_MAX });
        }
        Ok(ConfSucursal {
            walkin: ConfWalkin {
                horario,
                gracia_min: entre(d.gracia_min, 0, 240, "gracia_min")?,
                llegada_antes_min: entre(d.llegada_antes_min, 0, 720, "llegada_antes_min")?,
                prefijo_folio: prefijo.to_owned(),
                pie_ticket: pie.to_owned(),
                correo_requerido: d.correo_requerido,
                telefono_requerido: d.telefono_requerido,
            },
            paso_min: entre(d.paso_min, 5, 120, "paso_min")?,
            estancia_min: entre(d.estancia_min, 15, 600, "estancia_min")?,
            anticipacion_min: entre(d.anticipacion_min, 0, 10_080, "anticipacion_min")?,
            horizonte_dias: entre(d.horizonte_dias, 1, 365, "horizonte_dias")?,
            cubiertos_por_turno: entre(d.cubiertos_por_turno, 1, 10_000, "cubiertos_por_turno")?,
            estancia_mesa_min: {
                let (min, max) = crate::piso::ESTANCIA_MESA_MIN_RANGO;
                entre(d.estancia_mesa_min, min, max, "estancia_mesa_min")?
            },
            vencer_impresion_min: {
                let (min, max) = crate::impresora::VENCER_IMPRESION_MIN_RANGO;
                entre(d.vencer_impresion_min, min, max, "vencer_impresion_min")?
            },
            recordatorios_horas: crate::recordatorio::exigir_horas(&d.recordatorios_horas)?,
            paises_telefono: crate::telefono::PaisesTelefono::parse(&d.paises_telefono)?,
            espera_en_linea: d.espera_en_linea,
            pronostico_automatico: d.pronostico_automatico,
            umbral_no_show: {
                let (min, max) = crate::clientes::UMBRAL_NO_SHOW_RANGO;
                entre(d.umbral_no_show, min, max, "umbral_no_show")?
            },
        })
    }

    /// The last moment a guest may change their reservation at `fecha_hora` online: its time
    /// less the booking lead time (the same rule a new booking meets).
    pub fn plazo_de_cambio(&self, fecha_hora: chrono::NaiveDateTime) -> chrono::NaiveDateTime {
        fecha_hora - chrono::Duration::minutes(i64::from(self.anticipacion_min))
    }

    /// The form's values of these settings.
    pub fn datos(&self) -> DatosConfWalkin {
        let h = &self.walkin.horario;
        let f = crate::tiempo::formato_hora;
        DatosConfWalkin {
            inicio_regular: f(h.inicio_regular),
            inicio_promo: f(h.inicio_promo),
            corte_tarde: f(h.corte_tarde),
            fin_dia: f(h.fin_dia),
            cobro_por_llegada: h.cobro_por_llegada,
            gracia_min: self.walkin.gracia_min,
            llegada_antes_min: self.walkin.llegada_antes_min,
            prefijo_folio: self.walkin.prefijo_folio.clone(),
            pie_ticket: self.walkin.pie_ticket.clone(),
            correo_requerido: self.walkin.correo_requerido,
            telefono_requerido: self.walkin.telefono_requerido,
            paso_min: self.paso_min,
            estancia_min: self.estancia_min,
            anticipacion_min: self.anticipacion_min,
            horizonte_dias: self.horizonte_dias,
            cubiertos_por_turno: self.cubiertos_por_turno,
            estancia_mesa_min: self.estancia_mesa_min,
            vencer_impresion_min: self.vencer_impresion_min,
            recordatorios_horas: self.recordatorios_horas.clone(),
            paises_telefono: self.paises_telefono.codigos(),
            espera_en_linea: self.espera_en_linea,
            pronostico_automatico: self.pronostico_automatico,
            umbral_no_show: self.umbral_no_show,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rol(permisos: &[&str], inicio: Option<&str>) -> Result<RolValido, ReglaError> {
        RolValido::parse(&DatosRol {
            name: "Hostess de noche".into(),
            permissions: permisos.iter().map(|p| (*p).to_owned()).collect(),
            inicio: inicio.map(str::to_owned),
        })
    }

    #[test]
    fn a_role_lands_on_a_screen_it_may_open_or_by_its_name() {
        assert_eq!(rol(&["reservacion.asistio"], None).unwrap().inicio, None);
        assert_eq!(
            rol(&["reservacion.asistio"], Some(" ")).unwrap().inicio,
            None
        );
        assert_eq!(
            rol(&["reservacion.asistio"], Some("/hostes"))
                .unwrap()
                .inicio,
            Some(Inicio::Recepcion)
        );
        assert_eq!(
            rol(&["salon.index"], Some("/salon")).unwrap().inicio,
            Some(Inicio::Salon)
        );
        assert_eq!(
            rol(&["reservacion.asistio"], Some("/salon")),
            Err(ReglaError::InicioSinPermiso { pantalla: "Salón" })
        );
        assert_eq!(
            rol(&["salon.index"], Some("/login")),
            Err(ReglaError::InicioDesconocido("/login".into()))
        );
        assert_eq!(
            ReglaError::InicioSinPermiso { pantalla: "Salón" }.to_string(),
            "El rol no tiene permiso para abrir su pantalla de inicio (Salón)"
        );
    }

    fn especial(fecha: &str, abre: &str, cierra: &str) -> DatosDiaEspecial {
        DatosDiaEspecial {
            fecha: fecha.into(),
            tipo: "especial".into(),
            abre: Some(abre.into()),
            cierra: Some(cierra.into()),
            motivo: None,
        }
    }

    #[test]
    fn hours_close_after_they_open_or_after_midnight_until_six() {
        assert!(validar_dias(&[especial("2026-12-24", "18:00", "02:00")]).is_ok());
        assert!(validar_dias(&[especial("2026-12-24", "18:00", "06:00")]).is_ok());
        let limite = ReglaError::CierreAntesDeApertura {
            limite: "06:00".into(),
        };
        assert_eq!(
            validar_dias(&[especial("2026-12-24", "18:00", "14:00")]),
            Err(limite.clone())
        );
        let semana = DatosDia {
            dia: 1,
            abre: "18:00".into(),
            cierra: "14:00".into(),
            cerrado: false,
        };
        assert_eq!(validar_horario(&[semana]), Err(limite));
    }

    #[test]
    fn a_special_day_added_in_the_past_is_refused_but_a_stored_one_stays() {
        let hoy = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let dias = validar_dias(&[
            especial("2020-01-01", "13:00", "20:00"),
            especial("2026-11-25", "13:00", "20:00"),
        ])
        .unwrap();
        assert_eq!(
            exigir_dias_vigentes(&dias, &[], hoy),
            Err(ReglaError::DiaEspecialPasado {
                fecha: "01/01/2020".into()
            })
        );
        assert_eq!(
            exigir_dias_vigentes(&dias, &[NaiveDate::from_ymd_opt(2020, 1, 1).unwrap()], hoy),
            Ok(())
        );
    }

    #[test]
    fn an_account_whose_role_works_in_a_branch_needs_one() {
        let d = DatosUsuario {
            name: "Ana".into(),
            email: "ana@correo.mx".into(),
            role: "r1".into(),
            ..DatosUsuario::default()
        };
        let sin = UsuarioValido::parse(&d, false).unwrap();
        assert_eq!(
            sin.exigir_sucursal("Hostess", &[Permiso::WalkinIndex]),
            Err(ReglaError::SucursalRequerida {
                rol: "Hostess".into()
            })
        );
        assert_eq!(
            sin.exigir_sucursal("Sistemas", &[Permiso::UsersEdit, Permiso::RoleEdit]),
            Ok(())
        );
        let con = UsuarioValido::parse(
            &DatosUsuario {
                tags: vec!["polanco".into()],
                ..d
            },
            false,
        )
        .unwrap();
        assert_eq!(
            con.exigir_sucursal("Hostess", &[Permiso::WalkinIndex]),
            Ok(())
        );
    }

    #[test]
    fn a_role_keeps_each_known_permission_once_and_refuses_unknown_ones() {
        let r = RolValido::parse(&DatosRol {
            name: " Caja ".into(),
            permissions: vec!["walkin.index".into(), "walkin.index".into()],
            inicio: None,
        })
        .unwrap();
        assert_eq!(
            (r.name.as_str(), r.permisos.as_slice()),
            ("Caja", &[Permiso::WalkinIndex][..])
        );
        assert_eq!(
            RolValido::parse(&DatosRol {
                name: "Caja".into(),
                permissions: vec!["todo.poder".into()],
                inicio: None,
            }),
            Err(ReglaError::PermisoDesconocido("todo.poder".into()))
        );
        assert_eq!(
            RolValido::parse(&DatosRol::default()),
            Err(ReglaError::NombreRolRequerido)
        );
        let sin_permisos = RolValido::parse(&DatosRol {
            name: "Caja".into(),
            permissions: vec![],
            inicio: None,
        });
        assert_eq!(sin_permisos, Err(ReglaError::RolSinPermisos));
        assert_eq!(
            ReglaError::RolSinPermisos.to_string(),
            "Elige al menos un permiso para el rol"
        );
        assert_eq!(ReglaError::RolSinPermisos.campo(), Some("permissions"));
    }

    #[test]
    fn a_new_user_needs_a_password_and_a_role() {
        let d = DatosUsuario {
            name: "Ana".into(),
            email: "ana@demo.mx".into(),
            role: "r1".into(),
            tags: vec!["polanco".into()],
            ..Default::default()
        };
        assert_eq!(
            UsuarioValido::parse(&d, true),
            Err(ReglaError::ClaveCorta { min: 8 })
        );
        assert!(UsuarioValido::parse(&d, false).is_ok());
        let sin_rol = DatosUsuario {
            role: " ".into(),
            password: Some("clave-segura".into()),
            ..d
        };
        assert_eq!(
            UsuarioValido::parse(&sin_rol, true),
            Err(ReglaError::RolRequerido)
        );
    }

    #[test]
    fn a_week_names_each_day_once() {
        let lunes = DatosDia {
            dia: 1,
            abre: "13:00".into(),
            cierra: "22:00".into(),
            cerrado: false,
        };
        assert_eq!(
            validar_horario(&[lunes.clone(), lunes.clone()]),
            Err(ReglaError::DiaInvalido)
        );
        assert_eq!(
            validar_horario(&[DatosDia {
                dia: 8,
                ..lunes.clone()
            }]),
            Err(ReglaError::DiaInvalido)
        );
        assert_eq!(
            validar_horario(&[DatosDia {
                abre: "1pm".into(),
                ..lunes.clone()
            }]),
            Err(ReglaError::HoraInvalida)
        );
        assert!(validar_horario(&[
            lunes,
            DatosDia {
                dia: 2,
                cerrado: true,
                ..Default::default()
            }
        ])
        .is_ok());
    }

    #[test]
    fn settings_keep_the_promo_after_the_regular_buffet() {
        let d = ConfSucursal::default().datos();
        let zona = chrono_tz::America::Mexico_City;
        assert_eq!(
            ConfSucursal::parse(&d, zona).unwrap(),
            ConfSucursal::default()
        );
        let mal = DatosConfWalkin {
            inicio_promo: "12:00".into(),
            ..d.clone()
        };
        assert_eq!(
            ConfSucursal::parse(&mal, zona),
            Err(ReglaError::PromoAntesDeRegular)
        );
        let prefijo = DatosConfWalkin {
            prefijo_folio: "pol ".into(),
            ..d.clone()
        };
        assert_eq!(
            ConfSucursal::parse(&prefijo, zona),
            Err(ReglaError::PrefijoInvalido { max: 10 })
        );
        // The late cutoff between the two starts (at the promo start at the latest).
        for (corte, bien) in [
            ("19:30", false),
            ("13:00", false),
            ("12:00", false),
            ("19:00", true),
            ("18:00", true),
        ] {
            let c = DatosConfWalkin {
                corte_tarde: corte.into(),
                ..d.clone()
            };
            assert_eq!(ConfSucursal::parse(&c, zona).is_ok(), bien, "{corte}");
        }
        assert_eq!(
            ConfSucursal::parse(
                &DatosConfWalkin {
                    corte_tarde: "19:30".into(),
                    ..d.clone()
                },
                zona
            ),
            Err(ReglaError::CorteFueraDeTramo)
        );
        // The business day ends on the hour, by noon at the latest; a form that leaves it out
        // keeps 05:00.
        for (fin, bien) in [
            ("05:00", true),
            ("00:00", true),
            ("12:00", true),
            ("04:30", false),
            ("13:00", false),
            ("5", false),
        ] {
            let c = DatosConfWalkin {
                fin_dia: fin.into(),
                ..d.clone()
            };
            assert_eq!(ConfSucursal::parse(&c, zona).is_ok(), bien, "{fin}");
        }
        assert_eq!(
            ConfSucursal::parse(
                &DatosConfWalkin {
                    fin_dia: "04:30".into(),
                    ..d.clone()
                },
                zona
            ),
            Err(ReglaError::FinDiaFueraDeTramo)
        );
        let mut sin_fin = serde_json::to_value(&d).unwrap();
        sin_fin.as_object_mut().unwrap().remove("fin_dia");
        let leido: DatosConfWalkin = serde_json::from_value(sin_fin).unwrap();
        assert_eq!(leido.fin_dia, "05:00");
    }
}
