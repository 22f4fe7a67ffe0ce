//! Reminders before a reservation, their confirm and cancel links, the guest's own page, and
//! messages to phones through the provider (a local mock of its documented endpoint).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anfitrion_server::mensajes::ConfMensajes;
use anfitrion_server::recordatorios::{enviar_debidos, enviar_mensajes, PasadaMensajes};
use serde_json::{json, Value};

use crate::helpers::{en_ambos, lanzar, spawn, sql_directo, Opciones, TestApp};

const URL: &str = "https://reservas.ejemplo.mx";

fn reserva(fecha_hora: &str, personas: u32, email: &str, phone: &str) -> Value {
    json!({ "tag": "polanco", "name": "Lucía Fernández", "email": email, "phone": phone,
            "fecha_hora": fecha_hora, "no_personas": personas, "evento": "Ninguno", "comentarios": "", "origin": "Widget" })
}

/// Books through the public page: the reservation's id and its page's token.
pub(crate) async fn reservar(
    app: &TestApp,
    fecha_hora: &str,
    personas: u32,
    email: &str,
    phone: &str,
) -> (String, String) {
    let r = app
        .post_json(
            "/api/v1/public/reservacion",
            None,
            &reserva(fecha_hora, personas, email, phone),
        )
        .await;
    let d = r.es_exito_201();
    let id = d["_id"].as_str().unwrap().to_owned();
    let token = d["confirmacion"]
        .as_str()
        .unwrap()
        .rsplit("?t=")
        .next()
        .unwrap()
        .to_owned();
    (id, token)
}

/// Polanco reminds `horas` before.
async fn recordatorios_en(app: &TestApp, horas: &str) {
    let n = sql_directo(
        &app.database_url,
        "UPDATE conf_walkin SET recordatorios_horas = $1 WHERE sucursal_id = (SELECT id FROM sucursales WHERE tag = 'polanco')",
        &[horas],
    )
    .await;
    assert_eq!(n, 1);
}

/// The reminder e-mails of a reservation waiting in the outbox (no SMTP in these tests).
async fn recordatorios_de(app: &TestApp, id: &str) -> Vec<String> {
    let lejos = app.reloj.ahora() + chrono::Duration::days(400);
    app.store
        .correos_vencidos(lejos, 10_000)
        .await
        .unwrap()
        .into_iter()
        .filter(|c| c.reservacion_id == id && c.asunto.starts_with("Recordatorio"))
        .map(|c| c.texto)
        .collect()
}

/// The token of a link `…/{accion}/{id}?t=` in a message.
fn token_en(texto: &str, accion: &str, id: &str) -> String {
    let marca = format!("{URL}/reservacion/polanco/{accion}/{id}?t=");
    let inicio = texto
        .find(&marca)
        .unwrap_or_else(|| panic!("{marca} en {texto}"))
        + marca.len();
    texto[inicio..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

/// Whether the store holds exactly `n` rows matching `condicion` (a no-op UPDATE counts them).
async fn filas(app: &TestApp, tabla: &str, condicion: &str, valores: &[&str]) -> u64 {
    sql_directo(
        &app.database_url,
        &format!(
            "UPDATE {tabla} SET {condicion_col} = {condicion_col} WHERE {condicion}",
            condicion_col = columna(tabla)
        ),
        valores,
    )
    .await
}

fn columna(tabla: &str) -> &'static str {
    match tabla {
        "bitacora" => "accion",
        "mensajes_salida" => "estado",
        "enlaces_reservacion" => "proposito",
        "correos_salida" => "estado",
        _ => "horas",
    }
}

async fn app_con(motor: crate::helpers::Motor, mensajes: Option<ConfMensajes>) -> TestApp {
    spawn(
        motor,
        Opciones::demo_con(move |c| {
            c.url_publica = Some(URL.to_owned());
            c.mensajes = mensajes;
            // The test runs the passes itself, at the times it says.
            c.correo.cada = Duration::from_secs(3600);
            c.cada_recordatorios = Duration::from_secs(3600);
        }),
    )
    .await
}

async fn pasada(app: &TestApp) -> usize {
    enviar_debidos(app.store.as_ref(), URL, true, None, app.reloj.ahora())
        .await
        .unwrap()
}

en_ambos! {
    async fn a_due_reminder_is_recorded_once_by_two_instances_and_after_a_restart(motor: Motor) {
        let app = app_con(motor, None).await;
        recordatorios_en(&app, "24,3").await;
        // Thursday at 20:00; the clock says Wednesday 13:00.
        let (id, _) = reservar(&app, "2026-11-26 20:00", 2, "lucia@correo.mx", "").await;
        let otra = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ..Default::default() }).await;
        pasada(&app).await;
        assert!(recordatorios_de(&app, &id).await.is_empty(), "nothing is due a day and seven hours before");

        // A day before: both instances look at once; one reminder.
        app.llevar_reloj_a("2026-11-25 20:30");
        let ahora = app.reloj.ahora();
        let (a, b) = tokio::join!(
            enviar_debidos(app.store.as_ref(), URL, true, None, ahora),
            enviar_debidos(otra.store.as_ref(), URL, true, None, ahora),
        );
        a.unwrap();
        b.unwrap();
        let enviados = recordatorios_de(&app, &id).await;
        assert_eq!(enviados.len(), 1, "one reminder, not one per instance");
        let texto = &enviados[0];
        assert!(texto.contains("Te recordamos tu reservación") && texto.contains("26/11/2026") && texto.contains("20:00"), "{texto}");
        token_en(texto, "confirmar", &id);
        token_en(texto, "cancelar", &id);

        // A restart: a new instance on the same database finds it sent.
        drop(otra);
        let reiniciada = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ..Default::default() }).await;
        enviar_debidos(reiniciada.store.as_ref(), URL, true, None, app.reloj.ahora()).await.unwrap();
        pasada(&app).await;
        assert_eq!(recordatorios_de(&app, &id).await.len(), 1);

        // Three hours before: the second, once.
        app.llevar_reloj_a("2026-11-26 17:30");
        let ahora = app.reloj.ahora();
        let (a, b) = tokio::join!(
            enviar_debidos(app.store.as_ref(), URL, true, None, ahora),
            enviar_debidos(reiniciada.store.as_ref(), URL, true, None, ahora),
        );
        a.unwrap();
        b.unwrap();
        assert_eq!(recordatorios_de(&app, &id).await.len(), 2);
        assert_eq!(filas(&app, "recordatorios", "reservacion_id = $1", &[&id]).await, 2);
    }

    async fn a_booking_made_after_a_reminders_moment_gets_only_the_later_one(motor: Motor) {
        let app = app_con(motor, None).await;
        recordatorios_en(&app, "24,3").await;
        // Booked 7 hours before: the 24-hour reminder never goes; the 3-hour one does.
        let (id, _) = reservar(&app, "2026-11-25 20:00", 2, "lucia@correo.mx", "").await;
        pasada(&app).await;
        assert!(recordatorios_de(&app, &id).await.is_empty());
        app.llevar_reloj_a("2026-11-25 17:05");
        pasada(&app).await;
        assert_eq!(recordatorios_de(&app, &id).await.len(), 1);
        // A branch with reminders off sends none.
        recordatorios_en(&app, "").await;
        let (otra, _) = reservar(&app, "2026-11-27 20:00", 2, "ana@correo.mx", "").await;
        app.llevar_reloj_a("2026-11-27 18:00");
        pasada(&app).await;
        assert!(recordatorios_de(&app, &otra).await.is_empty());
    }

    async fn the_links_confirm_and_cancel_once_expire_and_refuse_foreign_or_altered_tokens(motor: Motor) {
        let app = app_con(motor, None).await;
        recordatorios_en(&app, "24").await;
        let (id, _) = reservar(&app, "2026-11-26 20:00", 2, "lucia@correo.mx", "").await;
        let (otra, _) = reservar(&app, "2026-11-26 20:15", 4, "ana@correo.mx", "").await;
        app.llevar_reloj_a("2026-11-25 20:30");
        pasada(&app).await;
        let texto = recordatorios_de(&app, &id).await.remove(0);
        let (confirmar, cancelar) = (token_en(&texto, "confirmar", &id), token_en(&texto, "cancelar", &id));
        assert!(confirmar.len() >= 32 && cancelar != confirmar, "tokens of 128 bits or more, one per purpose");
        let texto_otra = recordatorios_de(&app, &otra).await.remove(0);
        let confirmar_otra = token_en(&texto_otra, "confirmar", &otra);

        // What the link's page reads.
        let e = app.get(&format!("/api/v1/public/reservacion/{id}/enlace?t={confirmar}"), None).await;
        let e = e.es_exito();
        assert_eq!((e["proposito"].as_str(), e["usado"].as_bool(), e["reservacion"]["no_personas"].as_u64()), (Some("confirmar"), Some(false), Some(2)));
        assert!(!e.to_string().contains("correo.mx"), "no contact on a guest's page");
        app.get(&format!("/api/v1/public/reservacion/{id}/enlace?t={confirmar_otra}"), None).await.es_error(404, "No se encontró el enlace.");

        let url = |accion: &str, r: &str| format!("/api/v1/public/reservacion/{r}/{accion}");
        let invalido = "El enlace no es válido. Ábrelo tal como llegó en el mensaje.";
        // Another reservation's link, a link for the other purpose, an altered one: refused.
        app.post_json(&url("confirmar", &id), None, &json!({ "token": confirmar_otra })).await.es_error(400, invalido);
        app.post_json(&url("confirmar", &id), None, &json!({ "token": cancelar })).await.es_error(400, invalido);
        let ultimo = if confirmar.ends_with('0') { '1' } else { '0' };
        let alterado = format!("{}{ultimo}", &confirmar[..confirmar.len() - 1]);
        app.post_json(&url("confirmar", &id), None, &json!({ "token": alterado })).await.es_error(400, invalido);
        app.post_json(&url("confirmar", &id), None, &json!({})).await.es_error(400, invalido);

        // Confirmed once; the staff's list shows when.
        let r = app.post_json(&url("confirmar", &id), None, &json!({ "token": confirmar })).await;
        assert_eq!(r.message(), "¡Gracias! Tu asistencia quedó confirmada.");
        assert_eq!((r.es_exito()["confirmada"].as_bool(), r.es_exito()["status"].as_str()), (Some(true), Some("Pendiente")));
        app.post_json(&url("confirmar", &id), None, &json!({ "token": confirmar })).await.es_error(409, "Este enlace ya se usó.");
        let gerente = app.token("gerente@demo.mx").await;
        let detalle = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await;
        assert!(detalle.es_exito()["confirmada"].as_str().is_some_and(|t| t.starts_with("2026-11-26T02:30")), "{}", detalle.cuerpo);
        assert_eq!(filas(&app, "bitacora", "entidad_id = $1 AND accion = 'confirmar' AND usuario_name = $2", &[&id, "Lucía Fernández (cliente)"]).await, 1);

        // Cancelled by the guest: the log names them, the link is spent, confirming no longer works.
        let r = app.post_json(&url("cancelar", &id), None, &json!({ "token": cancelar })).await;
        assert_eq!(r.es_exito()["status"].as_str(), Some("Cancelada"));
        assert_eq!(filas(&app, "bitacora", "entidad_id = $1 AND accion = 'cancelar' AND usuario_name = $2", &[&id, "Lucía Fernández (cliente)"]).await, 1);
        app.post_json(&url("cancelar", &id), None, &json!({ "token": cancelar })).await.es_error(409, "Este enlace ya se usó.");
        let e = app.get(&format!("/api/v1/public/reservacion/{id}/enlace?t={cancelar}"), None).await;
        assert_eq!(e.es_exito()["usado"], true);

        // After the reservation's time, a link no longer works.
        app.llevar_reloj_a("2026-11-26 20:16");
        app.post_json(&url("confirmar", &otra), None, &json!({ "token": confirmar_otra })).await
            .es_error(409, "El enlace venció: la hora de la reservación ya pasó.");
    }

    async fn a_cancelled_reservation_frees_its_place(motor: Motor) {
        let app = app_con(motor, None).await;
        crate::helpers::sin_mesas(&app, "polanco").await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let sucursal = app.id_sucursal("polanco").await;
        app.put_json(&format!("/api/v1/admin/sucursal/{sucursal}/mesas"), Some(&sistemas),
            &json!([{ "numero": 1, "asientos": 4, "combinable": false }])).await.es_exito();
        let (id, token) = reservar(&app, "2026-12-09 20:00", 4, "lucia@correo.mx", "").await;
        let lleno = app.post_json("/api/v1/public/reservacion", None, &reserva("2026-12-09 20:00", 4, "ana@correo.mx", "")).await;
        assert_eq!(lleno.status, 409, "{}", lleno.cuerpo);
        // The guest's own page cancels too.
        let r = app.post_json(&format!("/api/v1/public/reservacion/{id}/cancelar"), None, &json!({ "token": token })).await;
        assert_eq!(r.es_exito()["status"].as_str(), Some("Cancelada"));
        let ahora_si = app.post_json("/api/v1/public/reservacion", None, &reserva("2026-12-09 20:00", 4, "ana@correo.mx", "")).await;
        ahora_si.es_exito_201();
    }

    async fn past_its_time_the_guests_page_cannot_cancel_and_answers_a_conflict(motor: Motor) {
        let app = app_con(motor, None).await;
        let (id, token) = reservar(&app, "2026-11-27 20:00", 2, "lucia@correo.mx", "").await;
        app.llevar_reloj_a("2026-11-27 20:05");
        let r = app.post_json(&format!("/api/v1/public/reservacion/{id}/cancelar"), None, &json!({ "token": token })).await;
        r.es_error(409, "El enlace venció: la hora de la reservación ya pasó.");
        assert_eq!(r.cuerpo["data"]["codigo"], "enlace_vencido", "{}", r.cuerpo);
        let gerente = app.token("gerente@demo.mx").await;
        let d = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await;
        assert_eq!(d.es_exito()["status"].as_str(), Some("Pendiente"));
    }

    async fn the_guests_page_changes_the_party_within_the_rules_and_refuses_beyond_them(motor: Motor) {
        let app = app_con(motor, None).await;
        let (id, token) = reservar(&app, "2026-11-27 20:00", 2, "lucia@correo.mx", "").await;
        let c = app.get(&format!("/api/v1/public/reservacion/{id}?t={token}"), None).await;
        let c = c.es_exito();
        assert_eq!((c["editable"].as_bool(), c["status"].as_str(), c["confirmada"].as_bool()), (Some(true), Some("Pendiente"), Some(false)));
        assert_eq!((c["cambiar_hasta"].as_str(), c["personas_max"].as_u64()), (Some("2026-11-27 19:00"), Some(10)));

        let url = format!("/api/v1/public/reservacion/{id}/cambiar");
        let r = app.post_json(&url, None, &json!({ "token": token, "fecha_hora": "2026-11-27 21:00", "no_personas": 4 })).await;
        // The guest gets a new confirmation by e-mail, queued with the change, and is told so.
        assert_eq!(r.message(), "Tu reservación quedó cambiada. Te enviamos la nueva confirmación por correo.");
        assert_eq!(filas(&app, "correos_salida", "reservacion_id = $1 AND tipo = 'cambio' AND destinatario = $2", &[&id, "lucia@correo.mx"]).await, 1);
        let lejos = app.reloj.ahora() + chrono::Duration::days(400);
        let nuevo = app.store.correos_vencidos(lejos, 10_000).await.unwrap().into_iter().find(|c| c.reservacion_id == id && c.asunto.starts_with("Cambiaste")).expect("the change's e-mail");
        assert_eq!(nuevo.asunto, "Cambiaste tu reservación en La Hacienda Polanco: 27/11/2026 a las 21:00");
        assert!(nuevo.texto.contains("Personas: 4 personas") && nuevo.texto.contains(&format!("/reservacion/polanco/confirmacion/{id}?t={token}")), "{}", nuevo.texto);
        let gerente = app.token("gerente@demo.mx").await;
        let d = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await;
        assert_eq!((d.es_exito()["fecha_hora"].as_str(), d.es_exito()["no_personas"].as_u64()), (Some("2026-11-27 21:00"), Some(4)));
        assert_eq!(filas(&app, "bitacora", "entidad_id = $1 AND accion = 'cambio_del_cliente' AND usuario_name = $2", &[&id, "Lucía Fernández (cliente)"]).await, 1);

        // Beyond the rules: a party no table seats, a closed hour, a past day; nothing changes.
        let r = app.post_json(&url, None, &json!({ "token": token, "fecha_hora": "2026-11-27 21:00", "no_personas": 30 })).await;
        assert!(r.status == 400 || r.status == 409, "{}", r.cuerpo);
        assert!(r.message().contains("personas"), "a Spanish reason: {}", r.message());
        let r = app.post_json(&url, None, &json!({ "token": token, "fecha_hora": "2026-11-27 03:00", "no_personas": 4 })).await;
        r.es_error(400, "Ese horario no está disponible para reservar");
        let r = app.post_json(&url, None, &json!({ "token": token, "fecha_hora": "2026-11-20 20:00", "no_personas": 4 })).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        // Only the booking's own token changes it.
        app.post_json(&url, None, &json!({ "token": "x".repeat(43), "fecha_hora": "2026-11-27 20:30", "no_personas": 2 })).await
            .es_error(400, "El enlace no es válido. Ábrelo tal como llegó en el mensaje.");
        let d = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await;
        assert_eq!((d.es_exito()["fecha_hora"].as_str(), d.es_exito()["no_personas"].as_u64()), (Some("2026-11-27 21:00"), Some(4)));
        // A refused change queued no e-mail; the same time and party again is no change to tell.
        let r = app.post_json(&url, None, &json!({ "token": token, "fecha_hora": "2026-11-27 21:00", "no_personas": 4 })).await;
        assert_eq!(r.message(), "Tu reservación quedó cambiada.");
        assert_eq!(filas(&app, "correos_salida", "reservacion_id = $1 AND tipo = 'cambio'", &[&id]).await, 1);

        // Within the branch's lead time (60 minutes) it is no longer changed online.
        app.llevar_reloj_a("2026-11-27 20:05");
        let c = app.get(&format!("/api/v1/public/reservacion/{id}?t={token}"), None).await;
        assert_eq!(c.es_exito()["editable"], false);
        app.post_json(&url, None, &json!({ "token": token, "fecha_hora": "2026-11-27 21:30", "no_personas": 4 })).await
            .es_error(409, "Ya no se puede cambiar en línea: faltan menos de 60 minutos para la reservación. Llama a la sucursal.");
    }
}

en_ambos! {
    async fn the_dashboard_and_the_affiliate_page_set_confirmed_no_shows_apart(motor: Motor) {
        let app = app_con(motor, None).await;
        // Three bookings through a partner's code on a day the demo leaves empty; one confirmed.
        let mut ids = Vec::new();
        for (hora, email) in [("19:00", "a@correo.mx"), ("19:15", "b@correo.mx"), ("19:30", "c@correo.mx")] {
            let mut r = reserva(&format!("2026-12-09 {hora}"), 2, email, "");
            r["afiliado"] = json!("airbnb-luz");
            r["origin"] = json!("Airbnb");
            let d = app.post_json("/api/v1/public/reservacion", None, &r).await;
            let d = d.es_exito_201();
            let token = d["confirmacion"].as_str().unwrap().rsplit("?t=").next().unwrap().to_owned();
            ids.push((d["_id"].as_str().unwrap().to_owned(), token));
        }
        let (confirmada, token) = &ids[0];
        app.post_json(&format!("/api/v1/public/reservacion/{confirmada}/confirmar"), None, &json!({ "token": token })).await.es_exito();
        // The day ends: the confirmed one came; of the other two, one came and one did not.
        for ((id, _), estado) in ids.iter().zip(["Asistio", "Asistio", "Vencido"]) {
            assert_eq!(sql_directo(&app.database_url, "UPDATE reservaciones SET status = $1 WHERE id = $2", &[estado, id]).await, 1);
        }
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.get("/api/v1/admin/dashboard/confirmaciones?tag=polanco&fecha=2026-12-09&dias=1", Some(&gerente)).await;
        let t = t.es_exito();
        assert_eq!((t["confirmadas"]["asistio"].as_u64(), t["confirmadas"]["vencido"].as_u64(), t["confirmadas"]["tasa"].as_f64()), (Some(1), Some(0), Some(0.0)));
        assert_eq!((t["sin_confirmar"]["asistio"].as_u64(), t["sin_confirmar"]["vencido"].as_u64(), t["sin_confirmar"]["tasa"].as_f64()), (Some(1), Some(1), Some(0.5)));
        app.get("/api/v1/admin/dashboard/confirmaciones?tag=polanco&dias=91", Some(&gerente)).await
            .es_error(400, "El parámetro «dias» va de 1 a 90.");
        let hostess = app.token("hostess@demo.mx").await;
        assert_eq!(app.get("/api/v1/admin/dashboard/confirmaciones?tag=polanco", Some(&hostess)).await.status, 403);

        let afiliados = app.get("/api/v1/admin/afiliados", Some(&gerente)).await;
        let afiliado = afiliados.es_exito().as_array().unwrap().iter().find(|a| a["code"] == "AIRBNB-LUZ").unwrap()["_id"].as_str().unwrap().to_owned();
        let a = app.get(&format!("/api/v1/admin/afiliados/{afiliado}?desde=2026-12-09&hasta=2026-12-09"), Some(&gerente)).await;
        let n = &a.es_exito()["no_shows"];
        assert_eq!((n["confirmadas"]["asistio"].as_u64(), n["confirmadas"]["tasa"].as_f64()), (Some(1), Some(0.0)));
        assert_eq!((n["sin_confirmar"]["vencido"].as_u64(), n["sin_confirmar"]["tasa"].as_f64()), (Some(1), Some(0.5)));
    }
}

/// A request the provider saw: the account in its path, the Authorization header, the form.
type Pedido = (String, String, Vec<(String, String)>);
/// An answer the provider gives: status, headers, JSON body.
type Respuesta = (u16, Vec<(&'static str, &'static str)>, Value);

/// A local stand-in for the provider's Create a Message endpoint: records each request and
/// answers from a script (status, headers, body), then 201.
#[derive(Clone, Default)]
pub(crate) struct Proveedor {
    pedidos: Arc<Mutex<Vec<Pedido>>>,
    guion: Arc<Mutex<Vec<Respuesta>>>,
    /// How many requests it has taken.
    llegados: Arc<tokio::sync::watch::Sender<usize>>,
}

impl Proveedor {
    /// Waits (at most ten seconds) until it has taken `n` requests.
    pub(crate) async fn esperar(&self, n: usize) {
        let mut rx = self.llegados.subscribe();
        tokio::time::timeout(Duration::from_secs(10), rx.wait_for(|v| *v >= n))
            .await
            .unwrap_or_else(|_| panic!("el proveedor no recibió {n} mensajes"))
            .expect("el proveedor sigue vivo");
    }
}

pub(crate) async fn proveedor() -> (Proveedor, String) {
    use axum::extract::{Path, State};
    use axum::http::{HeaderMap, StatusCode};
    use axum::response::IntoResponse;
    let p = Proveedor::default();
    async fn crear(
        State(p): State<Proveedor>,
        Path(cuenta): Path<String>,
        headers: HeaderMap,
        cuerpo: String,
    ) -> axum::response::Response {
        let auth = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let campos: Vec<(String, String)> = form_urlencoded::parse(cuerpo.as_bytes())
            .into_owned()
            .collect();
        p.pedidos.lock().unwrap().push((cuenta, auth, campos));
        p.llegados.send_modify(|n| *n += 1);
        let siguiente = {
            let mut g = p.guion.lock().unwrap();
            (!g.is_empty()).then(|| g.remove(0))
        };
        match siguiente {
            Some((status, cabeceras, cuerpo)) => {
                let mut r =
                    (StatusCode::from_u16(status).unwrap(), axum::Json(cuerpo)).into_response();
                for (k, v) in cabeceras {
                    r.headers_mut().insert(k, v.parse().unwrap());
                }
                r
            }
            None => (
                StatusCode::CREATED,
                axum::Json(
                    json!({ "sid": "SM0123456789abcdef0123456789abcdef", "status": "queued" }),
                ),
            )
                .into_response(),
        }
    }
    let app = axum::Router::new()
        .route(
            "/2010-04-01/Accounts/{cuenta}/Messages.json",
            axum::routing::post(crear),
        )
        .with_state(p.clone());
    let oyente = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", oyente.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(oyente, app).await.ok() });
    (p, url)
}

pub(crate) fn conf_proveedor(url: &str) -> ConfMensajes {
    ConfMensajes {
        url: url.to_owned(),
        cuenta: "AC0123456789abcdef".to_owned(),
        token: "secreto".to_owned(),
        remitente: "+15005550006".to_owned(),
        whatsapp: false,
        tiempo_max: Duration::from_secs(5),
    }
}

en_ambos! {
    async fn a_phone_reminder_reaches_the_provider_as_documented_and_its_errors_are_retried_or_kept(motor: Motor) {
        let (p, url) = proveedor().await;
        let conf = conf_proveedor(&url);
        let app = app_con(motor, Some(conf.clone())).await;
        recordatorios_en(&app, "24").await;
        let (id, _) = reservar(&app, "2026-12-09 20:00", 2, "", "52 55 1111 2222").await;
        let (otra, _) = reservar(&app, "2026-12-09 21:00", 2, "", "52 55 3333 4444").await;
        app.llevar_reloj_a("2026-12-08 20:30");
        enviar_debidos(app.store.as_ref(), URL, true, Some(&conf), app.reloj.ahora()).await.unwrap();
        // The provider rate-limits first (Retry-After: 7), then takes it.
        p.guion.lock().unwrap().push((429, vec![("retry-after", "7")], json!({ "code": 20429, "message": "Too Many Requests", "more_info": "https://www.twilio.com/docs/errors/20429", "status": 429 })));
        let ahora = app.reloj.ahora();
        let pasada = enviar_mensajes(app.store.as_ref(), None, Some(&conf), ahora).await.unwrap();
        assert_eq!(pasada.reintentos, 1, "{pasada:?}");
        assert_eq!(filas(&app, "mensajes_salida", "reservacion_id = $1 AND estado = 'pendiente' AND intentos = 1 AND ultimo_error LIKE '%20429%'", &[&id]).await, 1);
        // Not before the provider's 7 seconds.
        let antes = enviar_mensajes(app.store.as_ref(), None, Some(&conf), ahora + chrono::Duration::seconds(5)).await.unwrap();
        assert_eq!(antes, PasadaMensajes::default());
        let despues = enviar_mensajes(app.store.as_ref(), None, Some(&conf), ahora + chrono::Duration::seconds(8)).await.unwrap();
        assert_eq!(despues.enviados, 1, "{despues:?}");
        assert_eq!(filas(&app, "mensajes_salida", "reservacion_id = $1 AND estado = 'enviado' AND proveedor_id = 'SM0123456789abcdef0123456789abcdef'", &[&id]).await, 1);

        // The exact request: the account in the path, Basic auth, the three documented fields.
        let pedidos = p.pedidos.lock().unwrap().clone();
        assert_eq!(pedidos.len(), 2);
        let (cuenta, auth, campos) = &pedidos[1];
        assert_eq!(cuenta, "AC0123456789abcdef");
        use base64::Engine;
        assert_eq!(auth, &format!("Basic {}", base64::engine::general_purpose::STANDARD.encode("AC0123456789abcdef:secreto")));
        let nombres: Vec<&str> = campos.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(nombres.len(), 3, "{campos:?}");
        let campo = |k: &str| campos.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap();
        assert_eq!((campo("To"), campo("From")), ("+525511112222".to_owned(), "+15005550006".to_owned()));
        let cuerpo = campo("Body");
        assert!(cuerpo.contains("09/12") && cuerpo.contains("20:00"), "{cuerpo}");
        token_en(&cuerpo, "confirmar", &id);
        token_en(&cuerpo, "cancelar", &id);

        // A refusal (an invalid number) is kept with the provider's words and not retried.
        app.llevar_reloj_a("2026-12-08 21:05");
        enviar_debidos(app.store.as_ref(), URL, true, Some(&conf), app.reloj.ahora()).await.unwrap();
        p.guion.lock().unwrap().push((400, vec![], json!({ "code": 21211, "message": "The 'To' number +525533334444 is not a valid phone number.", "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400 })));
        let r = enviar_mensajes(app.store.as_ref(), None, Some(&conf), app.reloj.ahora()).await.unwrap();
        assert_eq!(r.rechazados, 1, "{r:?}");
        assert_eq!(filas(&app, "mensajes_salida", "reservacion_id = $1 AND estado = 'fallido' AND ultimo_error LIKE '%21211%'", &[&otra]).await, 1);
        let n = p.pedidos.lock().unwrap().len();
        enviar_mensajes(app.store.as_ref(), None, Some(&conf), app.reloj.ahora() + chrono::Duration::hours(2)).await.unwrap();
        assert_eq!(p.pedidos.lock().unwrap().len(), n, "a refused message is not sent again");
    }
}

en_ambos! {
    async fn reminders_to_a_number_past_its_hourly_cap_are_not_queued(motor: Motor) {
        let conf = conf_proveedor("http://127.0.0.1:9");
        let app = app_con(motor, Some(conf.clone())).await;
        recordatorios_en(&app, "24").await;
        // Six bookings left one number (and no e-mail) for the same evening.
        let mut ids = Vec::new();
        for hora in ["18:30", "19:00", "19:30", "20:00", "20:30", "21:00"] {
            ids.push(reservar(&app, &format!("2026-12-09 {hora}"), 2, "", "52 55 1111 2222").await.0);
        }
        app.llevar_reloj_a("2026-12-08 21:30");
        enviar_debidos(app.store.as_ref(), URL, true, Some(&conf), app.reloj.ahora()).await.unwrap();
        // Every reminder is recorded; the number gets five messages in the hour, not six.
        let al_numero = "destinatario = '+525511112222'";
        assert_eq!(filas(&app, "mensajes_salida", al_numero, &[]).await, 5);
        for id in &ids[..5] {
            assert_eq!(filas(&app, "recordatorios", "reservacion_id = $1 AND canal = 'telefono'", &[id]).await, 1);
        }
        assert_eq!(filas(&app, "mensajes_salida", "reservacion_id = $1", &[&ids[5]]).await, 0);
        assert_eq!(filas(&app, "recordatorios", "reservacion_id = $1 AND canal = 'ninguno'", &[&ids[5]]).await, 1);
        assert_eq!(filas(&app, "enlaces_reservacion", "reservacion_id = $1", &[&ids[5]]).await, 0, "no links for a reminder nothing carries");
    }
}
