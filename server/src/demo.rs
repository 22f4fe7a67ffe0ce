//! Demo mode (`anfitrion serve --demo`): a believable restaurant group, written once into an empty
//! database, dated around today in Mexico City so "Hoy" always has guests. Never runs otherwise.
//!
//! Accounts (password `demo1234`) and the side-menu entries their roles show (see
//! `access::catalogo` for the permission lists):
//!
//! | account                 | role          | tags                          | lands on           | menu entries |
//! |-------------------------|---------------|-------------------------------|--------------------|--------------|
//! | sistemas@demo.mx        | Sistemas      | monterrey, polanco, satelite  | /users             | /marcas, /users, /roles |
//! | mercadotecnia@demo.mx   | Mercadotecnia | monterrey, polanco, satelite  | /promos            | /, /clientes, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados |
//! | gerente@demo.mx         | Gerente       | polanco, satelite             | /reservaciones/hoy | /, /walkin/registrar, /reservaciones/hoy, /clientes, /meseros, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados, /marcas |
//! | hostess@demo.mx         | Hostess       | polanco, satelite             | /reservaciones/hoy | /walkin/registrar, /reservaciones/hoy |
//! | reservaciones@demo.mx   | Reservaciones | monterrey, polanco, satelite  | /reservaciones/hoy | /reservaciones/hoy |

use anfitrion_core::cuenta::validar_clave_nueva;
use anfitrion_core::personal::{normalizar_nombre, validar_correo};
use anfitrion_core::promos::PROMO_CUMPLEANOS;
use anfitrion_core::tiempo::ReglasHorario;
use anfitrion_core::ReglaError;
use anyhow::Context;
use chrono::{Datelike, Duration, NaiveDate, NaiveTime, Utc};
use serde_json::json;
use sqlx::types::Json;

use crate::access::catalogo::{GERENTE, HOSTESS, MERCADOTECNIA, RESERVACIONES, SISTEMAS};
use crate::auth::claves::Claves;
use crate::db::modelo::*;
use crate::db::{nuevo_id, Store};
use crate::error::si_duplicado;

/// Password of every demo account.
pub const CLAVE_DEMO: &str = "demo1234";

/// (e-mail, name, role, tags) of each demo account.
pub const CUENTAS: &[(&str, &str, &str, &[&str])] = &[
    ("sistemas@demo.mx", "Sofía Sistemas", SISTEMAS, &["polanco", "satelite", "monterrey"]),
    ("mercadotecnia@demo.mx", "Marco Mercadotecnia", MERCADOTECNIA, &["polanco", "satelite", "monterrey"]),
    ("gerente@demo.mx", "Gabriela Gerente", GERENTE, &["polanco", "satelite"]),
    ("hostess@demo.mx", "Hilda Hostess", HOSTESS, &["polanco", "satelite"]),
    ("reservaciones@demo.mx", "Raúl Reservaciones", RESERVACIONES, &["polanco", "satelite", "monterrey"]),
];

/// Every origin a reservation can come from (spec §3).
pub const ORIGENES: [&str; 7] = ["Widget", "Plataforma", "Whatsapp", "Chatbot", "Airbnb", "Concierge", "google"];

/// Seeds the demo into an empty database and prints the accounts; on a database that already
/// has data, writes nothing and says so.
pub async fn sembrar_y_anunciar(store: &dyn Store, claves: &Claves) -> anyhow::Result<()> {
    if store.esta_vacia().await? {
        let semilla = semilla(claves).await;
        if store.sembrar(&semilla).await.context("no se pudieron cargar los datos de demostración")? {
            println!("Datos de demostración cargados.");
        }
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
pub async fn crear_admin(store: &dyn Store, claves: &Claves, email: &str, name: &str, clave: &str) -> anyhow::Result<String> {
    let email = validar_correo(email)?.ok_or(ReglaError::CorreoInvalido)?;
    let name = normalizar_nombre(name)?;
    validar_clave_nueva(clave)?;
    let usuario = NuevoUsuario {
        id: nuevo_id(),
        email,
        name,
        password_hash: claves.hash(clave).await,
        rol: SISTEMAS.to_owned(),
        tags: Vec::new(),
        creado: Utc::now(),
    };
    store.crear_usuario(&usuario).await.map_err(si_duplicado("Ya existe un usuario con ese correo"))?;
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
        meseros: ["Juan Pérez", "María López", "Carlos Ramírez", "Lucía Hernández"],
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
        meseros: ["Roberto Garza", "Daniela Treviño", "Luis Cantú", "Paola Villarreal"],
    },
];

/// Guests: (name, e-mail, phone).
const CLIENTES: [(&str, Option<&str>, Option<&str>); 12] = [
    ("Alejandra Martínez", Some("alejandra.martinez@correo.mx"), Some("525512345601")),
    ("Benjamín Ortega", Some("benjamin.ortega@correo.mx"), Some("525512345602")),
    ("Camila Rojas", Some("camila.rojas@correo.mx"), None),
    ("Diego Navarro", None, Some("525512345604")),
    ("Elena Castillo", Some("elena.castillo@correo.mx"), Some("525512345605")),
    ("Fernando Aguilar", Some("fernando.aguilar@correo.mx"), Some("525512345606")),
    ("Gabriela Medina", Some("gaby.medina@correo.mx"), None),
    ("Héctor Vargas", None, Some("528112345608")),
    ("Isabel Fuentes", Some("isabel.fuentes@correo.mx"), Some("528112345609")),
    ("Javier Morales", Some("javier.morales@correo.mx"), Some("525512345610")),
    ("Karla Domínguez", Some("karla.dominguez@correo.mx"), Some("525512345611")),
    ("Leonardo Guzmán", Some("leo.guzman@correo.mx"), Some("528112345612")),
];

/// A reservation of the demo: days from today, local time, status, party size, event, comment.
struct Plan {
    dias: i64,
    hora: &'static str,
    status: &'static str,
    personas: i32,
    evento: &'static str,
    comentarios: &'static str,
}

const PLANES: [Plan; 15] = [
    Plan { dias: -6, hora: "14:00", status: "Asistio", personas: 4, evento: "Ninguno", comentarios: "" },
    Plan { dias: -5, hora: "19:30", status: "Vencido", personas: 2, evento: "Aniversario", comentarios: "Mesa tranquila, por favor" },
    Plan { dias: -3, hora: "15:00", status: "Cancelada", personas: 6, evento: "Comida de negocios", comentarios: "" },
    Plan { dias: -2, hora: "20:00", status: "Asistio", personas: 5, evento: "Cumpleaños", comentarios: "Traen pastel" },
    Plan { dias: -1, hora: "13:30", status: "Vencido", personas: 3, evento: "Ninguno", comentarios: "" },
    Plan { dias: -1, hora: "18:45", status: "Asistio", personas: 2, evento: "Ocasión Especial", comentarios: "" },
    Plan { dias: 0, hora: "13:15", status: "Asistio", personas: 4, evento: "Ninguno", comentarios: "" },
    Plan { dias: 0, hora: "14:30", status: "Pendiente", personas: 2, evento: "Ninguno", comentarios: "" },
    Plan { dias: 0, hora: "16:00", status: "Cancelada", personas: 8, evento: "Comida de negocios", comentarios: "Cancelan por lluvia" },
    Plan { dias: 0, hora: "19:15", status: "Pendiente", personas: 6, evento: "Cumpleaños", comentarios: "Festejada: Sofía, cumple 30" },
    Plan { dias: 0, hora: "20:30", status: "Pendiente", personas: 3, evento: "Aniversario", comentarios: "" },
    Plan { dias: 1, hora: "14:00", status: "Pendiente", personas: 10, evento: "Comida de negocios", comentarios: "Requieren factura" },
    Plan { dias: 2, hora: "19:45", status: "Pendiente", personas: 4, evento: "Ocasión Especial", comentarios: "" },
    Plan { dias: 3, hora: "15:30", status: "Cancelada", personas: 2, evento: "Ninguno", comentarios: "" },
    Plan { dias: 6, hora: "13:00", status: "Pendiente", personas: 12, evento: "Cumpleaños", comentarios: "Pastel propio" },
];

fn hora(s: &str) -> NaiveTime {
    NaiveTime::parse_from_str(s, "%H:%M").expect("hora de la demostración")
}

/// Builds the whole demo around the current date in Mexico City.
pub async fn semilla(claves: &Claves) -> Semilla {
    let ahora = Utc::now();
    let hoy: NaiveDate = ReglasHorario::default().local(ahora).date();
    let mut s = Semilla::default();

    let marcas: Vec<String> = MARCAS.iter().map(|_| nuevo_id()).collect();
    for (id, name) in marcas.iter().zip(MARCAS) {
        s.marcas.push(NuevaMarca { id: id.clone(), name: name.to_owned() });
    }

    for (email, name, rol, tags) in CUENTAS {
        s.usuarios.push(NuevoUsuario {
            id: nuevo_id(),
            email: (*email).to_owned(),
            name: (*name).to_owned(),
            password_hash: claves.hash(CLAVE_DEMO).await,
            rol: (*rol).to_owned(),
            tags: tags.iter().map(|t| (*t).to_owned()).collect(),
            creado: ahora,
        });
    }
    let hostess = s.usuarios.iter().find(|u| u.rol == HOSTESS).map(|u| u.id.clone());

    let afiliados = [
        ("HOTEL-CAMINO", "Hotel Camino Real", "Hotel"),
        ("AIRBNB-LUZ", "Casa Luz (Airbnb)", "Airbnb"),
        ("CONCIERGE-MX", "Concierge México", "Concierge"),
    ];
    for (code, name, tipo) in afiliados {
        s.afiliados.push(NuevoAfiliado {
            id: nuevo_id(),
            code: code.to_owned(),
            name: name.to_owned(),
            tipo: tipo.to_owned(),
            contacto: format!("contacto@{}.mx", code.to_ascii_lowercase().replace('-', "")),
        });
    }

    let clientes: Vec<NuevoCliente> = CLIENTES
        .iter()
        .map(|(name, email, phone)| NuevoCliente {
            id: nuevo_id(),
            name: (*name).to_owned(),
            email: email.map(str::to_owned),
            phone: phone.map(str::to_owned),
        })
        .collect();

    let mut n_reservacion = 0usize;
    for (i_suc, suc) in SUCURSALES.iter().enumerate() {
        let sucursal_id = nuevo_id();
        s.sucursales.push(NuevaSucursal {
            id: sucursal_id.clone(),
            tag: suc.tag.to_owned(),
            name: suc.name.to_owned(),
            marca_id: marcas[suc.marca].clone(),
            zona: suc.zona.to_owned(),
            direccion: suc.direccion.to_owned(),
            telefono: suc.telefono.to_owned(),
            horario: (1..=7)
                .map(|dia| DiaHorario {
                    sucursal_id: sucursal_id.clone(),
                    dia,
                    abre: "13:00".to_owned(),
                    cierra: if dia == 7 { "20:00" } else { "22:30" }.to_owned(),
                    cerrado: false,
                })
                .collect(),
            mesas: (1..=16)
                .map(|numero| Mesa {
                    id: nuevo_id(),
                    sucursal_id: sucursal_id.clone(),
                    numero,
                    asientos: match numero {
                        1..=4 => 2,
                        5..=12 => 4,
                        13..=14 => 6,
                        _ => 10,
                    },
                })
                .collect(),
            days: vec![
                DiaEspecial {
                    id: nuevo_id(),
                    sucursal_id: sucursal_id.clone(),
                    fecha: NaiveDate::from_ymd_opt(hoy.year(), 12, 25).unwrap_or(hoy),
                    tipo: "cerrado".to_owned(),
                    abre: None,
                    cierra: None,
                    motivo: "Navidad".to_owned(),
                },
                DiaEspecial {
                    id: nuevo_id(),
                    sucursal_id: sucursal_id.clone(),
                    fecha: hoy + Duration::days(10),
                    tipo: "especial".to_owned(),
                    abre: Some("12:00".to_owned()),
                    cierra: Some("23:30".to_owned()),
                    motivo: "Horario extendido por evento".to_owned(),
                },
            ],
            conf: ConfWalkin {
                inicio_regular: "13:00".to_owned(),
                inicio_promo: "19:00".to_owned(),
                corte_tarde: "18:40".to_owned(),
                gracia_min: 30,
                prefijo_folio: suc.prefijo.to_owned(),
                pie_ticket: format!("¡Gracias por visitar {}!", suc.name),
                correo_requerido: false,
                telefono_requerido: false,
            },
        });

        let meseros: Vec<NuevoMesero> = suc
            .meseros
            .iter()
            .map(|name| NuevoMesero { id: nuevo_id(), sucursal_id: sucursal_id.clone(), name: (*name).to_owned() })
            .collect();

        let promos: Vec<NuevaPromo> = [
            (PROMO_CUMPLEANOS, "Buffet sin costo para la persona que cumple años", true),
            ("2x1 en martes", "Dos buffets de adulto por el precio de uno los martes", true),
            ("Niños comen gratis", "Un buffet infantil gratis por cada adulto, de lunes a jueves", true),
            ("Descuento afiliado 10%", "Diez por ciento para reservaciones con código de afiliado", true),
            ("Verano 2025", "Promoción de temporada terminada", false),
        ]
        .into_iter()
        .map(|(name, descripcion, activa)| NuevaPromo {
            id: nuevo_id(),
            sucursal_id: sucursal_id.clone(),
            name: name.to_owned(),
            descripcion: descripcion.to_owned(),
            activa,
        })
        .collect();

        let mut folio = 1000i64;
        for (i_plan, plan) in PLANES.iter().enumerate() {
            let cliente = &clientes[(i_plan + i_suc * 5) % clientes.len()];
            let origin = ORIGENES[(i_plan + i_suc) % ORIGENES.len()];
            let fecha_hora = (hoy + Duration::days(plan.dias)).and_time(hora(plan.hora));
            let mesa = 5 + (i_plan as i32 % 10);
            let mesero = &meseros[i_plan % meseros.len()];
            let atendida = plan.status == "Asistio";
            let tarde = plan.hora >= "18:40";
            let (comanda, abre, buffets, folio_r) = if atendida {
                folio += 1;
                let (c, a, b) = comanda_y_abre(folio, mesa, mesero, plan.personas, tarde, plan.evento, &promos, &cliente.name);
                (Some(Json(c)), Some(Json(a)), b, Some(folio))
            } else {
                (None, None, Buffets::default(), None)
            };
            let id = nuevo_id();
            let creada = ahora - Duration::hours(2 + (PLANES.len() - i_plan) as i64 * 5);
            s.reservaciones.push(NuevaReservacion {
                id: id.clone(),
                sucursal_id: sucursal_id.clone(),
                cliente_id: Some(cliente.id.clone()),
                afiliado_id: match origin {
                    "Airbnb" => Some(s.afiliados[1].id.clone()),
                    "Concierge" => Some(s.afiliados[2].id.clone()),
                    _ => None,
                },
                name: cliente.name.clone(),
                email: cliente.email.clone(),
                phone: cliente.phone.clone(),
                fecha_hora,
                no_personas: plan.personas,
                evento: plan.evento.to_owned(),
                comentarios: plan.comentarios.to_owned(),
                status: plan.status.to_owned(),
                origin: origin.to_owned(),
                email_verified: cliente.email.is_some() && i_plan % 3 != 2,
                phone_verified: cliente.phone.is_some() && i_plan % 2 == 0,
                buffets,
                folio: folio_r,
                comanda,
                abre,
                creada,
            });
            n_reservacion += 1;
            if (plan.dias >= 0 && plan.status == "Pendiente") || plan.dias == 0 {
                s.notificaciones.push(NuevaNotificacion {
                    id: nuevo_id(),
                    sucursal_id: sucursal_id.clone(),
                    reservacion_id: Some(id),
                    title: "Nueva reservación".to_owned(),
                    description: format!(
                        "{} · {} {} · {}",
                        cliente.name,
                        plan.personas,
                        if plan.personas == 1 { "persona" } else { "personas" },
                        fecha_hora.format("%d/%m %H:%M")
                    ),
                    origin: origin.to_owned(),
                    is_read: plan.dias < 0 || n_reservacion.is_multiple_of(3),
                    creada,
                });
            }
        }

        let walkins = [(-1, "14:10", 3, "Ninguno", "Familia Robles"), (-1, "19:20", 2, "Aniversario", "Tomás y Elisa Varela"), (0, "13:40", 5, "Cumpleaños", "Mariana Ibarra")];
        for (i, (dias, h, personas, evento, name)) in walkins.into_iter().enumerate() {
            folio += 1;
            let mesero = &meseros[(i + 1) % meseros.len()];
            let tarde = h >= "18:40";
            let (c, a, b) = comanda_y_abre(folio, 1 + i as i32, mesero, personas, tarde, evento, &promos, name);
            s.walkins.push(NuevoWalkin {
                id: nuevo_id(),
                sucursal_id: sucursal_id.clone(),
                cliente_id: None,
                name: name.to_owned(),
                email: None,
                phone: None,
                fecha_hora: (hoy + Duration::days(dias)).and_time(hora(h)),
                no_personas: personas,
                evento: evento.to_owned(),
                buffets: b,
                folio,
                comanda: Json(c),
                abre: Json(a),
                created_by: hostess.clone(),
                creado: ahora + Duration::days(dias),
            });
        }

        s.meseros.extend(meseros);
        s.promos.extend(promos);
    }
    s.clientes = clientes;
    s
}

/// A consistent comanda and abre for a seated party (counts add up as core's rules require).
#[allow(clippy::too_many_arguments)]
fn comanda_y_abre(
    folio: i64,
    mesa: i32,
    mesero: &NuevoMesero,
    personas: i32,
    tarde: bool,
    evento: &str,
    promos: &[NuevaPromo],
    festejado: &str,
) -> (serde_json::Value, serde_json::Value, Buffets) {
    let ninos = if personas >= 4 { 1 } else { 0 };
    let buffets = if tarde {
        let damas = (personas - ninos) / 2;
        Buffets { adulto: personas - ninos - damas, promo_adulto: personas - ninos - damas, promo_girl: damas, promo_boy: ninos, ..Default::default() }
    } else {
        Buffets { adulto: personas - ninos, boy: ninos, ..Default::default() }
    };
    let comanda = json!({
        "folio": folio,
        "mesa": mesa.to_string(),
        "mesero": { "id": mesero.id, "name": mesero.name },
        "no_personas": personas,
        "buffet": if tarde {
            json!({ "afterSeven": true, "adulto": buffets.promo_adulto, "dama": buffets.promo_girl, "nino": buffets.promo_boy })
        } else {
            json!({ "afterSeven": false, "adulto": buffets.adulto, "dama": 0, "nino": buffets.boy })
        },
    });
    let promo: Vec<serde_json::Value> = if evento == PROMO_CUMPLEANOS {
        promos
            .iter()
            .find(|p| p.name == PROMO_CUMPLEANOS)
            .map(|p| json!({ "_id": p.id, "name": p.name, "qty": 1, "field": festejado }))
            .into_iter()
            .collect()
    } else {
        Vec::new()
    };
    (comanda, json!({ "mesa": mesa.to_string(), "promo": promo }), buffets)
}
