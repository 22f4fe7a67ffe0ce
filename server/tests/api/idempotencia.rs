//! A write is saved once: a repeat with the same `Idempotency-Key` (a double tap, a retry after
//! the network dropped) gets the first answer back, on any instance, within the window.

use chrono::Duration;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{en_ambos, lanzar, leer, spawn_app, Opciones, Respuesta, TestApp};

async fn enviar(
    app: &TestApp,
    metodo: Method,
    ruta: &str,
    token: Option<&str>,
    clave: Option<&str>,
    cuerpo: &Value,
) -> Respuesta {
    let mut req = app.client.request(metodo, app.url(ruta)).json(cuerpo);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(c) = clave {
        req = req.header("Idempotency-Key", c);
    }
    leer(req.send().await.expect("envío")).await
}

async fn mesero(app: &TestApp, t: &str) -> String {
    app.get("/api/v1/admin/meseros?tag=polanco", Some(t))
        .await
        .es_exito()[0]["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn walkin(mesero_id: &str, name: &str) -> Value {
    json!({
        "tag_sucursal": "polanco", "name": name, "email": "", "phone": "", "evento": "Ninguno",
        "comanda": { "mesa": "5", "mesero_id": mesero_id, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

async fn walkins_llamados(app: &TestApp, t: &str, name: &str) -> usize {
    let r = app
        .get(
            &format!(
                "/api/v1/admin/walkin?tag=polanco&slug=todas&limit=200&q={}",
                name.replace(' ', "%20")
            ),
            Some(t),
        )
        .await;
    r.es_exito()["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["name"] == name)
        .count()
}

en_ambos! {
    async fn a_repeated_walk_in_is_saved_once_and_answered_the_same(motor: Motor) {
        let app = spawn_app(motor).await;
        // Many walk-ins at one table: the floor is not what this test is about.
        crate::helpers::sin_mesas(&app, "polanco").await;
        crate::helpers::sin_mesas(&app, "satelite").await;
        let t = app.token("hostess@demo.mx").await;
        let cuerpo = walkin(&mesero(&app, &t).await, "Familia Idempotente");
        let primera = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("walkin-1"), &cuerpo).await;
        let d = primera.es_exito_201().clone();
        assert!(primera.headers.get("idempotent-replayed").is_none());
        // The second tap of a double tap, or the retry after the answer was lost.
        let segunda = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("walkin-1"), &cuerpo).await;
        assert_eq!(segunda.status, 201);
        assert_eq!(segunda.cuerpo, primera.cuerpo, "the same folio, the same record");
        assert_eq!(segunda.headers.get("idempotent-replayed").map(|v| v.to_str().unwrap()), Some("true"));
        assert_eq!(walkins_llamados(&app, &t, "Familia Idempotente").await, 1);
        // A new action has a new key: a second table for another party is a second walk-in.
        let otra = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("walkin-2"), &cuerpo).await;
        assert_ne!(otra.es_exito_201()["comanda"]["folio"], d["comanda"]["folio"]);
        assert_eq!(walkins_llamados(&app, &t, "Familia Idempotente").await, 2);
    }

    async fn two_taps_in_flight_at_once_save_one_walk_in(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let cuerpo = walkin(&mesero(&app, &t).await, "Familia Doble Toque");
        let (a, b) = tokio::join!(
            enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("doble-toque"), &cuerpo),
            enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("doble-toque"), &cuerpo),
        );
        assert_eq!((a.status, b.status), (201, 201));
        assert_eq!(a.cuerpo, b.cuerpo);
        assert_eq!(walkins_llamados(&app, &t, "Familia Doble Toque").await, 1);
    }

    /// The double tap on "Registrar Asistencia": the second answer is the first, not a 409.
    async fn a_repeated_attendance_answers_its_success_again(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes", Some(&gerente)).await.es_exito()["items"][0].clone();
        let (id, n) = (r["_id"].as_str().unwrap().to_owned(), r["no_personas"].as_u64().unwrap());
        let cuerpo = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": n,
            "comanda": { "mesa": "7", "mesero_id": mesero(&app, &t).await, "no_personas": n, "buffet_adulto": n, "buffet_boy": 0,
                         "buffet_promo_adulto": n, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        let ruta = format!("/api/v1/admin/reservacion/{id}/asistencia");
        let (a, b) = tokio::join!(
            enviar(&app, Method::PUT, &ruta, Some(&t), Some("asistencia-1"), &cuerpo),
            enviar(&app, Method::PUT, &ruta, Some(&t), Some("asistencia-1"), &cuerpo),
        );
        assert_eq!((a.status, b.status), (200, 200), "{} / {}", a.cuerpo, b.cuerpo);
        assert_eq!(a.cuerpo, b.cuerpo);
        assert_eq!(a.message(), "Asistencia registrada correctamente. Imprime la comanda y el abre");
        let acciones: Vec<String> = app.store.bitacora_de(&id).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones.iter().filter(|a| *a == "asistencia").count(), 1);
    }

    async fn a_key_reused_for_another_write_is_refused_and_saves_nothing(motor: Motor) {
        let app = spawn_app(motor).await;
        // Many walk-ins at one table: the floor is not what this test is about.
        crate::helpers::sin_mesas(&app, "polanco").await;
        crate::helpers::sin_mesas(&app, "satelite").await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t).await;
        enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("misma"), &walkin(&m, "Familia Uno")).await.es_exito_201();
        enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("misma"), &walkin(&m, "Familia Dos")).await
            .es_error(422, "Esta clave de idempotencia ya se usó para otra solicitud; usa una clave nueva para cada acción.");
        assert_eq!(walkins_llamados(&app, &t, "Familia Dos").await, 0);
        // A key is the session's: another user's identical key is their own action.
        let otro = app.token("gerente@demo.mx").await;
        enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&otro), Some("misma"), &walkin(&m, "Familia Dos")).await.es_exito_201();
        for mala in ["con espacio", "", &"x".repeat(129), "ñandú"] {
            enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some(mala), &walkin(&m, "Familia Tres")).await
                .es_error(400, "La cabecera «Idempotency-Key» lleva de 1 a 128 caracteres visibles, sin espacios.");
        }
        assert_eq!(walkins_llamados(&app, &t, "Familia Tres").await, 0);
    }

    /// Behind a load balancer the repeat may reach another instance: it finds the same answer.
    async fn the_repeat_on_another_instance_gets_the_same_answer(motor: Motor) {
        let app = spawn_app(motor).await;
        let otra = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ..Default::default() }).await;
        let t = app.token("hostess@demo.mx").await;
        let cuerpo = walkin(&mesero(&app, &t).await, "Familia Dos Servidores");
        let a = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("balanceo"), &cuerpo).await;
        let b = enviar(&otra, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("balanceo"), &cuerpo).await;
        assert_eq!((a.status, b.status), (201, 201));
        assert_eq!(a.cuerpo, b.cuerpo);
        assert_eq!(walkins_llamados(&app, &t, "Familia Dos Servidores").await, 1);
    }

    /// A public booking's double tap on "Reservar" books one table.
    async fn a_repeated_public_booking_books_once(motor: Motor) {
        let app = spawn_app(motor).await;
        let fecha = (app.hoy() + Duration::days(2)).format("%Y-%m-%d");
        let cuerpo = json!({ "tag": "polanco", "name": "Reserva Repetida", "email": "repetida@correo.mx", "phone": "",
                             "fecha_hora": format!("{fecha} 15:00"), "no_personas": 2, "evento": "Ninguno", "comentarios": "" });
        let a = enviar(&app, Method::POST, "/api/v1/public/reservacion", None, Some("web-1"), &cuerpo).await;
        let b = enviar(&app, Method::POST, "/api/v1/public/reservacion", None, Some("web-1"), &cuerpo).await;
        assert_eq!((a.status, b.status), (201, 201), "{}", a.cuerpo);
        assert_eq!(a.cuerpo["data"]["_id"], b.cuerpo["data"]["_id"]);
        let g = app.token("gerente@demo.mx").await;
        let lista = app.get("/api/v1/admin/reservacion?tag=polanco&status=todas&limit=200&q=Reserva%20Repetida", Some(&g)).await;
        assert_eq!(lista.es_exito()["total"], 1);
    }

    /// A public key is its sender's: another address replaying it runs as a new request and never
    /// reads the guest's answer (their booking and its page token).
    async fn a_public_key_replayed_from_another_address_gets_its_own_answer(motor: Motor) {
        let app = spawn_app(motor).await;
        let fecha = (app.hoy() + Duration::days(2)).format("%Y-%m-%d");
        let cuerpo = json!({ "tag": "polanco", "name": "Reserva Ajena", "email": "ajena@correo.mx", "phone": "",
                             "fecha_hora": format!("{fecha} 15:00"), "no_personas": 2, "evento": "Ninguno", "comentarios": "" });
        let a = enviar(&app, Method::POST, "/api/v1/public/reservacion", None, Some("web-ajena"), &cuerpo).await;
        assert_eq!(a.status, 201, "{}", a.cuerpo);
        let otro = reqwest::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
            .build()
            .unwrap();
        let r = otro
            .post(app.url("/api/v1/public/reservacion"))
            .header("Idempotency-Key", "web-ajena")
            .json(&cuerpo)
            .send()
            .await
            .expect("envío");
        let b = leer(r).await;
        assert!(b.headers.get("idempotent-replayed").is_none(), "{}", b.cuerpo);
        assert_ne!(b.cuerpo["data"]["_id"], a.cuerpo["data"]["_id"], "{}", b.cuerpo);
        assert!(a.cuerpo["data"]["confirmacion"].is_string());
        assert_ne!(b.cuerpo["data"]["confirmacion"], a.cuerpo["data"]["confirmacion"], "{}", b.cuerpo);
        // The guest's own retry still gets their answer back.
        let c = enviar(&app, Method::POST, "/api/v1/public/reservacion", None, Some("web-ajena"), &cuerpo).await;
        assert_eq!(c.headers.get("idempotent-replayed").map(|v| v.to_str().unwrap()), Some("true"));
        assert_eq!(c.cuerpo["data"]["_id"], a.cuerpo["data"]["_id"]);
    }

    /// The answer is kept a day: past it the purge drops it, and the key is free again.
    async fn answers_are_kept_for_a_day(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let cuerpo = walkin(&mesero(&app, &t).await, "Familia Ventana");
        enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("ventana"), &cuerpo).await.es_exito_201();
        app.reloj.avanzar(Duration::hours(23));
        assert_eq!(anfitrion_server::jobs::purgar(app.store.as_ref(), app.reloj.ahora()).await.unwrap().respuestas, 0);
        // Signed in again the next morning, the same user's repeat still finds its answer.
        let t = app.token("hostess@demo.mx").await;
        let r = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("ventana"), &cuerpo).await;
        assert_eq!(r.headers.get("idempotent-replayed").map(|v| v.to_str().unwrap()), Some("true"));
        app.reloj.avanzar(Duration::hours(2));
        assert_eq!(anfitrion_server::jobs::purgar(app.store.as_ref(), app.reloj.ahora()).await.unwrap().respuestas, 1);
    }

    /// An instance stopped after taking a key and before saving (killed mid-request): its key
    /// stays unanswered. A retry within a minute hears that it is still being saved; past that,
    /// the retry takes the key over and saves the walk-in once.
    async fn a_key_its_instance_died_holding_unsaved_is_taken_over_by_the_retry(motor: Motor) {
        let app = spawn_app(motor).await;
        crate::helpers::sin_mesas(&app, "polanco").await;
        let t = app.token("hostess@demo.mx").await;
        let cuerpo = walkin(&mesero(&app, &t).await, "Familia Retomada");
        let alcance = format!("usuario:{}", app.get("/api/v1/auth/me", Some(&t)).await.es_exito()["_id"].as_str().unwrap());
        let huella = huella("POST", "/api/v1/admin/walkin", &cuerpo);
        let r = app.store.reservar_clave(&alcance, "caida", &huella, "instancia-detenida", app.reloj.ahora()).await.unwrap();
        assert_eq!(r, anfitrion_server::db::idempotencia::Reserva::Tomada);
        app.reloj.avanzar(Duration::seconds(61));
        let r = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("caida"), &cuerpo).await;
        r.es_exito_201();
        let otra = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("caida"), &cuerpo).await;
        assert_eq!(otra.cuerpo, r.cuerpo);
        assert_eq!(otra.headers.get("idempotent-replayed").map(|v| v.to_str().unwrap()), Some("true"));
        assert_eq!(walkins_llamados(&app, &t, "Familia Retomada").await, 1);
    }

    /// An instance stopped after its write committed and before it stored the answer: the key
    /// says the write was saved (marked in the write's own transaction), so a retry, however
    /// late, is told so and saves nothing more.
    async fn a_key_its_instance_died_holding_after_saving_is_not_saved_again(motor: Motor) {
        let app = spawn_app(motor).await;
        crate::helpers::sin_mesas(&app, "polanco").await;
        let t = app.token("hostess@demo.mx").await;
        let cuerpo = walkin(&mesero(&app, &t).await, "Familia Guardada");
        enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("guardada"), &cuerpo).await.es_exito_201();
        // The answer never reached the table, as when the instance dies between the two.
        sin_respuesta(&app, "guardada").await;
        app.reloj.avanzar(Duration::minutes(5));
        let r = enviar(&app, Method::POST, "/api/v1/admin/walkin", Some(&t), Some("guardada"), &cuerpo).await;
        r.es_error(409, "Esta acción ya se guardó, pero su respuesta se perdió. Actualiza la pantalla para verla.");
        assert_eq!(walkins_llamados(&app, &t, "Familia Guardada").await, 1);
    }
}

/// The hash the server keeps of a write: its method, path and JSON body as sent.
fn huella(metodo: &str, ruta: &str, cuerpo: &Value) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(format!("{metodo} {ruta}\n").as_bytes());
    h.update(serde_json::to_vec(cuerpo).unwrap());
    hex::encode(h.finalize())
}

/// Forgets the answer stored under `clave`, keeping what the write marked.
async fn sin_respuesta(app: &TestApp, clave: &str) {
    let sql = "UPDATE idempotencia SET status = NULL, cuerpo = NULL WHERE clave = $1";
    assert_eq!(
        crate::helpers::sql_directo(&app.database_url, sql, &[clave]).await,
        1
    );
}
