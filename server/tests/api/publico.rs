//! Public booking: a branch's facts and bookable times, the last table racing, closed days, the
//! confirmation and its token, the outbox delivering over SMTP (and retrying), the e-mail check,
//! and the small body limit.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anfitrion_core::tiempo::ReglasHorario;
use base64::Engine;
use chrono::{Datelike, Duration as Dias, NaiveDate};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::{
    en_ambos, lanzar, puerto_cerrado, spawn, spawn_app, Motor, Opciones, TestApp,
};

/// Today in Mexico City, where the demo branches are.
fn hoy() -> NaiveDate {
    ReglasHorario::default()
        .local(crate::helpers::ahora_de_prueba())
        .date()
}

/// A date `dias` ahead, on a weekday (the demo branches open 13:00–22:30 then) and not Christmas.
pub(crate) fn entre_semana(dias: i64) -> NaiveDate {
    let mut f = hoy() + Dias::days(dias);
    while f.weekday().number_from_monday() >= 6 || (f.month() == 12 && f.day() == 25) {
        f += Dias::days(1);
    }
    f
}

pub(crate) fn reserva(tag: &str, fecha_hora: &str, personas: u32, email: &str) -> Value {
    json!({ "tag": tag, "name": "Lucía Fernández", "email": email, "phone": "525511112222",
            "fecha_hora": fecha_hora, "no_personas": personas, "evento": "Ninguno", "comentarios": "", "origin": "Widget" })
}

async fn id_de(app: &TestApp, token: &str, tag: &str) -> String {
    let r = app
        .get(&format!("/api/v1/admin/sucursal?tag={tag}"), Some(token))
        .await;
    r.es_exito()[0]["_id"].as_str().unwrap().to_owned()
}

/// Leaves polanco with one table of four.
async fn una_mesa(app: &TestApp) {
    let t = app.token("gerente@demo.mx").await;
    let id = id_de(app, &t, "polanco").await;
    app.put_json(
        &format!("/api/v1/admin/sucursal/{id}/mesas"),
        Some(&t),
        &json!([{ "numero": 1, "asientos": 4 }]),
    )
    .await
    .es_exito();
}

async fn horarios(app: &TestApp, tag: &str, fecha: NaiveDate, personas: u32) -> Value {
    let r = app
        .get(
            &format!(
                "/api/v1/public/sucursal/{tag}/disponibilidad?fecha={fecha}&personas={personas}"
            ),
            None,
        )
        .await;
    r.es_exito().clone()
}

/// An SMTP server for the test: accepts every message and keeps it whole.
#[derive(Clone, Default)]
struct Buzon {
    mensajes: Arc<Mutex<Vec<String>>>,
}

impl Buzon {
    async fn escuchar(&self, listener: TcpListener) {
        let mensajes = self.mensajes.clone();
        tokio::spawn(async move {
            while let Ok((con, _)) = listener.accept().await {
                let mensajes = mensajes.clone();
                tokio::spawn(async move {
                    let (lee, mut escribe) = con.into_split();
                    let mut lee = BufReader::new(lee);
                    let _ = escribe.write_all(b"220 buzon de prueba\r\n").await;
                    let mut linea = String::new();
                    loop {
                        linea.clear();
                        if lee.read_line(&mut linea).await.unwrap_or(0) == 0 {
                            return;
                        }
                        let orden = linea.to_ascii_uppercase();
                        let respuesta: &[u8] = if orden.starts_with("EHLO") {
                            b"250-buzon\r\n250 OK\r\n"
                        } else if orden.starts_with("DATA") {
                            let _ = escribe.write_all(b"354 adelante\r\n").await;
                            let mut mensaje = String::new();
                            loop {
                                linea.clear();
                                if lee.read_line(&mut linea).await.unwrap_or(0) == 0 {
                                    return;
                                }
                                if linea == ".\r\n" {
                                    break;
                                }
                                mensaje.push_str(&linea);
                            }
                            mensajes.lock().unwrap().push(mensaje);
                            b"250 recibido\r\n"
                        } else if orden.starts_with("QUIT") {
                            let _ = escribe.write_all(b"221 adios\r\n").await;
                            return;
                        } else {
                            b"250 OK\r\n"
                        };
                        let _ = escribe.write_all(respuesta).await;
                    }
                });
            }
        });
    }

    fn recibidos(&self) -> Vec<String> {
        self.mensajes.lock().unwrap().clone()
    }

    async fn esperar(&self, n: usize) -> Vec<String> {
        for _ in 0..200 {
            let m = self.recibidos();
            if m.len() >= n {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("el buzón no recibió {n} correo(s) a tiempo");
    }
}

/// The text part of a message, decoded.
fn texto_de(mensaje: &str) -> String {
    let inicio = mensaje
        .find("Content-Type: text/plain")
        .expect("parte de texto");
    let cuerpo = &mensaje[inicio..];
    let datos = &cuerpo[cuerpo.find("\r\n\r\n").unwrap() + 4..];
    let fin = datos.find("--").unwrap();
    let b64: String = datos[..fin].split_whitespace().collect();
    String::from_utf8(
        base64::engine::general_purpose::STANDARD
            .decode(b64)
            .unwrap(),
    )
    .unwrap()
}

/// A server whose outbox sends to `puerto`, quickly, with links to `https://reservas.ejemplo.mx`.
async fn con_smtp(motor: Motor, puerto: u16) -> TestApp {
    spawn(
        motor,
        Opciones::demo_con(move |c| {
            c.correo.smtp_url = Some(format!("smtp://127.0.0.1:{puerto}"));
            c.correo.cada = Duration::from_millis(100);
            c.correo.espera_base = Duration::from_millis(200);
            c.correo.tiempo_max = Duration::from_secs(5);
            c.url_publica = Some("https://reservas.ejemplo.mx".to_owned());
        }),
    )
    .await
}

pub(crate) async fn correos(app: &TestApp, id: &str) -> Vec<Value> {
    let t = app.token("gerente@demo.mx").await;
    let r = app
        .get(
            &format!("/api/v1/admin/reservacion/{id}/correos?tag=polanco"),
            Some(&t),
        )
        .await;
    r.es_exito().as_array().unwrap().clone()
}

en_ambos! {
    async fn a_branch_tells_its_booking_facts_and_times(motor: Motor) {
        let app = spawn_app(motor).await;
        let s = app.get("/api/v1/public/sucursal/polanco", None).await;
        let s = s.es_exito();
        assert_eq!((s["tag"].as_str(), s["zona_horaria"].as_str()), (Some("polanco"), Some("America/Mexico_City")));
        assert!(s["name"].as_str().is_some_and(|n| !n.is_empty()) && s["marca"].as_str().is_some_and(|n| !n.is_empty()));
        // The demo's largest table seats 10; two joined four-seat tables, 8.
        assert_eq!(s["personas_max"], 10);
        assert_eq!(s["fecha_min"].as_str(), Some(hoy().format("%Y-%m-%d").to_string().as_str()));
        assert_eq!(s["fecha_max"].as_str(), Some((hoy() + Dias::days(60)).format("%Y-%m-%d").to_string().as_str()));
        app.get("/api/v1/public/sucursal/no-existe", None).await.es_error(404, "No se encontró la sucursal.");
        // Where guests find and call it: the branch's own address and phone, and a map search.
        let contacto = &s["contacto"];
        assert_eq!((contacto["direccion"].as_str(), contacto["telefono"].as_str()), (Some("Av. Presidente Masaryk 120, Polanco, CDMX"), Some("525555123456")));
        let mapa = contacto["mapa"].as_str().unwrap();
        assert!(mapa.starts_with("https://www.google.com/maps/search/?api=1&query=") && mapa.contains("Masaryk"), "{mapa}");

        let fecha = entre_semana(20);
        let d = horarios(&app, "polanco", fecha, 4).await;
        let h: Vec<&str> = d["horarios"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        // 13:00 to 22:30 with a 90-minute stay: every quarter from 13:00 to 21:00.
        assert_eq!((h.first().copied(), h.last().copied(), h.len()), (Some("13:00"), Some("21:00"), 33));
        assert_eq!((d["cerrado"].as_bool(), d["motivo"].is_null()), (Some(false), true));

        let grande = horarios(&app, "polanco", fecha, 12).await;
        assert_eq!(grande["motivo"], "No tenemos mesas para 12 personas; llámanos para reservar");
        let lejos = horarios(&app, "polanco", hoy() + Dias::days(61), 2).await;
        assert_eq!(lejos["motivo"], "Solo se puede reservar con hasta 60 días de anticipación");

        let base = "/api/v1/public/sucursal/polanco/disponibilidad";
        app.get(&format!("{base}?fecha=22/12/2026&personas=2"), None).await.es_error(400, "La fecha debe tener el formato AAAA-MM-DD");
        app.get(&format!("{base}?fecha={fecha}"), None).await.es_error(400, "Indica el número de personas en el parámetro «personas».");
        app.get(&format!("{base}?fecha={fecha}&personas=dos"), None).await.es_error(400, "El número de personas debe ser un número entero.");
        app.get(&format!("{base}?fecha={fecha}&personas=0"), None).await.es_error(400, "El número de personas no puede ser 0");
    }

    async fn twenty_guests_racing_for_the_last_table_get_one_booking(motor: Motor) {
        // Enough connections for every booking to run its transaction at once.
        let app = spawn(motor, Opciones::demo_con(|c| c.conexiones = 20)).await;
        una_mesa(&app).await;
        let fecha = entre_semana(20);
        let cuerpo = reserva("polanco", &format!("{fecha} 15:00"), 4, "lucia.fernandez@correo.mx");
        let envios = (0..20).map(|_| {
            let (client, url, cuerpo) = (app.client.clone(), app.url("/api/v1/public/reservacion"), cuerpo.clone());
            tokio::spawn(async move { crate::helpers::leer(client.post(url).json(&cuerpo).send().await.unwrap()).await })
        });
        let mut creadas = 0;
        for r in futures_util::future::join_all(envios).await {
            let r = r.unwrap();
            if r.status == 201 {
                creadas += 1;
            } else {
                r.es_error(409, "Ya no hay mesa disponible a esa hora. Elige otro horario");
            }
        }
        assert_eq!(creadas, 1);
        // The taken time is no longer offered, nor any whose stay overlaps it.
        let d = horarios(&app, "polanco", fecha, 2).await;
        let h: Vec<&str> = d["horarios"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert!(h.contains(&"13:30") && h.contains(&"16:30"), "{h:?}");
        assert!(!h.iter().any(|x| ("13:45".."16:30").contains(x)), "{h:?}");
    }

    async fn a_closed_day_or_an_unbookable_time_is_refused(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let id = id_de(&app, &t, "polanco").await;
        let total = || async { app.get("/api/v1/admin/reservacion?tag=polanco&status=todas", Some(&t)).await.es_exito()["total"].as_u64() };
        let antes = total().await;
        let cerrado = entre_semana(12);
        app.put_json(&format!("/api/v1/admin/sucursal/{id}/days"), Some(&t), &json!([{ "fecha": cerrado.to_string(), "tipo": "cerrado", "motivo": "Inventario" }])).await.es_exito();
        let d = horarios(&app, "polanco", cerrado, 2).await;
        assert_eq!((d["cerrado"].as_bool(), d["motivo"].as_str(), d["horarios"].as_array().map(Vec::len)), (Some(true), Some("La sucursal está cerrada ese día"), Some(0)));
        // A date without a time names the next one that has room for the party.
        let mut siguiente = cerrado + Dias::days(1);
        while horarios(&app, "polanco", siguiente, 2).await["horarios"].as_array().is_none_or(Vec::is_empty) {
            siguiente += Dias::days(1);
        }
        assert_eq!(d["siguiente"].as_str(), Some(siguiente.format("%Y-%m-%d").to_string().as_str()));
        // A date with times names none.
        assert!(horarios(&app, "polanco", siguiente, 2).await.get("siguiente").is_none());
        // Nothing within the booking period has room for a party no table seats.
        assert!(horarios(&app, "polanco", cerrado, 12).await.get("siguiente").is_none());
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{cerrado} 15:00"), 2, "a@correo.mx")).await;
        r.es_error(400, "La sucursal está cerrada ese día");
        let abierto = entre_semana(14);
        // Off the quarter-hour grid, and too close to closing for a 90-minute stay.
        for hora in ["15:10", "21:30"] {
            let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{abierto} {hora}"), 2, "a@correo.mx")).await;
            r.es_error(400, "Ese horario no está disponible para reservar");
        }
        let lejos = hoy() + Dias::days(61);
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{lejos} 15:00"), 2, "a@correo.mx")).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        assert_eq!(total().await, antes, "nothing refused was stored");
    }

    async fn the_confirmation_needs_its_token_and_shows_no_contact(motor: Motor) {
        let app = spawn_app(motor).await;
        let fecha = entre_semana(9);
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{fecha} 19:15"), 3, "lucia.fernandez@correo.mx")).await;
        let data = r.es_exito_201().clone();
        let id = data["_id"].as_str().unwrap().to_owned();
        let ruta = data["confirmacion"].as_str().unwrap().to_owned();
        let prefijo = format!("/reservacion/polanco/confirmacion/{id}?t=");
        assert!(ruta.starts_with(&prefijo), "{ruta}");
        let token = &ruta[prefijo.len()..];
        assert!(token.len() >= 32, "a token of 128 bits or more: {token}");

        let c = app.get(&format!("/api/v1/public/reservacion/{id}?t={token}"), None).await;
        let c = c.es_exito();
        assert_eq!((c["_id"].as_str(), c["no_personas"].as_u64(), c["tag"].as_str()), (Some(id.as_str()), Some(3), Some("polanco")));
        assert_eq!(c["fecha_hora"].as_str(), Some(format!("{fecha} 19:15").as_str()));
        assert!(c["qr_svg"].as_str().unwrap().starts_with("<svg"));
        // The page shows the occasion and where the branch is.
        assert_eq!((c["evento"].as_str(), c["contacto"]["direccion"].as_str()), (Some("Ninguno"), Some("Av. Presidente Masaryk 120, Polanco, CDMX")));
        // It says whether the code also went by e-mail; a booking without one is not told it did.
        assert_eq!(c["con_correo"], true);
        let sin = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{fecha} 19:30"), 2, "")).await;
        let sin = sin.es_exito_201()["confirmacion"].as_str().unwrap().replace("/reservacion/polanco/confirmacion/", "/api/v1/public/reservacion/");
        assert_eq!(app.get(&sin, None).await.es_exito()["con_correo"], false);
        let texto = c.to_string();
        assert!(!texto.contains("correo.mx") && !texto.contains("5511112222"), "no contact in the answer: {texto}");

        // Another token of the same shape: the last character changed (never to itself).
        let ultimo = if token.ends_with('0') { '1' } else { '0' };
        let otro = format!("{}{ultimo}", &token[..token.len() - 1]);
        for consulta in [format!("?t={otro}"), String::new(), "?t=".to_owned()] {
            app.get(&format!("/api/v1/public/reservacion/{id}{consulta}"), None).await.es_error(404, "No se encontró la reservación.");
        }
        let r = app.post_json(&format!("/api/v1/public/reservacion/{id}/verificar"), None, &json!({ "token": otro })).await;
        r.es_error(400, "El enlace de verificación no es válido. Ábrelo tal como llegó en el correo.");
        // While the relay does not answer, the confirmation waits in the outbox (the outbox's
        // pass at start may or may not have tried it once already).
        let lista = correos(&app, &id).await;
        assert_eq!(lista.len(), 1);
        assert_eq!((lista[0]["estado"].as_str(), lista[0]["destinatario"].as_str()), (Some("pendiente"), Some("lucia.fernandez@correo.mx")));
        assert!(lista[0]["intentos"].as_i64().is_some_and(|n| n <= 1), "{}", lista[0]);
    }

    async fn without_the_public_address_no_e_mail_with_links_is_queued_nor_promised(motor: Motor) {
        let app = spawn(motor, Opciones::demo_con(|c| c.url_publica = None)).await;
        let fecha = entre_semana(9);
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{fecha} 19:15"), 3, "lucia.fernandez@correo.mx")).await;
        let data = r.es_exito_201().clone();
        let id = data["_id"].as_str().unwrap().to_owned();
        assert!(correos(&app, &id).await.is_empty(), "no e-mail whose links lead to localhost");
        let ruta = data["confirmacion"].as_str().unwrap().replace("/reservacion/polanco/confirmacion/", "/api/v1/public/reservacion/");
        assert_eq!(app.get(&ruta, None).await.es_exito()["con_correo"], false, "the page does not promise one");
        // The booking form does not promise it either, and a manager's screens learn what is missing.
        assert_eq!(app.get("/api/v1/public/sucursal/polanco", None).await.es_exito()["envia_correo"], false);
        let t = app.token("gerente@demo.mx").await;
        assert_eq!(app.get("/api/v1/admin/canales", Some(&t)).await.es_exito(), &json!({ "correo": true, "telefono": false, "enlaces": false }));
    }

    async fn without_smtp_no_e_mail_is_queued_nor_promised(motor: Motor) {
        let app = spawn(motor, Opciones::demo_con(|c| c.correo.smtp_url = None)).await;
        let fecha = entre_semana(9);
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{fecha} 19:15"), 3, "lucia.fernandez@correo.mx")).await;
        let data = r.es_exito_201().clone();
        let id = data["_id"].as_str().unwrap().to_owned();
        assert!(correos(&app, &id).await.is_empty(), "no e-mail that could never leave");
        let ruta = data["confirmacion"].as_str().unwrap().replace("/reservacion/polanco/confirmacion/", "/api/v1/public/reservacion/");
        assert_eq!(app.get(&ruta, None).await.es_exito()["con_correo"], false, "the page does not promise one");
        // The same booking on a server with e-mail set up is promised its e-mail.
        let con = spawn_app(motor).await;
        let data = con.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{fecha} 19:15"), 3, "lucia.fernandez@correo.mx")).await.es_exito_201().clone();
        let ruta = data["confirmacion"].as_str().unwrap().replace("/reservacion/polanco/confirmacion/", "/api/v1/public/reservacion/");
        assert_eq!(con.get(&ruta, None).await.es_exito()["con_correo"], true);
    }

    async fn a_body_over_the_public_limit_is_refused(motor: Motor) {
        let app = spawn_app(motor).await;
        let mut cuerpo = reserva("polanco", &format!("{} 15:00", entre_semana(9)), 2, "a@correo.mx");
        cuerpo["comentarios"] = json!("x".repeat(9 * 1024));
        let r = app.post_json("/api/v1/public/reservacion", None, &cuerpo).await;
        r.es_error(413, "La solicitud es demasiado grande: el máximo es 8 KiB.");
    }

    async fn the_outbox_delivers_the_confirmation_and_its_link_verifies_the_address(motor: Motor) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let puerto = listener.local_addr().unwrap().port();
        let buzon = Buzon::default();
        buzon.escuchar(listener).await;
        let app = con_smtp(motor, puerto).await;
        let fecha = entre_semana(9);
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{fecha} 19:15"), 4, "lucia.fernandez@correo.mx")).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();

        let mensaje = buzon.esperar(1).await.remove(0);
        assert!(mensaje.contains("To: <lucia.fernandez@correo.mx>"), "{mensaje}");
        assert!(mensaje.contains("Content-Type: image/png") && mensaje.contains("Content-ID: <qr@anfitrion>"), "the QR goes inline");
        let texto = texto_de(&mensaje);
        for parte in [&fecha.format("%d/%m/%Y").to_string(), "19:15", "4 personas", "Polanco"] {
            assert!(texto.contains(parte), "«{parte}» falta en: {texto}");
        }
        let enlace = format!("https://reservas.ejemplo.mx/reservacion/polanco/verificar/{id}?t=");
        let inicio = texto.find(&enlace).unwrap_or_else(|| panic!("sin enlace de verificación: {texto}")) + enlace.len();
        let token: String = texto[inicio..].chars().take_while(char::is_ascii_alphanumeric).collect();
        // The confirmation page's link carries the booking's answer's token; the check, its own.
        let confirmacion = r.es_exito_201()["confirmacion"].as_str().unwrap().to_owned();
        assert!(texto.contains(&format!("https://reservas.ejemplo.mx{confirmacion}")), "{texto}");
        assert!(token.len() >= 32 && !confirmacion.contains(&token), "the check's secret is not in the booking's answer");

        let lista = correos(&app, &id).await;
        assert_eq!((lista[0]["estado"].as_str(), lista[0]["intentos"].as_i64()), (Some("enviado"), Some(1)));
        assert!(lista[0]["enviado_en"].is_string());

        let t = app.token("gerente@demo.mx").await;
        let antes = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&t)).await;
        assert_eq!(antes.es_exito()["verified"]["email_verified"], false);
        // Whoever booked holds the confirmation's token: it verifies nothing.
        let de_la_respuesta = confirmacion.rsplit("?t=").next().unwrap();
        app.post_json(&format!("/api/v1/public/reservacion/{id}/verificar"), None, &json!({ "token": de_la_respuesta })).await
            .es_error(400, "El enlace de verificación no es válido. Ábrelo tal como llegó en el correo.");
        let sigue = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&t)).await;
        assert_eq!(sigue.es_exito()["verified"]["email_verified"], false);
        let r = app.post_json(&format!("/api/v1/public/reservacion/{id}/verificar"), None, &json!({ "token": token })).await;
        assert_eq!(r.es_exito()["email_verified"], true);
        let despues = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&t)).await;
        assert_eq!(despues.es_exito()["verified"]["email_verified"], true);
    }

    async fn the_outbox_retries_after_the_relay_was_down(motor: Motor) {
        // A port with nobody listening yet.
        let cerrado = puerto_cerrado();
        let puerto = cerrado.addr.port();
        let app = con_smtp(motor, puerto).await;
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{} 15:00", entre_semana(9)), 2, "lucia.fernandez@correo.mx")).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let mut fallo = None;
        for _ in 0..100 {
            let lista = correos(&app, &id).await;
            if lista[0]["intentos"].as_i64() >= Some(1) {
                fallo = Some(lista[0].clone());
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let fallo = fallo.expect("a failed try is recorded");
        assert_eq!(fallo["estado"], "pendiente");
        assert!(fallo["ultimo_error"].as_str().is_some_and(|e| !e.is_empty()), "{fallo}");

        let buzon = Buzon::default();
        drop(cerrado);
        buzon.escuchar(TcpListener::bind(("127.0.0.1", puerto)).await.unwrap()).await;
        let mensaje = buzon.esperar(1).await.remove(0);
        assert!(mensaje.contains("To: <lucia.fernandez@correo.mx>"));
        let mut enviado = None;
        for _ in 0..100 {
            let lista = correos(&app, &id).await;
            if lista[0]["estado"] == "enviado" {
                enviado = Some(lista[0].clone());
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let enviado = enviado.expect("sent after the relay came back");
        assert!(enviado["intentos"].as_i64().unwrap() >= 2, "{enviado}");
        assert_eq!(buzon.recibidos().len(), 1, "sent once");
    }

    async fn public_reads_are_throttled_per_address(motor: Motor) {
        let app = spawn(motor, Opciones::demo_con(|c| c.consultas_por_hora = 3)).await;
        let fecha = entre_semana(9);
        for _ in 0..3 {
            app.get(&format!("/api/v1/public/sucursal/polanco/disponibilidad?fecha={fecha}&personas=2"), None).await.es_exito();
        }
        let r = app.get("/api/v1/public/sucursal/polanco", None).await;
        r.es_error(429, "Demasiadas consultas desde esta dirección. Inténtalo más tarde.");
    }

    async fn the_addresses_of_one_ipv6_64_share_the_public_budget(motor: Motor) {
        let mut opciones = Opciones::demo_con(|c| c.consultas_por_hora = 3);
        opciones.proxies_confiables = vec!["127.0.0.1".parse().unwrap()];
        let app = spawn(motor, opciones).await;
        let leer = |reenviado: &'static str| {
            let peticion = app.client.get(app.url("/api/v1/public/sucursal/polanco")).header("x-forwarded-for", reenviado);
            async move { crate::helpers::leer(peticion.send().await.unwrap()).await }
        };
        // One client, three addresses of its /64 (and one more): one budget of three reads.
        for direccion in ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff:ffff:ffff:ffff"] {
            leer(direccion).await.es_exito();
        }
        leer("2001:db8:1:2:abcd::9").await.es_error(429, "Demasiadas consultas desde esta dirección. Inténtalo más tarde.");
        // The next /64 is another client; an IPv4 client is its own address, however it is written.
        leer("2001:db8:1:3::1").await.es_exito();
        for _ in 0..3 {
            leer("::ffff:203.0.113.7").await.es_exito();
        }
        leer("203.0.113.7").await.es_error(429, "Demasiadas consultas desde esta dirección. Inténtalo más tarde.");
    }

    async fn a_pending_e_mail_survives_a_restart(motor: Motor) {
        // The first instance has no relay: the message waits in the outbox.
        let app = spawn_app(motor).await;
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", &format!("{} 15:00", entre_semana(9)), 2, "lucia.fernandez@correo.mx")).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        assert_eq!(correos(&app, &id).await[0]["estado"], "pendiente");
        // Another instance on the same database, with a relay, sends it.
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let puerto = listener.local_addr().unwrap().port();
        let buzon = Buzon::default();
        buzon.escuchar(listener).await;
        let otra = lanzar(&app.database_url, Opciones::demo_con(move |c| {
            c.correo.smtp_url = Some(format!("smtp://127.0.0.1:{puerto}"));
            c.correo.cada = Duration::from_millis(100);
        }))
        .await;
        let mensaje = buzon.esperar(1).await.remove(0);
        assert!(mensaje.contains("To: <lucia.fernandez@correo.mx>"));
        for _ in 0..100 {
            if correos(&otra, &id).await[0]["estado"] == "enviado" {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the e-mail was not marked sent");
    }
}

en_ambos! {
    async fn a_guests_number_of_another_country_or_a_special_one_is_refused_until_the_branch_takes_that_country(motor: Motor) {
        let app = spawn_app(motor).await;
        let fecha = format!("{} 20:00", entre_semana(2));
        let turista = |phone: &str| json!({ "tag": "polanco", "name": "Turista Smith", "email": "", "phone": phone,
            "fecha_hora": fecha, "no_personas": 2, "evento": "Ninguno", "comentarios": "", "origin": "Widget" });
        let reservar = |phone: &str| {
            let cuerpo = turista(phone);
            let app = &app;
            async move { app.post_json("/api/v1/public/reservacion", None, &cuerpo).await }
        };
        let guardadas = || crate::helpers::sql_directo(&app.database_url, "UPDATE reservaciones SET name = name WHERE name = $1", &["Turista Smith"]);
        // Every branch takes Mexican numbers only, until it says otherwise.
        let r = reservar("+1 415 555 0134").await;
        r.es_error(400, "Esta sucursal solo acepta teléfonos de México (+52): escribe la lada del país y el número.");
        assert_eq!((r.cuerpo["data"]["codigo"].as_str(), r.cuerpo["data"]["campo"].as_str()), (Some("telefono_de_otro_pais"), Some("phone")));
        reservar("+44 20 7946 0958").await.es_error(400, "Esta sucursal solo acepta teléfonos de México (+52): escribe la lada del país y el número.");
        // Mexico's premium, shared-cost and toll-free numbers are nobody's phone.
        for especial in ["+52 900 123 4567", "52 800 123 4567", "+52 300 123 4567"] {
            let r = reservar(especial).await;
            r.es_error(400, "Ese número es de servicios especiales o con costo (como 800 o 900): escribe un celular o un teléfono fijo.");
            assert_eq!(r.cuerpo["data"]["codigo"], "telefono_especial");
        }
        reservar("+52 55 1234 567").await.es_error(400, "Un teléfono de México lleva 10 dígitos después de la lada +52.");
        assert_eq!(guardadas().await, 0, "nothing saved");
        let publica = app.get("/api/v1/public/sucursal/polanco", None).await;
        assert_eq!(publica.es_exito()["paises_telefono"], json!(["MX"]));

        // The manager takes the United States and Canada too.
        let g = app.token("gerente@demo.mx").await;
        let ruta = "/api/v1/admin/conf-walkin?tag=polanco";
        let mut conf = app.get(ruta, Some(&g)).await.es_exito().clone();
        assert_eq!(conf["paises_telefono"], json!(["MX"]));
        conf["paises_telefono"] = json!(["MX", "XX"]);
        let r = app.put_json(ruta, Some(&g), &conf).await;
        r.es_error(400, "País desconocido para los teléfonos: «XX». Los posibles son MX (México), US (Estados Unidos y Canadá), ES (España), CO (Colombia) y GT (Guatemala).");
        assert_eq!(r.cuerpo["data"]["campo"], "paises_telefono");
        conf["paises_telefono"] = json!([]);
        app.put_json(ruta, Some(&g), &conf).await.es_error(400, "Elige al menos un país para los teléfonos de los huéspedes.");
        assert_eq!(app.get(ruta, Some(&g)).await.es_exito()["paises_telefono"], json!(["MX"]), "a refused setting saves nothing");
        conf["paises_telefono"] = json!(["US", "MX"]);
        assert_eq!(app.put_json(ruta, Some(&g), &conf).await.es_exito()["paises_telefono"], json!(["MX", "US"]));
        assert_eq!(app.get("/api/v1/public/sucursal/polanco", None).await.es_exito()["paises_telefono"], json!(["MX", "US"]));

        let r = reservar("+1 (415) 555-0134").await;
        r.es_exito_201();
        assert_eq!(guardadas().await, 1);
        assert_eq!(crate::helpers::sql_directo(&app.database_url, "UPDATE reservaciones SET phone = phone WHERE phone = $1", &["14155550134"]).await, 1);
        // Still not a premium line of +1, nor another nation sharing its code, nor another country.
        reservar("+1 900 555 0134").await.es_error(400, "Ese número es de servicios especiales o con costo (como 800 o 900): escribe un celular o un teléfono fijo.");
        reservar("+1 876 555 0134").await.es_error(400, "Ese número es de servicios especiales o con costo (como 800 o 900): escribe un celular o un teléfono fijo.");
        reservar("+44 20 7946 0958").await
            .es_error(400, "Esta sucursal solo acepta teléfonos de México (+52) o Estados Unidos y Canadá (+1): escribe la lada del país y el número.");
        assert_eq!(guardadas().await, 1);
        // Staff write down the number the guest gives them, as before.
        let r = app.post_json("/api/v1/admin/reservacion", Some(&g), &turista("+44 20 7946 0958")).await;
        r.es_exito_201();
        assert_eq!(guardadas().await, 2);
    }
}
