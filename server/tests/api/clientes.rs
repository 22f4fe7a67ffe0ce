//! The guest book and the partners: one client per guest however their contact was typed, the
//! branch's list and search, the client page, merging a duplicate, and affiliates with their
//! codes on bookings and their attendance rate.

use anfitrion_core::tiempo::ReglasHorario;
use chrono::{Datelike, Duration, NaiveDate};
use serde_json::{json, Value};

use crate::helpers::{
    en_ambos, lanzar, leer, nueva_reservacion, spawn_app, Opciones, Respuesta, TestApp,
};

const SIN_PERMISO: &str = "No tienes permiso para realizar esta acción.";
const SUCURSAL_AJENA: &str = "No tienes acceso a esta sucursal.";

/// A date `dias` ahead, in Mexico City, that the demo branches are open on.
fn fecha_abierta(dias: i64) -> NaiveDate {
    let mut f = ReglasHorario::default()
        .local(crate::helpers::ahora_de_prueba())
        .date()
        + Duration::days(dias);
    while f.month() == 12 && f.day() == 25 {
        f += Duration::days(1);
    }
    f
}

fn reserva(name: &str, email: Option<&str>, phone: Option<&str>) -> Value {
    json!({ "tag": "polanco", "name": name, "email": email, "phone": phone,
            "fecha_hora": format!("{} 15:00", fecha_abierta(3)), "no_personas": 2, "origin": "Widget" })
}

async fn reservar(app: &TestApp, cuerpo: &Value) -> String {
    let r = app
        .post_json("/api/v1/public/reservacion", None, cuerpo)
        .await;
    r.es_exito_201()["_id"].as_str().unwrap().to_owned()
}

async fn mesero(app: &TestApp, token: &str) -> String {
    app.get("/api/v1/admin/meseros?tag=polanco", Some(token))
        .await
        .es_exito()[0]["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn walkin(app: &TestApp, token: &str, name: &str, email: &str, phone: &str) -> String {
    let m = mesero(app, token).await;
    let cuerpo = json!({
        "tag_sucursal": "polanco", "name": name, "email": email, "phone": phone, "evento": "Ninguno",
        "comanda": { "mesa": "3", "mesero_id": m, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    });
    let r = app
        .post_json("/api/v1/admin/walkin", Some(token), &cuerpo)
        .await;
    r.es_exito_201()["_id"].as_str().unwrap().to_owned()
}

async fn buscar(app: &TestApp, token: &str, consulta: &str) -> Value {
    app.get(
        &format!("/api/v1/admin/clientes?tag=polanco&{consulta}"),
        Some(token),
    )
    .await
    .es_exito()
    .clone()
}

async fn borrar(app: &TestApp, ruta: &str, token: &str) -> Respuesta {
    leer(
        app.client
            .delete(app.url(ruta))
            .bearer_auth(token)
            .send()
            .await
            .expect("DELETE"),
    )
    .await
}

en_ambos! {
    async fn one_guest_booked_from_two_instances_at_once_keeps_every_booking(motor: Motor) {
        // Each booking recomputes the guest's figures at the branch; two instances doing it at
        // once for one guest must neither fail a booking nor lose one.
        let app = spawn_app(motor).await;
        let otra = lanzar(&app.database_url, Opciones::default()).await;
        let polanco = app.id_sucursal("polanco").await;
        let ahora = app.reloj.ahora();
        let nueva = |dias: i64| {
            let fecha_hora = fecha_abierta(dias).and_hms_opt(14, 0, 0).unwrap();
            nueva_reservacion(&polanco, "Irene Vallejo", "525577001122", fecha_hora, ahora)
        };
        // The guest exists at the branch first: every booking after it rewrites the same figures.
        app.store.crear_reservacion(&nueva(1), None).await.unwrap();
        let tareas: Vec<_> = (2..14)
            .map(|dias| {
                let store = if dias % 2 == 0 { app.store.clone() } else { otra.store.clone() };
                let r = nueva(dias);
                tokio::spawn(async move { store.crear_reservacion(&r, None).await.map(|_| ()) })
            })
            .collect();
        for t in tareas {
            t.await.unwrap().expect("every booking is saved");
        }
        let gerente = app.token("gerente@demo.mx").await;
        let lista = buscar(&app, &gerente, "q=Irene%20Vallejo").await;
        assert_eq!(lista["total"], 1, "{lista}");
        let id = lista["items"][0]["_id"].as_str().unwrap();
        let d = app.get(&format!("/api/v1/admin/clientes/{id}?tag=polanco"), Some(&gerente)).await;
        assert_eq!(d.es_exito()["visitas"].as_array().unwrap().len(), 13);
    }
}

en_ambos! {
    async fn one_guest_written_three_ways_is_one_client_with_every_visit(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let antes = buscar(&app, &gerente, "limit=1").await["total"].as_i64().unwrap();
        let r1 = reservar(&app, &reserva("Ana Ruiz", Some("  Ana.Ruiz@Correo.MX "), Some("+52 55 9876 5432"))).await;
        let r2 = reservar(&app, &reserva("Ana Ruiz", Some("ana.ruiz@correo.mx"), None)).await;
        let w = walkin(&app, &gerente, "Ana R.", "", "52-55-9876-5432").await;

        let lista = buscar(&app, &gerente, "q=Ana%20Ruiz").await;
        assert_eq!(lista["total"], 1, "{lista}");
        let c = &lista["items"][0];
        assert_eq!((c["name"].as_str(), c["email"].as_str(), c["phone"].as_str()), (Some("Ana Ruiz"), Some("ana.ruiz@correo.mx"), Some("5598765432")));
        // Two bookings still to come and one walk-in: the guest came once.
        assert_eq!((c["visitas"].as_i64(), c["no_shows"].as_i64()), (Some(1), Some(0)));
        assert_eq!(buscar(&app, &gerente, "limit=1").await["total"].as_i64(), Some(antes + 1), "one new client, not three");
        // Found by any part of the contact, however it is typed.
        for q in ["ANA.RUIZ", "98765", "55%209876%205432"] {
            let r = buscar(&app, &gerente, &format!("q={q}")).await;
            assert_eq!(r["items"][0]["_id"], c["_id"], "{q}: {r}");
        }
        let id = c["_id"].as_str().unwrap();
        let d = app.get(&format!("/api/v1/admin/clientes/{id}?tag=polanco"), Some(&gerente)).await;
        let d = d.es_exito();
        let visitas: Vec<(String, String)> = d["visitas"].as_array().unwrap().iter()
            .map(|v| (v["tipo"].as_str().unwrap().to_owned(), v["_id"].as_str().unwrap().to_owned())).collect();
        assert_eq!(visitas.len(), 3);
        for (tipo, vid) in [("reservacion", &r1), ("reservacion", &r2), ("walkin", &w)] {
            assert!(visitas.contains(&(tipo.to_owned(), vid.clone())), "{visitas:?}");
        }
        assert_eq!(d["visitas"][0]["sucursal"], "La Hacienda Polanco");
        // The last visit is the walk-in, never one of the bookings to come.
        let del_walkin = d["visitas"].as_array().unwrap().iter().find(|v| v["_id"] == w.as_str()).unwrap()["fecha_hora"].clone();
        assert_eq!(c["ultima_visita"], del_walkin, "{c}");

        // Without reservacion.client: no contact shown, yet found by it (the search box says
        // "Nombre, correo o teléfono" to every role that lists).
        let mercadotecnia = app.token("mercadotecnia@demo.mx").await;
        let sin = buscar(&app, &mercadotecnia, "q=Ana%20Ruiz").await;
        assert_eq!((sin["items"][0]["email"].clone(), sin["items"][0]["phone"].clone()), (Value::Null, Value::Null));
        let por_correo = buscar(&app, &mercadotecnia, "q=ana.ruiz").await;
        assert_eq!(por_correo["total"], 1);
        assert_eq!(por_correo["items"][0]["email"], Value::Null);
        let d = app.get(&format!("/api/v1/admin/clientes/{id}"), Some(&mercadotecnia)).await;
        assert_eq!(d.es_exito()["email"], Value::Null);
        // Permissions, branch scope, input.
        let hostess = app.token("hostess@demo.mx").await;
        app.get("/api/v1/admin/clientes?tag=polanco", Some(&hostess)).await.es_error(403, SIN_PERMISO);
        app.get(&format!("/api/v1/admin/clientes/{id}"), Some(&hostess)).await.es_error(403, SIN_PERMISO);
        app.get("/api/v1/admin/clientes?tag=monterrey", Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        app.get("/api/v1/admin/clientes", Some(&gerente)).await.es_error(400, "Indica la sucursal en el parámetro «tag».");
        app.get("/api/v1/admin/clientes?tag=polanco&page=0", Some(&gerente)).await.es_error(400, "«page» empieza en 1 y «limit» va de 1 a 200.");
        app.get("/api/v1/admin/clientes/000000000000000000000000", Some(&gerente)).await.es_error(404, "No se encontró el cliente.");
    }

    async fn the_list_pages_by_last_visit_and_a_guest_of_another_branch_is_not_shown(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let todos = buscar(&app, &gerente, "limit=200").await;
        let items = todos["items"].as_array().unwrap();
        assert_eq!(todos["total"].as_u64(), Some(items.len() as u64));
        assert!(items.len() >= 10, "the demo's guests: {}", items.len());
        // The demo books guests for the coming days: a last visit is a day the guest came, so
        // none lies after today in the branch (the demo seats today's parties at fixed hours).
        let hoy = app.hoy().format("%Y-%m-%d").to_string();
        for c in items {
            if let Some(u) = c["ultima_visita"].as_str() {
                assert!(u[..10] <= *hoy.as_str(), "{} last came {u}, after today {hoy}", c["name"]);
            }
        }
        assert!(items.iter().any(|c| c["ultima_visita"].is_string()), "the demo has guests who came");
        let p2 = buscar(&app, &gerente, "limit=3&page=2").await;
        assert_eq!(p2["items"].as_array().unwrap().iter().map(|c| c["_id"].clone()).collect::<Vec<_>>(),
                   items[3..6].iter().map(|c| c["_id"].clone()).collect::<Vec<_>>());
        // The demo's Elena Castillo booked and also came in as a walk-in, her phone typed another way.
        let elena = buscar(&app, &gerente, "q=Elena%20Castillo").await;
        assert_eq!(elena["total"], 1);
        let id = elena["items"][0]["_id"].as_str().unwrap();
        let d = app.get(&format!("/api/v1/admin/clientes/{id}"), Some(&gerente)).await;
        let tipos: Vec<&str> = d.es_exito()["visitas"].as_array().unwrap().iter().map(|v| v["tipo"].as_str().unwrap()).collect();
        assert!(tipos.contains(&"walkin") && tipos.contains(&"reservacion"), "{tipos:?}");
        // A guest seen only in Monterrey is not the Polanco manager's to read.
        let reservaciones = app.token("reservaciones@demo.mx").await;
        let r = app.post_json("/api/v1/public/reservacion", None, &json!({ "tag": "monterrey", "name": "Rosa Treviño", "email": "rosa@correo.mx",
            "fecha_hora": format!("{} 15:00", fecha_abierta(3)), "no_personas": 2 })).await;
        r.es_exito_201();
        let rosa = app.get("/api/v1/admin/clientes?tag=monterrey&q=Rosa", Some(&app.token("mercadotecnia@demo.mx").await)).await;
        let rosa_id = rosa.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        app.get(&format!("/api/v1/admin/clientes/{rosa_id}"), Some(&gerente)).await.es_error(404, "No se encontró el cliente.");
        assert_eq!(buscar(&app, &gerente, "q=Rosa").await["total"], 0);
        let _ = reservaciones;
    }

    async fn editing_and_merging_a_duplicate_moves_every_visit(motor: Motor) {
        let app = spawn_app(motor).await;
        // Many walk-ins at one table: the floor is not what this test is about.
        crate::helpers::sin_mesas(&app, "polanco").await;
        crate::helpers::sin_mesas(&app, "satelite").await;
        let gerente = app.token("gerente@demo.mx").await;
        reservar(&app, &reserva("Luis Paredes", Some("luis@correo.mx"), None)).await;
        walkin(&app, &gerente, "Luis Paredes", "luis@correo.mx", "").await;
        reservar(&app, &reserva("Luis Paredes", None, Some("+52 81 5555 0000"))).await;
        walkin(&app, &gerente, "Luis Paredes", "", "528155550000").await;
        let lista = buscar(&app, &gerente, "q=Luis%20Paredes").await;
        assert_eq!(lista["total"], 2, "two records until merged: {lista}");
        let (a, b) = (lista["items"][0]["_id"].as_str().unwrap().to_owned(), lista["items"][1]["_id"].as_str().unwrap().to_owned());

        // Notes and name.
        app.put_json(&format!("/api/v1/admin/clientes/{b}"), Some(&gerente), &json!({ "name": "" })).await.es_error(400, "El nombre es obligatorio");
        app.put_json(&format!("/api/v1/admin/clientes/{b}"), Some(&gerente), &json!({ "notas": "x".repeat(2001) })).await
            .es_error(400, "Las notas no pueden tener más de 2000 caracteres");
        let r = app.put_json(&format!("/api/v1/admin/clientes/{b}"), Some(&gerente), &json!({ "notas": "Alérgico a las nueces" })).await;
        assert_eq!((r.es_exito()["notas"].as_str(), r.es_exito()["name"].as_str()), (Some("Alérgico a las nueces"), Some("Luis Paredes")));
        app.put_json(&format!("/api/v1/admin/clientes/{a}"), Some(&gerente), &json!({ "notas": "Prefiere terraza" })).await.es_exito();
        app.put_json(&format!("/api/v1/admin/clientes/{a}"), Some(&app.token("hostess@demo.mx").await), &json!({ "notas": "x" })).await.es_error(403, SIN_PERMISO);

        // Refusals change nothing.
        let url = format!("/api/v1/admin/clientes/{a}/fusionar");
        app.post_json(&url, Some(&gerente), &json!({ "duplicado": a })).await.es_error(400, "Un cliente no se puede fusionar consigo mismo");
        app.post_json(&url, Some(&gerente), &json!({ "duplicado": "" })).await.es_error(400, "Indica el cliente duplicado en «duplicado».");
        app.post_json(&url, Some(&gerente), &json!({ "duplicado": "000000000000000000000000" })).await.es_error(404, "No se encontró el cliente.");
        app.post_json(&url, Some(&app.token("hostess@demo.mx").await), &json!({ "duplicado": b })).await.es_error(403, SIN_PERMISO);
        // Merging deletes the duplicate: marketing edits clients but may not delete them.
        app.post_json(&url, Some(&app.token("mercadotecnia@demo.mx").await), &json!({ "duplicado": b })).await.es_error(403, SIN_PERMISO);
        assert_eq!(buscar(&app, &gerente, "q=Luis%20Paredes").await["total"], 2);

        let r = app.post_json(&url, Some(&gerente), &json!({ "duplicado": b })).await;
        let d = r.es_exito();
        assert_eq!(d["visitas"].as_array().unwrap().len(), 4, "{d}");
        assert_eq!((d["email"].as_str(), d["phone"].as_str()), (Some("luis@correo.mx"), Some("8155550000")));
        let notas = d["notas"].as_str().unwrap();
        assert!(notas.contains("Prefiere terraza") && notas.contains("Alérgico a las nueces"), "{notas}");
        app.get(&format!("/api/v1/admin/clientes/{b}"), Some(&gerente)).await.es_error(404, "No se encontró el cliente.");
        let lista = buscar(&app, &gerente, "q=Luis%20Paredes").await;
        // Both walk-ins count as visits now (the two bookings are still to come).
        assert_eq!((lista["total"].as_i64(), lista["items"][0]["visitas"].as_i64()), (Some(1), Some(2)));
        // The next visit by either contact finds the merged guest.
        walkin(&app, &gerente, "Luis", "", "+52 81 5555 0000").await;
        assert_eq!(buscar(&app, &gerente, "q=Luis%20Paredes").await["items"][0]["visitas"], 3);
        let acciones: Vec<String> = app.store.bitacora_de(&a).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["editar", "fusionar"]);
    }

    async fn merging_two_records_with_their_own_e_mails_keeps_the_duplicates_in_the_notes(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        reservar(&app, &reserva("Elena Quintanar", Some("elena.q@correo.mx"), Some("+52 55 1111 2222"))).await;
        reservar(&app, &reserva("Elena Quintanar", Some("elena.quintanar@trabajo.mx"), Some("+52 55 3333 4444"))).await;
        let lista = buscar(&app, &gerente, "q=Elena%20Quintanar").await;
        assert_eq!(lista["total"], 2, "{lista}");
        let items = lista["items"].as_array().unwrap();
        let (a, b) = (items[0]["_id"].as_str().unwrap(), items[1]["_id"].as_str().unwrap());
        let (correo_b, telefono_b) = (items[1]["email"].as_str().unwrap().to_owned(), items[1]["phone"].as_str().unwrap().to_owned());
        let r = app.post_json(&format!("/api/v1/admin/clientes/{a}/fusionar"), Some(&gerente), &json!({ "duplicado": b })).await;
        let notas = r.es_exito()["notas"].as_str().unwrap().to_owned();
        // The kept record keeps its own contact; the duplicate's is not lost.
        assert_eq!(r.es_exito()["email"].as_str(), items[0]["email"].as_str());
        assert!(notas.contains(&format!("Otro correo: {correo_b}")) && notas.contains(&format!("Otro teléfono: {telefono_b}")), "{notas}");
    }

    async fn affiliates_carry_bookings_by_code_and_report_their_attendance(motor: Motor) {
        let app = spawn_app(motor).await;
        let mercadotecnia = app.token("mercadotecnia@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        let hostess = app.token("hostess@demo.mx").await;
        app.get("/api/v1/admin/afiliados", Some(&hostess)).await.es_error(403, SIN_PERMISO);
        app.post_json("/api/v1/admin/afiliados", Some(&hostess), &json!({ "code": "HOTEL-SOL", "name": "Hotel Sol", "tipo": "Hotel" })).await.es_error(403, SIN_PERMISO);
        let antes = app.get("/api/v1/admin/afiliados", Some(&gerente)).await.es_exito().as_array().unwrap().len();
        for (cuerpo, mensaje) in [
            (json!({ "code": "hotel sol", "name": "Hotel Sol", "tipo": "Hotel" }), "El código del afiliado lleva de 2 a 30 letras, números o guiones"),
            (json!({ "code": "HOTEL-SOL", "name": "Hotel Sol", "tipo": "Crucero" }), "Tipo de afiliado desconocido: Crucero"),
            (json!({ "code": "HOTEL-SOL", "name": " ", "tipo": "Hotel" }), "El nombre es obligatorio"),
        ] {
            app.post_json("/api/v1/admin/afiliados", Some(&mercadotecnia), &cuerpo).await.es_error(400, mensaje);
        }
        assert_eq!(app.get("/api/v1/admin/afiliados", Some(&gerente)).await.es_exito().as_array().unwrap().len(), antes);
        let r = app.post_json("/api/v1/admin/afiliados", Some(&mercadotecnia),
            &json!({ "code": " hotel-sol ", "name": "Hotel Sol", "tipo": "hotel", "contacto": "recepcion@hotelsol.mx" })).await;
        let a = r.es_exito_201().clone();
        assert_eq!((a["code"].as_str(), a["tipo"].as_str(), a["activo"].as_bool()), (Some("HOTEL-SOL"), Some("Hotel"), Some(true)));
        let id = a["_id"].as_str().unwrap().to_owned();
        app.post_json("/api/v1/admin/afiliados", Some(&mercadotecnia), &json!({ "code": "Hotel-Sol", "name": "Otro", "tipo": "Otro" })).await
            .es_error(409, "Ya existe un afiliado con ese código.");
        app.put_json(&format!("/api/v1/admin/afiliados/{id}"), Some(&mercadotecnia), &json!({ "code": "AIRBNB-LUZ", "name": "Hotel Sol", "tipo": "Hotel" })).await
            .es_error(409, "Ya existe un afiliado con ese código.");

        // Bookings with its code (any case); an unknown code stores nothing.
        let mut con_codigo = reserva("Marta Gil", Some("marta@correo.mx"), None);
        con_codigo["afiliado"] = json!("hotel-sol");
        let vino = reservar(&app, &con_codigo).await;
        con_codigo["name"] = json!("Pablo Gil");
        con_codigo["email"] = json!("pablo@correo.mx");
        let cancelada = reservar(&app, &con_codigo).await;
        let mut desconocido = con_codigo.clone();
        desconocido["afiliado"] = json!("NO-EXISTE");
        app.post_json("/api/v1/public/reservacion", None, &desconocido).await.es_error(400, "El código de afiliado no existe o no está activo");
        // One comes, one cancels: on the day, a few minutes before their time (a new day's sessions).
        app.llevar_reloj_a(&format!("{} 14:55", fecha_abierta(3)));
        let (mercadotecnia, gerente, hostess) =
            (app.token("mercadotecnia@demo.mx").await, app.token("gerente@demo.mx").await, app.token("hostess@demo.mx").await);
        let m = mesero(&app, &hostess).await;
        let asistencia = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": 2,
            "comanda": { "mesa": "7", "mesero_id": m, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                         "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        app.put_json(&format!("/api/v1/admin/reservacion/{vino}/asistencia"), Some(&hostess), &asistencia).await.es_exito();
        app.put(&format!("/api/v1/admin/reservacion/{cancelada}/cancel"), Some(&gerente)).await.es_exito();

        let d = app.get(&format!("/api/v1/admin/afiliados/{id}"), Some(&gerente)).await;
        let d = d.es_exito();
        // A cancellation is not a no-show: of the one booking decided, one came.
        assert_eq!((d["total"].as_i64(), d["asistidas"].as_i64(), d["vencidas"].as_i64(), d["tasa_asistencia"].as_f64()), (Some(2), Some(1), Some(0), Some(1.0)), "{d}");
        assert_eq!(d["reservaciones"].as_array().unwrap().len(), 2);
        assert_eq!(d["code"], "HOTEL-SOL");
        // The period and the branch narrow it.
        let dia = fecha_abierta(3).format("%Y-%m-%d").to_string();
        let despues = (fecha_abierta(3) + Duration::days(1)).format("%Y-%m-%d").to_string();
        let r = app.get(&format!("/api/v1/admin/afiliados/{id}?desde={dia}&hasta={dia}"), Some(&gerente)).await;
        assert_eq!(r.es_exito()["total"], 2);
        let r = app.get(&format!("/api/v1/admin/afiliados/{id}?desde={despues}"), Some(&gerente)).await;
        assert_eq!((r.es_exito()["total"].as_i64(), r.es_exito()["tasa_asistencia"].as_f64()), (Some(0), Some(0.0)));
        let r = app.get(&format!("/api/v1/admin/afiliados/{id}?tag=satelite"), Some(&gerente)).await;
        assert_eq!(r.es_exito()["total"], 0);
        app.get(&format!("/api/v1/admin/afiliados/{id}?tag=monterrey"), Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        app.get(&format!("/api/v1/admin/afiliados/{id}?desde=2026-13-01"), Some(&gerente)).await.es_error(400, "La fecha debe tener el formato AAAA-MM-DD");
        app.get(&format!("/api/v1/admin/afiliados/{id}?desde={despues}&hasta={dia}"), Some(&gerente)).await
            .es_error(400, "La fecha de inicio no puede ser posterior a la fecha de fin");
        app.get("/api/v1/admin/afiliados/000000000000000000000000", Some(&gerente)).await.es_error(404, "No se encontró el afiliado.");

        // Deactivated: kept on its reservations, refused on new bookings.
        borrar(&app, &format!("/api/v1/admin/afiliados/{id}"), &hostess).await.es_error(403, SIN_PERMISO);
        let r = borrar(&app, &format!("/api/v1/admin/afiliados/{id}"), &mercadotecnia).await;
        assert_eq!(r.es_exito()["activo"], false);
        app.post_json("/api/v1/public/reservacion", None, &con_codigo).await.es_error(400, "El código de afiliado no existe o no está activo");
        assert_eq!(app.get(&format!("/api/v1/admin/afiliados/{id}"), Some(&gerente)).await.es_exito()["total"], 2);
        let acciones: Vec<String> = app.store.bitacora_de(&id).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["crear", "desactivar"]);

        // The demo's partners have reservations.
        let lista = app.get("/api/v1/admin/afiliados", Some(&gerente)).await.es_exito().as_array().unwrap().clone();
        let luz = lista.iter().find(|a| a["code"] == "AIRBNB-LUZ").unwrap()["_id"].as_str().unwrap().to_owned();
        assert!(app.get(&format!("/api/v1/admin/afiliados/{luz}"), Some(&gerente)).await.es_exito()["total"].as_i64().unwrap() > 0);
    }
}

en_ambos! {
    /// Spanish names are found as hosts type them: without accents, in any case, a phone with its
    /// spaces; on every list, for every role that can list it (the contact still hidden from
    /// those without reservacion.client).
    async fn search_ignores_accents_case_and_the_spacing_of_phones_on_every_list(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let hostess = app.token("hostess@demo.mx").await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let id = reservar(&app, &json!({ "tag": "polanco", "name": "Héctor Martínez Ñúñez", "email": "hector.mtz@correo.mx", "phone": "525500011122",
            "fecha_hora": format!("{} 15:00", fecha_abierta(3)), "no_personas": 2, "origin": "Widget" })).await;
        walkin(&app, &hostess, "Ñúñez Álvarez", "", "525598765432").await;
        let total = |r: Respuesta| r.es_exito()["total"].as_i64().unwrap();
        let reservas = |q: &str, t: &str| {
            let (app, ruta, t) = (&app, format!("/api/v1/admin/reservacion?tag=polanco&status=todas&limit=200&q={}", q.replace(' ', "%20").replace('+', "%2B")), t.to_owned());
            async move { app.get(&ruta, Some(&t)).await }
        };
        for q in ["Hector", "hector", "HÉCTOR", "Martinez", "martínez", "nunez", "Ñúñez", "hé", "55 0001 1122", "+52 55 0001 1122", "hector.mtz"] {
            let r = reservas(q, &gerente).await;
            let d = r.es_exito();
            assert!(d["items"].as_array().unwrap().iter().any(|x| x["_id"] == id.as_str()), "«{q}» finds the reservation: {d}");
        }
        // A role without reservacion.client finds it by the contact too, and still does not see it.
        let r = reservas("55 0001 1122", &hostess).await;
        let d = r.es_exito();
        let hallada = d["items"].as_array().unwrap().iter().find(|x| x["_id"] == id.as_str()).cloned().expect("found by phone");
        assert!(hallada.get("phone").is_none() && hallada.get("email").is_none(), "{hallada}");
        // Walk-ins, clients, users and logs fold the same way.
        let w = app.get("/api/v1/admin/walkin?tag=polanco&slug=todas&q=nunez%20alvarez", Some(&hostess)).await;
        assert_eq!(w.es_exito()["items"][0]["name"], "Ñúñez Álvarez");
        let w = app.get("/api/v1/admin/walkin?tag=polanco&slug=todas&q=%C3%91%C3%BA%C3%B1ez", Some(&hostess)).await;
        assert_eq!(w.es_exito()["items"][0]["name"], "Ñúñez Álvarez", "typed exactly");
        let w = app.get("/api/v1/admin/walkin?tag=polanco&slug=todas&q=55%209876%205432", Some(&hostess)).await;
        assert_eq!(w.es_exito()["items"][0]["name"], "Ñúñez Álvarez", "a phone with spaces");
        assert!(total(app.get("/api/v1/admin/clientes?tag=polanco&q=HECTOR%20MARTINEZ", Some(&gerente)).await) >= 1);
        assert!(total(app.get("/api/v1/admin/clientes?tag=polanco&q=55%200001%201122", Some(&gerente)).await) >= 1);
        let nuevo = json!({ "name": "Begoña Ibáñez", "email": "begona@demo.mx", "password": "clave-segura-1", "role": "", "tags": ["polanco"] });
        let roles = app.get("/api/v1/admin/roles", Some(&sistemas)).await.es_exito().clone();
        let mut nuevo = nuevo;
        nuevo["role"] = roles[0]["_id"].clone();
        app.post_json("/api/v1/admin/users", Some(&sistemas), &nuevo).await.es_exito_201();
        assert_eq!(total(app.get("/api/v1/admin/users?q=begona%20ibanez", Some(&sistemas)).await), 1);
        let logs = app.get("/api/v1/admin/logs/walkin?tag=polanco&q=NUNEZ", Some(&gerente)).await;
        assert!(total(logs) >= 1, "the walk-in's entry by its guest's name, unaccented");
    }
}
