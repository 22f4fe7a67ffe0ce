//! The waitlist: a party written down with the wait it is quoted (the parties ahead counted),
//! the list in order with the minutes each has waited, calling a party (one "Su mesa está lista"
//! message to its phone in E.164, queued in the outbox; none without a phone), a party leaving
//! with its reason, a walk-in's save seating the party once, who may do what, and the live
//! stream's `event: espera`.

use std::time::Duration;

use anfitrion_core::ReglaError;
use serde_json::{json, Value};
use sqlx::Connection;

use crate::helpers::{
    en_ambos, leer, mesero, puerto_cerrado, spawn, spawn_app, spawn_app_a, sql_directo, Opciones,
    PuertoCerrado, Respuesta, TestApp,
};

const MENSAJE_POLANCO: &str =
    "Su mesa está lista en La Hacienda Polanco. Por favor preséntese con la hostess.";

pub(crate) async fn anotar(app: &TestApp, token: &str, cuerpo: Value) -> Respuesta {
    app.post_json("/api/v1/admin/espera", Some(token), &cuerpo)
        .await
}

pub(crate) fn grupo(tag: &str, name: &str, personas: u32, phone: Option<&str>) -> Value {
    json!({ "tag": tag, "name": name, "personas": personas, "phone": phone })
}

pub(crate) async fn lista(app: &TestApp, token: &str, tag: &str) -> Vec<Value> {
    app.get(&format!("/api/v1/admin/espera?tag={tag}"), Some(token))
        .await
        .es_exito()
        .as_array()
        .expect("una lista")
        .clone()
}

fn walkin(tag: &str, mesero_id: &str, mesa: &str, personas: u32, espera_id: Option<&str>) -> Value {
    json!({
        "tag_sucursal": tag, "name": "Familia Pérez", "email": "", "phone": "", "evento": "Ninguno",
        "comanda": { "mesa": mesa, "mesero_id": mesero_id, "no_personas": personas, "buffet_adulto": personas, "buffet_boy": 0,
                     "buffet_promo_adulto": personas, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] },
        "espera_id": espera_id
    })
}

/// A server with a phone provider it cannot reach: "Avisar" queues its message, which waits in
/// the outbox (each try fails and is tried again later). Keep the port while the test runs.
pub(crate) async fn con_proveedor(motor: crate::helpers::Motor) -> (TestApp, PuertoCerrado) {
    let cerrado = puerto_cerrado();
    let url = format!("http://{}", cerrado.addr);
    let app = spawn(
        motor,
        Opciones::demo_con(move |c| c.mensajes = Some(crate::recordatorios::conf_proveedor(&url))),
    )
    .await;
    (app, cerrado)
}

/// Leaves the branch with one free table of four: quotes are then plain to predict.
pub(crate) async fn una_mesa_de_cuatro(app: &TestApp, tag: &str) {
    let sistemas = app.token("sistemas@demo.mx").await;
    let id = app.id_sucursal(tag).await;
    app.put_json(
        &format!("/api/v1/admin/sucursal/{id}/mesas"),
        Some(&sistemas),
        &json!([{ "numero": 1, "asientos": 4 }]),
    )
    .await
    .es_exito();
}

/// Rows of `sql` (text columns, one text parameter), read straight from the database.
pub(crate) async fn filas(app: &TestApp, sql: &str, valor: &str) -> Vec<Vec<String>> {
    use sqlx::Row;
    macro_rules! leer_filas {
        ($con:expr) => {{
            let mut con = $con;
            let filas = sqlx::query(sql)
                .bind(valor)
                .fetch_all(&mut con)
                .await
                .expect("consulta");
            let leidas = filas
                .iter()
                .map(|f| (0..f.len()).map(|i| f.get::<String, _>(i)).collect())
                .collect();
            let _ = con.close().await;
            leidas
        }};
    }
    if app.database_url.starts_with("sqlite:") {
        leer_filas!(sqlx::SqliteConnection::connect(&app.database_url)
            .await
            .unwrap())
    } else {
        leer_filas!(sqlx::PgConnection::connect(&app.database_url)
            .await
            .unwrap())
    }
}

/// The phone messages queued for a party: kind, recipient, text, state.
pub(crate) async fn mensajes(app: &TestApp, espera_id: &str) -> Vec<Vec<String>> {
    filas(
        app,
        "SELECT tipo, destinatario, texto, estado FROM mensajes_salida WHERE espera_id = $1 ORDER BY creado_en",
        espera_id,
    )
    .await
}

en_ambos! {
    async fn a_party_is_quoted_listed_in_order_and_its_wait_grows(motor: Motor) {
        let app = spawn_app(motor).await;
        una_mesa_de_cuatro(&app, "polanco").await;
        let t = app.token("hostess@demo.mx").await;
        assert!(lista(&app, &t, "polanco").await.is_empty());
        let r = anotar(&app, &t, json!({
            "tag": "polanco", "name": "  Familia   Pérez ", "phone": "52 55 1234 5678", "personas": 4, "notas": "silla alta"
        })).await;
        let primero = r.es_exito_201().clone();
        assert_eq!(r.message(), "Grupo anotado en la lista de espera");
        assert_eq!(primero["name"], "Familia Pérez");
        assert_eq!(primero["phone"], "525512345678");
        assert_eq!((primero["personas"].as_u64(), primero["notas"].as_str()), (Some(4), Some("silla alta")));
        // The table of four is free: no wait, and a free table seats this party first.
        assert_eq!((primero["cotizada_min"].as_u64(), primero["estimada_min"].as_u64()), (Some(0), Some(0)));
        assert_eq!((primero["posicion"].as_u64(), primero["siguiente"].as_bool()), (Some(1), Some(true)));
        assert_eq!(primero["esperando_min"], 0);
        assert!(primero["avisado"].is_null() && primero["mensaje"].is_null(), "{primero}");
        let creado = chrono::DateTime::parse_from_rfc3339(primero["creado"].as_str().unwrap()).expect("RFC 3339");
        assert!((app.reloj.ahora() - creado.with_timezone(&chrono::Utc)).num_seconds().abs() < 5, "{creado}");
        let l = lista(&app, &t, "polanco").await;
        assert_eq!(l.len(), 1);
        assert_eq!((l[0]["_id"].clone(), l[0]["posicion"].as_u64()), (primero["_id"].clone(), Some(1)));
        // Ten minutes later the party has waited ten.
        app.reloj.avanzar(chrono::Duration::minutes(10));
        let l = lista(&app, &t, "polanco").await;
        assert_eq!(l[0]["esperando_min"], 10);
        // A second party waits for the table the first takes: one expected stay.
        let estancia = app.get("/api/v1/admin/salon?tag=polanco", Some(&t)).await.es_exito()["estancia_min"].as_u64().unwrap();
        let segundo = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, None)).await.es_exito_201().clone();
        assert_eq!(segundo["cotizada_min"].as_u64(), Some(estancia), "{segundo}");
        assert_eq!((segundo["posicion"].as_u64(), segundo["siguiente"].as_bool()), (Some(2), Some(false)));
        assert!(segundo["phone"].is_null());
        let l = lista(&app, &t, "polanco").await;
        let nombres: Vec<&str> = l.iter().map(|g| g["name"].as_str().unwrap()).collect();
        assert_eq!(nombres, ["Familia Pérez", "Ana Ruiz"]);
        assert_eq!((l[1]["posicion"].as_u64(), l[1]["estimada_min"].as_u64()), (Some(2), Some(estancia)));
        assert_eq!((l[0]["siguiente"].as_bool(), l[1]["siguiente"].as_bool()), (Some(true), Some(false)));
        assert_eq!((l[0]["esperando_min"].as_u64(), l[1]["esperando_min"].as_u64()), (Some(10), Some(0)));
        // A party no table seats is written down without a quote.
        let grande = anotar(&app, &t, grupo("polanco", "Grupo Contreras", 9, None)).await.es_exito_201().clone();
        assert!(grande["cotizada_min"].is_null() && grande["estimada_min"].is_null(), "{grande}");
        // Another branch's list is its own.
        assert!(lista(&app, &t, "satelite").await.is_empty());
    }

    async fn bad_input_is_refused_in_spanish_and_nothing_is_written(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        anotar(&app, &t, grupo("polanco", "Ana", 0, None)).await.es_error(400, &ReglaError::PersonasCero.to_string());
        let r = anotar(&app, &t, grupo("polanco", "Ana", 51, None)).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        assert_eq!(r.cuerpo["data"]["campo"], "personas");
        anotar(&app, &t, grupo("polanco", "  ", 2, None)).await.es_error(400, &ReglaError::NombreRequerido.to_string());
        anotar(&app, &t, grupo("polanco", "Ana", 2, Some("55 1234 5678"))).await
            .es_error(400, &ReglaError::TelefonoInvalido.to_string());
        let r = anotar(&app, &t, json!({ "tag": "polanco", "name": "Ana", "personas": 2, "notas": "x".repeat(201) })).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        let r = anotar(&app, &t, json!({ "tag": "polanco", "name": "Ana", "personas": "dos" })).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        assert!(r.message().contains("debe ser un número entero"), "{}", r.message());
        let r = anotar(&app, &t, json!({ "tag": "polanco", "name": "Ana" })).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        assert!(r.message().starts_with("Falta el campo"), "{}", r.message());
        anotar(&app, &t, json!({ "name": "Ana", "personas": 2 })).await
            .es_error(400, "Falta la sucursal: su etiqueta está vacía.");
        assert!(lista(&app, &t, "polanco").await.is_empty());
        // An unknown party.
        app.post("/api/v1/admin/espera/no-existe/avisar", Some(&t)).await.es_error(404, "No se encontró el grupo.");
        app.post_json("/api/v1/admin/espera/no-existe/salir", Some(&t), &json!({ "motivo": "Se cansó" })).await
            .es_error(404, "No se encontró el grupo.");
    }

    async fn calling_a_party_queues_one_message_to_its_phone(motor: Motor) {
        let (app, _proveedor) = con_proveedor(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let g = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, Some("+52 55 1234 5678"))).await.es_exito_201().clone();
        let id = g["_id"].as_str().unwrap();
        app.reloj.avanzar(chrono::Duration::minutes(3));
        let r = app.post(&format!("/api/v1/admin/espera/{id}/avisar"), Some(&t)).await;
        let avisado = r.es_exito().clone();
        assert_eq!((avisado["_id"].as_str(), avisado["estado"].as_str(), avisado["mensaje"].as_str()), (Some(id), Some("esperando"), Some("pendiente")));
        assert!(avisado["avisado"].is_string() && avisado["cerrado"].is_null(), "{avisado}");
        assert_eq!(
            mensajes(&app, id).await,
            vec![vec!["mesa_lista".to_owned(), "+525512345678".to_owned(), MENSAJE_POLANCO.to_owned(), "pendiente".to_owned()]]
        );
        // The list shows the call and the message's state; the party still waits.
        let l = lista(&app, &t, "polanco").await;
        assert_eq!((l[0]["avisado"].clone(), l[0]["mensaje"].as_str()), (avisado["avisado"].clone(), Some("pendiente")));
        // A repeat with the same key is the first answer again: still one message.
        let repetir = || app.client.post(app.url(&format!("/api/v1/admin/espera/{id}/avisar"))).bearer_auth(&t).header("Idempotency-Key", "avisar-perez-1");
        let a = leer(repetir().send().await.unwrap()).await;
        a.es_exito();
        let b = leer(repetir().send().await.unwrap()).await;
        assert_eq!(b.headers.get("idempotent-replayed").and_then(|v| v.to_str().ok()), Some("true"));
        assert_eq!(b.cuerpo, a.cuerpo);
        assert_eq!(mensajes(&app, id).await.len(), 2, "the first call and the keyed one");
        // A party without a phone is called by its name: nothing is written.
        let sin = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, None)).await.es_exito_201().clone();
        let sin_id = sin["_id"].as_str().unwrap();
        let r = app.post(&format!("/api/v1/admin/espera/{sin_id}/avisar"), Some(&t)).await;
        r.es_error(409, "El grupo no dejó teléfono: llámelo por su nombre.");
        assert_eq!(r.cuerpo["data"]["codigo"], "sin_telefono");
        assert!(mensajes(&app, sin_id).await.is_empty());
        let l = lista(&app, &t, "polanco").await;
        assert!(l[1]["avisado"].is_null() && l[1]["mensaje"].is_null(), "{}", l[1]);
    }

    async fn a_party_leaves_with_its_reason(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let g = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, Some("52 55 1234 5678"))).await.es_exito_201().clone();
        let id = g["_id"].as_str().unwrap();
        let (a, tk) = (&app, &t);
        let salir = move |cuerpo: Value| async move { a.post_json(&format!("/api/v1/admin/espera/{id}/salir"), Some(tk), &cuerpo).await };
        salir(json!({ "motivo": "   " })).await.es_error(400, "Escribe por qué se fue");
        let r = salir(json!({})).await;
        r.es_error(400, "Escribe por qué se fue");
        assert_eq!(r.cuerpo["data"]["campo"], "motivo");
        salir(json!({ "motivo": "x".repeat(121) })).await.es_error(400, &ReglaError::MotivoLargo { max: 120 }.to_string());
        assert_eq!(lista(&app, &t, "polanco").await.len(), 1, "a refused reason leaves the party waiting");
        let r = salir(json!({ "motivo": "  No quiso   esperar " })).await;
        let fuera = r.es_exito();
        assert_eq!((fuera["estado"].as_str(), fuera["motivo"].as_str()), (Some("se_fue"), Some("No quiso esperar")));
        assert!(fuera["cerrado"].is_string(), "{fuera}");
        assert!(lista(&app, &t, "polanco").await.is_empty());
        // Gone is gone: neither leaving again nor a call.
        let terminada = ReglaError::EsperaTerminada.to_string();
        let r = salir(json!({ "motivo": "Otra vez" })).await;
        r.es_error(409, &terminada);
        assert_eq!(r.cuerpo["data"]["codigo"], "espera_terminada");
        app.post(&format!("/api/v1/admin/espera/{id}/avisar"), Some(&t)).await.es_error(409, &terminada);
        assert!(mensajes(&app, id).await.is_empty());
    }

    async fn a_walk_in_seats_the_waiting_party_once(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let g = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, None)).await.es_exito_201().clone();
        let id = g["_id"].as_str().unwrap();
        let otro = anotar(&app, &t, grupo("satelite", "Ana Ruiz", 2, None)).await.es_exito_201().clone();
        let otro_id = otro["_id"].as_str().unwrap();
        let (a, tk) = (&app, &t);
        let total = move || async move { a.get("/api/v1/admin/walkin?tag=polanco&slug=todas", Some(tk)).await.es_exito()["total"].as_u64().unwrap() };
        let antes = total().await;
        // A party of another branch, or none at all, refuses the whole save.
        let terminada = ReglaError::EsperaTerminada.to_string();
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "5", 2, Some(otro_id))).await.es_error(409, &terminada);
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "5", 2, Some("no-existe"))).await.es_error(409, &terminada);
        assert_eq!(total().await, antes);
        assert_eq!(lista(&app, &t, "satelite").await.len(), 1, "the other branch's party still waits");
        // Table 5 was not opened by the refused saves: the seat goes through.
        let w = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "5", 4, Some(id))).await;
        let w = w.es_exito_201().clone();
        assert_eq!(total().await, antes + 1);
        assert!(lista(&app, &t, "polanco").await.is_empty());
        assert_eq!(
            filas(&app, "SELECT estado, walkin_id FROM lista_espera WHERE id = $1", id).await,
            vec![vec!["sentado".to_owned(), w["_id"].as_str().unwrap().to_owned()]]
        );
        // Seated once: a second walk-in for the party saves nothing, opens no table.
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "6", 4, Some(id))).await.es_error(409, &terminada);
        assert_eq!(total().await, antes + 1);
        let piso = app.get("/api/v1/admin/salon?tag=polanco", Some(&t)).await.es_exito().clone();
        let seis = piso["mesas"].as_array().unwrap().iter().find(|m| m["numero"] == 6).unwrap().clone();
        assert_eq!(seis["estado"], "libre");
        // A walk-in without the field, or with it empty, is saved as always.
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "6", 2, None)).await.es_exito_201();
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "7", 2, Some(""))).await.es_exito_201();
    }

    async fn a_branch_that_charges_by_arrival_keeps_when_the_party_was_written_down(motor: Motor) {
        // Friday evening: the late cutoff (18:40) between the party's arrival and its seating.
        let app = spawn_app_a(motor, "2026-11-27 18:35").await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let piso = app.get("/api/v1/admin/salon?tag=polanco", Some(&t)).await.es_exito().clone();
        let libres: Vec<String> = piso["mesas"].as_array().unwrap().iter()
            .filter(|x| x["estado"] == "libre" && x["asientos"].as_u64() >= Some(4))
            .map(|x| x["numero"].to_string())
            .collect();
        assert!(libres.len() >= 3, "three free tables of four at 18:35: {piso}");
        let conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&gerente)).await.es_exito().clone();
        assert_eq!(conf["cobro_por_llegada"], false, "every branch starts charging by the seating: {conf}");
        let antes = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, None)).await.es_exito_201().clone();
        let despues = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 4, None)).await.es_exito_201().clone();
        app.llevar_reloj_a("2026-11-27 18:55");

        // Off: the seating's time decides; nothing of the arrival is kept or printed.
        let w = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, &libres[0], 4, antes["_id"].as_str())).await;
        let w = w.es_exito_201().clone();
        assert!(w["llegada"].is_null(), "{w}");

        // On: the party written down at 18:35 is seated at 18:55 with its arrival kept.
        let mut cuerpo = conf.clone();
        cuerpo["cobro_por_llegada"] = json!(true);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&gerente), &cuerpo).await.es_exito();
        let leida = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&gerente)).await.es_exito().clone();
        assert_eq!(leida["cobro_por_llegada"], true);
        let sucursales = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&t)).await.es_exito().clone();
        let polanco = sucursales.as_array().unwrap().iter().find(|s| s["tag"] == "polanco").unwrap().clone();
        assert_eq!(polanco["horario"]["cobro_por_llegada"], true, "the wizard reads it with the branch's hours: {polanco}");
        let w = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, &libres[1], 4, despues["_id"].as_str())).await;
        let w = w.es_exito_201().clone();
        assert_eq!(w["llegada"], "18:35", "{w}");
        let id = w["_id"].as_str().unwrap();
        let leido = app.get(&format!("/api/v1/admin/walkin/{id}?tag=polanco"), Some(&t)).await.es_exito().clone();
        assert_eq!(leido["llegada"], "18:35");
        // A walk-in from the door, not the list, arrived when it is seated: nothing to keep.
        let puerta = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, &libres[2], 2, None)).await;
        assert!(puerta.es_exito_201()["llegada"].is_null());
    }

    async fn the_dashboard_counts_what_the_queue_did(motor: Motor) {
        let app = spawn_app_a(motor, "2026-11-27 14:00").await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let piso = app.get("/api/v1/admin/salon?tag=polanco", Some(&t)).await.es_exito().clone();
        let libre = piso["mesas"].as_array().unwrap().iter()
            .find(|x| x["estado"] == "libre" && x["asientos"].as_u64() >= Some(2))
            .map(|x| x["numero"].to_string())
            .expect("a free table at 14:00");
        let cifras = |consulta: &'static str| {
            let (a, g) = (&app, &gerente);
            async move { a.get(&format!("/api/v1/admin/dashboard/espera?tag=polanco{consulta}"), Some(g)).await.es_exito().clone() }
        };
        let vacio = cifras("&dias=1").await;
        assert_eq!((vacio["grupos"].as_u64(), vacio["por_hora"].as_array().map(Vec::len)), (Some(0), Some(0)), "{vacio}");
        assert!(vacio["espera_mediana_min"].is_null());

        let primero = anotar(&app, &t, grupo("polanco", "Familia Pérez", 2, None)).await.es_exito_201().clone();
        app.llevar_reloj_a("2026-11-27 14:10");
        let segundo = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, None)).await.es_exito_201().clone();
        // Seated 20 and a half minutes after it was written down (a wait counts whole minutes);
        // the other leaves after 15.
        app.llevar_reloj_a("2026-11-27 14:20");
        app.reloj.avanzar(chrono::Duration::seconds(30));
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, &libre, 2, primero["_id"].as_str())).await.es_exito_201();
        app.llevar_reloj_a("2026-11-27 14:25");
        let id = segundo["_id"].as_str().unwrap();
        app.post_json(&format!("/api/v1/admin/espera/{id}/salir"), Some(&t), &json!({ "motivo": "No contestó" })).await.es_exito();
        app.llevar_reloj_a("2026-11-27 15:05");
        anotar(&app, &t, grupo("polanco", "Grupo Contreras", 3, None)).await.es_exito_201();

        let c = cifras("&dias=1").await;
        let n = |campo: &str| c[campo].as_u64();
        assert_eq!((n("grupos"), n("sentados"), n("se_fueron"), n("esperando")), (Some(3), Some(1), Some(1), Some(1)), "{c}");
        assert_eq!((n("espera_mediana_min"), n("espera_p90_min")), (Some(20), Some(20)));
        // The seated party was quoted what the floor gave at 14:00: missed when it was under 20.
        let cotizada = primero["cotizada_min"].as_u64().expect("a quote: a free table seats two");
        assert_eq!(n("cotizados"), Some(1));
        assert_eq!(n("cotizacion_superada"), Some(u64::from(cotizada < 20)));
        assert_eq!(n("exceso_mediano_min"), (cotizada < 20).then(|| 20 - cotizada));
        let horas: Vec<(u64, u64, u64, u64)> = c["por_hora"].as_array().unwrap().iter()
            .map(|h| (h["hora"].as_u64().unwrap(), h["grupos"].as_u64().unwrap(), h["sentados"].as_u64().unwrap(), h["se_fueron"].as_u64().unwrap()))
            .collect();
        assert_eq!(horas, [(14, 2, 1, 1), (15, 1, 0, 0)]);
        assert!(c["por_hora"].as_array().unwrap().iter().all(|h| h["fecha"] == "2026-11-27"));
        // The day before had no queue; a bad period is refused in Spanish.
        assert_eq!(cifras("&fecha=2026-11-26&dias=1").await["grupos"], 0);
        app.get("/api/v1/admin/dashboard/espera?tag=polanco&dias=0", Some(&gerente)).await
            .es_error(400, "El parámetro «dias» va de 1 a 90.");
    }

    async fn only_those_who_keep_the_list_reach_it_and_only_their_branches(motor: Motor) {
        let app = spawn_app(motor).await;
        let hostess = app.token("hostess@demo.mx").await;
        let g = anotar(&app, &hostess, grupo("polanco", "Familia Pérez", 4, Some("52 55 1234 5678"))).await.es_exito_201().clone();
        let id = g["_id"].as_str().unwrap();
        let sin_permiso = "No tienes permiso para realizar esta acción.";
        for correo in ["sistemas@demo.mx", "reservaciones@demo.mx"] {
            let t = app.token(correo).await;
            app.get("/api/v1/admin/espera?tag=polanco", Some(&t)).await.es_error(403, sin_permiso);
            anotar(&app, &t, grupo("polanco", "Ana", 2, None)).await.es_error(403, sin_permiso);
            app.post(&format!("/api/v1/admin/espera/{id}/avisar"), Some(&t)).await.es_error(403, sin_permiso);
            app.post_json(&format!("/api/v1/admin/espera/{id}/salir"), Some(&t), &json!({ "motivo": "x" })).await.es_error(403, sin_permiso);
        }
        app.get("/api/v1/admin/espera?tag=polanco", None).await.es_error(401, "Inicia sesión para continuar.");
        assert!(mensajes(&app, id).await.is_empty());
        assert_eq!(lista(&app, &hostess, "polanco").await.len(), 1);
        // Monterrey is not the hostess's: neither its list nor its parties.
        let ajena = "No tienes acceso a esta sucursal.";
        app.get("/api/v1/admin/espera?tag=monterrey", Some(&hostess)).await.es_error(403, ajena);
        anotar(&app, &hostess, grupo("monterrey", "Ana", 2, None)).await.es_error(403, ajena);
        sql_directo(
            &app.database_url,
            "INSERT INTO lista_espera (id, sucursal_id, name, phone, personas, creado_en, autor) \
             SELECT 'de-monterrey', id, 'Luis Garza', '528112345678', 2, '2026-11-25T19:00:00Z', 'x' FROM sucursales WHERE tag = $1",
            &["monterrey"],
        )
        .await;
        app.post("/api/v1/admin/espera/de-monterrey/avisar", Some(&hostess)).await.es_error(403, ajena);
        app.post_json("/api/v1/admin/espera/de-monterrey/salir", Some(&hostess), &json!({ "motivo": "x" })).await.es_error(403, ajena);
        assert!(mensajes(&app, "de-monterrey").await.is_empty());
        // The gerente keeps the list too.
        let gerente = app.token("gerente@demo.mx").await;
        assert_eq!(lista(&app, &gerente, "polanco").await.len(), 1);
    }

    async fn an_open_console_hears_the_waitlist_change(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let mut flujo = app.client.get(app.url("/api/v1/admin/notifications/stream?tag=polanco")).bearer_auth(&t).send().await.unwrap();
        assert_eq!(flujo.status(), 200);
        // Another branch's change does not reach this stream; this branch's does.
        anotar(&app, &t, grupo("satelite", "Ana Ruiz", 2, None)).await.es_exito_201();
        anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, None)).await.es_exito_201();
        let hasta = std::time::Instant::now() + Duration::from_secs(3);
        let mut texto = String::new();
        while !texto.contains("event: espera") {
            let trozo = tokio::time::timeout(hasta.saturating_duration_since(std::time::Instant::now()), flujo.chunk()).await;
            let trozo = trozo.expect("the change arrives within seconds").unwrap().expect("stream open");
            texto.push_str(&String::from_utf8_lossy(&trozo));
        }
        assert!(texto.contains("event: espera\ndata: polanco"), "{texto}");
        assert!(!texto.contains("satelite"), "{texto}");
    }

    async fn a_floor_holds_at_most_four_hundred_tables_and_a_full_list_still_answers(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let id = app.id_sucursal("polanco").await;
        let mesas = |n: u32| Value::from((1..=n).map(|k| json!({ "numero": k, "asientos": 1 + k % 4, "combinable": true })).collect::<Vec<_>>());
        let ruta = format!("/api/v1/admin/sucursal/{id}/mesas");
        app.put_json(&ruta, Some(&sistemas), &mesas(401)).await.es_error(400, "Una sucursal tiene hasta 400 mesas");
        let t = app.token("hostess@demo.mx").await;
        let antes = app.get("/api/v1/admin/salon?tag=polanco", Some(&t)).await;
        assert!(antes.es_exito()["mesas"].as_array().unwrap().len() < 401);
        app.put_json(&ruta, Some(&sistemas), &mesas(400)).await.es_exito();
        // A hundred parties of fifty behind one another: each is quoted, in order.
        for k in 0..100 {
            anotar(&app, &t, grupo("polanco", &format!("Grupo {k}"), 50, None)).await.es_exito_201();
        }
        let l = lista(&app, &t, "polanco").await;
        assert_eq!(l.len(), 100);
        let cotizadas: Vec<u64> = l.iter().map(|g| g["estimada_min"].as_u64().expect("cotizada")).collect();
        assert!(cotizadas.windows(2).all(|w| w[0] <= w[1]), "{cotizadas:?}");
        assert_eq!(l[0]["siguiente"], true, "the free floor seats the first party now");
    }

    async fn calling_is_capped_per_party_and_per_number_within_a_rolling_hour(motor: Motor) {
        let (app, _proveedor) = con_proveedor(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let hoy = app.hoy();
        let a_las = |hora: &str| app.llevar_reloj_a(&format!("{hoy} {hora}"));
        // Two parties left the same number.
        let perez = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, Some("+52 55 1234 5678"))).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let ruiz = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, Some("52 55 1234 5678"))).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let avisar = |id: &str| {
            let ruta = format!("/api/v1/admin/espera/{id}/avisar");
            let (app, t) = (&app, &t);
            async move { app.post(&ruta, Some(t)).await }
        };
        for hora in ["20:00", "20:10", "20:20"] {
            a_las(hora);
            avisar(&perez).await.es_exito();
        }
        let avisado = lista(&app, &t, "polanco").await[0]["avisado"].clone();
        // A fourth call within the hour: refused, saying when; nothing queued, nothing changed.
        a_las("20:45");
        let r = avisar(&perez).await;
        let excedido = ReglaError::AvisosExcedidos { max: 3, hora: "21:00".into() };
        r.es_error(429, &excedido.to_string());
        assert_eq!(r.message(), "A este grupo ya se le avisó 3 veces en la última hora: podrá avisarle de nuevo a las 21:00.");
        assert_eq!(r.cuerpo["data"]["codigo"], "avisos_excedidos");
        let espera: u64 = r.headers.get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).expect("Retry-After");
        assert!((14 * 60..=15 * 60).contains(&espera), "{espera}");
        assert_eq!(r.cuerpo["data"]["reintentar_en"].as_u64(), Some(espera));
        assert_eq!(mensajes(&app, &perez).await.len(), 3);
        assert_eq!(lista(&app, &t, "polanco").await[0]["avisado"], avisado, "the refused call is not recorded");
        // The other party at the same number: two more reach the number's five, the sixth waits.
        a_las("20:30");
        avisar(&ruiz).await.es_exito();
        a_las("20:40");
        avisar(&ruiz).await.es_exito();
        a_las("20:45");
        let r = avisar(&ruiz).await;
        r.es_error(429, "Ese teléfono ya recibió 5 mensajes en la última hora: podrá avisarle de nuevo a las 21:00.");
        assert_eq!(r.cuerpo["data"]["codigo"], "mensajes_al_numero_excedidos");
        assert_eq!(mensajes(&app, &ruiz).await.len(), 2);
        // An hour after the first call: the party may be called again, and that fills the
        // number's hour once more (20:10, 20:20, 20:30, 20:40 and now).
        a_las("21:05");
        avisar(&perez).await.es_exito();
        assert_eq!(mensajes(&app, &perez).await.len(), 4);
        avisar(&ruiz).await.es_error(429, "Ese teléfono ya recibió 5 mensajes en la última hora: podrá avisarle de nuevo a las 21:10.");
        a_las("21:10");
        avisar(&ruiz).await.es_exito();
    }

    async fn forty_calls_at_once_queue_three_messages(motor: Motor) {
        let (app, _proveedor) = con_proveedor(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let id = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, Some("+52 55 8765 4321"))).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let ruta = format!("/api/v1/admin/espera/{id}/avisar");
        let llamadas = (0..40).map(|_| app.post(&ruta, Some(&t)));
        let estados: Vec<u16> = futures_util::future::join_all(llamadas).await.iter().map(|r| r.status).collect();
        assert_eq!(estados.iter().filter(|s| **s == 200).count(), 3, "{estados:?}");
        assert_eq!(estados.iter().filter(|s| **s == 429).count(), 37, "{estados:?}");
        assert_eq!(mensajes(&app, &id).await.len(), 3);
    }

    async fn a_called_partys_message_leaves_at_once_not_at_the_next_round(motor: Motor) {
        let (sms, url) = crate::recordatorios::proveedor().await;
        let app = crate::helpers::spawn(motor, crate::helpers::Opciones::demo_con(move |c| {
            c.mensajes = Some(crate::recordatorios::conf_proveedor(&url));
            // Reminders are looked for once an hour: only the call itself can send the message.
            c.cada_recordatorios = Duration::from_secs(3600);
        }))
        .await;
        let t = app.token("hostess@demo.mx").await;
        let id = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, Some("+52 55 1234 5678"))).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        app.post(&format!("/api/v1/admin/espera/{id}/avisar"), Some(&t)).await.es_exito();
        sms.esperar(1).await;
        let enviado = mensajes(&app, &id).await;
        assert_eq!(enviado.len(), 1);
    }

    async fn without_a_phone_provider_avisar_sends_nothing_and_says_whom_to_call(motor: Motor) {
        let app = spawn(motor, Opciones::demo_con(|c| c.correo.smtp_url = None)).await;
        let t = app.token("hostess@demo.mx").await;
        let canales = app.get("/api/v1/admin/canales", Some(&t)).await;
        assert_eq!(canales.es_exito(), &json!({ "correo": false, "telefono": false, "enlaces": true }));
        let id = anotar(&app, &t, grupo("polanco", "Familia Pérez", 4, Some("+52 55 1234 5678"))).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let r = app.post(&format!("/api/v1/admin/espera/{id}/avisar"), Some(&t)).await;
        r.es_error(409, "Este servidor no tiene servicio de mensajes: no se envió nada. Llame al grupo al +525512345678.");
        assert_eq!((r.cuerpo["data"]["codigo"].as_str(), r.cuerpo["data"]["telefono"].as_str()), (Some("sin_proveedor"), Some("+525512345678")));
        assert!(mensajes(&app, &id).await.is_empty(), "nothing queued");
        let l = lista(&app, &t, "polanco").await;
        assert!(l[0]["avisado"].is_null() && l[0]["mensaje"].is_null(), "{}", l[0]);
        // With a provider the same server's screens learn it can send.
        let (con, _proveedor) = con_proveedor(motor).await;
        let t = con.token("hostess@demo.mx").await;
        assert_eq!(con.get("/api/v1/admin/canales", Some(&t)).await.es_exito()["telefono"], true);
    }
}

en_ambos! {
    async fn the_quote_learns_this_weekday_and_hour_and_the_dashboard_compares_it_with_the_fixed_one(motor: Motor) {
        // Wednesday 13:00: one table of four, and the floor's own stay is the setting (120).
        let app = spawn_app(motor).await;
        una_mesa_de_cuatro(&app, "polanco").await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let mut conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&gerente)).await.es_exito().clone();
        conf["estancia_mesa_min"] = json!(120);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&gerente), &conf).await.es_exito();
        // The last eight Wednesdays, parties that sat down between 13:00 and 14:00 stayed 30
        // minutes: twelve stays, enough to learn from. Stays of other hours do not count.
        let ahora = app.reloj.ahora();
        let mut valores = Vec::new();
        for (semanas, minuto) in (1..=8).map(|k| (k, 5)).chain((1..=4).map(|k| (k, 30))).chain([(2, -50)]) {
            let abierta = ahora - chrono::Duration::weeks(semanas) + chrono::Duration::minutes(minuto);
            let larga = if minuto < 0 { 200 } else { 30 };
            let liberada = abierta + chrono::Duration::minutes(larga);
            let f = |d: chrono::DateTime<chrono::Utc>| d.to_rfc3339();
            valores.push(format!("('hist-{semanas}-{minuto}', (SELECT id FROM sucursales WHERE tag = $1), '1', 2, '{}', '{}')", f(abierta), f(liberada)));
        }
        sql_directo(&app.database_url, &format!("INSERT INTO turnos (id, sucursal_id, mesa, personas, abierta_en, liberada_en) VALUES {}", valores.join(", ")), &["polanco"]).await;

        let m = mesero(&app, &t, "polanco").await;
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "1", 4, None)).await.es_exito_201();
        app.reloj.avanzar(chrono::Duration::minutes(10));
        // Seated 10 minutes ago, a learned 30-minute stay frees it in 20; the setting would say 110.
        let g = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, None)).await.es_exito_201().clone();
        let id = g["_id"].as_str().unwrap().to_owned();
        assert_eq!(g["cotizada_min"], 20, "{g}");
        assert_eq!(lista(&app, &t, "polanco").await[0]["estimada_min"], 20);
        let fija = filas(&app, "SELECT CAST(cotizada_fija_min AS TEXT) FROM lista_espera WHERE id = $1", &id).await;
        assert_eq!(fija, [vec!["110".to_owned()]]);

        // The table frees 20 minutes later and the party sits: the learned quote was right.
        app.reloj.avanzar(chrono::Duration::minutes(20));
        let piso = app.get("/api/v1/admin/salon?tag=polanco", Some(&t)).await.es_exito().clone();
        let turno = piso["mesas"][0]["turno"]["_id"].as_str().expect("table 1 is seated").to_owned();
        app.post(&format!("/api/v1/admin/salon/turnos/{turno}/liberar"), Some(&t)).await.es_exito();
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "1", 2, Some(&id))).await.es_exito_201();
        let c = app.get("/api/v1/admin/dashboard/espera?tag=polanco&dias=1", Some(&gerente)).await.es_exito().clone();
        assert_eq!((c["error_medio_min"].as_u64(), c["error_medio_fijo_min"].as_u64()), (Some(0), Some(90)), "{c}");
        assert_eq!((c["en_linea"].as_u64(), c["por_hora"][0]["en_linea"].as_u64()), (Some(0), Some(0)));
    }
}
