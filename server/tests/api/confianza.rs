//! Trust boundaries: what a caller may claim and change, and what a session outlives.

use chrono::{Datelike, Duration};
use serde_json::{json, Value};

use crate::helpers::{en_ambos, spawn_app, spawn_app_a, TestApp, CLAVE};

/// A public booking at Polanco on a weekday a few days ahead at 15:00, with `cambios` on top.
fn reserva(app: &TestApp, cambios: Value) -> Value {
    let mut f = app.hoy() + Duration::days(3);
    while f.weekday().number_from_monday() >= 6 || (f.month() == 12 && f.day() == 25) {
        f += Duration::days(1);
    }
    let mut r = json!({ "tag": "polanco", "name": "Lucía Fernández", "email": "lucia.fernandez@correo.mx", "phone": "525511112222",
                        "fecha_hora": format!("{} 15:00", f.format("%Y-%m-%d")), "no_personas": 2, "evento": "Ninguno", "comentarios": "" });
    for (k, v) in cambios.as_object().unwrap() {
        r[k] = v.clone();
    }
    r
}

async fn id_de(app: &TestApp, email: &str) -> String {
    app.store
        .credenciales(email)
        .await
        .unwrap()
        .unwrap()
        .usuario_id
}

en_ambos! {
    async fn a_password_reset_by_an_administrator_ends_every_session_of_the_user(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let (uno, otro) = (app.token("gerente@demo.mx").await, app.token("gerente@demo.mx").await);
        let gerente = id_de(&app, "gerente@demo.mx").await;
        app.get("/api/v1/auth/me", Some(&uno)).await.es_exito();
        // A refused password changes nothing, sessions included.
        app.put_json(&format!("/api/v1/admin/users/{gerente}/password"), Some(&sistemas), &json!({ "password": "corta" })).await
            .es_error(400, "La contraseña debe tener al menos 8 caracteres");
        app.get("/api/v1/auth/me", Some(&otro)).await.es_exito();
        app.put_json(&format!("/api/v1/admin/users/{gerente}/password"), Some(&sistemas), &json!({ "password": "nueva-clave-segura" })).await.es_exito();
        for token in [&uno, &otro] {
            app.get("/api/v1/auth/me", Some(token)).await.es_error(401, "Tu sesión expiró. Inicia sesión de nuevo.");
        }
        app.login("gerente@demo.mx", CLAVE).await.es_error(401, "Correo o contraseña incorrectos");
        app.login("gerente@demo.mx", "nueva-clave-segura").await.es_exito();
        // The administrator's own sessions were not touched.
        app.get("/api/v1/auth/me", Some(&sistemas)).await.es_exito();
    }

    async fn changing_ones_own_password_ends_the_other_sessions_only(motor: Motor) {
        let app = spawn_app(motor).await;
        let (aqui, alla) = (app.token("sistemas@demo.mx").await, app.token("sistemas@demo.mx").await);
        let yo = id_de(&app, "sistemas@demo.mx").await;
        app.put_json(&format!("/api/v1/admin/users/{yo}/password"), Some(&aqui), &json!({ "password": "otra-clave-segura" })).await.es_exito();
        app.get("/api/v1/auth/me", Some(&aqui)).await.es_exito();
        app.get("/api/v1/auth/me", Some(&alla)).await.es_error(401, "Tu sesión expiró. Inicia sesión de nuevo.");
    }

    async fn a_guests_e_mail_in_the_outbox_shows_only_to_who_may_see_contacts(motor: Motor) {
        let app = spawn_app(motor).await;
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva(&app, json!({}))).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let ruta = format!("/api/v1/admin/reservacion/{id}/correos?tag=polanco");
        let gerente = app.get(&ruta, Some(&app.token("gerente@demo.mx").await)).await;
        assert_eq!(gerente.es_exito()[0]["destinatario"], "lucia.fernandez@correo.mx");
        // The host lacks reservacion.client: the pending e-mail shows, its address does not.
        let hostess = app.get(&ruta, Some(&app.token("hostess@demo.mx").await)).await;
        let correo = &hostess.es_exito()[0];
        assert_eq!(correo["estado"], "pendiente");
        assert!(correo.get("destinatario").is_none(), "{correo}");
        assert!(!hostess.cuerpo.to_string().contains("lucia.fernandez"), "{}", hostess.cuerpo);
    }
}

en_ambos! {
    async fn moving_a_branch_under_another_brand_takes_the_brands_permission(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        let marcas = app.get("/api/v1/admin/marcas", Some(&sistemas)).await.es_exito().clone();
        let marca = |nombre: &str| marcas.as_array().unwrap().iter().find(|m| m["name"] == nombre).unwrap()["_id"].as_str().unwrap().to_owned();
        let (hacienda, brasa) = (marca("La Hacienda Buffet"), marca("Brasa Norteña"));
        let id = app.id_sucursal("satelite").await;
        let cuerpo = |marca: &str, name: &str| json!({ "tag": "satelite", "name": name, "marca": marca, "zona": "America/Mexico_City" });
        let ruta = format!("/api/v1/admin/sucursal/{id}");
        // A manager edits her branch, but may not hand it to another brand.
        app.put_json(&ruta, Some(&gerente), &cuerpo(&brasa, "La Hacienda Satélite")).await.es_error(403, "No tienes permiso para realizar esta acción.");
        let s = app.get(&ruta, Some(&sistemas)).await;
        assert_eq!(s.es_exito()["marca"]["_id"], hacienda.as_str(), "nothing changed");
        app.put_json(&ruta, Some(&gerente), &cuerpo(&hacienda, "Hacienda Satélite")).await.es_exito();
        // Who runs the brands may.
        let r = app.put_json(&ruta, Some(&sistemas), &cuerpo(&brasa, "Brasa Satélite")).await;
        assert_eq!(r.es_exito()["marca"]["_id"], brasa.as_str());
        app.put_json(&ruta, Some(&sistemas), &cuerpo("000000000000000000000000", "Brasa Satélite")).await.es_error(400, "La marca indicada no existe.");
    }
}

en_ambos! {
    async fn the_days_walk_ins_page_with_their_total_like_every_list(motor: Motor) {
        let app = spawn_app(motor).await;
        // Many walk-ins at one table: the floor is not what this test is about.
        crate::helpers::sin_mesas(&app, "polanco").await;
        crate::helpers::sin_mesas(&app, "satelite").await;
        let t = app.token("hostess@demo.mx").await;
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        for i in 0..3 {
            let w = json!({ "tag_sucursal": "polanco", "name": format!("Familia {i}"), "email": "", "phone": "52", "evento": "Ninguno",
                            "comanda": { "mesa": "5", "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                                         "buffet_promo_adulto": 0, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
                            "abre": { "promo": [] } });
            app.post_json("/api/v1/admin/walkin", Some(&t), &w).await.es_exito_201();
        }
        let todo = app.get("/api/v1/admin/walkin?tag=polanco&slug=hoy", Some(&t)).await.es_exito().clone();
        let total = todo["total"].as_u64().unwrap();
        assert!(total >= 3 && todo["items"].as_array().unwrap().len() as u64 == total, "{todo}");
        let mut vistos = Vec::new();
        for page in 1.. {
            let p = app.get(&format!("/api/v1/admin/walkin?tag=polanco&slug=hoy&limit=2&page={page}"), Some(&t)).await.es_exito().clone();
            assert_eq!((p["total"].as_u64(), p["page"].as_u64(), p["limit"].as_u64()), (Some(total), Some(page), Some(2)));
            let items = p["items"].as_array().unwrap();
            if items.is_empty() {
                break;
            }
            vistos.extend(items.iter().map(|w| w["_id"].clone()));
        }
        assert_eq!(vistos, todo["items"].as_array().unwrap().iter().map(|w| w["_id"].clone()).collect::<Vec<_>>());
        app.get("/api/v1/admin/walkin?tag=polanco&slug=hoy&limit=0", Some(&t)).await.es_error(400, "«page» empieza en 1 y «limit» va de 1 a 200.");
    }
}

/// A polanco reservation's detail as `token` reads it.
pub(crate) async fn detalle(app: &TestApp, token: &str, id: &str) -> Value {
    app.get(
        &format!("/api/v1/admin/reservacion/{id}?tag=polanco"),
        Some(token),
    )
    .await
    .es_exito()
    .clone()
}

async fn total(app: &TestApp, token: &str) -> Value {
    app.get(
        "/api/v1/admin/reservacion?tag=polanco&status=todas",
        Some(token),
    )
    .await
    .es_exito()["total"]
        .clone()
}

const INVISIBLES: &str =
    "El texto tiene caracteres invisibles o de control: escríbelo de nuevo sin ellos";

en_ambos! {
    async fn control_and_bidirectional_characters_are_refused_and_nothing_is_stored(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        let walkin = |name: &str| json!({ "tag_sucursal": "polanco", "name": name, "email": "", "phone": "52", "evento": "Ninguno",
            "comanda": { "mesa": "5", "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                         "buffet_promo_adulto": 0, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        let antes = app.get("/api/v1/admin/walkin?tag=polanco&slug=todas", Some(&t)).await.es_exito()["total"].clone();
        for name in ["Ana \u{202E}zepóL", "Ana\u{200B} López", "Ana\u{7}\u{1B}[31m"] {
            let r = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin(name)).await;
            r.es_error(400, INVISIBLES);
            assert_eq!(r.cuerpo["data"]["campo"], "name", "{}", r.cuerpo);
        }
        assert_eq!(app.get("/api/v1/admin/walkin?tag=polanco&slug=todas", Some(&t)).await.es_exito()["total"], antes, "nothing stored");
        // Accents, ñ and emoji stay.
        let ok = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("Begoña Núñez 🎂 👨\u{200D}👩\u{200D}👧")).await;
        assert_eq!(ok.es_exito_201()["name"], "Begoña Núñez 🎂 👨\u{200D}👩\u{200D}👧");

        // A booking's comments and a client's notes: line breaks yes, an override no.
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva(&app, json!({ "comentarios": "Sin cebolla\u{202E}" }))).await;
        r.es_error(400, INVISIBLES);
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva(&app, json!({ "comentarios": "Mesa junto a la ventana.\nSin cebolla." }))).await;
        r.es_exito_201();
        let cliente = app.get("/api/v1/admin/clientes?tag=polanco&q=Lucía", Some(&t)).await.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        app.put_json(&format!("/api/v1/admin/clientes/{cliente}"), Some(&t), &json!({ "notas": "Alérgica\u{200B} a las nueces" })).await.es_error(400, INVISIBLES);
        let r = app.put_json(&format!("/api/v1/admin/clientes/{cliente}"), Some(&t), &json!({ "notas": "Alérgica a las nueces" })).await;
        assert_eq!(r.es_exito()["notas"], "Alérgica a las nueces");
    }
}

en_ambos! {
    async fn only_staff_book_as_the_console_and_a_partner_origin_without_a_code_is_a_claim(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let antes = total(&app, &gerente).await;
        // Anyone: the console's origin is refused, nothing stored.
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva(&app, json!({ "origin": "Plataforma" }))).await;
        r.es_error(400, "El origen Plataforma es solo para el personal: reserva desde la consola con tu sesión.");
        assert_eq!(r.cuerpo["data"]["campo"], "origin");
        assert_eq!(total(&app, &gerente).await, antes);
        // A partner origin is kept as the booker's claim; with the partner's code, or the widget's own, it is not one.
        for (cambios, declarado) in [
            (json!({ "origin": "Whatsapp" }), true),
            (json!({ "origin": "Airbnb", "name": "Con código" , "afiliado": "AIRBNB-LUZ" }), false),
            (json!({ "origin": "Widget", "name": "Del widget" }), false),
        ] {
            let r = app.post_json("/api/v1/public/reservacion", None, &reserva(&app, cambios.clone())).await;
            let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
            let d = detalle(&app, &gerente, &id).await;
            assert_eq!((d["origin"].clone(), d["verified"]["origin_declarado"].as_bool()), (cambios["origin"].clone(), Some(declarado)), "{d}");
        }
        // Staff book through their own call: Plataforma by default, their name on the log.
        let r = app.post_json("/api/v1/admin/reservacion", Some(&gerente), &reserva(&app, json!({ "name": "Por teléfono" }))).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let d = detalle(&app, &gerente, &id).await;
        assert_eq!((d["origin"].as_str(), d["verified"]["origin_declarado"].as_bool()), (Some("Plataforma"), Some(false)));
        let alta = app.store.bitacora_de(&id).await.unwrap();
        assert_eq!((alta[0].accion.as_str(), alta[0].usuario_name.as_str()), ("crear", "Gabriela Gerente"));
        // Without reservacion.create, or for another's branch: refused.
        let hostess = app.token("hostess@demo.mx").await;
        app.post_json("/api/v1/admin/reservacion", Some(&hostess), &reserva(&app, json!({}))).await.es_error(403, "No tienes permiso para realizar esta acción.");
        app.post_json("/api/v1/admin/reservacion", Some(&gerente), &reserva(&app, json!({ "tag": "monterrey" }))).await.es_error(403, "No tienes acceso a esta sucursal.");
        app.post_json("/api/v1/admin/reservacion", None, &reserva(&app, json!({}))).await.es_error(401, "Inicia sesión para continuar.");
    }
}

en_ambos! {
    async fn only_the_console_frames_the_staff_widget_and_books_as_plataforma(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let antes = total(&app, &gerente).await;
        // Any site may frame the guests' widget; the one opened for staff, only the console.
        let cabeceras = |ruta: &'static str| {
            let peticion = app.client.get(app.url(ruta));
            async move {
                let h = peticion.send().await.unwrap().headers().clone();
                let csp = h["content-security-policy"].to_str().unwrap().to_owned();
                let marcos = csp.split(';').map(str::trim).find(|d| d.starts_with("frame-ancestors")).unwrap().to_owned();
                (marcos, h.get("x-frame-options").map(|v| v.to_str().unwrap().to_owned()))
            }
        };
        assert_eq!(cabeceras("/widget/polanco?afiliado=HOTEL7").await, ("frame-ancestors *".to_owned(), None));
        for ruta in ["/widget/polanco?origin=Plataforma&personas_max=50", "/reservacion/polanco?origin=widget&origin=plataforma"] {
            assert_eq!(cabeceras(ruta).await, ("frame-ancestors 'self'".to_owned(), Some("SAMEORIGIN".to_owned())), "{ruta}");
        }
        // A staff booking as Plataforma that another site's page sent is refused, session or not…
        let host = app.base.trim_start_matches("http://").to_owned();
        let reservar = |cambios: Value, cabeceras: &[(&str, &str)]| {
            let mut peticion = app.client.post(app.url("/api/v1/admin/reservacion")).bearer_auth(&gerente).json(&reserva(&app, cambios));
            for (n, v) in cabeceras {
                peticion = peticion.header(*n, *v);
            }
            async move { crate::helpers::leer(peticion.send().await.unwrap()).await }
        };
        let ajena = "Las reservaciones de Plataforma solo se hacen desde la consola.";
        reservar(json!({}), &[("sec-fetch-site", "cross-site"), ("origin", "https://otro.example")]).await.es_error(403, ajena);
        reservar(json!({ "origin": "Plataforma" }), &[("sec-fetch-site", "same-site")]).await.es_error(403, ajena);
        reservar(json!({}), &[("origin", "https://otro.example")]).await.es_error(403, ajena);
        assert_eq!(total(&app, &gerente).await, antes);
        // …and the console's own request books.
        let mismo = format!("http://{host}");
        reservar(json!({ "name": "Desde la consola" }), &[("sec-fetch-site", "same-origin"), ("origin", &mismo)]).await.es_exito_201();
        reservar(json!({ "name": "Navegador antiguo" }), &[("origin", &mismo)]).await.es_exito_201();
        assert_eq!(total(&app, &gerente).await.as_i64(), antes.as_i64().map(|n| n + 2));
    }

    async fn staff_book_a_group_no_table_seats_and_within_the_lead_time_guests_cannot(motor: Motor) {
        // Tuesday 24 November 2026, 14:00 at the branch.
        let app = spawn_app_a(motor, "2026-11-24 14:00").await;
        let gerente = app.token("gerente@demo.mx").await;
        let publica = |fecha: &str, personas: u32| format!("/api/v1/public/sucursal/polanco/disponibilidad?fecha={fecha}&personas={personas}");
        let personal = |fecha: &str, personas: u32| format!("/api/v1/admin/reservacion/disponibilidad?tag=polanco&fecha={fecha}&personas={personas}");
        // A party of 12: no table of the demo seats it. Guests are told to call; staff get the day's times.
        let d = app.get(&publica("2026-11-25", 12), None).await.es_exito().clone();
        assert_eq!((d["horarios"].as_array().map(Vec::len), d["motivo"].as_str()), (Some(0), Some("No tenemos mesas para 12 personas; llámanos para reservar")));
        let d = app.get(&personal("2026-11-25", 12), Some(&gerente)).await.es_exito().clone();
        assert!(d["horarios"].as_array().unwrap().iter().any(|h| h == "15:00"), "{d}");
        let doce = json!({ "fecha_hora": "2026-11-25 15:00", "no_personas": 12 });
        app.post_json("/api/v1/public/reservacion", None, &reserva(&app, doce.clone())).await.es_error(400, "No tenemos mesas para 12 personas; llámanos para reservar");
        let id = app.post_json("/api/v1/admin/reservacion", Some(&gerente), &reserva(&app, doce)).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        assert_eq!(detalle(&app, &gerente, &id).await["no_personas"], 12);
        // Half an hour from now: inside the guests' 60-minute lead time, not the staff's; a time gone is gone for both.
        let hoy = app.get(&personal("2026-11-24", 2), Some(&gerente)).await.es_exito().clone();
        assert!(hoy["horarios"].as_array().unwrap().iter().any(|h| h == "14:30"), "{hoy}");
        let guest = app.get(&publica("2026-11-24", 2), None).await.es_exito().clone();
        assert!(guest["horarios"].as_array().unwrap().iter().all(|h| h.as_str().unwrap() >= "15:00"), "{guest}");
        let pronto = json!({ "fecha_hora": "2026-11-24 14:30" });
        app.post_json("/api/v1/public/reservacion", None, &reserva(&app, pronto.clone())).await.es_error(400, "Reserva con al menos 60 minutos de anticipación");
        app.post_json("/api/v1/admin/reservacion", Some(&gerente), &reserva(&app, pronto)).await.es_exito_201();
        let ida = json!({ "fecha_hora": "2026-11-24 13:30" });
        app.post_json("/api/v1/admin/reservacion", Some(&gerente), &reserva(&app, ida)).await.es_error(400, "La fecha y hora elegidas ya pasaron");
        // Beyond 50, or closed, for no one; the staff read needs reservacion.create and a branch of one's own.
        app.get(&personal("2026-11-25", 51), Some(&gerente)).await.es_error(400, "El número de personas no puede ser mayor que 50");
        let hostess = app.token("hostess@demo.mx").await;
        app.get(&personal("2026-11-25", 2), Some(&hostess)).await.es_error(403, "No tienes permiso para realizar esta acción.");
        app.get("/api/v1/admin/reservacion/disponibilidad?tag=monterrey&fecha=2026-11-25&personas=2", Some(&gerente)).await.es_error(403, "No tienes acceso a esta sucursal.");
        app.get(&personal("2026-11-25", 2), None).await.es_error(401, "Inicia sesión para continuar.");
    }
}

en_ambos! {
    async fn one_account_cannot_hold_every_live_stream(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let abrir = |token: &str| app.client.get(app.url("/api/v1/admin/notifications/stream?tag=polanco")).bearer_auth(token).send();
        let mut abiertos = Vec::new();
        for _ in 0..anfitrion_server::eventos::MAX_FLUJOS_POR_USUARIO {
            let r = abrir(&t).await.unwrap();
            assert_eq!(r.status().as_u16(), 200);
            abiertos.push(r);
        }
        let r = crate::helpers::leer(abrir(&t).await.unwrap()).await;
        r.es_error(429, "Esta cuenta tiene demasiadas pantallas abiertas con avisos en vivo. Cierra alguna e inténtalo de nuevo.");
        // Another account is not held back by this one.
        let hostess = app.token("hostess@demo.mx").await;
        assert_eq!(abrir(&hostess).await.unwrap().status().as_u16(), 200);
    }
}

/// A PostgreSQL that is not there is said at once, with its address, not after a pool's timeout.
#[tokio::test]
async fn a_postgres_that_refuses_the_connection_is_named_at_once() {
    // Port 1 on the loopback: nothing listens there.
    let url = "postgres://postgres@127.0.0.1:1/anfitrion";
    let e = anfitrion_server::db::conectar(url, 2, anfitrion_server::reloj::Reloj::sistema())
        .await
        .err()
        .expect("nothing listens on port 1");
    let texto = format!("{e:#}");
    assert!(
        texto.contains("PostgreSQL rechazó la conexión en 127.0.0.1:1"),
        "{texto}"
    );
    assert!(!texto.contains("timed out"), "{texto}");
}

en_ambos! {
    /// Staff at several screens saving the same branch at once: every save either lands or is
    /// refused by a rule, never a 500 ("database is locked" on SQLite when a transaction that
    /// read first had to become a writer while another one wrote).
    async fn saves_of_one_branch_at_the_same_moment_all_land(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let id = app.id_sucursal("polanco").await;
        let ruta = |s: &str| format!("/api/v1/admin/sucursal/{id}{s}");
        let cuerpo = |i: u32| {
            if i.is_multiple_of(2) {
                json!([{ "fecha": format!("2027-01-{:02}", i + 1), "tipo": "cerrado", "motivo": "Inventario" }])
            } else {
                json!((1..=i).map(|n| json!({ "numero": n, "asientos": 4, "combinable": true })).collect::<Vec<_>>())
            }
        };
        let rutas: Vec<String> = (0..24u32).map(|i| ruta(if i % 2 == 0 { "/days" } else { "/mesas" })).collect();
        let cuerpos: Vec<Value> = (0..24u32).map(cuerpo).collect();
        let guardados = futures_util::future::join_all(rutas.iter().zip(&cuerpos).map(|(r, c)| app.put_json(r, Some(&t), c))).await;
        for r in guardados {
            assert_eq!(r.status, 200, "{}", r.cuerpo);
        }
    }
}

en_ambos! {
    /// A phone longer than any number (15 digits, E.164) is refused, not cut to someone else's.
    async fn a_phone_past_fifteen_digits_is_refused_not_cut(motor: Motor) {
        let app = spawn_app(motor).await;
        for phone in ["5255111122223333", "+52 55 1111 2222 3333 44"] {
            app.post_json("/api/v1/public/reservacion", None, &reserva(&app, json!({ "phone": phone }))).await
                .es_error(400, "Número de teléfono no válido");
        }
        // Fifteen digits are no Mexican number for a guest; staff, who keep the general rule,
        // store them whole.
        app.post_json("/api/v1/public/reservacion", None, &reserva(&app, json!({ "phone": "525511112222333" }))).await
            .es_error(400, "Un teléfono de México lleva 10 dígitos después de la lada +52.");
        let t = app.token("gerente@demo.mx").await;
        let r = app.post_json("/api/v1/admin/reservacion", Some(&t), &reserva(&app, json!({ "phone": "525511112222333" }))).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let guardada = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&t)).await;
        assert_eq!(guardada.es_exito()["phone"], "525511112222333");
    }
}
