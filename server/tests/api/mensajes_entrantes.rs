//! Guests answer by SMS: the provider's request is taken only with its signature (an unsigned or
//! forged one changes nothing); "1" marks a waiting party on its way, "9" takes it off the list
//! with the guest's reason; "1"/"9" confirm or cancel a reservation the guest was reminded of by
//! phone; two things open get numbered choices; anything else is a message for the host, who
//! answers from the party. Each message is kept once, logged, and answered through the outbox.

use anfitrion_server::correo::URL_PUBLICA_POR_DEFECTO;
use anfitrion_server::estado::RUTA_ENTRANTES;
use anfitrion_server::mensajes::firma_twilio;
use serde_json::{json, Value};

use crate::espera::{anotar, con_proveedor, filas, grupo, lista};
use crate::helpers::{en_ambos, leer, sql_directo, TestApp};

const TELEFONO: &str = "525512345678";

fn formulario(sid: &str, de: &str, texto: &str) -> Vec<(String, String)> {
    [
        ("MessageSid", sid),
        ("AccountSid", "AC0123456789abcdef"),
        ("From", de),
        ("To", "+15005550006"),
        ("Body", texto),
        ("NumMedia", "0"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect()
}

/// Sends a guest's message as the provider does, signed with `token` (`None`: unsigned).
async fn entrante(
    app: &TestApp,
    campos: &[(String, String)],
    token: Option<&str>,
) -> reqwest::Response {
    let url = format!("{URL_PUBLICA_POR_DEFECTO}{RUTA_ENTRANTES}");
    let mut r = app
        .client
        .post(app.url(RUTA_ENTRANTES))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(serde_urlencoded::to_string(campos).unwrap());
    if let Some(t) = token {
        r = r.header("X-Twilio-Signature", firma_twilio(t, &url, campos));
    }
    r.send().await.unwrap()
}

/// A message signed as the provider signs it, answered with empty TwiML.
async fn firmado(app: &TestApp, sid: &str, texto: &str) {
    let r = entrante(
        app,
        &formulario(sid, &format!("+{TELEFONO}"), texto),
        Some("secreto"),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/xml"));
    assert!(r.text().await.unwrap().contains("<Response></Response>"));
}

/// The answers queued to the guest's phone, oldest first.
async fn respuestas(app: &TestApp) -> Vec<String> {
    filas(app, "SELECT texto FROM mensajes_salida WHERE tipo = 'respuesta' AND destinatario = $1 ORDER BY creado_en", &format!("+{TELEFONO}"))
        .await
        .into_iter()
        .map(|f| f[0].clone())
        .collect()
}

async fn estado_de(app: &TestApp, id: &str) -> Vec<Vec<String>> {
    filas(
        app,
        "SELECT estado, COALESCE(motivo, '') FROM lista_espera WHERE id = $1",
        id,
    )
    .await
}

en_ambos! {
    async fn an_unsigned_or_forged_message_changes_nothing(motor: Motor) {
        let (app, _cerrado) = con_proveedor(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let g = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, Some(TELEFONO))).await.es_exito_201().clone();
        let id = g["_id"].as_str().unwrap();
        let campos = formulario("SM0001", &format!("+{TELEFONO}"), "9");
        let sin_firma = entrante(&app, &campos, None).await;
        assert_eq!(sin_firma.status(), 403);
        let r = leer(sin_firma).await;
        assert_eq!(r.message(), "El mensaje no trae la firma del proveedor: no se tomó.");
        let falsa = entrante(&app, &campos, Some("otro-token")).await;
        assert_eq!(falsa.status(), 403);
        assert_eq!(leer(falsa).await.message(), "La firma del mensaje no es la del proveedor: no se tomó.");
        // Signed for other fields: the body was changed after signing.
        let url = format!("{URL_PUBLICA_POR_DEFECTO}{RUTA_ENTRANTES}");
        let firma = firma_twilio("secreto", &url, &formulario("SM0001", &format!("+{TELEFONO}"), "1"));
        let alterada = app.client.post(app.url(RUTA_ENTRANTES))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("X-Twilio-Signature", firma)
            .body(serde_urlencoded::to_string(&campos).unwrap())
            .send().await.unwrap();
        assert_eq!(alterada.status(), 403);
        assert_eq!(estado_de(&app, id).await, [vec!["esperando".to_owned(), String::new()]]);
        assert!(filas(&app, "SELECT sid FROM mensajes_entrantes WHERE remitente = $1", TELEFONO).await.is_empty());
        assert!(respuestas(&app).await.is_empty());
        // Signed by the provider, the same "9" takes the party off the list.
        firmado(&app, "SM0001", "9").await;
        assert_eq!(estado_de(&app, id).await, [vec!["se_fue".to_owned(), "el huésped (SMS)".to_owned()]]);
        assert_eq!(respuestas(&app).await, ["Listo: dejaste tu lugar en la lista de espera de La Hacienda Polanco. ¡Te esperamos pronto!"]);
        assert!(lista(&app, &t, "polanco").await.is_empty());
    }

    async fn a_waiting_party_answers_1_and_writes_to_the_host_who_answers(motor: Motor) {
        let (app, _cerrado) = con_proveedor(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let g = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, Some(TELEFONO))).await.es_exito_201().clone();
        let id = g["_id"].as_str().unwrap().to_owned();
        firmado(&app, "SM0001", " 1 ").await;
        // The provider delivers the same message again: nothing more happens.
        firmado(&app, "SM0001", " 1 ").await;
        let l = lista(&app, &t, "polanco").await;
        assert_eq!((l[0]["viene"].as_bool(), l[0]["ultimo_mensaje"].is_null()), (Some(true), true), "{}", l[0]);
        assert_eq!(respuestas(&app).await, ["Gracias, Ana Ruiz: le avisamos a la hostess que vienes en camino."]);

        firmado(&app, "SM0002", "Llegamos en 5 minutos, somos 3").await;
        let l = lista(&app, &t, "polanco").await;
        assert_eq!(l[0]["ultimo_mensaje"], "Llegamos en 5 minutos, somos 3");
        let avisos = app.get("/api/v1/admin/notifications?tag=polanco", Some(&t)).await.es_exito().clone();
        let aviso = avisos.as_array().unwrap().iter().find(|n| n["title"] == "Mensaje de Ana Ruiz").expect("the bell rang").clone();
        assert_eq!((aviso["description"].as_str(), aviso["origin"].as_str()), (Some("Llegamos en 5 minutos, somos 3"), Some("SMS")));
        assert_eq!(respuestas(&app).await.len(), 2);

        // The host answers from the party; the conversation reads in order.
        let ruta = format!("/api/v1/admin/espera/{id}/mensajes");
        app.post_json(&ruta, Some(&t), &json!({ "texto": "  " })).await.es_error(400, "Escribe la respuesta.");
        app.post_json(&ruta, Some(&t), &json!({ "texto": "x".repeat(321) })).await
            .es_error(400, "La respuesta no puede tener más de 320 caracteres.");
        let r = app.post_json(&ruta, Some(&t), &json!({ "texto": "¡Claro! Los esperamos para 3." })).await;
        assert_eq!(r.message(), "Respuesta en cola para enviarse");
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        let c = app.get(&ruta, Some(&t)).await.es_exito().clone();
        let lineas: Vec<(&str, &str)> = c.as_array().unwrap().iter().map(|l| (l["de"].as_str().unwrap(), l["texto"].as_str().unwrap())).collect();
        assert_eq!(lineas, [
            ("huesped", "1"),
            ("sucursal", "Gracias, Ana Ruiz: le avisamos a la hostess que vienes en camino."),
            ("huesped", "Llegamos en 5 minutos, somos 3"),
            ("sucursal", "Recibimos tu mensaje; la hostess lo leerá en un momento."),
            ("sucursal", "¡Claro! Los esperamos para 3."),
        ]);
        // Every message and answer is in the logs.
        let log = filas(&app, "SELECT accion FROM bitacora WHERE entidad_id = $1 ORDER BY at", &id).await;
        let acciones: Vec<&str> = log.iter().map(|f| f[0].as_str()).collect();
        assert_eq!(acciones, ["mensaje_sms", "mensaje_sms", "respuesta_sms"]);
    }

    async fn a_reminded_reservation_is_confirmed_or_cancelled_and_two_things_get_choices(motor: Motor) {
        let (app, _cerrado) = con_proveedor(motor).await;
        app.llevar_reloj_a("2026-11-27 14:00");
        let (reserva, _token) = crate::recordatorios::reservar(&app, "2026-11-28 20:00", 2, "", TELEFONO).await;
        sql_directo(&app.database_url, "INSERT INTO recordatorios (reservacion_id, horas, canal, creado_en) VALUES ($1, 24, 'telefono', '2026-11-27T20:00:00Z')", &[&reserva]).await;
        // Only the reservation is open: "1" confirms it.
        firmado(&app, "SM0001", "1").await;
        let r = filas(&app, "SELECT status, CASE WHEN confirmada IS NULL THEN '' ELSE 'si' END FROM reservaciones WHERE id = $1", &reserva).await;
        assert_eq!(r[0][0], "Pendiente");
        assert!(!r[0][1].is_empty(), "confirmed: {r:?}");
        assert_eq!(respuestas(&app).await, ["Tu reservación en La Hacienda Polanco del 28/11 a las 20:00 quedó confirmada. ¡Te esperamos!"]);

        // A question lands on the reservation: its notice opens it, and staff answer from it.
        let t = app.token("hostess@demo.mx").await;
        firmado(&app, "SM0001b", "¿Tienen estacionamiento?").await;
        let avisos = app.get("/api/v1/admin/notifications?tag=polanco", Some(&t)).await.es_exito().clone();
        let aviso = avisos.as_array().unwrap().iter().find(|n| n["title"] == "Mensaje de Lucía Fernández").expect("the bell rang").clone();
        assert_eq!(aviso["reservacion"].as_str(), Some(reserva.as_str()), "{aviso}");
        let ruta = format!("/api/v1/admin/reservacion/{reserva}/mensajes");
        let r = app.post_json(&ruta, Some(&t), &json!({ "texto": "Sí, en la entrada." })).await;
        assert_eq!((r.status, r.message()), (201, "Respuesta en cola para enviarse"), "{}", r.cuerpo);
        let c = app.get(&ruta, Some(&t)).await.es_exito().clone();
        let lineas: Vec<(&str, &str)> = c.as_array().unwrap().iter().map(|l| (l["de"].as_str().unwrap(), l["texto"].as_str().unwrap())).collect();
        assert_eq!(lineas, [
            ("huesped", "1"),
            ("sucursal", "Tu reservación en La Hacienda Polanco del 28/11 a las 20:00 quedó confirmada. ¡Te esperamos!"),
            ("huesped", "¿Tienen estacionamiento?"),
            ("sucursal", "Recibimos tu mensaje; la hostess lo leerá en un momento."),
            ("sucursal", "Sí, en la entrada."),
        ]);
        // With a waiting party too, a bare "9" is answered with the choices and changes nothing.
        let g = anotar(&app, &t, grupo("polanco", "Ana Ruiz", 2, Some(TELEFONO))).await.es_exito_201().clone();
        firmado(&app, "SM0002", "9").await;
        assert_eq!(respuestas(&app).await.last().unwrap(),
            "Tienes 2 pendientes con nosotros: 1) tu lugar en la lista de espera de La Hacienda Polanco; 2) tu reservación en La Hacienda Polanco del 28/11 a las 20:00. Responde con el número y tu respuesta: 11 es sí al 1, 19 es no al 1.");
        assert_eq!(lista(&app, &t, "polanco").await.len(), 1);
        // "29": the second thing, no: the reservation is cancelled, logged as the guest's.
        firmado(&app, "SM0003", "29").await;
        let r = filas(&app, "SELECT status FROM reservaciones WHERE id = $1", &reserva).await;
        assert_eq!(r[0][0], "Cancelada");
        assert_eq!(respuestas(&app).await.last().unwrap(), "Tu reservación en La Hacienda Polanco del 28/11 a las 20:00 quedó cancelada.");
        let log = filas(&app, "SELECT usuario_name FROM bitacora WHERE entidad_id = $1 AND accion = 'cancelar'", &reserva).await;
        assert_eq!(log, [vec!["Lucía Fernández (SMS)".to_owned()]]);
        // Now only the party is open again: "1" is for it.
        firmado(&app, "SM0004", "1").await;
        assert_eq!(lista(&app, &t, "polanco").await[0]["viene"], true);
        let id = g["_id"].as_str().unwrap();
        assert_eq!(filas(&app, "SELECT CAST(COUNT(*) AS TEXT) FROM mensajes_entrantes WHERE espera_id = $1", id).await[0][0], "2");
        // A number with nothing open gets no answer and changes nothing.
        let antes = filas(&app, "SELECT CAST(COUNT(*) AS TEXT) FROM mensajes_salida WHERE destinatario <> $1", "").await;
        let r = entrante(&app, &formulario("SM0005", "+525599999999", "1"), Some("secreto")).await;
        assert_eq!(r.status(), 200);
        assert_eq!(filas(&app, "SELECT CAST(COUNT(*) AS TEXT) FROM mensajes_salida WHERE destinatario <> $1", "").await, antes);
    }

    async fn without_a_phone_provider_no_message_is_taken(motor: Motor) {
        let app = crate::helpers::spawn_app(motor).await;
        let r = entrante(&app, &formulario("SM0001", &format!("+{TELEFONO}"), "1"), Some("secreto")).await;
        assert_eq!(r.status(), 404);
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["message"], "No se encontró el servicio de mensajes entrantes.");
    }
}
