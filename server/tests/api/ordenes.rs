//! Orders: walk-ins with their folios, the check-in lookup and attendance, the order catalogue,
//! and saves that survive the server being killed.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::helpers::{en_ambos, leer, spawn_app, Motor, TestApp};

async fn mesero(app: &TestApp, token: &str, tag: &str) -> Value {
    let r = app
        .get(&format!("/api/v1/admin/meseros?tag={tag}"), Some(token))
        .await;
    r.es_exito()[0].clone()
}

fn walkin(tag: &str, mesero_id: &str, name: &str) -> Value {
    json!({
        "tag_sucursal": tag, "name": name, "email": "", "phone": "52", "evento": "Cumpleaños",
        "comanda": { "mesa": "5", "mesero_id": mesero_id, "no_personas": 3, "buffet_adulto": 2, "buffet_boy": 1,
                     "buffet_promo_adulto": 3, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

async fn folios(app: &TestApp, token: &str, tag: &str) -> Vec<u64> {
    let mut todos = Vec::new();
    let mut page = 1;
    loop {
        let r = app
            .get(
                &format!("/api/v1/admin/walkin?tag={tag}&slug=todas&limit=200&page={page}"),
                Some(token),
            )
            .await;
        let items = r.es_exito()["items"].as_array().unwrap().clone();
        if items.is_empty() {
            break;
        }
        todos.extend(
            items
                .iter()
                .map(|w| w["comanda"]["folio"].as_u64().unwrap()),
        );
        page += 1;
    }
    todos
}

en_ambos! {
    async fn a_walk_in_is_saved_with_the_branchs_next_folio_and_logged(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let antes = folios(&app, &t, "polanco").await;
        let r = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", m["_id"].as_str().unwrap(), " Familia  Robles ")).await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        assert_eq!(r.message(), "Datos guardados correctamente");
        let w = &r.cuerpo["data"];
        assert_eq!((w["status"].as_str(), w["origin"].as_str(), w["name"].as_str()), (Some("Walk-in"), Some("Walk-in"), Some("Familia Robles")));
        assert_eq!(w["comanda"]["folio"].as_u64(), Some(antes.iter().max().unwrap() + 1));
        assert_eq!(w["folio"], format!("POL-{:04}", antes.iter().max().unwrap() + 1));
        assert_eq!(w["comanda"]["mesero"]["name"], m["name"]);
        assert_eq!(w["comanda"]["buffet"], json!({ "afterSeven": false, "adulto": 2, "dama": 0, "nino": 1 }));
        // A promo party of only Damas is saved and reads back with the day's list.
        let mut damas = walkin("polanco", m["_id"].as_str().unwrap(), "Dos Damas");
        damas["comanda"] = json!({ "mesa": "6", "mesero_id": m["_id"], "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                                   "buffet_promo_adulto": 0, "buffet_promo_girl": 2, "buffet_promo_boy": 0, "isAfter7pm": true });
        let r = app.post_json("/api/v1/admin/walkin", Some(&t), &damas).await;
        assert_eq!(r.es_exito_201()["comanda"]["buffet"], json!({ "afterSeven": true, "adulto": 0, "dama": 2, "nino": 0 }));
        assert_eq!(w["abre"]["mesa"], "5");
        assert!(w["fecha_hora"].as_str().unwrap().len() == 16 && w["hora"].as_str().unwrap().len() == 5);
        let hoy = app.get("/api/v1/admin/walkin?tag=polanco&slug=hoy", Some(&t)).await;
        assert!(hoy.es_exito()["items"].as_array().unwrap().iter().any(|x| x["_id"] == w["_id"]));
        let id = w["_id"].as_str().unwrap();
        let entradas = app.store.bitacora_de(id).await.unwrap();
        assert_eq!((entradas.len(), entradas[0].usuario_name.as_str()), (1, "Hilda Hostess"));
        let r = app.get(&format!("/api/v1/admin/walkin/{id}?tag=polanco"), Some(&t)).await;
        assert_eq!(r.es_exito()["folio"], w["folio"]);
        // Reservaciones has no walkin.index.
        let res = app.token("reservaciones@demo.mx").await;
        app.post_json("/api/v1/admin/walkin", Some(&res), &walkin("polanco", m["_id"].as_str().unwrap(), "X")).await
            .es_error(403, "No tienes permiso para realizar esta acción.");
    }

    async fn an_invalid_walk_in_is_refused_in_spanish_and_nothing_is_stored(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let mid = m["_id"].as_str().unwrap();
        let antes = folios(&app, &t, "polanco").await.len();
        let casos: Vec<(Value, &str)> = vec![
            ({ let mut w = walkin("polanco", mid, "Ana"); w["comanda"]["buffet_boy"] = json!(2); w }, "El número de personas no coincide con el número de Buffets"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["comanda"]["no_personas"] = json!(0); w }, "El número de personas no puede ser 0"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["comanda"]["buffet_adulto"] = json!(0); w["comanda"]["buffet_boy"] = json!(3); w }, "El número de Buffets Adulto no puede ser 0"),
            (walkin("polanco", mid, "  "), "El nombre es obligatorio"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["email"] = json!("ana@correo"); w }, "Correo electrónico no válido"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["phone"] = json!("5255123"); w }, "Número de teléfono no válido"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["comanda"]["mesa"] = json!("99"); w }, "La mesa no es de esta sucursal"),
            (walkin("polanco", "000000000000000000000000", "Ana"), "El mesero no está activo en esta sucursal"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["abre"]["promo"] = json!([{ "_id": "x", "name": "Cumpleaños", "qty": 1 }]); w }, "Escribe el nombre de los festejados"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["abre"]["promo"] = json!([{ "_id": "x", "name": "Inventada", "qty": 1 }]); w }, "La promoción «Inventada» no está activa en esta sucursal"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["abre"]["promo"] = json!([{ "_id": "x", "name": "2x1", "qty": 4 }]); w }, "El número de promociones no puede ser mayor que el número de personas"),
            ({ let mut w = walkin("polanco", mid, "Ana"); w["status"] = json!("Pendiente"); w }, "El estado y el origen de un walk-in son «Walk-in»"),
        ];
        for (cuerpo, mensaje) in casos {
            let r = app.post_json("/api/v1/admin/walkin", Some(&t), &cuerpo).await;
            r.es_error(400, mensaje);
        }
        // A waiter of another branch is not this branch's.
        let otro = mesero(&app, &t, "satelite").await;
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", otro["_id"].as_str().unwrap(), "Ana")).await
            .es_error(400, "El mesero no está activo en esta sucursal");
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("monterrey", mid, "Ana")).await
            .es_error(403, "No tienes acceso a esta sucursal.");
        assert_eq!(folios(&app, &t, "polanco").await.len(), antes, "nothing was stored");
    }

    async fn two_hundred_concurrent_walk_ins_get_distinct_gap_free_folios(motor: Motor) {
        let app = spawn_app(motor).await;
        // Many walk-ins at one table: the floor is not what this test is about.
        crate::helpers::sin_mesas(&app, "polanco").await;
        crate::helpers::sin_mesas(&app, "satelite").await;
        let t = app.token("gerente@demo.mx").await;
        let m = mesero(&app, &t, "satelite").await;
        let mid = m["_id"].as_str().unwrap().to_owned();
        let antes = folios(&app, &t, "satelite").await;
        let ultimo = *antes.iter().max().unwrap();
        let guardados = futures_util::future::join_all((0..200).map(|i| {
            let (app, t, mid) = (&app, &t, &mid);
            async move {
                let r = app.post_json("/api/v1/admin/walkin", Some(t), &walkin("satelite", mid, &format!("Invitado {i}"))).await;
                assert_eq!(r.status, 201, "{}", r.cuerpo);
                r.cuerpo["data"]["comanda"]["folio"].as_u64().unwrap()
            }
        }))
        .await;
        let unicos: HashSet<u64> = guardados.iter().copied().collect();
        assert_eq!(unicos.len(), 200, "distinct");
        assert_eq!(unicos, (ultimo + 1..=ultimo + 200).collect::<HashSet<_>>(), "gap-free, after the last one");
        let todos = folios(&app, &t, "satelite").await;
        assert_eq!(todos.len(), antes.len() + 200);
        assert_eq!(todos.iter().collect::<HashSet<_>>().len(), todos.len());
    }

    async fn the_lookup_finds_a_pending_reservation_by_code_or_email_and_says_why_not(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let l = app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes", Some(&gerente)).await;
        let r = l.es_exito()["items"][0].clone();
        let id = r["_id"].as_str().unwrap();
        let email = app.get(&format!("/api/v1/admin/reservacion/{id}"), Some(&gerente)).await.es_exito()["email"].as_str().map(str::to_owned);
        let ok = app.post_json(&format!("/api/v1/admin/reservacion/{id}/check"), Some(&t), &json!({ "id": id, "tag": "polanco", "email": null })).await;
        assert_eq!(ok.es_exito()["_id"], id);
        if let Some(email) = email {
            let ok = app.post_json("/api/v1/admin/reservacion/check", Some(&t), &json!({ "id": null, "tag": "polanco", "email": email.to_uppercase() })).await;
            assert_eq!(ok.es_exito()["status"], "Pendiente");
        }
        app.post_json("/api/v1/admin/reservacion/000000000000000000000000/check", Some(&t), &json!({ "tag": "polanco" })).await
            .es_error(404, "No se encontró la reservación.");
        app.post_json("/api/v1/admin/reservacion/https:%2F%2Fejemplo.mx/check", Some(&t), &json!({ "tag": "polanco" })).await
            .es_error(400, "El código escaneado no corresponde a una reservación");
        app.post_json("/api/v1/admin/reservacion/check", Some(&t), &json!({ "tag": "polanco", "email": "nadie@correo" })).await
            .es_error(400, "Correo electrónico no válido");
        // Another branch's: its brand and branch, nothing else.
        let res = app.token("reservaciones@demo.mx").await;
        let mty = app.get("/api/v1/admin/reservacion?tag=monterrey&status=pendientes", Some(&res)).await.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        let r = app.post_json(&format!("/api/v1/admin/reservacion/{mty}/check"), Some(&t), &json!({ "tag": "polanco" })).await;
        r.es_error(409, "La reservación es de otra sucursal: Brasa Norteña Monterrey (Brasa Norteña).");
        assert_eq!(r.cuerpo["data"], json!({ "marca": { "name": "Brasa Norteña" }, "sucursal": { "name": "Brasa Norteña Monterrey" } }));
        let atendida = app.get("/api/v1/admin/reservacion?tag=polanco&status=asistio", Some(&gerente)).await.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        let r = app.post_json(&format!("/api/v1/admin/reservacion/{atendida}/check"), Some(&t), &json!({ "tag": "polanco" })).await;
        r.es_error(409, "La reservación ya no está pendiente: está en «Asistió»");
        assert_eq!(r.cuerpo["data"]["_id"], atendida.as_str());
    }

    async fn attendance_registers_once_with_its_folio_and_a_second_is_409(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes", Some(&gerente)).await.es_exito()["items"][0].clone();
        let id = r["_id"].as_str().unwrap();
        let n = r["no_personas"].as_u64().unwrap();
        let m = mesero(&app, &t, "polanco").await;
        let cuerpo = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": n,
            "comanda": { "mesa": "7", "mesero_id": m["_id"], "no_personas": n, "buffet_adulto": n, "buffet_boy": 0,
                         "buffet_promo_adulto": n, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": true },
            "abre": { "promo": [] } });
        let antes = folios(&app, &t, "polanco").await.into_iter().max().unwrap();
        let ok = app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t), &cuerpo).await;
        let d = ok.es_exito();
        assert_eq!(ok.message(), "Asistencia registrada correctamente. Imprime la comanda y el abre");
        assert_eq!(d["status"], "Asistio");
        assert_eq!(d["comanda"]["folio"].as_u64(), Some(antes + 1), "the folio sequence is shared with walk-ins");
        assert_eq!(d["comanda"]["buffet"]["afterSeven"], true);
        assert_eq!((d["buffet_promo_adulto"].as_u64(), d["folio"].as_str()), (Some(n), Some(format!("POL-{:04}", antes + 1).as_str())));
        let segunda = app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t), &cuerpo).await;
        segunda.es_error(409, "La reservación ya no está pendiente: está en «Asistió»");
        let despues = app.get(&format!("/api/v1/admin/reservacion/{id}"), Some(&gerente)).await;
        assert_eq!(despues.es_exito()["comanda"]["folio"].as_u64(), Some(antes + 1), "nothing changed");
        let acciones: Vec<String> = app.store.bitacora_de(id).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["crear", "asistencia"], "one attendance entry");
        // Another branch's reservation cannot be attended here.
        let otra = app.get("/api/v1/admin/reservacion?tag=satelite&status=pendientes", Some(&gerente)).await.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        app.put_json(&format!("/api/v1/admin/reservacion/{otra}/asistencia"), Some(&t), &cuerpo).await
            .es_error(409, "La reservación es de otra sucursal: La Hacienda Satélite (La Hacienda Buffet).");
    }

    async fn a_promotion_that_asks_names_needs_them_on_the_abre_whatever_the_client_says(motor: Motor) {
        let app = spawn_app(motor).await;
        // Many walk-ins at one table: the floor is not what this test is about.
        crate::helpers::sin_mesas(&app, "polanco").await;
        crate::helpers::sin_mesas(&app, "satelite").await;
        let t = app.token("hostess@demo.mx").await;
        let mercadotecnia = app.token("mercadotecnia@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let mid = m["_id"].as_str().unwrap();
        let mut ids = Vec::new();
        for (name, pide) in [("Aniversario de bodas", true), ("Postre de la casa", false)] {
            let r = app.post_json("/api/v1/admin/promocion", Some(&mercadotecnia), &json!({
                "tag": "polanco", "name": name, "activa": true, "dias": [], "pide_nombres": pide })).await;
            ids.push(r.es_exito_201()["_id"].as_str().unwrap().to_owned());
        }
        let activas = app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&t)).await.es_exito().clone();
        let aniversario = activas.as_array().unwrap().iter().find(|p| p["_id"] == ids[0].as_str()).expect("offered today").clone();
        assert_eq!(aniversario["pide_nombres"], true);
        let con = |promo: Value| {
            let mut w = walkin("polanco", mid, "Familia Varela");
            w["abre"]["promo"] = json!([promo]);
            w
        };
        let antes = folios(&app, &t, "polanco").await.len();
        // Without names (missing, blank, or with the client claiming it asks none): refused, nothing stored.
        for promo in [
            json!({ "_id": ids[0], "name": "Aniversario de bodas", "qty": 2 }),
            json!({ "_id": ids[0], "name": "Aniversario de bodas", "qty": 2, "field": "   " }),
            json!({ "_id": ids[0], "name": "Aniversario de bodas", "qty": 2, "pide_nombres": false }),
        ] {
            app.post_json("/api/v1/admin/walkin", Some(&t), &con(promo)).await.es_error(400, "Escribe el nombre de los festejados");
        }
        assert_eq!(folios(&app, &t, "polanco").await.len(), antes, "nothing was stored");
        // With names: saved, and the abre keeps them trimmed (and not the flag).
        let r = app.post_json("/api/v1/admin/walkin", Some(&t),
            &con(json!({ "_id": ids[0], "name": "Aniversario de bodas", "qty": 2, "field": " Tomás y Elisa ", "pide_nombres": false }))).await;
        let w = r.es_exito_201().clone();
        assert_eq!(w["abre"]["promo"], json!([{ "_id": ids[0], "name": "Aniversario de bodas", "qty": 2, "field": "Tomás y Elisa" }]));
        let leido = app.get(&format!("/api/v1/admin/walkin/{}?tag=polanco", w["_id"].as_str().unwrap()), Some(&t)).await;
        assert_eq!(leido.es_exito()["abre"]["promo"][0]["field"], "Tomás y Elisa");
        // A promotion that asks no names drops them, even when the client claims it asks them.
        let r = app.post_json("/api/v1/admin/walkin", Some(&t),
            &con(json!({ "_id": ids[1], "name": "Postre de la casa", "qty": 1, "field": "Ana", "pide_nombres": true }))).await;
        assert_eq!(r.es_exito_201()["abre"]["promo"], json!([{ "_id": ids[1], "name": "Postre de la casa", "qty": 1 }]));
        // The attendance goes through the same check.
        let gerente = app.token("gerente@demo.mx").await;
        let res = app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes", Some(&gerente)).await.es_exito()["items"][0].clone();
        let id = res["_id"].as_str().unwrap();
        let n = res["no_personas"].as_u64().unwrap();
        let asistencia = |promo: Value| json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": n,
            "comanda": { "mesa": "7", "mesero_id": mid, "no_personas": n, "buffet_adulto": n, "buffet_boy": 0,
                         "buffet_promo_adulto": n, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": true },
            "abre": { "promo": [promo] } });
        app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t),
            &asistencia(json!({ "_id": ids[0], "name": "Aniversario de bodas", "qty": 1 }))).await
            .es_error(400, "Escribe el nombre de los festejados");
        assert_eq!(app.get(&format!("/api/v1/admin/reservacion/{id}"), Some(&gerente)).await.es_exito()["status"], "Pendiente");
        let r = app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t),
            &asistencia(json!({ "_id": ids[0], "name": "Aniversario de bodas", "qty": 1, "field": "Rosa" }))).await;
        assert_eq!(r.es_exito()["abre"]["promo"][0]["field"], "Rosa");
    }

    async fn the_order_catalogue_lists_the_branchs_waiters_and_active_promotions(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await;
        let nombres: Vec<&str> = r.es_exito().as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
        assert_eq!(nombres, ["Carlos Ramírez", "Juan Pérez", "Lucía Hernández", "María López"]);
        let r = app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&t)).await;
        let promos: Vec<&str> = r.es_exito().as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert!(promos.contains(&"Cumpleaños") && !promos.contains(&"Verano 2025"), "{promos:?}");
        app.get("/api/v1/admin/meseros?tag=monterrey", Some(&t)).await.es_error(403, "No tienes acceso a esta sucursal.");
        app.get("/api/v1/admin/promocion/activas", Some(&t)).await.es_error(400, "Indica la sucursal en el parámetro «tag».");
    }
}

/// Every save acknowledged with 2xx before a SIGKILL is there after a restart, intact, and the
/// folios have no duplicates.
async fn los_guardados_sobreviven_a_sigkill(motor: Motor) {
    use std::process::Stdio;
    let (_db, url) = crate::helpers::BaseTemporal::crear(motor).await;
    let puerto = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{puerto}");
    let arrancar = || {
        tokio::process::Command::new(env!("CARGO_BIN_EXE_anfitrion"))
            .args([
                "serve",
                "--demo",
                "--addr",
                &format!("127.0.0.1:{puerto}"),
                "--database-url",
                &url,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("anfitrion arranca")
    };
    let cliente = reqwest::Client::new();
    let esperar = |cliente: reqwest::Client, base: String| async move {
        for _ in 0..600 {
            if cliente
                .get(format!("{base}/api/v1/auth/me"))
                .send()
                .await
                .is_ok()
            {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("el servidor no respondió");
    };
    let mut proceso = arrancar();
    esperar(cliente.clone(), base.clone()).await;
    let login = |cliente: reqwest::Client, base: String| async move {
        let r = leer(
            cliente
                .post(format!("{base}/api/v1/auth/login"))
                .json(&json!({ "email": "gerente@demo.mx", "password": "demo1234" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        r.es_exito()["token"].as_str().unwrap().to_owned()
    };
    let token = login(cliente.clone(), base.clone()).await;
    let m = leer(
        cliente
            .get(format!("{base}/api/v1/admin/meseros?tag=polanco"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    let mid = m.es_exito()[0]["_id"].as_str().unwrap().to_owned();
    // Many walk-ins at one table: the floor is not what this test is about.
    let sucursales = leer(
        cliente
            .get(format!("{base}/api/v1/admin/sucursal/sucuser/suc"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    let sid = sucursales
        .es_exito()
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["tag"] == "polanco")
        .unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    leer(
        cliente
            .put(format!("{base}/api/v1/admin/sucursal/{sid}/mesas"))
            .bearer_auth(&token)
            .json(&json!([]))
            .send()
            .await
            .unwrap(),
    )
    .await
    .es_exito();
    // A stream of saves, 4 at a time; the server is killed while they flow.
    let confirmados = std::sync::Arc::new(std::sync::Mutex::new(Vec::<(String, u64)>::new()));
    let mut tareas = Vec::new();
    for hilo in 0..4 {
        let (cliente, base, token, mid, confirmados) = (
            cliente.clone(),
            base.clone(),
            token.clone(),
            mid.clone(),
            confirmados.clone(),
        );
        tareas.push(tokio::spawn(async move {
            for i in 0.. {
                let cuerpo = walkin("polanco", &mid, &format!("Cliente {hilo}-{i}"));
                let Ok(r) = cliente
                    .post(format!("{base}/api/v1/admin/walkin"))
                    .bearer_auth(&token)
                    .json(&cuerpo)
                    .send()
                    .await
                else {
                    break;
                };
                if r.status() != 201 {
                    break;
                }
                let Ok(v) = r.json::<Value>().await else {
                    break;
                };
                confirmados.lock().unwrap().push((
                    v["data"]["_id"].as_str().unwrap().to_owned(),
                    v["data"]["comanda"]["folio"].as_u64().unwrap(),
                ));
            }
        }));
    }
    while confirmados.lock().unwrap().len() < 40 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    proceso.start_kill().unwrap();
    proceso.wait().await.unwrap();
    for t in tareas {
        let _ = t.await;
    }
    let confirmados = confirmados.lock().unwrap().clone();
    let _proceso = arrancar();
    esperar(cliente.clone(), base.clone()).await;
    let token = login(cliente.clone(), base.clone()).await;
    let mut vistos = Vec::new();
    let mut page = 1;
    loop {
        let r = leer(
            cliente
                .get(format!(
                    "{base}/api/v1/admin/walkin?tag=polanco&slug=todas&limit=200&page={page}"
                ))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap(),
        )
        .await;
        let items = r.es_exito()["items"].as_array().unwrap().clone();
        if items.is_empty() {
            break;
        }
        vistos.extend(items);
        page += 1;
    }
    for (id, folio) in &confirmados {
        let w = vistos
            .iter()
            .find(|w| w["_id"] == id.as_str())
            .unwrap_or_else(|| panic!("acknowledged walk-in {id} lost"));
        assert_eq!(w["comanda"]["folio"].as_u64(), Some(*folio), "intact");
        assert_eq!(w["comanda"]["buffet"]["nino"], 1);
    }
    let folios: Vec<u64> = vistos
        .iter()
        .map(|w| w["comanda"]["folio"].as_u64().unwrap())
        .collect();
    assert_eq!(
        folios.iter().collect::<HashSet<_>>().len(),
        folios.len(),
        "no duplicate folio"
    );
    assert!(confirmados.len() >= 40);
}

#[tokio::test]
async fn acknowledged_walk_ins_survive_sigkill_on_sqlite() {
    los_guardados_sobreviven_a_sigkill(Motor::Sqlite).await;
}

#[tokio::test]
async fn acknowledged_walk_ins_survive_sigkill_on_postgres() {
    los_guardados_sobreviven_a_sigkill(Motor::Postgres).await;
}

en_ambos! {
    /// The tickets print when the table opened, not the time it was booked for.
    async fn a_seated_reservation_keeps_the_time_its_table_opened(motor: Motor) {
        let app = crate::helpers::spawn_app_a(motor, "2026-11-25 19:41").await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let lista = app.get("/api/v1/admin/reservacion?tag=polanco&status=hoy", Some(&gerente)).await;
        let r = lista.es_exito().as_array().unwrap().iter().find(|r| r["status"] == "Pendiente").cloned().expect("a pending arrival today");
        assert_eq!(r["abierta"], Value::Null, "not seated yet");
        let (id, n) = (r["_id"].as_str().unwrap(), r["no_personas"].as_u64().unwrap());
        let m = mesero(&app, &t, "polanco").await;
        let cuerpo = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": n,
            "comanda": { "mesa": "7", "mesero_id": m["_id"], "no_personas": n, "buffet_adulto": n, "buffet_boy": 0,
                         "buffet_promo_adulto": n, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": true },
            "abre": { "promo": [] } });
        let d = app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t), &cuerpo).await.es_exito().clone();
        assert_eq!(d["abierta"], "2026-11-25 19:41");
        assert_eq!(d["fecha_hora"], r["fecha_hora"], "the booked time stays what it was");
        app.reloj.avanzar(chrono::Duration::minutes(30));
        let despues = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await;
        assert_eq!(despues.es_exito()["abierta"], "2026-11-25 19:41");
    }
}

en_ambos! {
    /// The door seats a reservation on its day, around its time: next month's is refused with its
    /// date by the lookup and by the attendance alike; the branch's setting widens the window.
    async fn only_a_reservation_arriving_now_is_seated(motor: Motor) {
        let app = crate::helpers::spawn_app_a(motor, "2026-11-24 22:47").await;
        let t = app.token("hostess@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        let r = app.post_json("/api/v1/public/reservacion", None, &json!({ "tag": "polanco", "name": "Cliente Del Treinta",
            "email": "treinta@correo.mx", "fecha_hora": "2026-11-30 13:15", "no_personas": 2, "evento": "Ninguno" })).await;
        let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let motivo = "La reservación es del 30/11/2026 a las 13:15: su llegada se registra desde 120 minutos antes de esa hora";
        let hallada = app.post_json(&format!("/api/v1/admin/reservacion/{id}/check"), Some(&t), &json!({ "tag": "polanco" })).await;
        hallada.es_error(409, motivo);
        assert_eq!(hallada.cuerpo["data"]["_id"], id.as_str(), "the card still shows which one it is");
        let por_correo = app.post_json("/api/v1/admin/reservacion/check", Some(&t), &json!({ "tag": "polanco", "email": "treinta@correo.mx" })).await;
        por_correo.es_error(409, motivo);
        let m = mesero(&app, &t, "polanco").await;
        let cuerpo = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": 2,
            "comanda": { "mesa": "7", "mesero_id": m["_id"], "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                         "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        let ruta = format!("/api/v1/admin/reservacion/{id}/asistencia");
        app.put_json(&ruta, Some(&t), &cuerpo).await.es_error(409, motivo);
        assert_eq!(app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await.es_exito()["status"], "Pendiente");

        // On the day, from two hours before its time, the same guest is seated.
        app.llevar_reloj_a("2026-11-30 11:20");
        let t = app.token("hostess@demo.mx").await;
        app.post_json(&format!("/api/v1/admin/reservacion/{id}/check"), Some(&t), &json!({ "tag": "polanco" })).await.es_exito();
        let sentada = app.put_json(&ruta, Some(&t), &cuerpo).await;
        assert_eq!(sentada.es_exito()["abierta"], "2026-11-30 11:20");

        // Past its tolerance it is refused with its time (the no-show job marks it next).
        let otra = app.post_json("/api/v1/public/reservacion", None, &json!({ "tag": "polanco", "name": "Cliente Tardío",
            "email": "tarde@correo.mx", "fecha_hora": "2026-11-30 15:00", "no_personas": 2, "evento": "Ninguno" })).await;
        let otra = otra.es_exito_201()["_id"].as_str().unwrap().to_owned();
        app.llevar_reloj_a("2026-11-30 15:31");
        let t = app.token("hostess@demo.mx").await;
        app.post_json(&format!("/api/v1/admin/reservacion/{otra}/check"), Some(&t), &json!({ "tag": "polanco" })).await
            .es_error(409, "La reservación era del 30/11/2026 a las 15:00 y ya pasó su tolerancia de 30 minutos");

        // A branch that seats early guests says so in its settings.
        let g = app.token("gerente@demo.mx").await;
        let mut conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&g)).await.es_exito().clone();
        assert_eq!(conf["llegada_antes_min"], 120);
        conf["llegada_antes_min"] = json!(721);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&g), &conf).await.es_error(400, "«Llegada anticipada (minutos)» debe estar entre 0 y 720");
        conf["llegada_antes_min"] = json!(300);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&g), &conf).await.es_exito();
        let tercera = app.post_json("/api/v1/public/reservacion", None, &json!({ "tag": "polanco", "name": "Cliente Temprano",
            "email": "temprano@correo.mx", "fecha_hora": "2026-11-30 20:00", "no_personas": 2, "evento": "Ninguno" })).await;
        let tercera = tercera.es_exito_201()["_id"].as_str().unwrap().to_owned();
        app.post_json(&format!("/api/v1/admin/reservacion/{tercera}/check"), Some(&t), &json!({ "tag": "polanco" })).await.es_exito();
    }
}
