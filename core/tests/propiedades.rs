//! No input makes core panic or hang. The QR decoder gets random and adversarial buffers (wrong
//! sizes, all black, all white, stripes, checkerboards, noise, finder-pattern look-alikes, real
//! codes cut and damaged); every rule gets arbitrary values, shaped like what a form or an API
//! body sends (the same JSON the server and the WASM deserialise) and then bent out of shape.
//!
//! `cargo test` runs a few thousand cases; `make fuzz CASOS=10000000` runs as many as asked
//! (the `ANFITRION_CASOS` variable). Cases are seeded: a failure names the seed that repeats it
//! (`ANFITRION_SEMILLA`).

#[allow(dead_code)] // the frame builders serve the benchmark too; this file uses a few
mod support;

use std::time::{Duration, Instant};

use anfitrion_core::comanda::{self, ConteosComanda, Pedido};
use anfitrion_core::organizacion::{
    self, ConfSucursal, DatosConfWalkin, DatosDia, DatosDiaEspecial, DatosMesa, DatosRol,
    DatosUsuario, RolValido, UsuarioValido,
};
use anfitrion_core::personal::{self, DatosPersonales};
use anfitrion_core::promos::{self, Abre, PromoAplicada};
use anfitrion_core::reservacion::{
    self, CambiosReservacion, EdicionReservacion, HorarioDia, ReservaNueva, SolicitudReservacion,
    VistaReservaciones,
};
use anfitrion_core::sucursal::{DatosSucursal, SucursalNueva, Tag};
use anfitrion_core::tiempo::{self, ConfigHorario, ReglasHorario};
use anfitrion_core::walkin::{
    self, CatalogoSucursal, FormularioWalkin, OrdenSolicitada, SolicitudAbre, SolicitudComanda,
};
use anfitrion_core::{cuenta, estado, qr, ReglaError};
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime};
use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};
use support::cuadros::{codigo, id_reservacion, Azar};

/// How many cases each property runs: `ANFITRION_CASOS`, or what `cargo test` can afford.
fn casos(por_defecto: u64) -> u64 {
    std::env::var("ANFITRION_CASOS")
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(por_defecto)
}

fn semilla() -> u64 {
    std::env::var("ANFITRION_SEMILLA")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5eed)
}

/// Runs `caso` for `n` seeds; a panic names its seed, and the slowest case is reported.
fn correr(nombre: &str, n: u64, limite: Duration, mut caso: impl FnMut(&mut Azar)) {
    let base = semilla();
    let inicio = Instant::now();
    let mut peor = Duration::ZERO;
    for i in 0..n {
        let s = base.wrapping_add(i);
        let t0 = Instant::now();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| caso(&mut Azar::new(s))));
        if r.is_err() {
            panic!("{nombre}: el caso con semilla {s} entró en pánico (ANFITRION_SEMILLA={s} ANFITRION_CASOS=1 lo repite)");
        }
        let mut t = t0.elapsed();
        if t >= limite {
            // A busy machine can stall any case once; a case that hangs is slow every time.
            let t1 = Instant::now();
            caso(&mut Azar::new(s));
            t = t1.elapsed();
        }
        assert!(
            t < limite,
            "{nombre}: el caso con semilla {s} tardó {t:?} (límite {limite:?})"
        );
        peor = peor.max(t);
        if (i + 1) % 1_000_000 == 0 {
            eprintln!(
                "{nombre}: {} casos, {:.0} s",
                i + 1,
                inicio.elapsed().as_secs_f64()
            );
        }
    }
    eprintln!(
        "{nombre}: {n} casos en {:.1} s, el más lento {:.2} ms",
        inicio.elapsed().as_secs_f64(),
        peor.as_secs_f64() * 1e3
    );
}

fn uno<'a, T>(azar: &mut Azar, de: &'a [T]) -> &'a T {
    &de[(azar.siguiente() % de.len() as u64) as usize]
}

fn entre(azar: &mut Azar, min: u64, max: u64) -> u64 {
    min + azar.siguiente() % (max - min + 1)
}

// ---- the decoder ----

/// A frame no camera would give, or one it might: the shapes that have broken decoders.
fn cuadro_adverso(azar: &mut Azar) -> (Vec<u8>, u32, u32) {
    // Mostly small frames (the decoder's work grows with the pixels); now and then a camera's.
    let (w, h) = match azar.siguiente() % 1000 {
        0..=49 => (entre(azar, 0, 3) as u32, entre(azar, 0, 3) as u32),
        50 | 51 => (1280, 720),
        52..=59 => (entre(azar, 161, 480) as u32, entre(azar, 161, 480) as u32),
        60..=99 => (entre(azar, 1, 4000) as u32, 1),
        100..=139 => (1, entre(azar, 1, 4000) as u32),
        _ => (entre(azar, 1, 160) as u32, entre(azar, 1, 160) as u32),
    };
    let (wu, hu) = (w as usize, h as usize);
    let n = wu * hu;
    let mut px = vec![0u8; n];
    let claro = entre(azar, 0, 255) as u8;
    let oscuro = entre(azar, 0, 255) as u8;
    match azar.siguiente() % 9 {
        0 => px.fill(0),
        1 => px.fill(255),
        2 => {
            let periodo = entre(azar, 1, 12) as usize;
            let vertical = azar.siguiente().is_multiple_of(2);
            for (i, p) in px.iter_mut().enumerate() {
                let k = if vertical { i % wu } else { i / wu.max(1) };
                *p = if (k / periodo).is_multiple_of(2) {
                    oscuro
                } else {
                    claro
                };
            }
        }
        3 => {
            let lado = entre(azar, 1, 9) as usize;
            for (i, p) in px.iter_mut().enumerate() {
                *p = if ((i % wu) / lado + (i / wu.max(1)) / lado).is_multiple_of(2) {
                    oscuro
                } else {
                    claro
                };
            }
        }
        4 => px.iter_mut().for_each(|p| *p = azar.siguiente() as u8),
        5 => {
            // Finder-pattern look-alikes (1:1:3:1:1 squares) scattered, enough to tempt a grid.
            px.fill(claro);
            for _ in 0..entre(azar, 1, 6) {
                let m = entre(azar, 1, 6) as usize;
                let (x0, y0) = (
                    entre(azar, 0, w as u64) as usize,
                    entre(azar, 0, h as u64) as usize,
                );
                for dy in 0..7 * m {
                    for dx in 0..7 * m {
                        let (x, y) = (x0 + dx, y0 + dy);
                        let (a, b) = (dx / m, dy / m);
                        let anillo = a == 0
                            || a == 6
                            || b == 0
                            || b == 6
                            || ((2..=4).contains(&a) && (2..=4).contains(&b));
                        if x < wu && y < hu && anillo {
                            px[y * wu + x] = oscuro;
                        }
                    }
                }
            }
        }
        6 | 7 => {
            // A real code, placed anywhere (cut by the edges), with pixels flipped and rows wiped.
            let img = codigo(&id_reservacion(azar.siguiente()), entre(azar, 1, 4) as u32);
            let (cw, ch) = (img.width() as usize, img.height() as usize);
            px.fill(255);
            let (x0, y0) = (
                entre(azar, 0, w as u64) as isize - cw as isize / 2,
                entre(azar, 0, h as u64) as isize - ch as isize / 2,
            );
            for y in 0..ch {
                for x in 0..cw {
                    let (tx, ty) = (x0 + x as isize, y0 + y as isize);
                    if tx >= 0 && ty >= 0 && (tx as usize) < wu && (ty as usize) < hu {
                        px[ty as usize * wu + tx as usize] = img.get_pixel(x as u32, y as u32).0[0];
                    }
                }
            }
            for _ in 0..entre(azar, 0, n as u64 / 8 + 1) {
                let i = (azar.siguiente() % n.max(1) as u64) as usize;
                if i < n {
                    px[i] ^= 0xff;
                }
            }
            if hu > 0 && azar.siguiente().is_multiple_of(2) {
                let fila = (azar.siguiente() % hu as u64) as usize;
                px[fila * wu..(fila + 1) * wu].fill(oscuro);
            }
        }
        _ => {
            // Gradients: no contrast anywhere, or all of it at once.
            for (i, p) in px.iter_mut().enumerate() {
                *p = ((i % wu.max(1)) * 255 / wu.max(1)) as u8
                    ^ ((i / wu.max(1)) as u8).wrapping_mul(oscuro);
            }
        }
    }
    // Now and then the buffer and the size it claims disagree.
    match azar.siguiente() % 16 {
        0 => {
            px.pop();
        }
        1 => px.push(0),
        2 => return (px, h, w.wrapping_add(1)),
        3 => return (px, u32::MAX, u32::MAX),
        4 => return (px, w.wrapping_mul(65_536), h.wrapping_mul(65_536)),
        _ => {}
    }
    (px, w, h)
}

fn una_lectura(azar: &mut Azar) {
    let (px, w, h) = cuadro_adverso(azar);
    match qr::decode_qr(&px, w, h) {
        Ok(Some(texto)) => assert!(!texto.is_empty() || px.len() == w as usize * h as usize),
        Ok(None) => {}
        Err(e) => {
            assert_eq!(e, ReglaError::ImagenInvalida);
            assert!(
                w == 0 || h == 0 || (w as usize).checked_mul(h as usize) != Some(px.len()),
                "{w}x{h} con {} bytes",
                px.len()
            );
        }
    }
}

#[test]
fn the_decoder_never_panics_or_hangs_on_any_buffer() {
    // A 1280×720 frame is the largest case: it must stay within a frame's worth of patience.
    correr("decode_qr", casos(300), Duration::from_secs(2), una_lectura);
}

// ---- the rules ----

/// Texts near what the rules expect, and far from it.
const CERCANOS: &[&str] = &[
    "",
    " ",
    "0",
    "-1",
    "18:40",
    "7:00",
    "24:00",
    "23:59",
    "00:00",
    "2026-03-10 18:40",
    "2026-02-30 10:00",
    "2026-03-10T18:40:00Z",
    "2026-03-10T18:40:00-06:00",
    "9999-12-31T23:59:59Z",
    "2026-13-01",
    "a@b.mx",
    "correo@",
    "@dominio.mx",
    "ana.perez+1@demo.mx",
    "+52 55 1234 5678",
    "5512345678",
    "+",
    "1234567890123456789",
    "Pendiente",
    "Asistio",
    "Asistió",
    "Cancelada",
    "NoShow",
    "hoy",
    "todas",
    "proximas",
    "polanco",
    "santa-fe-2",
    "-centro",
    "America/Tijuana",
    "America/Mexico_City",
    "Europe/Madrid",
    "Marte/Base",
    "cumpleanos",
    "buffet_adulto",
    "no_personas",
    "qty",
    "demo1234",
    "Brasa Norteña",
    "🎂🎂🎂",
    "\u{0}",
    "\u{200b}",
    "ß",
    "İ",
    "\u{FEFF}x",
    "mesa 1",
    "M-01",
    "abc123_-",
    "../../etc",
    "'; DROP TABLE x; --",
    "null",
    "NaN",
    "1e309",
];

fn texto(azar: &mut Azar) -> String {
    match azar.siguiente() % 6 {
        0 | 1 => uno(azar, CERCANOS).to_string(),
        2 => {
            // A near text bent: a character added, removed or doubled.
            let mut s: Vec<char> = uno(azar, CERCANOS).chars().collect();
            for _ in 0..entre(azar, 1, 3) {
                let i = if s.is_empty() {
                    0
                } else {
                    (azar.siguiente() % s.len() as u64) as usize
                };
                match azar.siguiente() % 3 {
                    0 => s.insert(
                        i,
                        char::from_u32(entre(azar, 0, 0x2FFF) as u32).unwrap_or('x'),
                    ),
                    1 if !s.is_empty() => {
                        s.remove(i);
                    }
                    _ if !s.is_empty() => s.insert(i, s[i]),
                    _ => {}
                }
            }
            s.into_iter().collect()
        }
        3 => (0..entre(azar, 0, 40))
            .map(|_| char::from_u32(entre(azar, 0, 0x10FFFF) as u32).unwrap_or('\u{FFFD}'))
            .collect(),
        4 => (0..entre(azar, 0, 80))
            .map(|_| (b' ' + (azar.siguiente() % 95) as u8) as char)
            .collect(),
        _ => "9".repeat(entre(azar, 0, 3000) as usize),
    }
}

fn numero(azar: &mut Azar) -> Value {
    match azar.siguiente() % 10 {
        0 => json!(0),
        1 => json!(u32::MAX),
        2 => json!(u64::MAX),
        3 => json!(-(entre(azar, 1, 1000) as i64)),
        4 => json!(entre(azar, 0, 1000) as f64 + 0.5),
        5 => json!(i64::MIN),
        _ => json!(entre(azar, 0, 60)),
    }
}

fn escalar(azar: &mut Azar) -> Value {
    match azar.siguiente() % 5 {
        0 => Value::Null,
        1 => json!(azar.siguiente().is_multiple_of(2)),
        2 => numero(azar),
        _ => json!(texto(azar)),
    }
}

/// The template's shape with its values replaced: the same kind of value mostly, another kind
/// now and then, fields dropped or added, lists of any length.
fn torcer(azar: &mut Azar, plantilla: &Value, hondo: u32) -> Value {
    let otro = azar.siguiente().is_multiple_of(12);
    match plantilla {
        _ if otro || hondo > 4 => escalar(azar),
        Value::Null => escalar(azar),
        Value::Bool(_) => json!(azar.siguiente().is_multiple_of(2)),
        Value::Number(_) => numero(azar),
        Value::String(_) => json!(texto(azar)),
        Value::Array(a) => {
            let n = match azar.siguiente() % 4 {
                0 => 0,
                1 => entre(azar, 50, 300),
                _ => entre(azar, 1, 8),
            };
            let modelo = a.first().cloned().unwrap_or(Value::Null);
            Value::Array((0..n).map(|_| torcer(azar, &modelo, hondo + 1)).collect())
        }
        Value::Object(o) => {
            let mut m = Map::new();
            for (k, v) in o {
                if !azar.siguiente().is_multiple_of(10) {
                    m.insert(k.clone(), torcer(azar, v, hondo + 1));
                }
            }
            if azar.siguiente().is_multiple_of(10) {
                m.insert(texto(azar), escalar(azar));
            }
            Value::Object(m)
        }
    }
}

/// A value of `T` from a bent template, when serde takes it (as the server's and the WASM's
/// deserialisers would); the refused ones end at the boundary and never reach a rule.
fn valor<T: DeserializeOwned>(azar: &mut Azar, plantilla: &Value) -> Option<T> {
    serde_json::from_value(torcer(azar, plantilla, 0)).ok()
}

fn opcion_u32(azar: &mut Azar) -> Option<u32> {
    match azar.siguiente() % 4 {
        0 => None,
        1 => Some(azar.siguiente() as u32),
        _ => Some(entre(azar, 0, 60) as u32),
    }
}

fn instante(azar: &mut Azar) -> NaiveDateTime {
    DateTime::from_timestamp(entre(azar, 0, 8_000_000_000) as i64 - 2_000_000_000, 0)
        .unwrap_or_default()
        .naive_utc()
}

struct Plantillas {
    conteos: Value,
    promo: Value,
    personales: Value,
    horario: Value,
    edicion: Value,
    usuario: Value,
    rol: Value,
    dias: Value,
    mesas: Value,
    especiales: Value,
    conf: Value,
    comanda: Value,
    abre: Value,
    sucursal: Value,
    reserva: Value,
}

fn plantillas() -> Plantillas {
    let promo = json!({ "_id": "p1", "name": "Cumpleañero", "qty": 1, "field": "Ana" });
    Plantillas {
        conteos: serde_json::to_value(ConteosComanda::desde_reservacion(4, true)).unwrap(),
        promo: promo.clone(),
        personales: json!({ "name": "Ana Pérez", "email": "ana@demo.mx", "phone": "+52 5512345678", "evento": "Cumpleanos" }),
        horario: json!({ "inicio_regular": "13:00", "inicio_promo": "18:00", "corte_tarde": "18:40", "zona": "America/Tijuana" }),
        edicion: serde_json::to_value(EdicionReservacion::default()).unwrap(),
        usuario: serde_json::to_value(DatosUsuario::default()).unwrap(),
        rol: serde_json::to_value(DatosRol {
            permissions: vec!["dashboard.index".into()],
            ..Default::default()
        })
        .unwrap(),
        dias: serde_json::to_value(vec![DatosDia::default()]).unwrap(),
        mesas: serde_json::to_value(vec![DatosMesa::default()]).unwrap(),
        especiales: serde_json::to_value(vec![DatosDiaEspecial::default()]).unwrap(),
        conf: serde_json::to_value(ConfSucursal::default().datos()).unwrap(),
        comanda: serde_json::to_value(SolicitudComanda::default()).unwrap(),
        abre: json!({ "promo": [promo] }),
        sucursal: serde_json::to_value(DatosSucursal::default()).unwrap(),
        reserva: serde_json::to_value(SolicitudReservacion::default()).unwrap(),
    }
}

/// One rule, chosen at random, called with arbitrary values. Only a panic fails: a refusal is
/// the rule doing its job. Where a rule accepts, what it answers must pass it again.
fn una_regla(azar: &mut Azar, p: &Plantillas) {
    match azar.siguiente() % 26 {
        0 => {
            if let Some(c) = valor::<ConteosComanda>(azar, &p.conteos) {
                let _ = comanda::validar_comanda(&c);
                let _ = comanda::validar_campo_comanda(&c, &texto(azar));
                if Pedido::parse(&c).is_ok() {
                    assert_eq!(comanda::validar_comanda(&c), Ok(()));
                }
            }
        }
        1 => {
            let _ = ConteosComanda::desde_reservacion(
                azar.siguiente() as u32,
                azar.siguiente().is_multiple_of(2),
            );
        }
        2 => {
            let (correo, clave) = (texto(azar), texto(azar));
            if let Ok(guardado) = cuenta::validar_credenciales(&correo, &clave) {
                assert_eq!(
                    cuenta::validar_credenciales(&guardado, &clave),
                    Ok(guardado.clone())
                );
            }
            let _ = cuenta::validar_clave_nueva(&clave);
        }
        3 => {
            let _ = reservacion::pasar_estado(&texto(azar), &texto(azar));
            let _ = estado::EstadoReservacion::parse(&texto(azar));
        }
        4 => {
            if let Some(d) = valor::<DatosUsuario>(azar, &p.usuario) {
                let _ = UsuarioValido::parse(&d, azar.siguiente().is_multiple_of(2));
            }
        }
        5 => {
            if let Some(d) = valor::<DatosRol>(azar, &p.rol) {
                let _ = RolValido::parse(&d);
            }
        }
        6 => {
            let _ = organizacion::nombre_marca(&texto(azar));
            let _ = personal::normalizar_nombre(&texto(azar));
        }
        7 => {
            if let Some(d) = valor::<Vec<DatosDia>>(azar, &p.dias) {
                let _ = organizacion::validar_horario(&d);
            }
        }
        8 => {
            if let Some(d) = valor::<Vec<DatosMesa>>(azar, &p.mesas) {
                let _ = organizacion::validar_mesas(&d);
            }
        }
        9 => {
            if let Some(d) = valor::<Vec<DatosDiaEspecial>>(azar, &p.especiales) {
                let _ = organizacion::validar_dias(&d);
            }
        }
        10 => {
            if let Some(d) = valor::<DatosConfWalkin>(azar, &p.conf) {
                if let Ok(conf) = ConfSucursal::parse(&d, chrono_tz::America::Tijuana) {
                    assert!(
                        ConfSucursal::parse(&conf.datos(), chrono_tz::America::Tijuana).is_ok()
                    );
                }
            }
        }
        11 => {
            let raw = texto(azar);
            let limitado = personal::limitar_telefono(&raw);
            assert_eq!(personal::limitar_telefono(&limitado), limitado);
            if let Ok(Some(tel)) = personal::normalizar_telefono(&raw) {
                assert_eq!(personal::normalizar_telefono(&tel), Ok(Some(tel.clone())));
            }
        }
        12 => {
            if let Ok(Some(correo)) = personal::validar_correo(&texto(azar)) {
                assert_eq!(personal::validar_correo(&correo), Ok(Some(correo.clone())));
            }
        }
        13 => {
            if let Some(d) = valor::<DatosPersonales>(azar, &p.personales) {
                if let Ok(v) = personal::validar_datos_personales(&d) {
                    assert_eq!(personal::validar_datos_personales(&v), Ok(v.clone()));
                }
                let _ = reservacion::ContactoReservacion::parse(&d);
            }
        }
        14 => {
            let lista = valor::<Vec<PromoAplicada>>(azar, &json!([p.promo])).unwrap_or_default();
            let nueva = valor::<PromoAplicada>(azar, &p.promo);
            let personas = opcion_u32(azar);
            let _ = promos::validar_cantidad_promo(opcion_u32(azar), personas);
            if let Ok(nueva_lista) = promos::agregar_promo(&lista, nueva.as_ref(), personas) {
                let id = nueva_lista
                    .first()
                    .map(|p| p.id.clone())
                    .unwrap_or_default();
                let _ = promos::eliminar_promo(&nueva_lista, &id);
            }
            let _ = promos::eliminar_promo(&lista, &texto(azar));
            let _ = promos::validar_promos(&lista, personas);
            let _ = Abre::nuevo(&texto(azar), &lista, personas);
        }
        15 => {
            if let Ok(c) = qr::validar_codigo_reservacion(&texto(azar)) {
                assert_eq!(qr::validar_codigo_reservacion(&c), Ok(c.clone()));
            }
        }
        16 => {
            let _ = tiempo::parse_fecha_hora(&texto(azar));
            let _ = VistaReservaciones::parse(&texto(azar));
        }
        17 => {
            if let Some(e) = valor::<EdicionReservacion>(azar, &p.edicion) {
                let _ = CambiosReservacion::parse(&e);
            }
        }
        18 => {
            if let Some(s) = valor::<SolicitudReservacion>(azar, &p.reserva) {
                let horario: Vec<HorarioDia> = (1..=entre(azar, 0, 7) as u32)
                    .map(|dia| HorarioDia {
                        dia,
                        abre: texto(azar),
                        cierra: texto(azar),
                        cerrado: azar.siguiente().is_multiple_of(3),
                    })
                    .collect();
                let _ = ReservaNueva::parse(&s, instante(azar), &horario, &[]);
            }
        }
        19 => {
            let _ = Tag::parse(&texto(azar));
            if let Some(d) = valor::<DatosSucursal>(azar, &p.sucursal) {
                let _ = SucursalNueva::parse(&d);
            }
        }
        20 => {
            let _ = tiempo::parse_hora(&texto(azar));
            let _ = tiempo::parse_instante(&texto(azar));
        }
        21 => {
            if let Some(c) = valor::<ConfigHorario>(azar, &p.horario) {
                let _ = tiempo::hora_sucursal_de(&texto(azar), &c);
                if let Ok(reglas) = ReglasHorario::parse(&c) {
                    let hora = NaiveTime::from_num_seconds_from_midnight_opt(
                        entre(azar, 0, 86_399) as u32,
                        0,
                    )
                    .unwrap();
                    let _ = (
                        reglas.periodo_buffet(hora),
                        reglas.es_tarde(hora),
                        reglas.modo_sugerido(hora),
                    );
                    let momento = instante(azar);
                    let _ = reglas.instante(momento);
                    let ahora = instante(azar).and_utc();
                    let _ = reglas.es_no_show(momento, ahora, azar.siguiente() as u32);
                    let _ = tiempo::hora_sucursal(ahora, &reglas);
                }
            }
        }
        22 => {
            let _ = FormularioWalkin::nuevo(&texto(azar), azar.siguiente().is_multiple_of(2));
            let _ = walkin::formato_folio(&texto(azar), azar.siguiente());
        }
        23 => {
            if let (Some(c), Some(a)) = (
                valor::<SolicitudComanda>(azar, &p.comanda),
                valor::<SolicitudAbre>(azar, &p.abre),
            ) {
                // The order's own rules, then the branch's catalogue (empty: every table, waiter
                // and promotion is unknown to it).
                if let Ok(orden) = OrdenSolicitada::parse(&c, &a) {
                    let _ = orden.en_sucursal(&CatalogoSucursal::default());
                }
            }
        }
        24 => {
            let fecha = NaiveDate::from_num_days_from_ce_opt(entre(azar, 1, 3_000_000) as i32)
                .unwrap_or_default();
            let _ = anfitrion_core::tablero::serie(
                fecha,
                entre(azar, 0, 400) as u32,
                anfitrion_core::tiempo::FIN_DIA_POR_DEFECTO,
                &[],
                &[],
            );
        }
        _ => {
            let _ = ReglaError::ImagenInvalida.mensaje();
            let _ = reservacion::exigir_editable(*uno(azar, &estado::EstadoReservacion::TODOS));
        }
    }
}

#[test]
fn no_rule_panics_on_arbitrary_values() {
    let p = plantillas();
    correr("reglas", casos(5_000), Duration::from_secs(1), |azar| {
        una_regla(azar, &p)
    });
}
