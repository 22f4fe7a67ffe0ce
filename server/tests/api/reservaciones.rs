//! Reservations: the tabs, search, detail, contact hiding, cancel and edits, the public booking
//! call, notifications and their live stream, and the no-show job.

use std::time::Duration;

use anfitrion_core::tiempo::ReglasHorario;
use chrono::{Datelike, Duration as Dias, NaiveDate};
use serde_json::{json, Value};

use crate::helpers::{
    en_ambos, lanzar, nueva_reservacion, spawn_app, spawn_app_a, Motor, Opciones, TestApp,
};

const SIN_PERMISO: &str = "No tienes permiso para realizar esta acción.";
const SUCURSAL_AJENA: &str = "No tienes acceso a esta sucursal.";

/// Today in Mexico City, where the demo branches are.
fn hoy() -> NaiveDate {
    ReglasHorario::default()
        .local(crate::helpers::ahora_de_prueba())
        .date()
}

/// A date `dias` ahead that the demo branches are open on (not Christmas, their closed day).
fn fecha_abierta(dias: i64) -> NaiveDate {
    let mut f = hoy() + Dias::days(dias);
    while f.month() == 12 && f.day() == 25 {
        f += Dias::days(1);
    }
    f
}

fn reserva(tag: &str, name: &str, fecha_hora: &str) -> Value {
    json!({ "tag": tag, "name": name, "email": "ana.lopez@correo.mx", "phone": "525511112222",
            "fecha_hora": fecha_hora, "no_personas": 4, "evento": "Aniversario", "comentarios": "Ventana", "origin": "Whatsapp" })
}

async fn lista(app: &TestApp, token: &str, consulta: &str) -> Vec<Value> {
    let r = app
        .get(
            &format!("/api/v1/admin/reservacion?{consulta}"),
            Some(token),
        )
        .await;
    let data = r.es_exito();
    match data.get("items") {
        Some(items) => items.as_array().unwrap().clone(),
        None => data.as_array().expect("lista").clone(),
    }
}

/// The Pendientes tab's total, checked against its items (all of them: fewer than 200).
async fn total_pendientes(app: &TestApp, t: &str) -> u64 {
    let r = app
        .get(
            "/api/v1/admin/reservacion?tag=polanco&status=pendientes&limit=200",
            Some(t),
        )
        .await;
    let d = r.es_exito().clone();
    assert_eq!(
        d["total"].as_u64(),
        Some(d["items"].as_array().unwrap().len() as u64),
        "{d}"
    );
    d["total"].as_u64().unwrap()
}

async fn reservar(app: &TestApp, cuerpo: &Value) -> String {
    let r = app
        .post_json("/api/v1/public/reservacion", None, cuerpo)
        .await;
    assert_eq!(r.status, 201, "{}", r.cuerpo);
    r.cuerpo["data"]["_id"].as_str().unwrap().to_owned()
}

en_ambos! {
    async fn each_tab_lists_its_reservations(motor: Motor) {
        // Lunch under way: the demo's floor is seated and the day has its past arrivals.
        let app = spawn_app_a(motor, "2026-11-25 15:00").await;
        let t = app.token("gerente@demo.mx").await;
        let hoy_ = hoy().format("%Y-%m-%d").to_string();
        let dia = lista(&app, &t, "tag=polanco&status=hoy").await;
        assert!(dia.len() >= 10, "{}", dia.len());
        assert!(dia.iter().all(|r| r["fecha_hora"].as_str().unwrap().starts_with(&hoy_) && r["tag_sucursal"] == "polanco"));
        // Who is still expected first, then the rest of the day; each in time order.
        let (esperados, resto): (Vec<&Value>, Vec<&Value>) = dia.iter().partition(|r| r["status"] == "Pendiente");
        assert_eq!(dia.iter().position(|r| r["status"] != "Pendiente").unwrap_or(dia.len()), esperados.len(), "Pendiente first");
        for grupo in [esperados, resto] {
            let horas: Vec<&str> = grupo.iter().map(|r| r["fecha_hora"].as_str().unwrap()).collect();
            assert!(horas.windows(2).all(|w| w[0] <= w[1]), "hoy va en orden de hora: {horas:?}");
        }
        for (slug, estado) in [("asistio", "Asistio"), ("vencidas", "Vencido"), ("canceladas", "Cancelada")] {
            let l = lista(&app, &t, &format!("tag=polanco&status={slug}")).await;
            assert!(!l.is_empty(), "{slug}");
            assert!(l.iter().all(|r| r["status"] == estado), "{slug}");
        }
        let ahora = ReglasHorario::default().local(crate::helpers::ahora_de_prueba()).format("%Y-%m-%d %H:%M").to_string();
        let pendientes = lista(&app, &t, "tag=polanco&status=pendientes").await;
        assert!(!pendientes.is_empty());
        assert!(pendientes.iter().all(|r| r["status"] == "Pendiente" && r["fecha_hora"].as_str().unwrap() >= ahora.as_str()));
        let r = app.get("/api/v1/admin/reservacion?tag=polanco&status=todas&limit=5&page=2", Some(&t)).await;
        let pagina = r.es_exito();
        assert_eq!((pagina["page"].as_u64(), pagina["limit"].as_u64()), (Some(2), Some(5)));
        assert_eq!(pagina["items"].as_array().unwrap().len(), 5);
        assert_eq!(pagina["total"].as_u64(), Some(23), "the demo books 23 per branch");
        app.get("/api/v1/admin/reservacion?tag=polanco&status=manana", Some(&t)).await.es_error(400, "Pestaña de reservaciones desconocida: manana");
        app.get("/api/v1/admin/reservacion?tag=polanco&status=todas&limit=201", Some(&t)).await.es_error(400, "El parámetro «limit» debe estar entre 1 y 200.");
        app.get("/api/v1/admin/reservacion?status=todas", Some(&t)).await.es_error(400, "Indica la sucursal en el parámetro «tag».");
    }

    /// The Pendientes tab's total is what is still to come, whatever the hour: the sums kept per
    /// hour for later hours, this hour's rest counted one by one.
    async fn the_pending_tab_counts_what_is_still_to_come(motor: Motor) {
        let app = spawn_app(motor).await;
        crate::helpers::sin_mesas(&app, "polanco").await;
        let t = app.token("gerente@demo.mx").await;
        let antes = total_pendientes(&app, &t).await;
        let hoy_ = hoy().format("%Y-%m-%d").to_string();
        let manana = (hoy() + chrono::Duration::days(1)).format("%Y-%m-%d").to_string();
        // One later this hour (the test's clock reads 13:00), one tomorrow.
        let en_esta_hora = app.post_json("/api/v1/admin/reservacion", Some(&t), &reserva("polanco", "Esta Hora", &format!("{hoy_} 13:45"))).await;
        en_esta_hora.es_exito_201();
        let r = app.post_json("/api/v1/admin/reservacion", Some(&t), &reserva("polanco", "Mañana Temprano", &format!("{manana} 14:00"))).await;
        let id_manana = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        assert_eq!(total_pendientes(&app, &t).await, antes + 2);
        app.put_json(&format!("/api/v1/admin/reservacion/{id_manana}/cancel?tag=polanco"), Some(&t), &json!({})).await.es_exito();
        assert_eq!(total_pendientes(&app, &t).await, antes + 1);
        // Past 13:45 the one of this hour is no longer to come; the count agrees with the list.
        app.reloj.avanzar(chrono::Duration::minutes(50));
        total_pendientes(&app, &t).await;
    }

    async fn the_list_takes_a_status_name_as_well_as_a_tab_slug(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        for (estado, slug) in [("Pendiente", "pendientes"), ("Asistio", "asistio"), ("Vencido", "vencidas"), ("Cancelada", "canceladas")] {
            let por_estado = app.get(&format!("/api/v1/admin/reservacion?tag=polanco&status={estado}&limit=200"), Some(&t)).await.es_exito().clone();
            let por_pestana = app.get(&format!("/api/v1/admin/reservacion?tag=polanco&status={slug}&limit=200"), Some(&t)).await.es_exito().clone();
            assert_eq!(por_estado, por_pestana, "{estado} is the tab {slug}");
            let items = por_estado["items"].as_array().unwrap();
            assert!(!items.is_empty() && items.iter().all(|r| r["status"] == estado), "{estado}: {items:?}");
        }
        // A status is named as reservations carry it; a label or another case is not a status.
        for otro in ["Asistió", "pendiente", "Perdida"] {
            app.get(&format!("/api/v1/admin/reservacion?tag=polanco&status={otro}"), Some(&t)).await
                .es_error(400, &format!("Pestaña de reservaciones desconocida: {otro}"));
        }
    }

    async fn search_narrows_by_name_email_and_phone_in_the_server(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let id = reservar(&app, &reserva("polanco", "Zoe Quintanar", &format!("{} 15:00", fecha_abierta(3)))).await;
        for q in ["quintanar", "ZOE", "ana.lopez@correo", "55111122"] {
            let l = lista(&app, &t, &format!("tag=polanco&status=todas&q={q}")).await;
            assert_eq!(l.len(), 1, "{q}");
            assert_eq!(l[0]["_id"], id.as_str());
        }
        assert!(lista(&app, &t, "tag=polanco&status=todas&q=nadie-se-llama-asi").await.is_empty());
        // A search is not a wildcard: % is a character like any other.
        assert!(lista(&app, &t, "tag=polanco&status=todas&q=%25").await.is_empty());
        // Without reservacion.client the contact is searched all the same, and never shown.
        let hostess = app.token("hostess@demo.mx").await;
        let por_correo = lista(&app, &hostess, "tag=polanco&status=todas&q=ana.lopez@correo").await;
        assert!(!por_correo.is_empty());
        assert!(por_correo.iter().all(|r| r.get("email").is_none() && r.get("phone").is_none()));
        assert_eq!(lista(&app, &hostess, "tag=polanco&status=todas&q=quintanar").await.len(), 1);
    }

    /// The day's list searches its own rows (not the index): it finds what the other tabs find
    /// for that day, accents, case, e-mail and a phone typed with spaces alike.
    async fn the_days_search_finds_what_the_tabs_search_finds(motor: Motor) {
        let app = spawn_app(motor).await;
        crate::helpers::sin_mesas(&app, "polanco").await;
        let t = app.token("gerente@demo.mx").await;
        let hoy_ = hoy().format("%Y-%m-%d").to_string();
        let mut cuerpo = reserva("polanco", "Zoé Quintánar", &format!("{hoy_} 20:00"));
        cuerpo["email"] = json!("Zoe.Q@Correo.mx");
        let id = app.post_json("/api/v1/admin/reservacion", Some(&t), &cuerpo).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        for q in ["quintanar", "ZOE QUINT", "zoe.q@correo", "55%2011%201122", "Quintánar"] {
            let del_dia = lista(&app, &t, &format!("tag=polanco&status=hoy&q={q}")).await;
            assert!(del_dia.iter().any(|r| r["_id"] == id.as_str()), "{q}: {del_dia:?}");
            let mut ids: Vec<&str> = del_dia.iter().map(|r| r["_id"].as_str().unwrap()).collect();
            let todas = lista(&app, &t, &format!("tag=polanco&status=todas&limit=200&q={q}")).await;
            let mut esperadas: Vec<&str> = todas
                .iter()
                .filter(|r| r["fecha_hora"].as_str().unwrap().starts_with(&hoy_))
                .map(|r| r["_id"].as_str().unwrap())
                .collect();
            ids.sort_unstable();
            esperadas.sort_unstable();
            assert_eq!(ids, esperadas, "{q}");
        }
        assert!(lista(&app, &t, "tag=polanco&status=hoy&q=nadie-se-llama-asi").await.is_empty());
        assert!(lista(&app, &t, "tag=polanco&status=hoy&q=%25").await.is_empty());
    }

    async fn contact_is_left_out_for_callers_without_reservacion_client(motor: Motor) {
        let app = spawn_app(motor).await;
        let id = reservar(&app, &reserva("polanco", "Zoe Quintanar", &format!("{} 15:00", fecha_abierta(3)))).await;
        let gerente = app.token("gerente@demo.mx").await;
        let r = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await;
        let d = r.es_exito();
        assert_eq!(d["email"], "ana.lopez@correo.mx");
        assert_eq!(d["phone"], "525511112222");
        assert_eq!(d["no_personas"], 4);
        assert_eq!(d["evento"], "Aniversario");
        assert_eq!(d["origin"], "Whatsapp");
        assert_eq!(d["marca"]["name"], "La Hacienda Buffet");
        assert_eq!(d["sucursal"]["name"], "La Hacienda Polanco");
        let hostess = app.token("hostess@demo.mx").await;
        let r = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&hostess)).await;
        let d = r.es_exito();
        assert!(d.get("email").is_none() && d.get("phone").is_none(), "{d}");
        for r in lista(&app, &hostess, "tag=polanco&status=todas&limit=200").await {
            assert!(r.get("email").is_none() && r.get("phone").is_none());
        }
    }

    async fn the_branch_guard_covers_every_reservation_call(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let mty = reservar(&app, &reserva("monterrey", "Luis Garza", &format!("{} 15:00", fecha_abierta(3)))).await;
        app.get("/api/v1/admin/reservacion?tag=monterrey&status=todas", Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        app.get(&format!("/api/v1/admin/reservacion/{mty}"), Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        app.put(&format!("/api/v1/admin/reservacion/{mty}/cancel"), Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        let edicion = json!({ "fecha_hora": format!("{} 16:00", fecha_abierta(3)), "no_personas": 2 });
        app.put_json(&format!("/api/v1/admin/reservacion/{mty}"), Some(&gerente), &edicion).await.es_error(403, SUCURSAL_AJENA);
        app.put_json(&format!("/api/v1/admin/reservacion/{mty}/editclient"), Some(&gerente), &json!({ "name": "X" })).await.es_error(403, SUCURSAL_AJENA);
        app.get("/api/v1/admin/notifications?tag=monterrey", Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        app.get("/api/v1/admin/reservacion/000000000000000000000000", Some(&gerente)).await.es_error(404, "No se encontró la reservación.");
        // Own branch: 200; the foreign reservation is untouched.
        assert!(!lista(&app, &gerente, "tag=polanco&status=todas").await.is_empty());
        let r = app.get(&format!("/api/v1/admin/reservacion/{mty}"), Some(&app.token("reservaciones@demo.mx").await)).await;
        assert_eq!(r.es_exito()["status"], "Pendiente");
        // Permissions: Mercadotecnia sees no reservations; Hostess cannot change them.
        let mkt = app.token("mercadotecnia@demo.mx").await;
        app.get("/api/v1/admin/reservacion?tag=polanco", Some(&mkt)).await.es_error(403, SIN_PERMISO);
        let hostess = app.token("hostess@demo.mx").await;
        let pol = reservar(&app, &reserva("polanco", "Ana Ruiz", &format!("{} 15:00", fecha_abierta(3)))).await;
        app.put(&format!("/api/v1/admin/reservacion/{pol}/cancel?tag=polanco"), Some(&hostess)).await.es_error(403, SIN_PERMISO);
    }

    async fn cancel_moves_only_a_pending_reservation_and_is_logged(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let id = reservar(&app, &reserva("polanco", "Ana Ruiz", &format!("{} 15:00", fecha_abierta(3)))).await;
        let r = app.put(&format!("/api/v1/admin/reservacion/{id}/cancel?tag=polanco"), Some(&t)).await;
        assert_eq!(r.es_exito()["status"], "Cancelada");
        assert!(lista(&app, &t, "tag=polanco&status=canceladas&limit=200").await.iter().any(|r| r["_id"] == id.as_str()));
        app.put(&format!("/api/v1/admin/reservacion/{id}/cancel?tag=polanco"), Some(&t)).await
            .es_error(409, "No se puede cambiar una reservación de Cancelada a Cancelada");
        let atendida = lista(&app, &t, "tag=polanco&status=asistio").await[0]["_id"].as_str().unwrap().to_owned();
        app.put(&format!("/api/v1/admin/reservacion/{atendida}/cancel?tag=polanco"), Some(&t)).await
            .es_error(409, "No se puede cambiar una reservación de Asistió a Cancelada");
        let entradas = app.store.bitacora_de(&id).await.unwrap();
        assert_eq!(entradas.len(), 2, "its creation, then the cancel");
        assert_eq!((entradas[0].accion.as_str(), entradas[0].usuario_name.as_str()), ("crear", "Whatsapp"));
        assert_eq!((entradas[1].accion.as_str(), entradas[1].usuario_name.as_str()), ("cancelar", "Gabriela Gerente"));
        assert_eq!(entradas[1].antes.as_ref().unwrap().0["status"], "Pendiente");
        assert_eq!(entradas[1].despues.as_ref().unwrap().0["status"], "Cancelada");
    }

    async fn edits_are_checked_by_core_and_logged(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let id = reservar(&app, &reserva("polanco", "Ana Ruiz", &format!("{} 15:00", fecha_abierta(3)))).await;
        let ruta = format!("/api/v1/admin/reservacion/{id}?tag=polanco");
        let nueva = format!("{} 19:30", fecha_abierta(4));
        let r = app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": nueva, "no_personas": 6, "evento": "Cumpleaños", "comentarios": "  Pastel  " })).await;
        let d = r.es_exito();
        assert_eq!(d["fecha_hora"], format!("{} 19:30", fecha_abierta(4)));
        // What ISO 8601 writes is taken as well: the same minute, answered as every answer writes it.
        let r = app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": format!("{}T19:45:00", fecha_abierta(4)), "no_personas": 6, "evento": "Cumpleaños", "comentarios": "Pastel" })).await;
        assert_eq!(r.es_exito()["fecha_hora"], format!("{} 19:45", fecha_abierta(4)));
        assert_eq!((d["no_personas"].as_u64(), d["evento"].as_str(), d["comentarios"].as_str()), (Some(6), Some("Cumpleaños"), Some("Pastel")));
        app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": "mañana", "no_personas": 2 })).await.es_error(400, "La fecha y hora deben tener el formato AAAA-MM-DD HH:MM");
        app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": nueva, "no_personas": 0 })).await.es_error(400, "El número de personas no puede ser 0");
        app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": nueva, "no_personas": 51 })).await.es_error(400, "El número de personas no puede ser mayor que 50");
        // Core's booking rules apply to an edit: not at 03:00 in a branch open 13:00–22:30, not
        // in the past; each refusal changes nothing.
        app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": format!("{} 03:00", fecha_abierta(4)), "no_personas": 6 })).await
            .es_error(400, "La sucursal no abre a esa hora");
        let ayer = format!("{} 15:00", (hoy() - Dias::days(1)).format("%Y-%m-%d"));
        app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": ayer, "no_personas": 6 })).await.es_error(400, "La fecha y hora elegidas ya pasaron");
        assert_eq!(app.get(&ruta, Some(&t)).await.es_exito()["fecha_hora"], format!("{} 19:45", fecha_abierta(4)));
        // Staff may still seat a party past what the web offers, at the time it already has.
        let r = app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": format!("{} 19:45", fecha_abierta(4)), "no_personas": 40, "evento": "Cumpleaños", "comentarios": "Pastel" })).await;
        assert_eq!(r.es_exito()["no_personas"], 40);
        let cliente = format!("/api/v1/admin/reservacion/{id}/editclient?tag=polanco");
        let r = app.put_json(&cliente, Some(&t), &json!({ "name": " Ana  María Ruiz ", "email": "ANA@Nuevo.mx", "phone": "+52 55 9999 8888" })).await;
        let d = r.es_exito();
        assert_eq!((d["name"].as_str(), d["email"].as_str(), d["phone"].as_str()), (Some("Ana María Ruiz"), Some("ana@nuevo.mx"), Some("525599998888")));
        app.put_json(&cliente, Some(&t), &json!({ "name": "Ana", "email": "ana@nuevo" })).await.es_error(400, "Correo electrónico no válido");
        app.put_json(&cliente, Some(&t), &json!({ "name": "" })).await.es_error(400, "El nombre es obligatorio");
        let acciones: Vec<String> = app.store.bitacora_de(&id).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["crear", "editar", "editar", "editar", "editar_cliente"]);
        // A reservation that is no longer pending keeps its date and party.
        app.put(&format!("/api/v1/admin/reservacion/{id}/cancel?tag=polanco"), Some(&t)).await.es_exito();
        app.put_json(&ruta, Some(&t), &json!({ "fecha_hora": nueva, "no_personas": 2 })).await
            .es_error(409, "Solo se pueden editar reservaciones pendientes; esta está en «Cancelada»");
    }

    async fn a_public_booking_is_checked_and_stored_with_its_notification(motor: Motor) {
        let app = spawn_app(motor).await;
        let id = reservar(&app, &reserva("polanco", "Zoe Quintanar", &format!("{} 15:00", fecha_abierta(2)))).await;
        let t = app.token("reservaciones@demo.mx").await;
        let r = app.get("/api/v1/admin/notifications?tag=polanco", Some(&t)).await;
        let primera = r.es_exito()[0].clone();
        assert_eq!(primera["reservacion"], id.as_str());
        assert_eq!((primera["isRead"].as_bool(), primera["isUnRead"].as_bool()), (Some(false), Some(true)));
        assert!(primera["description"].as_str().unwrap().starts_with("Zoe Quintanar · 4 personas"));
        let pasada = format!("{} 15:00", hoy() - Dias::days(1));
        app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", "Ana", &pasada)).await.es_error(400, "La fecha y hora elegidas ya pasaron");
        let especial = app.get("/api/v1/admin/sucursal?tag=polanco", Some(&app.token("gerente@demo.mx").await)).await;
        let cerrado = especial.es_exito()[0]["days"].as_array().unwrap().iter().find(|d| d["tipo"] == "cerrado").unwrap()["fecha"].as_str().unwrap().to_owned();
        if cerrado.as_str() > hoy().format("%Y-%m-%d").to_string().as_str() {
            app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", "Ana", &format!("{cerrado} 15:00"))).await.es_error(400, "La sucursal está cerrada ese día");
        }
        app.post_json("/api/v1/public/reservacion", None, &reserva("polanco", "Ana", &format!("{} 23:45", fecha_abierta(2)))).await.es_error(400, "La sucursal no abre a esa hora");
        app.post_json("/api/v1/public/reservacion", None, &reserva("no-existe", "Ana", &format!("{} 15:00", fecha_abierta(2)))).await.es_error(404, "No se encontró la sucursal.");
        let mut sin_contacto = reserva("polanco", "Ana", &format!("{} 15:00", fecha_abierta(2)));
        sin_contacto["email"] = Value::Null;
        sin_contacto["phone"] = Value::Null;
        app.post_json("/api/v1/public/reservacion", None, &sin_contacto).await.es_error(400, "Escribe un correo o un teléfono para confirmar la reservación");
        let mut origen = reserva("polanco", "Ana", &format!("{} 15:00", fecha_abierta(2)));
        origen["origin"] = json!("Fax");
        app.post_json("/api/v1/public/reservacion", None, &origen).await.es_error(400, "Origen de reservación desconocido: Fax");
        // Nothing refused was stored.
        let todas = app.get("/api/v1/admin/reservacion?tag=polanco&status=todas", Some(&t)).await;
        assert_eq!(todas.es_exito()["total"].as_u64(), Some(24));
    }

    async fn public_bookings_are_throttled_per_address(motor: Motor) {
        let app = spawn_app(motor).await;
        // One every quarter of an hour from the opening: each finds a table.
        let cuerpo = |i: usize| reserva("satelite", "Ana Ruiz", &format!("{} {:02}:{:02}", fecha_abierta(5), 13 + i / 4, (i % 4) * 15));
        for i in 0..anfitrion_server::limites::RESERVAS_POR_HORA {
            reservar(&app, &cuerpo(i)).await;
        }
        let r = app.post_json("/api/v1/public/reservacion", None, &cuerpo(0)).await;
        r.es_error(429, "Demasiadas reservaciones desde esta dirección. Inténtalo más tarde.");
    }

    async fn a_notification_is_marked_read_and_logged(motor: Motor) {
        let app = spawn_app(motor).await;
        reservar(&app, &reserva("polanco", "Zoe Quintanar", &format!("{} 15:00", fecha_abierta(2)))).await;
        let t = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/notifications?tag=polanco", Some(&t)).await;
        let id = r.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        let r = app.put(&format!("/api/v1/admin/notifications/{id}"), Some(&t)).await;
        assert_eq!((r.es_exito()["isRead"].as_bool(), r.es_exito()["isUnRead"].as_bool()), (Some(true), Some(false)));
        let r = app.put(&format!("/api/v1/admin/notifications/{id}/"), Some(&t)).await;
        r.es_exito();
        let entradas = app.store.bitacora_de(&id).await.unwrap();
        assert_eq!(entradas.len(), 1, "reading twice is one change");
        assert_eq!(entradas[0].usuario_name, "Hilda Hostess");
        let mty = app.get("/api/v1/admin/notifications?tag=monterrey", Some(&app.token("reservaciones@demo.mx").await)).await;
        let ajena = mty.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        app.put(&format!("/api/v1/admin/notifications/{ajena}"), Some(&t)).await.es_error(403, SUCURSAL_AJENA);
        let mkt = app.token("mercadotecnia@demo.mx").await;
        app.get("/api/v1/admin/notifications?tag=polanco", Some(&mkt)).await.es_error(403, SIN_PERMISO);
    }

    async fn two_instances_running_the_no_show_job_mark_each_reservation_once(motor: Motor) {
        let app = spawn_app(motor).await;
        let otra = lanzar(&app.database_url, Opciones::default()).await;
        let polanco = app.id_sucursal("polanco").await;
        let ahora = app.reloj.ahora();
        let mut ids = Vec::new();
        for minutos in [45, 90, 5] {
            let fecha_hora = ReglasHorario::default().local(ahora) - Dias::minutes(minutos);
            let r = nueva_reservacion(&polanco, &format!("Prueba {minutos}"), "525500000000", fecha_hora, ahora);
            let id = r.id.clone();
            app.store.crear_reservacion(&r, None).await.unwrap();
            ids.push(id);
        }
        let (a, b) = tokio::join!(
            anfitrion_server::jobs::marcar_no_shows(app.store.as_ref(), ahora),
            anfitrion_server::jobs::marcar_no_shows(otra.store.as_ref(), ahora)
        );
        let _ = (a.unwrap(), b.unwrap());
        let t = app.token("gerente@demo.mx").await;
        for (id, vencida) in ids.iter().zip([true, true, false]) {
            let r = app.get(&format!("/api/v1/admin/reservacion/{id}"), Some(&t)).await;
            assert_eq!(r.es_exito()["status"], if vencida { "Vencido" } else { "Pendiente" }, "la de 5 minutos aún está en su tolerancia");
            let entradas: Vec<_> = app.store.bitacora_de(id).await.unwrap().into_iter().filter(|e| e.accion != "crear").collect();
            assert_eq!(entradas.len(), usize::from(vencida), "one audit entry per reservation marked");
            if vencida {
                assert_eq!((entradas[0].accion.as_str(), entradas[0].usuario_name.as_str()), ("no_show", "Sistema"));
            }
        }
    }

    async fn a_new_reservation_reaches_an_open_stream_within_a_second(motor: Motor) {
        let app = spawn_app(motor).await;
        // On PostgreSQL the booking goes through another instance: the notice crosses instances.
        let otra = if motor == Motor::Postgres { Some(lanzar(&app.database_url, Opciones::default()).await) } else { None };
        let destino = otra.as_ref().unwrap_or(&app);
        let t = app.token("hostess@demo.mx").await;
        let mut flujo = app.client.get(app.url("/api/v1/admin/notifications/stream?tag=polanco")).bearer_auth(&t).send().await.unwrap();
        assert_eq!(flujo.status(), 200);
        assert!(flujo.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
        // A booking of another branch must not reach this stream.
        reservar(destino, &reserva("satelite", "Otra Sucursal", &format!("{} 15:00", fecha_abierta(2)))).await;
        let inicio = std::time::Instant::now();
        let id = reservar(destino, &reserva("polanco", "Zoe Quintanar", &format!("{} 15:00", fecha_abierta(2)))).await;
        let mut texto = String::new();
        while !texto.contains(&id) {
            let trozo = tokio::time::timeout(Duration::from_secs(1).saturating_sub(inicio.elapsed()), flujo.chunk()).await;
            let trozo = trozo.expect("the notice arrives within a second").unwrap().expect("stream open");
            texto.push_str(&String::from_utf8_lossy(&trozo));
        }
        assert!(texto.contains("event: notificacion"), "{texto}");
        assert!(!texto.contains("Otra Sucursal"), "{texto}");
        let evento_id = texto.lines().find_map(|l| l.strip_prefix("id:")).unwrap().trim().to_owned();
        // A console that reconnects from before that event gets it again.
        let anterior = (evento_id.parse::<i64>().unwrap() - 1).to_string();
        let mut otra_vez = app.client.get(app.url("/api/v1/admin/notifications/stream?tag=polanco")).bearer_auth(&t).header("last-event-id", anterior).send().await.unwrap();
        let mut recibido = String::new();
        let hasta = std::time::Instant::now() + Duration::from_secs(2);
        while !recibido.contains(&id) {
            let trozo = tokio::time::timeout(hasta.saturating_duration_since(std::time::Instant::now()), otra_vez.chunk()).await;
            recibido.push_str(&String::from_utf8_lossy(&trozo.expect("the missed notice comes again").unwrap().unwrap()));
        }
        assert!(recibido.starts_with(": conectado"), "the stream greets at once: {recibido}");
    }
}

en_ambos! {
    async fn at_night_today_opens_on_the_next_arrivals_then_the_rest_of_the_day(motor: Motor) {
        // 20:00 on a Tuesday: lunch is over (attended, no-shows), two parties still expected.
        let app = crate::helpers::spawn_app_a(motor, "2026-11-24 20:00").await;
        let t = app.token("gerente@demo.mx").await;
        for (name, hora) in [("Llega Tarde", "21:00"), ("Llega Antes", "20:30")] {
            app.post_json("/api/v1/admin/reservacion", Some(&t), &reserva("polanco", name, &format!("2026-11-24 {hora}"))).await.es_exito_201();
        }
        let dia = lista(&app, &t, "tag=polanco&status=hoy").await;
        let estados: Vec<&str> = dia.iter().map(|r| r["status"].as_str().unwrap()).collect();
        let pendientes = estados.iter().take_while(|e| **e == "Pendiente").count();
        assert!(pendientes >= 2 && estados[pendientes..].iter().all(|e| *e != "Pendiente"), "Pendiente first: {estados:?}");
        assert!(pendientes < estados.len(), "the rest of the day follows: {estados:?}");
        // Each group in time order.
        let horas: Vec<&str> = dia.iter().map(|r| r["fecha_hora"].as_str().unwrap()).collect();
        assert!(horas[..pendientes].is_sorted() && horas[pendientes..].is_sorted(), "{horas:?}");
        let nombres: Vec<&str> = dia[..pendientes].iter().map(|r| r["name"].as_str().unwrap()).collect();
        let (antes, tarde) = (nombres.iter().position(|n| *n == "Llega Antes"), nombres.iter().position(|n| *n == "Llega Tarde"));
        assert!(antes.is_some() && antes < tarde, "{nombres:?}");
    }
}
