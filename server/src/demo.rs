//! Demo mode (`anfitrion serve --demo`): a believable restaurant group, written once into an empty
//! database, dated around today in Mexico City so "Hoy" always has guests. Never runs otherwise.
//! It writes through the same storage calls the endpoints use, with values built by core's
//! constructors, so the demo cannot hold anything the product itself would refuse.
//!
//! Accounts (password `demo1234`) and the side-menu entries their roles show (see core's
//! `permisos` for the permission lists):
//!
//! | account                 | role          | tags                          | lands on           | menu entries |
//! |-------------------------|---------------|-------------------------------|--------------------|--------------|
//! | sistemas@demo.mx        | Sistemas      | monterrey, polanco, satelite  | /users             | /marcas, /users, /roles, /integraciones |
//! | mercadotecnia@demo.mx   | Mercadotecnia | monterrey, polanco, satelite  | /promos            | /, /clientes, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados |
//! | gerente@demo.mx         | Gerente       | polanco, satelite             | /reservaciones/hoy | /, /walkin/registrar, /reservaciones/hoy, /salon, /cocina, /clientes, /meseros, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados, /marcas |
//! | hostess@demo.mx         | Hostess       | polanco, satelite             | /reservaciones/hoy | /walkin/registrar, /reservaciones/hoy, /salon, /cocina |
//! | reservaciones@demo.mx   | Reservaciones | monterrey, polanco, satelite  | /reservaciones/hoy | /reservaciones/hoy |

use anfitrion_core::bitacora::Accion;
use anfitrion_core::clientes::{AfiliadoValido, DatosAfiliado};
use anfitrion_core::comanda::{ConteosComanda, Mesero, Pedido, Personas};
use anfitrion_core::cuenta::validar_clave_nueva;
use anfitrion_core::espera::{DatosEspera, EnEspera};
use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::organizacion::ConfSucursal;
use anfitrion_core::permisos::{GERENTE, HOSTESS, MERCADOTECNIA, RESERVACIONES, SISTEMAS};
use anfitrion_core::personal::{normalizar_nombre, validar_correo, Evento};
use anfitrion_core::promos::{
    Abre, DatosPromocion, PromoAplicada, PromocionValida, PROMO_CUMPLEANOS,
};
use anfitrion_core::sucursal::{DatosSucursal, SucursalNueva};
use anfitrion_core::tiempo::{formato_hora, ModoBuffet, ReglasHorario};
use anfitrion_core::walkin::{ConfWalkin, OrdenValida};
use anfitrion_core::ReglaError;
use anyhow::Context;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};

use crate::auth::claves::Claves;
use crate::db::bitacora::{Autor, Cambio, Entidad, Estado};
use crate::db::catalogo::{NuevaPromo, NuevoMesero};
use crate::db::clientes::NuevoAfiliado;
use crate::db::espera::{Cotizacion, NuevoGrupo};
use crate::db::piso::{Sala, Sentado};
use crate::db::recordatorios::AccionCliente;
use crate::db::reservaciones::{Asistencia, NuevaNotificacion, NuevaReservacion, VeContacto};
use crate::db::sucursales::{DiaEspecial, DiaHorario, Mesa, NuevaMarca, NuevaSucursal};
use crate::db::usuarios::NuevoUsuario;
use crate::db::walkins::{NuevoWalkin, OrdenWalkin};
use crate::db::{nuevo_id, Alcance, Clave, ErrorAlmacen, Store};

/// Password of every demo account.
pub const CLAVE_DEMO: &str = "demo1234";

/// (e-mail, name, role, tags) of each demo account.
pub const CUENTAS: &[(&str, &str, &str, &[&str])] = &[
    (
        "sistemas@demo.mx",
        "Sofía Sistemas",
        SISTEMAS,
        &["polanco", "satelite", "monterrey"],
    ),
    (
        "mercadotecnia@demo.mx",
        "Marco Mercadotecnia",
        MERCADOTECNIA,
        &["polanco", "satelite", "monterrey"],
    ),
    (
        "gerente@demo.mx",
        "Gabriela Gerente",
        GERENTE,
        &["polanco", "satelite"],
    ),
    (
        "hostess@demo.mx",
        "Hilda Hostess",
        HOSTESS,
        &["polanco", "satelite"],
    ),
    (
        "reservaciones@demo.mx",
        "Raúl Reservaciones",
        RESERVACIONES,
        &["polanco", "satelite", "monterrey"],
    ),
];

/// Seeds the demo into an empty database and prints the accounts; on a database that already
/// has data, writes nothing and says so.
pub async fn sembrar_y_anunciar(
    store: &dyn Store,
    claves: &Claves,
    ahora: DateTime<Utc>,
    semanas: u32,
) -> anyhow::Result<()> {
    let sembrada = store.esta_vacia().await?
        && sembrar(store, claves, ahora, semanas)
            .await
            .context("no se pudieron cargar los datos de demostración")?;
    if sembrada {
        println!("Datos de demostración cargados.");
    } else {
        println!("La base de datos ya tiene datos: no se cargó la demostración.");
    }
    if store.credenciales(CUENTAS[0].0).await?.is_some() {
        println!("Cuentas de demostración (contraseña {CLAVE_DEMO}):");
        for (email, _, rol, tags) in CUENTAS {
            println!("  {email:<24} {rol:<14} {}", tags.join(", "));
        }
    }
    Ok(())
}

/// Creates a Sistemas user (`anfitrion create-admin`); answers the e-mail as stored. The role gives
/// every branch, those created later included, so the user gets no tags of their own.
pub async fn crear_admin(
    store: &dyn Store,
    claves: &Claves,
    email: &str,
    name: &str,
    clave: &str,
    ahora: DateTime<Utc>,
) -> anyhow::Result<String> {
    let email = validar_correo(email)?.ok_or(ReglaError::CorreoInvalido)?;
    let name = normalizar_nombre(name)?;
    validar_clave_nueva(clave)?;
    let usuario = NuevoUsuario {
        id: nuevo_id(),
        email,
        name,
        password_hash: claves.hash(clave).await?,
        rol: SISTEMAS.to_owned(),
        tags: Vec::new(),
        creado: ahora,
    };
    store.crear_usuario(&usuario).await?;
    Ok(usuario.email)
}

struct SucursalDemo {
    tag: &'static str,
    name: &'static str,
    marca: usize,
    zona: &'static str,
    direccion: &'static str,
    telefono: &'static str,
    prefijo: &'static str,
    meseros: [&'static str; 4],
}

const MARCAS: [&str; 2] = ["La Hacienda Buffet", "Brasa Norteña"];

const SUCURSALES: [SucursalDemo; 3] = [
    SucursalDemo {
        tag: "polanco",
        name: "La Hacienda Polanco",
        marca: 0,
        zona: "America/Mexico_City",
        direccion: "Av. Presidente Masaryk 120, Polanco, CDMX",
        telefono: "525555123456",
        prefijo: "POL-",
        meseros: [
            "Juan Pérez",
            "María López",
            "Carlos Ramírez",
            "Lucía Hernández",
        ],
    },
    SucursalDemo {
        tag: "satelite",
        name: "La Hacienda Satélite",
        marca: 0,
        zona: "America/Mexico_City",
        direccion: "Circuito Centro Comercial 2251, Ciudad Satélite, Edo. Méx.",
        telefono: "525553987654",
        prefijo: "SAT-",
        meseros: ["Pedro Sánchez", "Ana Torres", "Jorge Díaz", "Fernanda Ruiz"],
    },
    SucursalDemo {
        tag: "monterrey",
        name: "Brasa Norteña Monterrey",
        marca: 1,
        zona: "America/Monterrey",
        direccion: "Av. Constitución 400, Centro, Monterrey, N.L.",
        telefono: "528183456789",
        prefijo: "MTY-",
        meseros: [
            "Roberto Garza",
            "Daniela Treviño",
            "Luis Cantú",
            "Paola Villarreal",
        ],
    },
];

/// Guests: (name, e-mail, phone).
const CLIENTES: [(&str, Option<&str>, Option<&str>); 12] = [
    (
        "Alejandra Martínez",
        Some("alejandra.martinez@correo.mx"),
        Some("525512345601"),
    ),
    (
        "Benjamín Ortega",
        Some("benjamin.ortega@correo.mx"),
        Some("525512345602"),
    ),
    ("Camila Rojas", Some("camila.rojas@correo.mx"), None),
    ("Diego Navarro", None, Some("525512345604")),
    (
        "Elena Castillo",
        Some("elena.castillo@correo.mx"),
        Some("525512345605"),
    ),
    (
        "Fernando Aguilar",
        Some("fernando.aguilar@correo.mx"),
        Some("525512345606"),
    ),
    ("Gabriela Medina", Some("gaby.medina@correo.mx"), None),
    ("Héctor Vargas", None, Some("528112345608")),
    (
        "Isabel Fuentes",
        Some("isabel.fuentes@correo.mx"),
        Some("528112345609"),
    ),
    (
        "Javier Morales",
        Some("javier.morales@correo.mx"),
        Some("525512345610"),
    ),
    (
        "Karla Domínguez",
        Some("karla.dominguez@correo.mx"),
        Some("525512345611"),
    ),
    (
        "Leonardo Guzmán",
        Some("leo.guzman@correo.mx"),
        Some("528112345612"),
    ),
];

/// When a demo reservation or walk-in is: a fixed local time some days away, or today, minutes
/// from now (negative: already past), kept within today at the branch.
#[derive(Clone, Copy)]
enum Cuando {
    Dia(i64, &'static str),
    Hoy(i64),
}

use Cuando::{Dia, Hoy};
use EstadoReservacion::{Asistio, Cancelada, Pendiente, Vencido};

/// A reservation of the demo: when, status, party size, event, comment.
struct Plan {
    cuando: Cuando,
    status: EstadoReservacion,
    personas: u32,
    evento: Evento,
    comentarios: &'static str,
}

const fn plan(
    cuando: Cuando,
    status: EstadoReservacion,
    personas: u32,
    evento: Evento,
    comentarios: &'static str,
) -> Plan {
    Plan {
        cuando,
        status,
        personas,
        evento,
        comentarios,
    }
}

/// Whatever the hour, today holds arrivals in the next hours (two within half an hour), parties
/// already seated, one no-show and cancellations; the days around it hold the rest.
const PLANES: [Plan; 23] = [
    plan(Dia(-6, "14:00"), Asistio, 4, Evento::Ninguno, ""),
    plan(
        Dia(-5, "19:30"),
        Vencido,
        2,
        Evento::Aniversario,
        "Mesa tranquila, por favor",
    ),
    plan(Dia(-3, "15:00"), Cancelada, 6, Evento::ComidaDeNegocios, ""),
    plan(
        Dia(-2, "20:00"),
        Asistio,
        5,
        Evento::Cumpleanos,
        "Traen pastel",
    ),
    plan(Dia(-1, "13:30"), Vencido, 3, Evento::Ninguno, ""),
    plan(Dia(-1, "18:45"), Asistio, 2, Evento::OcasionEspecial, ""),
    plan(Hoy(-150), Asistio, 4, Evento::Ninguno, ""),
    plan(Hoy(10), Pendiente, 2, Evento::Ninguno, ""),
    plan(
        Hoy(60),
        Cancelada,
        8,
        Evento::ComidaDeNegocios,
        "Cancelan por lluvia",
    ),
    plan(
        Hoy(25),
        Pendiente,
        6,
        Evento::Cumpleanos,
        "Festejada: Sofía, cumple 30",
    ),
    plan(Hoy(95), Pendiente, 3, Evento::Aniversario, ""),
    plan(
        Dia(1, "14:00"),
        Pendiente,
        10,
        Evento::ComidaDeNegocios,
        "Requieren factura",
    ),
    plan(Dia(2, "19:45"), Pendiente, 4, Evento::OcasionEspecial, ""),
    plan(Dia(3, "15:30"), Cancelada, 2, Evento::Ninguno, ""),
    plan(
        Dia(6, "13:10"),
        Pendiente,
        12,
        Evento::Cumpleanos,
        "Pastel propio",
    ),
    plan(Hoy(-75), Vencido, 2, Evento::Ninguno, ""),
    plan(
        Hoy(-50),
        Asistio,
        7,
        Evento::ComidaDeNegocios,
        "Mesa cerca de la ventana",
    ),
    plan(Hoy(45), Pendiente, 4, Evento::Ninguno, ""),
    plan(
        Hoy(70),
        Pendiente,
        2,
        Evento::Aniversario,
        "Sorpresa: traen flores",
    ),
    plan(Hoy(-20), Asistio, 3, Evento::Ninguno, ""),
    plan(
        Hoy(130),
        Pendiente,
        8,
        Evento::Cumpleanos,
        "Festejado: Andrés, cumple 8",
    ),
    plan(Hoy(180), Pendiente, 5, Evento::OcasionEspecial, ""),
    plan(Hoy(-100), Cancelada, 2, Evento::Ninguno, "Cambio de planes"),
];

/// The next Buen Fin from `hoy` (or the one under way): Friday to Monday, ending on the third
/// Monday of November (the Revolution's holiday).
fn buen_fin(hoy: NaiveDate) -> (NaiveDate, NaiveDate) {
    let de = |anio: i32| {
        let primero = NaiveDate::from_ymd_opt(anio, 11, 1).unwrap_or(hoy);
        let hasta_lunes = (7 - primero.weekday().num_days_from_monday()) % 7;
        let lunes = primero + Duration::days(i64::from(hasta_lunes) + 14);
        (lunes - Duration::days(3), lunes)
    };
    let este = de(hoy.year());
    if hoy <= este.1 {
        este
    } else {
        de(hoy.year() + 1)
    }
}

/// The hour a demo branch closes on a weekday (1 = Monday … 7 = Sunday): its schedule's.
fn cierre_demo(dia_semana: u32) -> &'static str {
    if dia_semana == 7 {
        "20:00"
    } else {
        "22:30"
    }
}

/// The service of a demo branch on a business day: from the regular buffet's start to its
/// schedule's closing hour that weekday.
fn servicio(dia: NaiveDate, reglas: &ReglasHorario) -> (NaiveDateTime, NaiveDateTime) {
    let cierra = hora(cierre_demo(dia.weekday().number_from_monday()));
    (dia.and_time(reglas.inicio_regular), dia.and_time(cierra))
}

/// A local time rounded to its five-minute mark, up or down.
fn a_cinco(t: NaiveDateTime, arriba: bool) -> NaiveDateTime {
    let m = i64::from(t.minute() % 5);
    let entero = t
        .with_second(0)
        .and_then(|t| t.with_nanosecond(0))
        .unwrap_or(t);
    let base = entero - Duration::minutes(m);
    if arriba && (m > 0 || entero < t) {
        base + Duration::minutes(5)
    } else {
        base
    }
}

/// The local time of `cuando` at a branch whose local time now is `ahora`, always within a
/// service of the branch (its schedule's hours that day). Today's is the business day's: the
/// upcoming ones from now (or the opening) until the closing, bunched before it in their order,
/// and once the doors have closed, on the next day's service; the past ones from the opening
/// until now (or the closing), and before the doors open, on the service of the day before.
/// Times fall on five-minute marks.
fn momento(cuando: Cuando, ahora: NaiveDateTime, reglas: &ReglasHorario) -> NaiveDateTime {
    let hoy = reglas.dia_de_servicio(ahora);
    let un_dia = Duration::days(1);
    let minutos = |m: i64| Duration::minutes(m);
    match cuando {
        Dia(dias, h) => (hoy + Duration::days(dias)).and_time(hora(h)),
        Hoy(m) if m >= 0 => {
            let (abre, cierra) = servicio(hoy, reglas);
            let desde = ahora.max(abre);
            if desde + minutos(15) <= cierra {
                // At most the closing, the ones further away nearer it.
                let tope = (cierra - minutos((200 - m).clamp(0, 200) / 20)).max(desde);
                a_cinco(desde + minutos(m), true).min(tope)
            } else {
                let (abre, cierra) = servicio(hoy + un_dia, reglas);
                a_cinco(abre + minutos(m), true).min(cierra)
            }
        }
        Hoy(m) => {
            let (abre, cierra) = servicio(hoy, reglas);
            let hasta = ahora.min(cierra);
            if hasta >= abre + minutos(60) {
                let piso = abre + minutos((200 + m).clamp(0, 200) / 20);
                a_cinco(hasta + minutos(m), false).max(piso).min(hasta)
            } else {
                let (abre, cierra) = servicio(hoy - un_dia, reglas);
                a_cinco(cierra + minutos(m), false).max(abre)
            }
        }
    }
}

fn hora(s: &str) -> NaiveTime {
    NaiveTime::parse_from_str(s, "%H:%M").expect("hora de la demostración")
}

/// Who the demo's changes are recorded as: the host for the day's work, nobody for no-shows.
fn autor(hostess: &str, hacia: Option<EstadoReservacion>) -> Autor {
    match hacia {
        Some(EstadoReservacion::Vencido) => Autor {
            usuario_id: None,
            usuario_name: "Sistema".to_owned(),
        },
        _ => Autor {
            usuario_id: Some(hostess.to_owned()),
            usuario_name: CUENTAS[3].1.to_owned(),
        },
    }
}

/// A seated party's order as core checks it: children when the party is big, and in promo mode
/// (Caballero/Dama/Niño) when core's rules suggest it for that time.
fn pedido(personas: u32, modo: ModoBuffet) -> Result<Pedido, ReglaError> {
    let ninos = u32::from(personas >= 4);
    let conteos = if modo == ModoBuffet::Promo {
        let damas = (personas - ninos) / 2;
        let caballeros = personas - ninos - damas;
        ConteosComanda {
            no_personas: Some(personas),
            buffet_adulto: Some(caballeros),
            buffet_boy: Some(0),
            buffet_promo_adulto: Some(caballeros),
            buffet_promo_girl: Some(damas),
            buffet_promo_boy: Some(ninos),
            is_after7pm: true,
        }
    } else {
        ConteosComanda {
            no_personas: Some(personas),
            buffet_adulto: Some(personas - ninos),
            buffet_boy: Some(ninos),
            ..ConteosComanda::desde_reservacion(personas, false)
        }
    };
    Pedido::parse(&conteos)
}

/// The abre of a seated party: a birthday gets the Cumpleaños promotion with the celebrant's name.
fn abre(
    mesa: &str,
    evento: Evento,
    promos: &[NuevaPromo],
    festejado: &str,
    personas: u32,
) -> Result<Abre, ReglaError> {
    let cumple: Vec<PromoAplicada> = promos
        .iter()
        .filter(|p| evento == Evento::Cumpleanos && p.promo.name == PROMO_CUMPLEANOS)
        .map(|p| PromoAplicada {
            id: p.id.clone(),
            name: p.promo.name.clone(),
            qty: Some(1),
            field: Some(festejado.to_owned()),
            pide_nombres: None,
        })
        .collect();
    Abre::nuevo(mesa, &cumple, Some(personas))
}

/// A table of a demo branch's plan: the Salón (1–16: two-tops by the window, two rows of
/// four-tops that join, and the big tables at the back) and the Terraza (17–30: round four-tops
/// in pairs, and two-tops along the rail).
fn mesa_demo(sucursal_id: &str, numero: i32) -> Mesa {
    let (asientos, area, forma, x, y) = match numero {
        1..=4 => (2, "Salón", "redonda", 8 + (numero - 1) * 14, 12),
        5..=12 => (
            4,
            "Salón",
            "cuadrada",
            8 + (numero - 5) % 4 * 14,
            36 + (numero - 5) / 4 * 20,
        ),
        13..=14 => (6, "Salón", "cuadrada", 8 + (numero - 13) * 15, 82),
        15..=16 => (10, "Salón", "cuadrada", 40 + (numero - 15) * 16, 82),
        17..=24 => (
            4,
            "Terraza",
            "redonda",
            70 + (numero - 17) % 2 * 12,
            12 + (numero - 17) / 2 * 22,
        ),
        _ => (2, "Terraza", "redonda", 94, 10 + (numero - 25) * 16),
    };
    Mesa {
        id: nuevo_id(),
        sucursal_id: sucursal_id.to_owned(),
        numero,
        asientos,
        // The four-top rows of the Salón may be joined for bigger parties.
        combinable: (5..=12).contains(&numero),
        area: area.to_owned(),
        forma: forma.to_owned(),
        x: Some(x),
        y: Some(y),
    }
}

/// The parties seated when the demo starts: minutes at the table, party, table, name. Two are
/// past the expected stay, so the floor shows every state at any hour.
const SENTADOS: [(i64, u32, u32, &str); 9] = [
    (12, 2, 26, "Carla Mendoza"),
    (25, 4, 9, "Familia Olvera"),
    (48, 3, 8, "Jorge Salinas"),
    (70, 6, 14, "Familia Cisneros"),
    (95, 4, 11, "Luis Herrera"),
    (135, 2, 27, "Ana y Pablo Beltrán"),
    (150, 8, 16, "Grupo Contreras"),
    (30, 4, 19, "Familia Zamudio"),
    (55, 2, 28, "Valeria Arriaga"),
];

/// Writes the whole demo around `ahora` in Mexico City. The first brand's unique name is
/// the claim: when another instance seeding at the same moment took it, this one writes nothing
/// more and answers false.
async fn sembrar(
    store: &dyn Store,
    claves: &Claves,
    ahora: DateTime<Utc>,
    semanas: u32,
) -> anyhow::Result<bool> {
    let reglas = ReglasHorario::default();
    let local = reglas.local(ahora);
    // The business day: at 00:30 still the evening's.
    let hoy: NaiveDate = reglas.dia_de_servicio(local);

    let mut marcas = Vec::new();
    for (i, name) in MARCAS.iter().enumerate() {
        let marca = NuevaMarca {
            id: nuevo_id(),
            name: (*name).to_owned(),
        };
        match store.crear_marca(&marca).await {
            Err(ErrorAlmacen::Duplicado(Clave::NombreMarca)) if i == 0 => return Ok(false),
            r => r?,
        }
        marcas.push(marca.id);
    }

    let mut sucursales = Vec::new();
    for suc in &SUCURSALES {
        let id = nuevo_id();
        let datos = SucursalNueva::parse(&DatosSucursal {
            tag: suc.tag.to_owned(),
            name: suc.name.to_owned(),
            marca: marcas[suc.marca].clone(),
            zona: Some(suc.zona.to_owned()),
            direccion: Some(suc.direccion.to_owned()),
            telefono: Some(suc.telefono.to_owned()),
        })?;
        let sucursal = NuevaSucursal {
            id: id.clone(),
            datos,
            horario: (1..=7)
                .map(|dia| DiaHorario {
                    sucursal_id: id.clone(),
                    dia,
                    abre: formato_hora(reglas.inicio_regular),
                    cierra: cierre_demo(dia.unsigned_abs()).to_owned(),
                    cerrado: false,
                })
                .collect(),
            mesas: (1..=30).map(|numero| mesa_demo(&id, numero)).collect(),
            days: vec![
                DiaEspecial {
                    id: nuevo_id(),
                    sucursal_id: id.clone(),
                    fecha: NaiveDate::from_ymd_opt(hoy.year(), 12, 25).unwrap_or(hoy),
                    tipo: "cerrado".to_owned(),
                    abre: None,
                    cierra: None,
                    motivo: "Navidad".to_owned(),
                },
                DiaEspecial {
                    id: nuevo_id(),
                    sucursal_id: id.clone(),
                    fecha: hoy + Duration::days(10),
                    tipo: "especial".to_owned(),
                    abre: Some("12:00".to_owned()),
                    cierra: Some("23:30".to_owned()),
                    motivo: "Horario extendido por evento".to_owned(),
                },
            ],
            conf: ConfWalkin {
                prefijo_folio: suc.prefijo.to_owned(),
                pie_ticket: format!("¡Gracias por visitar {}!", suc.name),
                ..ConfWalkin::default()
            },
        };
        let demostracion = Autor {
            usuario_id: None,
            usuario_name: "Demostración".to_owned(),
        };
        let cambio =
            Cambio::de(demostracion.clone(), Entidad::Sucursal, &id, Accion::Crear).en(&id);
        store.crear_sucursal(&sucursal, &cambio).await?;
        // The demo's branches take parties on their online list (the poster's QR).
        let conf = ConfSucursal {
            walkin: sucursal.conf.clone(),
            espera_en_linea: true,
            ..ConfSucursal::default()
        };
        let cambio = Cambio::de(demostracion, Entidad::Sucursal, &id, Accion::Editar).en(&id);
        store.guardar_conf(&id, &conf, &cambio).await?;
        sucursales.push(id);
    }

    let mut hostess = String::new();
    for (email, name, rol, tags) in CUENTAS {
        let usuario = NuevoUsuario {
            id: nuevo_id(),
            email: (*email).to_owned(),
            name: (*name).to_owned(),
            password_hash: claves.hash(CLAVE_DEMO).await?,
            rol: (*rol).to_owned(),
            tags: tags.iter().map(|t| (*t).to_owned()).collect(),
            creado: ahora,
        };
        store.crear_usuario(&usuario).await?;
        if *rol == HOSTESS {
            hostess = usuario.id;
        }
    }

    // Two partners whose guests book with their code (Airbnb and concierge reservations carry
    // them), and a hotel with none yet.
    let mut afiliados = Vec::new();
    for (code, name, tipo) in [
        ("HOTEL-CAMINO", "Hotel Camino Real", "Hotel"),
        ("AIRBNB-LUZ", "Casa Luz (Airbnb)", "Airbnb"),
        ("CONCIERGE-MX", "Concierge México", "Concierge"),
    ] {
        let afiliado = NuevoAfiliado {
            id: nuevo_id(),
            afiliado: AfiliadoValido::parse(&DatosAfiliado {
                code: code.to_owned(),
                name: name.to_owned(),
                tipo: tipo.to_owned(),
                contacto: Some(format!(
                    "contacto@{}.mx",
                    code.to_ascii_lowercase().replace('-', "")
                )),
                activo: Some(true),
            })?,
        };
        store.crear_afiliado(&afiliado, None).await?;
        afiliados.push(afiliado.id);
    }

    // Guests are not written here: each reservation and walk-in finds or makes its guest by
    // e-mail or phone, as the product's saves do.
    let clientes = CLIENTES;

    let mut n_reservacion = 0usize;
    for (i_suc, (suc, sucursal_id)) in SUCURSALES.iter().zip(&sucursales).enumerate() {
        let mut meseros = Vec::new();
        for name in suc.meseros {
            let mesero = NuevoMesero {
                id: nuevo_id(),
                sucursal_id: sucursal_id.clone(),
                name: name.to_owned(),
            };
            store.crear_mesero(&mesero, None).await?;
            meseros.push(Mesero {
                id: mesero.id,
                name: mesero.name,
            });
        }

        // Cumpleaños asks the celebrants' names; the weekday ones hold on their days; one is
        // switched off after last summer, and Buen Fin waits for its weekend in November.
        let dia = |d: NaiveDate| Some(d.format("%Y-%m-%d").to_string());
        let (buen_fin_desde, buen_fin_hasta) = buen_fin(hoy);
        let verano = hoy.year() - 1;
        let nombre_verano = format!("Verano {verano}");
        let mut promos = Vec::new();
        for (name, descripcion, activa, desde, hasta, dias) in [
            (
                PROMO_CUMPLEANOS,
                "Buffet sin costo para la persona que cumple años",
                true,
                None,
                None,
                None,
            ),
            (
                "2x1 en martes",
                "Dos buffets de adulto por el precio de uno los martes",
                true,
                None,
                None,
                Some(vec![2]),
            ),
            (
                "Niños comen gratis",
                "Un buffet infantil gratis por cada adulto, de lunes a jueves",
                true,
                None,
                None,
                Some(vec![1, 2, 3, 4]),
            ),
            (
                "Descuento afiliado 10%",
                "Diez por ciento para reservaciones con código de afiliado",
                true,
                None,
                None,
                None,
            ),
            (
                nombre_verano.as_str(),
                "Promoción de temporada terminada",
                false,
                NaiveDate::from_ymd_opt(verano, 6, 1).and_then(dia),
                NaiveDate::from_ymd_opt(verano, 8, 31).and_then(dia),
                None,
            ),
            (
                "Buen Fin",
                "Quince por ciento en el buffet durante el fin de semana del Buen Fin",
                true,
                dia(buen_fin_desde),
                dia(buen_fin_hasta),
                None,
            ),
        ] {
            let promo = NuevaPromo {
                id: nuevo_id(),
                sucursal_id: sucursal_id.clone(),
                promo: PromocionValida::parse(&DatosPromocion {
                    name: name.to_owned(),
                    descripcion: Some(descripcion.to_owned()),
                    activa: Some(activa),
                    desde,
                    hasta,
                    dias,
                    pide_nombres: Some(name == PROMO_CUMPLEANOS),
                })?,
            };
            store.crear_promo(&promo, None).await?;
            promos.push(promo);
        }

        for (i_plan, plan) in PLANES.iter().enumerate() {
            let (cliente_name, cliente_email, cliente_phone) =
                clientes[(i_plan + i_suc * 5) % clientes.len()];
            let origin = Origen::TODOS[(i_plan + i_suc) % Origen::TODOS.len()];
            let fecha_hora = momento(plan.cuando, local, &reglas);
            let dias = (fecha_hora.date() - hoy).num_days();
            let id = nuevo_id();
            let creada = ahora - Duration::hours(2 + (PLANES.len() - i_plan) as i64 * 5);
            let reservacion = NuevaReservacion {
                id: id.clone(),
                sucursal_id: sucursal_id.clone(),
                cliente_id: None,
                afiliado_id: match origin {
                    Origen::Airbnb => Some(afiliados[1].clone()),
                    Origen::Concierge => Some(afiliados[2].clone()),
                    _ => None,
                },
                name: cliente_name.to_owned(),
                email: cliente_email.map(str::to_owned),
                phone: cliente_phone.map(str::to_owned),
                fecha_hora,
                no_personas: Personas::parse(Some(plan.personas))?,
                evento: plan.evento,
                comentarios: plan.comentarios.to_owned(),
                origin,
                email_verified: cliente_email.is_some() && i_plan % 3 != 2,
                phone_verified: cliente_phone.is_some() && i_plan % 2 == 0,
                origin_declarado: false,
                autor: None,
                creada,
            };
            n_reservacion += 1;
            let avisada = (dias >= 0 && plan.status == EstadoReservacion::Pendiente) || dias == 0;
            let aviso = avisada.then(|| NuevaNotificacion {
                id: nuevo_id(),
                sucursal_id: sucursal_id.clone(),
                reservacion_id: Some(id.clone()),
                title: "Nueva reservación".to_owned(),
                description: format!(
                    "{} · {} {} · {}",
                    cliente_name,
                    plan.personas,
                    if plan.personas == 1 {
                        "persona"
                    } else {
                        "personas"
                    },
                    fecha_hora.format("%d/%m %H:%M")
                ),
                origin: origin.nombre().to_owned(),
                creada,
            });
            store
                .crear_reservacion(&reservacion, aviso.as_ref())
                .await?;
            if let Some(aviso) = &aviso {
                if dias < 0 || n_reservacion.is_multiple_of(3) {
                    store.marcar_notificacion_leida(&aviso.id).await?;
                }
            }
            // A cancellation or a no-show records the state it left, as the console's and the job's do.
            let cambio = |accion, hacia: Option<EstadoReservacion>| {
                let c = Cambio::de(autor(&hostess, hacia), Entidad::Reservacion, &id, accion)
                    .en(sucursal_id.as_str());
                match hacia {
                    Some(status) => c
                        .antes(&Estado {
                            status: EstadoReservacion::Pendiente,
                        })
                        .despues(&Estado { status }),
                    None => c,
                }
            };
            match plan.status {
                EstadoReservacion::Pendiente => {}
                EstadoReservacion::Asistio => {
                    let mesa = (5 + i_plan % 10).to_string();
                    let asistencia = Asistencia {
                        reservacion_id: id.clone(),
                        // Guests arrive around their time; the table opens then.
                        abierta: fecha_hora
                            + chrono::Duration::minutes(i64::try_from(i_plan % 12).unwrap_or(0)),
                        pedido: pedido(plan.personas, reglas.modo_sugerido(fecha_hora.time()))?,
                        abre: abre(&mesa, plan.evento, &promos, cliente_name, plan.personas)?,
                        mesa,
                        numeros: Vec::new(),
                        mesero: meseros[i_plan % meseros.len()].clone(),
                        sala: None,
                        autor: None,
                    };
                    store
                        .registrar_asistencia(&asistencia, &cambio(Accion::Asistencia, None))
                        .await?;
                }
                hacia => {
                    store
                        .pasar_estado(
                            &id,
                            hacia,
                            &cambio(
                                if hacia == EstadoReservacion::Vencido {
                                    Accion::NoShow
                                } else {
                                    Accion::Cancelar
                                },
                                Some(hacia),
                            ),
                        )
                        .await?;
                }
            }
        }

        // The last walk-in is a guest who also books: her phone, typed another way, finds her record.
        let walkins = [
            (Dia(-1, "14:10"), 3, Evento::Ninguno, "Familia Robles", None),
            (
                Dia(-1, "19:20"),
                2,
                Evento::Aniversario,
                "Tomás y Elisa Varela",
                None,
            ),
            (Hoy(-35), 5, Evento::Cumpleanos, "Mariana Ibarra", None),
            (
                Dia(-4, "14:45"),
                2,
                Evento::Ninguno,
                "Elena Castillo",
                Some("+52 55 1234 5605"),
            ),
        ];
        for (i, (cuando, personas, evento, name, phone)) in walkins.into_iter().enumerate() {
            let fecha_hora = momento(cuando, local, &reglas);
            let mesa = (1 + i).to_string();
            let walkin = NuevoWalkin {
                id: nuevo_id(),
                sucursal_id: sucursal_id.clone(),
                cliente_id: None,
                name: name.to_owned(),
                email: None,
                phone: phone.map(str::to_owned),
                fecha_hora,
                dia: reglas.dia_de_servicio(fecha_hora),
                evento,
                orden: OrdenWalkin::Comprobada(OrdenValida {
                    pedido: pedido(personas, reglas.modo_sugerido(fecha_hora.time()))?,
                    abre: abre(&mesa, evento, &promos, name, personas)?,
                    mesa,
                    numeros: Vec::new(),
                    mesero: meseros[(i + 1) % meseros.len()].clone(),
                }),
                created_by: Some(hostess.clone()),
                creado: reglas.instante(fecha_hora).unwrap_or(ahora).min(ahora),
                sala: None,
                llegada: None,
            };
            let cambio = Cambio::de(
                autor(&hostess, None),
                Entidad::Walkin,
                &walkin.id,
                Accion::Crear,
            )
            .en(sucursal_id.as_str());
            store
                .crear_walkin(&walkin, &cambio, VeContacto::todo())
                .await?;
        }

        // The floor is partly seated whenever the demo starts within or after the day's
        // service, each party seated within it; before the doors open it is empty.
        let (apertura, cierre) = servicio(hoy, &reglas);
        let hasta = local.min(cierre);
        let sentados = if hasta >= apertura + Duration::minutes(60) {
            SENTADOS.as_slice()
        } else {
            &[]
        };
        for (i, &(minutos, personas, mesa, name)) in sentados.iter().enumerate() {
            let fecha_hora = (hasta - Duration::minutes(minutos)).max(apertura);
            let creado = reglas.instante(fecha_hora).unwrap_or(ahora).min(ahora);
            let etiqueta = mesa.to_string();
            let walkin = NuevoWalkin {
                id: nuevo_id(),
                sucursal_id: sucursal_id.clone(),
                cliente_id: None,
                name: name.to_owned(),
                email: None,
                phone: None,
                fecha_hora,
                dia: reglas.dia_de_servicio(fecha_hora),
                evento: Evento::Ninguno,
                orden: OrdenWalkin::Comprobada(OrdenValida {
                    pedido: pedido(personas, reglas.modo_sugerido(fecha_hora.time()))?,
                    abre: abre(&etiqueta, Evento::Ninguno, &promos, name, personas)?,
                    mesa: etiqueta,
                    numeros: vec![mesa],
                    mesero: meseros[i % meseros.len()].clone(),
                }),
                created_by: Some(hostess.clone()),
                creado,
                sala: Some(Sala {
                    tag: suc.tag.to_owned(),
                    zona: reglas.zona,
                }),
                llegada: None,
            };
            let cambio = Cambio::de(
                autor(&hostess, None),
                Entidad::Walkin,
                &walkin.id,
                Accion::Crear,
            )
            .en(sucursal_id.as_str());
            store
                .crear_walkin(&walkin, &cambio, VeContacto::todo())
                .await?;
        }

        if semanas > 0 {
            let pasado = Pasado {
                sucursal_id,
                tag: suc.tag,
                ocupadas: SENTADOS.iter().map(|s| s.2).collect(),
                reglas: &reglas,
                meseros: &meseros,
                promos: &promos,
                hostess: &hostess,
                hoy,
                ahora,
                dias: i64::from(semanas) * 7,
                tamano: [26, 20, 16][i_suc % 3],
                semilla: 0x5EED + i_suc as u64,
            };
            sembrar_pasado(store, &pasado).await?;
        }
    }
    Ok(true)
}

/// What the demo's past is seeded from, for one branch.
struct Pasado<'a> {
    sucursal_id: &'a str,
    tag: &'a str,
    /// The tables today's demo parties hold: the past seats none of them.
    ocupadas: Vec<u32>,
    reglas: &'a ReglasHorario,
    meseros: &'a [Mesero],
    promos: &'a [NuevaPromo],
    hostess: &'a str,
    hoy: NaiveDate,
    ahora: DateTime<Utc>,
    /// Days before today.
    dias: i64,
    /// Walk-ins of an ordinary Friday.
    tamano: u32,
    semilla: u64,
}

impl Pasado<'_> {
    /// A walk-in at `fecha_hora`, seated at a free table and leaving after its stay; with
    /// `espera`, the waiting party it seats.
    async fn walkin(
        &self,
        store: &dyn Store,
        azar: &mut Azar,
        fecha_hora: NaiveDateTime,
        espera: Option<&str>,
    ) -> anyhow::Result<()> {
        let p = self;
        let personas = [2, 2, 3, 4, 4, 5, 6][azar.hasta(7) as usize];
        let name = format!("Familia {}", APELLIDOS[azar.hasta(12) as usize]);
        let numero = p.mesa(azar);
        let mesa = numero.to_string();
        let evento = if azar.si(6) {
            Evento::Cumpleanos
        } else {
            Evento::Ninguno
        };
        let walkin = NuevoWalkin {
            id: nuevo_id(),
            sucursal_id: p.sucursal_id.to_owned(),
            cliente_id: None,
            name: name.clone(),
            email: None,
            phone: None,
            fecha_hora,
            dia: p.reglas.dia_de_servicio(fecha_hora),
            evento,
            orden: OrdenWalkin::Comprobada(OrdenValida {
                pedido: pedido(personas, p.reglas.modo_sugerido(fecha_hora.time()))?,
                abre: abre(&mesa, evento, p.promos, &name, personas)?,
                mesa,
                numeros: vec![numero],
                mesero: p.meseros[azar.hasta(p.meseros.len() as u64) as usize].clone(),
            }),
            created_by: Some(p.hostess.to_owned()),
            creado: p
                .reglas
                .instante(fecha_hora)
                .unwrap_or(p.ahora)
                .min(p.ahora),
            sala: Some(Sala {
                tag: p.tag.to_owned(),
                zona: p.reglas.zona,
            }),
            llegada: None,
        };
        let cambio = Cambio::de(
            autor(p.hostess, None),
            Entidad::Walkin,
            &walkin.id,
            Accion::Crear,
        )
        .en(p.sucursal_id)
        .ocurrido(walkin.creado);
        match espera {
            Some(espera) => {
                store
                    .crear_walkin_de_espera(&walkin, &cambio, VeContacto::todo(), espera)
                    .await?
            }
            None => {
                store
                    .crear_walkin(&walkin, &cambio, VeContacto::todo())
                    .await?
            }
        };
        p.liberar(
            store,
            &Sentado::Walkin(walkin.id.clone()),
            walkin.creado,
            personas,
            azar,
        )
        .await?;
        Ok(())
    }

    /// A table of the plan (1–30) that today's parties do not hold.
    fn mesa(&self, azar: &mut Azar) -> u32 {
        loop {
            let n = 1 + azar.hasta(30) as u32;
            if !self.ocupadas.contains(&n) {
                return n;
            }
        }
    }

    /// Frees the table `sentado` took at `desde` after a stay of its party's size (45 minutes
    /// and 8 more a guest, give or take a quarter-hour): the floor's stays have a past too.
    async fn liberar(
        &self,
        store: &dyn Store,
        sentado: &Sentado,
        desde: DateTime<Utc>,
        personas: u32,
        azar: &mut Azar,
    ) -> anyhow::Result<()> {
        let Some(turno) = store.turno_abierto_de(sentado).await? else {
            return Ok(());
        };
        let estancia = 30 + 8 * i64::from(personas) + azar.hasta(30) as i64;
        let hasta = (desde + Duration::minutes(estancia)).min(self.ahora);
        store
            .liberar_turno_en(
                &Alcance::de_tags(&[self.tag.to_owned()]),
                &turno,
                &autor(self.hostess, None),
                hasta,
            )
            .await?;
        Ok(())
    }
}

/// A small deterministic generator: the same past on every start.
struct Azar(u64);

impl Azar {
    fn siguiente(&mut self) -> u64 {
        // SplitMix64.
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// From 0 to `n - 1`.
    fn hasta(&mut self, n: u64) -> u64 {
        self.siguiente() % n.max(1)
    }

    /// True `por_ciento` times in a hundred.
    fn si(&mut self, por_ciento: u64) -> bool {
        self.hasta(100) < por_ciento
    }

    /// An index of `pesos`, each as likely as its weight.
    fn segun(&mut self, pesos: &[u64]) -> usize {
        let mut x = self.hasta(pesos.iter().sum());
        for (i, p) in pesos.iter().enumerate() {
            if x < *p {
                return i;
            }
            x -= p;
        }
        0
    }
}

/// How busy each weekday is against a Friday (10), Monday first.
const DIA_SEMANA: [u32; 7] = [6, 6, 7, 8, 10, 14, 15];
/// Arrivals by hour from 13:00 to 22:00: lunch, then dinner.
const POR_HORA: [u64; 10] = [7, 12, 10, 5, 4, 6, 9, 8, 4, 1];
const NOMBRES: [&str; 10] = [
    "Ana", "Luis", "María", "Jorge", "Lucía", "Raúl", "Sofía", "Carlos", "Paola", "Andrés",
];
const APELLIDOS: [&str; 12] = [
    "Hernández",
    "García",
    "Martínez",
    "López",
    "González",
    "Rodríguez",
    "Pérez",
    "Sánchez",
    "Ramírez",
    "Torres",
    "Flores",
    "Rivera",
];

/// The demo's past at one branch, through the same storage calls as the day's work: walk-ins by
/// weekday and hour, and reservations that came (checked in within minutes of their time), did
/// not come or were cancelled, half of them confirmed by the guest first (those come more
/// often). The demo's guests book a few of them, so their history shows at the door.
async fn sembrar_pasado(store: &dyn Store, p: &Pasado<'_>) -> anyhow::Result<()> {
    let mut azar = Azar(p.semilla);
    for d in 1..=p.dias {
        let dia = p.hoy - Duration::days(d);
        let carga = DIA_SEMANA[dia.weekday().num_days_from_monday() as usize];
        let momento = |azar: &mut Azar| {
            let hora = 13 + azar.segun(&POR_HORA) as u32;
            let minuto = azar.hasta(60) as u32;
            dia.and_hms_opt(hora, minuto, 0).unwrap_or_default()
        };
        // Walk-ins: the branch's size by the weekday's load, give or take a sixth.
        let n = (p.tamano * carga / 10) as u64;
        let n = n - n / 6 + azar.hasta(n / 3 + 1);
        for _ in 0..n {
            let fecha_hora = momento(&mut azar);
            p.walkin(store, &mut azar, fecha_hora, None).await?;
        }

        // On busy days the door keeps a list at the peaks: parties quoted a wait, seated
        // after about that long.
        if carga >= 10 {
            for _ in 0..(u64::from(carga) / 3 + azar.hasta(3)) {
                let hora = if azar.si(50) { 14 } else { 19 };
                let anotado = dia
                    .and_hms_opt(hora, azar.hasta(60) as u32, 0)
                    .unwrap_or_default();
                let cotizada = 10 + 5 * azar.hasta(5) as u32;
                let espera = i64::from(cotizada) - 5 + azar.hasta(15) as i64;
                let grupo = EnEspera::parse(&DatosEspera {
                    name: format!("Familia {}", APELLIDOS[azar.hasta(12) as usize]),
                    phone: None,
                    personas: [2, 3, 4, 4, 5, 6][azar.hasta(6) as usize],
                    notas: String::new(),
                })?;
                let id = nuevo_id();
                let nuevo = NuevoGrupo {
                    id: &id,
                    sucursal_id: p.sucursal_id,
                    tag: p.tag,
                    grupo: &grupo,
                    autor: p.hostess,
                    ahora: p.reglas.instante(anotado).unwrap_or(p.ahora).min(p.ahora),
                    en_linea: None,
                };
                let fija = cotizada + 10;
                store
                    .anotar_espera(&nuevo, &|_: &[u32]| Cotizacion {
                        dicha: Some(cotizada),
                        fija: Some(fija),
                    })
                    .await?;
                p.walkin(
                    store,
                    &mut azar,
                    anotado + Duration::minutes(espera),
                    Some(&id),
                )
                .await?;
            }
        }

        // Reservations: a third of the walk-ins.
        for _ in 0..(n / 3).max(1) {
            let fecha_hora = momento(&mut azar);
            let instante = p
                .reglas
                .instante(fecha_hora)
                .unwrap_or(p.ahora)
                .min(p.ahora);
            // A few are the demo's own guests, so their history shows at the door; the rest
            // booked by phone, leaving only a name.
            let conocido = azar.si(4);
            let anonimo = format!(
                "{} {}",
                NOMBRES[azar.hasta(NOMBRES.len() as u64) as usize],
                APELLIDOS[azar.hasta(APELLIDOS.len() as u64) as usize]
            );
            let (name, email, phone) = if conocido {
                CLIENTES[azar.hasta(CLIENTES.len() as u64) as usize]
            } else {
                (anonimo.as_str(), None, None)
            };
            let origin = [
                Origen::Widget,
                Origen::Plataforma,
                Origen::Whatsapp,
                Origen::Google,
            ][azar.segun(&[5, 3, 2, 1])];
            let personas = [2, 2, 3, 4, 4, 5, 6, 8][azar.hasta(8) as usize];
            let id = nuevo_id();
            let reservacion = NuevaReservacion {
                id: id.clone(),
                sucursal_id: p.sucursal_id.to_owned(),
                cliente_id: None,
                afiliado_id: None,
                name: name.to_owned(),
                email: email.map(str::to_owned),
                phone: phone.map(str::to_owned),
                fecha_hora,
                no_personas: Personas::parse(Some(personas))?,
                evento: Evento::Ninguno,
                comentarios: String::new(),
                origin,
                email_verified: email.is_some(),
                phone_verified: false,
                origin_declarado: false,
                autor: None,
                creada: instante - Duration::days(2),
            };
            store.crear_reservacion(&reservacion, None).await?;
            let confirmada = azar.si(50);
            if confirmada {
                let cambio = Cambio::de(
                    Autor {
                        usuario_id: None,
                        usuario_name: name.to_owned(),
                    },
                    Entidad::Reservacion,
                    &id,
                    Accion::Confirmar,
                )
                .en(p.sucursal_id)
                .ocurrido(instante - Duration::hours(3));
                store
                    .accion_cliente(
                        &id,
                        AccionCliente::Confirmar,
                        None,
                        instante - Duration::hours(3),
                        &cambio,
                    )
                    .await?;
            }
            let x = azar.hasta(100);
            let (vino, cancelo) = if confirmada {
                (x < 90, x >= 97)
            } else {
                (x < 70, x >= 88)
            };
            if vino {
                // Its table is not kept: a check-in's turn opens at the moment it is saved.
                let mesa = p.mesa(&mut azar).to_string();
                let abierta = fecha_hora + Duration::minutes(azar.hasta(15) as i64);
                let sentada = p.reglas.instante(abierta).unwrap_or(p.ahora).min(p.ahora);
                let asistencia = Asistencia {
                    reservacion_id: id.clone(),
                    abierta,
                    pedido: pedido(personas, p.reglas.modo_sugerido(fecha_hora.time()))?,
                    abre: abre(&mesa, Evento::Ninguno, p.promos, name, personas)?,
                    mesa,
                    numeros: Vec::new(),
                    mesero: p.meseros[azar.hasta(p.meseros.len() as u64) as usize].clone(),
                    sala: None,
                    autor: None,
                };
                let cambio = Cambio::de(
                    autor(p.hostess, None),
                    Entidad::Reservacion,
                    &id,
                    Accion::Asistencia,
                )
                .en(p.sucursal_id)
                .ocurrido(sentada)
                .despues(&Estado {
                    status: EstadoReservacion::Asistio,
                });
                store.registrar_asistencia(&asistencia, &cambio).await?;
            } else {
                let (hacia, accion) = if cancelo {
                    (EstadoReservacion::Cancelada, Accion::Cancelar)
                } else {
                    (EstadoReservacion::Vencido, Accion::NoShow)
                };
                let cambio = Cambio::de(
                    autor(p.hostess, Some(hacia)),
                    Entidad::Reservacion,
                    &id,
                    accion,
                )
                .en(p.sucursal_id)
                .ocurrido(instante + Duration::minutes(30))
                .antes(&Estado {
                    status: EstadoReservacion::Pendiente,
                })
                .despues(&Estado { status: hacia });
                store.pasar_estado(&id, hacia, &cambio).await?;
            }
        }
    }
    Ok(())
}
