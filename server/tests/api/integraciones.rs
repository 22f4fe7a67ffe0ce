//! Integrations: keys that act with exactly their role's permissions in their branches (refused,
//! revoked, expired and over their limit alike), their writes in the logs under their name and
//! saved once; and webhooks — an event queued by the change's own transaction, signed, sent in
//! order per endpoint, retried on the schedule with the same id, failed on a 4xx, the endpoint
//! turned off after days of failure, internal and redirecting targets refused, secrets rotated.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anfitrion_server::salida::RedWebhooks;
use anfitrion_server::webhooks::{enviar_webhooks, ConfWebhooks, PasadaWebhooks};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::{
    en_ambos, lanzar, mesero, rol_id, spawn, sql_directo, Opciones, Respuesta, TestApp,
};

const CLAVE_INVALIDA: &str = "La clave de integración no es válida.";
const SIN_PERMISO: &str = "No tienes permiso para realizar esta acción.";
const SUCURSAL_AJENA: &str = "No tienes acceso a esta sucursal.";

/// A server with the demo whose webhooks may reach this machine (the test's receiver), sent only
/// when a test runs a pass.
fn opciones(por_minuto: usize) -> Opciones {
    Opciones::demo_con(move |c| {
        c.integraciones_por_minuto = por_minuto;
        c.webhooks.activa = false;
        c.webhooks.red = red_local();
    })
}

fn red_local() -> RedWebhooks {
    RedWebhooks {
        permitidas: vec!["127.0.0.0/8".parse().unwrap()],
    }
}

fn conf() -> ConfWebhooks {
    ConfWebhooks {
        tiempo: Duration::from_millis(600),
        red: red_local(),
        pagina_sincronizacion: 10,
        ..ConfWebhooks::default()
    }
}

/// A key named `name` with role `rol` in `tags`, made by Sistemas: its id and secret.
async fn clave(app: &TestApp, name: &str, rol: &str, tags: &[&str]) -> (String, String) {
    let sistemas = app.token("sistemas@demo.mx").await;
    let rol = rol_id(app, &sistemas, rol).await;
    let r = app
        .post_json(
            "/api/v1/admin/integraciones/claves",
            Some(&sistemas),
            &json!({ "name": name, "rol_id": rol, "sucursales": tags }),
        )
        .await;
    let d = r.es_exito_201();
    (
        d["_id"].as_str().unwrap().to_owned(),
        d["secreto"].as_str().unwrap().to_owned(),
    )
}

fn walkin(tag: &str, mesero_id: &str, mesa: &str) -> Value {
    json!({
        "tag_sucursal": tag, "name": "Familia Luna", "email": "", "phone": "", "evento": "Ninguno",
        "comanda": { "mesa": mesa, "mesero_id": mesero_id, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

en_ambos! {
    async fn a_key_acts_with_its_roles_permissions_in_its_branches_only(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let (_, pos) = clave(&app, "POS Polanco", "Gerente", &["polanco"]).await;
        let k = Some(pos.as_str());
        // Read, create, edit and delete in its branch.
        app.get("/api/v1/admin/meseros?tag=polanco", k).await.es_exito();
        let m = app.post_json("/api/v1/admin/meseros", k, &json!({ "tag": "polanco", "name": "Mario Integrado" })).await;
        let id = m.es_exito_201()["_id"].as_str().unwrap().to_owned();
        app.put_json(&format!("/api/v1/admin/meseros/{id}"), k, &json!({ "tag": "polanco", "name": "Mario Integrado II" })).await.es_exito();
        let borrado = app.client.delete(app.url(&format!("/api/v1/admin/meseros/{id}?tag=polanco"))).bearer_auth(&pos).send().await.unwrap();
        assert_eq!(borrado.status(), 200);
        // Every class refused in a branch that is not its own (the role's holders work in both).
        app.get("/api/v1/admin/meseros?tag=satelite", k).await.es_error(403, SUCURSAL_AJENA);
        app.post_json("/api/v1/admin/meseros", k, &json!({ "tag": "satelite", "name": "Otro" })).await.es_error(403, SUCURSAL_AJENA);
        // Never the account, role or key screens, nor the session's own calls.
        let (_, admin) = clave(&app, "Directorio", "Sistemas", &["polanco"]).await;
        let a = Some(admin.as_str());
        app.get("/api/v1/admin/users", a).await.es_error(403, SIN_PERMISO);
        app.get("/api/v1/admin/roles", a).await.es_error(403, SIN_PERMISO);
        app.get("/api/v1/admin/integraciones/claves", a).await.es_error(403, SIN_PERMISO);
        app.post_json("/api/v1/admin/integraciones/claves", a, &json!({ "name": "Otra", "rol_id": "x", "sucursales": ["polanco"] })).await.es_error(403, SIN_PERMISO);
        let solo = "Esta operación es solo para el personal con sesión: una clave de integración no puede usarla.";
        app.get("/api/v1/auth/me", k).await.es_error(403, solo);
        app.post("/api/v1/auth/logout", k).await.es_error(403, solo);
        // A narrower role: what it lacks is refused.
        let (_, hostess) = clave(&app, "Tableta", "Hostess", &["polanco"]).await;
        app.post_json("/api/v1/admin/meseros", Some(&hostess), &json!({ "tag": "polanco", "name": "Otro" })).await.es_error(403, SIN_PERMISO);
    }

    async fn a_wrong_revoked_or_expired_key_gets_the_same_401_on_every_instance(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let otra = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ajustar: Some(Box::new(|c| c.webhooks.activa = false)), ..Default::default() }).await;
        let (id, pos) = clave(&app, "POS", "Gerente", &["polanco"]).await;
        app.get("/api/v1/admin/meseros?tag=polanco", Some(&pos)).await.es_exito();
        otra.get("/api/v1/admin/meseros?tag=polanco", Some(&pos)).await.es_exito();
        let falsa = format!("{}x", &pos[..pos.len() - 1]);
        otra.get("/api/v1/admin/meseros?tag=polanco", Some(&falsa)).await.es_error(401, CLAVE_INVALIDA);
        let sistemas = app.token("sistemas@demo.mx").await;
        app.post(&format!("/api/v1/admin/integraciones/claves/{id}/revocar"), Some(&sistemas)).await.es_exito();
        otra.get("/api/v1/admin/meseros?tag=polanco", Some(&pos)).await.es_error(401, CLAVE_INVALIDA);
        app.get("/api/v1/admin/meseros?tag=polanco", Some(&pos)).await.es_error(401, CLAVE_INVALIDA);
        app.post(&format!("/api/v1/admin/integraciones/claves/{id}/revocar"), Some(&sistemas)).await.es_error(404, "No se encontró una clave vigente con ese id.");
        // An expiry: works before it, refused after it, with the same words.
        let rol = rol_id(&app, &sistemas, "Gerente").await;
        let expira = (app.reloj.ahora() + chrono::Duration::hours(1)).to_rfc3339();
        let r = app.post_json("/api/v1/admin/integraciones/claves", Some(&sistemas), &json!({ "name": "Temporal", "rol_id": rol, "sucursales": ["polanco"], "expira": expira })).await;
        let temporal = r.es_exito_201()["secreto"].as_str().unwrap().to_owned();
        app.get("/api/v1/admin/meseros?tag=polanco", Some(&temporal)).await.es_exito();
        app.reloj.avanzar(chrono::Duration::hours(1));
        app.get("/api/v1/admin/meseros?tag=polanco", Some(&temporal)).await.es_error(401, CLAVE_INVALIDA);
        // The list says who made each, when it was last used and from where.
        let lista = app.get("/api/v1/admin/integraciones/claves", Some(&sistemas)).await.es_exito().clone();
        let pos_fila = lista.as_array().unwrap().iter().find(|c| c["_id"] == id.as_str()).unwrap().clone();
        assert_eq!(pos_fila["creada_por"], "Sofía Sistemas");
        assert_eq!(pos_fila["usada_desde"], "127.0.0.1");
        assert!(pos_fila["revocada_en"].is_string());
        assert!(pos_fila["prefijo"].as_str().unwrap().starts_with("anf_") && pos.starts_with(pos_fila["prefijo"].as_str().unwrap()));
    }

    async fn each_key_has_its_own_limit(motor: Motor) {
        let app = spawn(motor, opciones(3)).await;
        let (_, a) = clave(&app, "A", "Gerente", &["polanco"]).await;
        let (_, b) = clave(&app, "B", "Gerente", &["polanco"]).await;
        for _ in 0..3 {
            app.get("/api/v1/admin/meseros?tag=polanco", Some(&a)).await.es_exito();
        }
        let r = app.get("/api/v1/admin/meseros?tag=polanco", Some(&a)).await;
        assert_eq!(r.status, 429, "{}", r.cuerpo);
        assert!(r.message().starts_with("Demasiadas solicitudes con esta clave de integración."), "{}", r.message());
        let espera: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&espera), "{espera}");
        // Another key, and a person at the console, are not slowed by it.
        app.get("/api/v1/admin/meseros?tag=polanco", Some(&b)).await.es_exito();
        let gerente = app.token("gerente@demo.mx").await;
        app.get("/api/v1/admin/meseros?tag=polanco", Some(&gerente)).await.es_exito();
        app.reloj.avanzar(chrono::Duration::seconds(61));
        app.get("/api/v1/admin/meseros?tag=polanco", Some(&a)).await.es_exito();
    }

    async fn a_keys_write_is_logged_under_its_name_and_saved_once(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let (_, pos) = clave(&app, "CRM Central", "Gerente", &["polanco"]).await;
        let m = mesero(&app, &pos, "polanco").await;
        let enviar = || {
            app.client.post(app.url("/api/v1/admin/walkin")).bearer_auth(&pos)
                .header("Idempotency-Key", "walkin-crm-1").json(&walkin("polanco", &m, "5")).send()
        };
        let primera = enviar().await.unwrap();
        assert_eq!(primera.status(), 201);
        let segunda = enviar().await.unwrap();
        assert_eq!(segunda.status(), 201);
        assert_eq!(segunda.headers()["idempotent-replayed"], "true");
        let uno: Value = primera.json().await.unwrap();
        let dos: Value = segunda.json().await.unwrap();
        assert_eq!(uno, dos);
        let id = uno["data"]["_id"].as_str().unwrap();
        let entradas = app.store.bitacora_de(id).await.unwrap();
        assert_eq!(entradas.len(), 1);
        assert_eq!(entradas[0].usuario_name, "Integración: CRM Central");
        // The walk-in names no account as its author: a key is none.
        assert_eq!(sql_directo(&app.database_url, "UPDATE walkins SET name = name WHERE id = $1 AND created_by IS NULL", &[id]).await, 1);
    }

    async fn a_secret_is_shown_once_and_never_stored(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let rol = rol_id(&app, &sistemas, "Gerente").await;
        let crear = || {
            app.client.post(app.url("/api/v1/admin/integraciones/claves")).bearer_auth(&sistemas)
                .header("Idempotency-Key", "clave-1").json(&json!({ "name": "Única", "rol_id": rol, "sucursales": ["polanco"] })).send()
        };
        let r: Value = crear().await.unwrap().json().await.unwrap();
        let secreto = r["data"]["secreto"].as_str().unwrap().to_owned();
        assert!(secreto.starts_with("anf_") && secreto.len() >= 4 + 43, "{secreto}");
        // A repeat is told, without the secret.
        let otra = crear().await.unwrap();
        assert_eq!(otra.status(), 409);
        let texto = otra.text().await.unwrap();
        assert!(!texto.contains(&secreto) && texto.contains("se mostró una sola vez"), "{texto}");
        // Only its hash is in the database: no row of any table that keeps text holds the secret.
        let patron = format!("%{secreto}%");
        for sql in [
            "UPDATE idempotencia SET clave = clave WHERE cuerpo LIKE $1",
            "UPDATE bitacora SET entidad = entidad WHERE CAST(despues AS TEXT) LIKE $1",
            "UPDATE claves_integracion SET name = name WHERE hash LIKE $1 OR prefijo LIKE $1",
        ] {
            assert_eq!(sql_directo(&app.database_url, sql, &[&patron]).await, 0, "{sql}");
        }
        // A key's form is core's: a name, a branch, a future expiry.
        app.post_json("/api/v1/admin/integraciones/claves", Some(&sistemas), &json!({ "name": "", "rol_id": rol, "sucursales": ["polanco"] })).await
            .es_error(400, "El nombre es obligatorio");
        app.post_json("/api/v1/admin/integraciones/claves", Some(&sistemas), &json!({ "name": "X", "rol_id": rol, "sucursales": [] })).await
            .es_error(400, "Elige al menos una sucursal");
        app.post_json("/api/v1/admin/integraciones/claves", Some(&sistemas), &json!({ "name": "Única", "rol_id": rol, "sucursales": ["polanco"] })).await
            .es_error(409, "Ya existe una clave de integración con ese nombre.");
        app.post_json("/api/v1/admin/integraciones/claves", Some(&sistemas), &json!({ "name": "Y", "rol_id": "no-existe", "sucursales": ["polanco"] })).await
            .es_error(400, "El rol o una de las sucursales indicadas no existe.");
    }

    async fn a_change_queues_its_event_in_its_own_transaction(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let receptor = Receptor::iniciar().await;
        let (destino, _) = destino(&app, &receptor, &["walkin.registrado", "mesa.abierta", "mesa.liberada"], &["polanco"]).await;
        let hostess = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &hostess, "polanco").await;
        let w = app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "5")).await.es_exito_201().clone();
        // A save refused (table 5 is now seated) writes nothing, and queues nothing.
        let r = app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "5")).await;
        assert_eq!(r.status, 409, "{}", r.cuerpo);
        // Another branch's change is not this endpoint's.
        let satelite = mesero(&app, &hostess, "satelite").await;
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("satelite", &satelite, "1")).await.es_exito_201();
        let entregas = entregas(&app, &destino).await;
        let eventos: Vec<&str> = entregas.iter().rev().map(|e| e["evento"].as_str().unwrap()).collect();
        assert_eq!(eventos, ["walkin.registrado", "mesa.abierta"]);
        let p = enviar_webhooks(app.store.as_ref(), &conf(), app.reloj.ahora()).await.unwrap();
        assert_eq!(p.entregadas, 1, "one endpoint sends one delivery per pass: its oldest");
        enviar_webhooks(app.store.as_ref(), &conf(), app.reloj.ahora()).await.unwrap();
        let recibidos = receptor.recibidos();
        assert_eq!(recibidos.len(), 2);
        let cuerpo: Value = serde_json::from_str(&recibidos[0].cuerpo).unwrap();
        assert_eq!(cuerpo["type"], "walkin.registrado");
        assert_eq!(cuerpo["data"]["_id"], w["_id"]);
        assert_eq!(cuerpo["data"]["sucursal"], "polanco");
        assert_eq!(cuerpo["data"]["mesa"], "5");
        assert!(cuerpo["timestamp"].as_str().unwrap().ends_with('Z'));
    }

    async fn deliveries_are_signed_retried_on_schedule_under_one_id_and_failed_on_a_4xx(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let receptor = Receptor::iniciar().await;
        let (destino, secreto) = destino(&app, &receptor, &["walkin.registrado"], &["polanco"]).await;
        let hostess = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &hostess, "polanco").await;
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "5")).await.es_exito_201();
        let c = conf();
        let pasar = || enviar_webhooks(app.store.as_ref(), &c, app.reloj.ahora());
        receptor.responder(&[503, 429, 0, 204]);
        assert_eq!(pasar().await.unwrap(), PasadaWebhooks { reintentos: 1, ..Default::default() });
        // Not before its wait: about 5 s, then 5 min, then 30 min.
        assert_eq!(pasar().await.unwrap(), PasadaWebhooks::default());
        app.reloj.avanzar(chrono::Duration::seconds(5));
        assert_eq!(pasar().await.unwrap().reintentos, 1);
        app.reloj.avanzar(chrono::Duration::seconds(299));
        assert_eq!(pasar().await.unwrap(), PasadaWebhooks::default());
        app.reloj.avanzar(chrono::Duration::seconds(1));
        assert_eq!(pasar().await.unwrap().reintentos, 1, "no answer in time is tried again");
        app.reloj.avanzar(chrono::Duration::minutes(30));
        assert_eq!(pasar().await.unwrap().entregadas, 1);
        let recibidos = receptor.recibidos();
        assert_eq!(recibidos.len(), 4);
        assert!(recibidos.iter().all(|r| r.id == recibidos[0].id), "one webhook-id on every try");
        for r in &recibidos {
            assert!(verifica(&secreto, r), "{:?}", r.firma);
        }
        let lista = entregas(&app, &destino).await;
        assert_eq!((lista[0]["estado"].as_str(), lista[0]["intentos"].as_i64(), lista[0]["ultimo_codigo"].as_i64()), (Some("entregado"), Some(4), Some(204)));
        // A 4xx fails at once and is never tried again; "Reenviar" sends it again, same id.
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "6")).await.es_exito_201();
        receptor.responder(&[410]);
        assert_eq!(pasar().await.unwrap().fallidas, 1);
        app.reloj.avanzar(chrono::Duration::days(1));
        assert_eq!(pasar().await.unwrap(), PasadaWebhooks::default());
        let lista = entregas(&app, &destino).await;
        assert_eq!((lista[0]["estado"].as_str(), lista[0]["ultimo_codigo"].as_i64()), (Some("fallido"), Some(410)));
        let sistemas = app.token("sistemas@demo.mx").await;
        let entrega = lista[0]["_id"].as_str().unwrap();
        app.post(&format!("/api/v1/admin/integraciones/destinos/{destino}/entregas/{entrega}/reenviar"), Some(&sistemas)).await.es_exito();
        assert_eq!(pasar().await.unwrap().entregadas, 1);
        assert_eq!(receptor.recibidos().last().unwrap().id, entrega);
    }

    async fn an_endpoints_deliveries_leave_in_the_order_their_changes_were_saved(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let receptor = Receptor::iniciar().await;
        destino(&app, &receptor, &["walkin.registrado"], &["polanco"]).await;
        let hostess = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &hostess, "polanco").await;
        for mesa in ["4", "5", "6"] {
            app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, mesa)).await.es_exito_201();
        }
        receptor.responder(&[500]);
        let c = conf();
        let pasar = || enviar_webhooks(app.store.as_ref(), &c, app.reloj.ahora());
        pasar().await.unwrap();
        // The first waits for its retry; the later ones wait behind it.
        assert_eq!(pasar().await.unwrap(), PasadaWebhooks::default());
        app.reloj.avanzar(chrono::Duration::seconds(5));
        for _ in 0..3 {
            assert_eq!(pasar().await.unwrap().entregadas, 1);
        }
        let mesas: Vec<String> = receptor.recibidos().iter()
            .map(|r| serde_json::from_str::<Value>(&r.cuerpo).unwrap()["data"]["mesa"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(mesas, ["4", "4", "5", "6"]);
    }

    async fn an_endpoint_failing_for_days_is_turned_off_and_said_so(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let receptor = Receptor::iniciar().await;
        let (destino, _) = destino(&app, &receptor, &["walkin.registrado"], &["polanco"]).await;
        let hostess = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &hostess, "polanco").await;
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "5")).await.es_exito_201();
        receptor.responder(&[500; 10]);
        let mut intentos = 0;
        for _ in 0..10 {
            let p = enviar_webhooks(app.store.as_ref(), &conf(), app.reloj.ahora()).await.unwrap();
            intentos += p.reintentos + p.fallidas;
            app.reloj.avanzar(chrono::Duration::days(1));
        }
        assert_eq!(intentos, 10);
        assert_eq!(receptor.recibidos().len(), 10);
        let sistemas = app.token("sistemas@demo.mx").await;
        let hostess = app.token("hostess@demo.mx").await;
        let lista = app.get("/api/v1/admin/integraciones/destinos", Some(&sistemas)).await.es_exito().clone();
        let d = lista.as_array().unwrap().iter().find(|d| d["_id"] == destino.as_str()).unwrap().clone();
        assert_eq!(d["activo"], false);
        assert!(d["desactivado_en"].is_string());
        assert_eq!(d["fallidas"], 1);
        // Off, nothing new is queued for it; on again, it is.
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "6")).await.es_exito_201();
        assert_eq!(entregas(&app, &destino).await.len(), 1);
        app.post_json(&format!("/api/v1/admin/integraciones/destinos/{destino}/activo"), Some(&sistemas), &json!({ "activo": true })).await.es_exito();
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "4")).await.es_exito_201();
        assert_eq!(entregas(&app, &destino).await.len(), 2);
    }

    async fn internal_metadata_and_redirecting_targets_are_refused(motor: Motor) {
        // No network allowed: the server's own loopback is refused like the metadata address.
        let app = spawn(motor, Opciones::demo_con(|c| c.webhooks.activa = false)).await;
        let receptor = Receptor::iniciar().await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let mut ids = Vec::new();
        for url in [format!("http://{}/hooks", receptor.addr), "https://169.254.169.254/latest/meta-data".to_owned(), "https://10.0.0.7/x".to_owned()] {
            let r = app.post_json("/api/v1/admin/integraciones/destinos", Some(&sistemas), &json!({ "name": url, "url": url, "eventos": ["walkin.registrado"], "sucursales": ["polanco"] })).await;
            ids.push(r.es_exito_201()["_id"].as_str().unwrap().to_owned());
        }
        let hostess = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &hostess, "polanco").await;
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("polanco", &m, "5")).await.es_exito_201();
        let sin_red = ConfWebhooks { red: RedWebhooks::default(), ..conf() };
        enviar_webhooks(app.store.as_ref(), &sin_red, app.reloj.ahora()).await.unwrap();
        assert!(receptor.recibidos().is_empty());
        for (id, ip) in ids.iter().zip(["127.0.0.1", "169.254.169.254", "10.0.0.7"]) {
            let e = &entregas(&app, id).await[0];
            assert_eq!(e["ultimo_error"], format!("No se envían eventos a {ip}: es una dirección interna o reservada"), "{e}");
        }
        // A redirect is an answer, not a way elsewhere: it fails and its target is never asked.
        let app2 = spawn(motor, opciones(600)).await;
        let (d2, _) = destino(&app2, &receptor, &["walkin.registrado"], &["polanco"]).await;
        let hostess2 = app2.token("hostess@demo.mx").await;
        let m2 = mesero(&app2, &hostess2, "polanco").await;
        app2.post_json("/api/v1/admin/walkin", Some(&hostess2), &walkin("polanco", &m2, "5")).await.es_exito_201();
        receptor.responder(&[302]);
        assert_eq!(enviar_webhooks(app2.store.as_ref(), &conf(), app2.reloj.ahora()).await.unwrap().fallidas, 1);
        assert_eq!(receptor.recibidos().len(), 1);
        assert_eq!(receptor.redirigidos(), 0);
        assert_eq!(entregas(&app2, &d2).await[0]["ultimo_codigo"], 302);
        // The form refuses what is no address at all.
        app.post_json("/api/v1/admin/integraciones/destinos", Some(&sistemas), &json!({ "name": "X", "url": "ftp://crm.example.com", "eventos": ["walkin.registrado"], "sucursales": ["polanco"] })).await
            .es_error(400, "Escribe una dirección completa que empiece con https://, sin usuario ni contraseña, por ejemplo https://crm.ejemplo.com/webhooks");
        app.post_json("/api/v1/admin/integraciones/destinos", Some(&sistemas), &json!({ "name": "X", "url": "https://crm.example.com", "eventos": ["mesa.volteada"], "sucursales": ["polanco"] })).await
            .es_error(400, "Evento desconocido: mesa.volteada");
    }

    async fn a_rotated_secret_signs_beside_the_new_one_for_a_day(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let receptor = Receptor::iniciar().await;
        let (destino, viejo) = destino(&app, &receptor, &["walkin.registrado"], &["polanco"]).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let r = app.post(&format!("/api/v1/admin/integraciones/destinos/{destino}/secreto"), Some(&sistemas)).await;
        let nuevo = r.es_exito()["secreto"].as_str().unwrap().to_owned();
        assert_ne!(nuevo, viejo);
        let r = app.post(&format!("/api/v1/admin/integraciones/destinos/{destino}/prueba"), Some(&sistemas)).await;
        assert_eq!(r.status, 202, "{}", r.cuerpo);
        enviar_webhooks(app.store.as_ref(), &conf(), app.reloj.ahora()).await.unwrap();
        let primera = receptor.recibidos()[0].clone();
        assert!(verifica(&viejo, &primera) && verifica(&nuevo, &primera));
        assert_eq!(serde_json::from_str::<Value>(&primera.cuerpo).unwrap()["type"], "webhook.prueba");
        app.reloj.avanzar(chrono::Duration::hours(24));
        let sistemas = app.token("sistemas@demo.mx").await;
        let r = app.post(&format!("/api/v1/admin/integraciones/destinos/{destino}/prueba"), Some(&sistemas)).await;
        assert_eq!(r.status, 202, "{}", r.cuerpo);
        enviar_webhooks(app.store.as_ref(), &conf(), app.reloj.ahora()).await.unwrap();
        let segunda = receptor.recibidos()[1].clone();
        assert!(verifica(&nuevo, &segunda) && !verifica(&viejo, &segunda));
    }
}

async fn destino(
    app: &TestApp,
    receptor: &Receptor,
    eventos: &[&str],
    tags: &[&str],
) -> (String, String) {
    let sistemas = app.token("sistemas@demo.mx").await;
    let r: Respuesta = app
        .post_json(
            "/api/v1/admin/integraciones/destinos",
            Some(&sistemas),
            &json!({ "name": "Receptor", "url": format!("http://{}/hooks", receptor.addr), "eventos": eventos, "sucursales": tags }),
        )
        .await;
    let d = r.es_exito_201();
    (
        d["_id"].as_str().unwrap().to_owned(),
        d["secreto"].as_str().unwrap().to_owned(),
    )
}

async fn entregas(app: &TestApp, destino: &str) -> Vec<Value> {
    let sistemas = app.token("sistemas@demo.mx").await;
    app.get(
        &format!("/api/v1/admin/integraciones/destinos/{destino}/entregas"),
        Some(&sistemas),
    )
    .await
    .es_exito()
    .as_array()
    .unwrap()
    .clone()
}

/// Whether one of a delivery's signatures is `secreto`'s, computed here from the specification:
/// HMAC-SHA256 of "id.timestamp.body" with the secret's base64-decoded bytes.
fn verifica(secreto: &str, r: &Recibido) -> bool {
    let clave = STANDARD
        .decode(secreto.strip_prefix("whsec_").unwrap())
        .unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(&clave).unwrap();
    mac.update(format!("{}.{}.{}", r.id, r.timestamp, r.cuerpo).as_bytes());
    let esperada = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
    r.firma.split(' ').any(|f| f == esperada)
}

/// A request the receiver took.
#[derive(Debug, Clone)]
struct Recibido {
    id: String,
    timestamp: String,
    firma: String,
    cuerpo: String,
}

#[derive(Default)]
struct Estado {
    recibidos: Vec<Recibido>,
    /// What to answer next, in order (200 once they run out); 0 answers nothing in time.
    respuestas: VecDeque<u16>,
    redirigidos: usize,
}

/// A partner's endpoint on this machine.
struct Receptor {
    addr: SocketAddr,
    estado: Arc<Mutex<Estado>>,
}

impl Receptor {
    async fn iniciar() -> Receptor {
        let estado = Arc::new(Mutex::new(Estado::default()));
        let app = axum::Router::new()
            .route("/hooks", axum::routing::post(recibir))
            .route("/otro-lado", axum::routing::any(redirigido))
            .with_state(estado.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        Receptor { addr, estado }
    }

    fn responder(&self, codigos: &[u16]) {
        self.estado.lock().unwrap().respuestas = codigos.iter().copied().collect();
    }

    fn recibidos(&self) -> Vec<Recibido> {
        self.estado.lock().unwrap().recibidos.clone()
    }

    fn redirigidos(&self) -> usize {
        self.estado.lock().unwrap().redirigidos
    }
}

async fn recibir(
    State(estado): State<Arc<Mutex<Estado>>>,
    headers: HeaderMap,
    cuerpo: String,
) -> axum::response::Response {
    let h = |n: &str| {
        headers
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let codigo = {
        let mut e = estado.lock().unwrap();
        e.recibidos.push(Recibido {
            id: h("webhook-id"),
            timestamp: h("webhook-timestamp"),
            firma: h("webhook-signature"),
            cuerpo,
        });
        e.respuestas.pop_front().unwrap_or(200)
    };
    match codigo {
        0 => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            StatusCode::OK.into_response()
        }
        302 => (StatusCode::FOUND, [("location", "/otro-lado")]).into_response(),
        c => StatusCode::from_u16(c).unwrap().into_response(),
    }
}

async fn redirigido(State(estado): State<Arc<Mutex<Estado>>>) -> StatusCode {
    estado.lock().unwrap().redirigidos += 1;
    StatusCode::OK
}

/// The refused cases of one of core's vector files for `funcion`: each case's arguments.
fn rechazados(archivo: &str, funcion: &str) -> Vec<Value> {
    let ruta = format!(
        "{}/../core/tests/vectors/{archivo}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let vectores: Value = serde_json::from_str(&std::fs::read_to_string(ruta).unwrap()).unwrap();
    vectores["casos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["funcion"] == funcion && c["esperado"].get("error").is_some())
        .map(|c| c["args"][0].clone())
        .collect()
}

/// `b`'s members written over `a`'s.
fn sobre(a: &Value, b: &Value) -> Value {
    let mut a = a.clone();
    for (k, v) in b.as_object().unwrap() {
        a[k] = v.clone();
    }
    a
}

en_ambos! {
    async fn core_refuses_a_keys_bad_body_exactly_as_it_refuses_the_consoles(motor: Motor) {
        let app = spawn(motor, opciones(6000)).await;
        let (_, clave) = clave(&app, "Socio", "Gerente", &["polanco", "satelite"]).await;
        let gerente = app.token("gerente@demo.mx").await;
        let m = mesero(&app, &gerente, "polanco").await;
        let base = walkin("polanco", &m, "5");
        let reservacion = app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes", Some(&gerente)).await.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        let mut cuerpos: Vec<(&str, String, Value)> = Vec::new();
        // A case's arguments are the whole step: what it leaves out is absent from the body too.
        let mut sin_personal = base.clone();
        for campo in ["name", "email", "phone", "evento"] {
            sin_personal.as_object_mut().unwrap().remove(campo);
        }
        for personal in rechazados("personal", "validarDatosPersonales") {
            cuerpos.push(("POST", "/api/v1/admin/walkin".into(), sobre(&sin_personal, &personal)));
        }
        for comanda in rechazados("comanda", "validarComanda") {
            let comanda = sobre(&json!({ "mesa": "5", "mesero_id": m }), &comanda);
            cuerpos.push(("POST", "/api/v1/admin/walkin".into(), sobre(&base, &json!({ "comanda": comanda }))));
        }
        for edicion in rechazados("edicion", "validarEdicionReservacion") {
            cuerpos.push(("PUT", format!("/api/v1/admin/reservacion/{reservacion}"), edicion));
        }
        for promocion in rechazados("promociones", "validarPromocion") {
            cuerpos.push(("POST", "/api/v1/admin/promocion".into(), sobre(&json!({ "tag": "polanco" }), &promocion)));
        }
        for afiliado in rechazados("clientes", "validarAfiliado") {
            cuerpos.push(("POST", "/api/v1/admin/afiliados".into(), afiliado));
        }
        assert!(cuerpos.len() >= 35, "{} cuerpos", cuerpos.len());
        let mut reglas = 0;
        for (metodo, ruta, cuerpo) in &cuerpos {
            let enviar = |token: &str| {
                let pedido = if *metodo == "PUT" { app.client.put(app.url(ruta)) } else { app.client.post(app.url(ruta)) };
                pedido.bearer_auth(token).json(cuerpo).send()
            };
            let por_clave = enviar(&clave).await.unwrap();
            let por_sesion = enviar(&gerente).await.unwrap();
            let estado = (por_clave.status(), por_sesion.status());
            let (de_clave, de_sesion): (Value, Value) = (por_clave.json().await.unwrap(), por_sesion.json().await.unwrap());
            assert_eq!(estado.0, estado.1, "{metodo} {ruta} {cuerpo}");
            assert_eq!(de_clave, de_sesion, "{metodo} {ruta} {cuerpo}");
            assert!(estado.0.is_client_error(), "{metodo} {ruta} {cuerpo}: {de_clave}");
            if de_clave["data"]["codigo"].is_string() {
                reglas += 1;
            }
        }
        // Nearly every one is core's own refusal, with its codigo (a few are a body the JSON
        // reader refuses first, the same for both).
        assert!(reglas * 10 >= cuerpos.len() * 8, "{reglas} de {}", cuerpos.len());
        // Nothing was saved: the floor has no walk-in of these, and no promotion was made.
        assert_eq!(sql_directo(&app.database_url, "UPDATE walkins SET name = name WHERE name = $1", &["Familia Luna"]).await, 0);
    }

    async fn the_waitlists_documented_example_is_accepted(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let doc = serde_json::to_value(anfitrion_server::api::documento()).unwrap();
        let esquema = &doc["components"]["schemas"]["SolicitudEspera"]["properties"];
        let ejemplo = |campo: &str| esquema[campo]["example"].clone();
        let cuerpo = json!({ "tag": ejemplo("tag"), "name": ejemplo("name"), "phone": ejemplo("phone"), "personas": 2 });
        let (_, k) = clave(&app, "Fila virtual", "Hostess", &["polanco"]).await;
        let r = app.post_json("/api/v1/admin/espera", Some(&k), &cuerpo).await;
        assert_eq!(r.es_exito_201()["phone"], "525512345678", "{}", r.cuerpo);
        assert!(doc["info"]["description"].as_str().unwrap().contains("de 12 a 15 dígitos"));
    }
}

en_ambos! {
    async fn a_crm_syncs_every_client_of_its_branches_in_pages_resuming_after_a_restart(motor: Motor) {
        let app = spawn(motor, opciones(600)).await;
        let receptor = Receptor::iniciar().await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let r = app.post_json("/api/v1/admin/integraciones/destinos", Some(&sistemas), &json!({
            "name": "CRM Central", "url": format!("http://{}/hooks", receptor.addr), "tipo": "crm", "sucursales": ["polanco"],
        })).await;
        let crm = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let (webhook, _) = destino(&app, &receptor, &["walkin.registrado"], &["polanco"]).await;
        app.post(&format!("/api/v1/admin/integraciones/destinos/{webhook}/sincronizar"), Some(&sistemas)).await
            .es_error(409, "Solo un destino de tipo CRM se sincroniza completo");
        let r = app.post(&format!("/api/v1/admin/integraciones/destinos/{crm}/sincronizar"), Some(&sistemas)).await;
        assert_eq!(r.status, 202, "{}", r.cuerpo);
        let progreso = |lista: &Value| lista.as_array().unwrap().iter().find(|d| d["_id"] == crm.as_str()).unwrap()["sincronizacion"].clone();
        let total = progreso(app.get("/api/v1/admin/integraciones/destinos", Some(&sistemas)).await.es_exito())["total"].as_i64().unwrap();
        assert!(total > 10, "the demo's Polanco clients fill more than one page: {total}");
        // One pass queues a page and sends it; a server started again on the database goes on
        // from the last client sent.
        enviar_webhooks(app.store.as_ref(), &conf(), app.reloj.ahora()).await.unwrap();
        let otra = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ajustar: Some(Box::new(|c| c.webhooks.activa = false)), ..Default::default() }).await;
        for _ in 0..20 {
            enviar_webhooks(otra.store.as_ref(), &conf(), otra.reloj.ahora()).await.unwrap();
        }
        let mut ids = Vec::new();
        for r in receptor.recibidos() {
            let cuerpo: Value = serde_json::from_str(&r.cuerpo).unwrap();
            assert_eq!(cuerpo["type"], "cliente.sincronizado");
            let pagina = cuerpo["data"]["clientes"].as_array().unwrap().clone();
            assert!(pagina.len() <= 10);
            for c in pagina {
                assert!(c["visitas"].is_i64() && c["no_shows"].is_i64() && c.get("ultima_visita").is_some() && c.get("afiliado").is_some(), "{c}");
                ids.push(c["_id"].as_str().unwrap().to_owned());
            }
        }
        let distintos: std::collections::BTreeSet<_> = ids.iter().collect();
        assert_eq!((ids.len(), distintos.len()), (total as usize, total as usize), "every client once");
        let p = progreso(app.get("/api/v1/admin/integraciones/destinos", Some(&sistemas)).await.es_exito());
        assert_eq!((p["estado"].as_str(), p["enviados"].as_i64()), (Some("terminada"), Some(total)));
    }
}
