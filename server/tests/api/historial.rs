//! What the host reads of a guest beside their reservation (detail, list, check-in): visits to
//! the branch and the latest, no-shows, and «Riesgo de no-show» once the guest missed the
//! branch's threshold of reservations in the 90 days before this one (2 unless set).

use chrono::{NaiveDateTime, Utc};
use serde_json::{json, Value};

use crate::confianza::detalle;
use crate::helpers::{en_ambos, nueva_reservacion, spawn_app, sql_directo, TestApp};

fn t(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

/// A booking of the guest with phone `phone` at polanco, through storage, ending as `status`.
async fn reserva(app: &TestApp, name: &str, phone: &str, cuando: &str, status: &str) -> String {
    let sid = app.id_sucursal("polanco").await;
    let r = nueva_reservacion(
        &sid,
        name,
        phone,
        t(cuando),
        Utc::now().min(app.reloj.ahora()),
    );
    app.store.crear_reservacion(&r, None).await.unwrap();
    if status != "Pendiente" {
        sql_directo(
            &app.database_url,
            "UPDATE reservaciones SET status = $1 WHERE id = $2",
            &[status, &r.id],
        )
        .await;
    }
    r.id
}

en_ambos! {
    async fn a_guest_who_missed_two_reservations_in_ninety_days_is_marked_at_risk(motor: Motor) {
        let app = spawn_app(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let tel = "525598760001";
        // Came once (1 November), missed twice within 90 days (10 October, 10 November) and once
        // long before (June): the reservation of 28 November is at risk.
        reserva(&app, "Ana Ruiz", tel, "2026-11-01 14:00", "Asistio").await;
        reserva(&app, "Ana Ruiz", tel, "2026-10-10 14:00", "Vencido").await;
        reserva(&app, "Ana Ruiz", tel, "2026-11-10 14:00", "Vencido").await;
        reserva(&app, "Ana Ruiz", tel, "2026-06-10 14:00", "Vencido").await;
        let id = reserva(&app, "Ana Ruiz", tel, "2026-11-28 14:00", "Pendiente").await;
        let d = detalle(&app, &g, &id).await;
        assert_eq!(
            d["cliente"],
            json!({ "visitas": 1, "ultima_visita": "2026-11-01 14:00", "no_shows": 3, "no_shows_recientes": 2, "riesgo_no_show": true }),
            "{d}"
        );
        // The same on the list of the branch's upcoming reservations, and at the door's check-in.
        let lista = app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes&limit=100", Some(&g)).await.es_exito().clone();
        let fila = lista["items"].as_array().unwrap().iter().find(|r| r["_id"] == id.as_str()).cloned().expect("in the list");
        assert_eq!(fila["cliente"]["riesgo_no_show"], true, "{fila}");
        let hostess = app.token("hostess@demo.mx").await;
        let r = app.post_json(&format!("/api/v1/admin/reservacion/{id}/check"), Some(&hostess), &json!({ "id": id, "tag": "polanco", "email": null })).await;
        assert_eq!(r.cuerpo["data"]["cliente"]["no_shows_recientes"], 2, "{}", r.cuerpo);

        // A branch that asks three: no longer at risk.
        let mut conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&g)).await.es_exito().clone();
        assert_eq!(conf["umbral_no_show"], 2);
        conf["umbral_no_show"] = json!(3);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&g), &conf).await.es_exito();
        assert_eq!(detalle(&app, &g, &id).await["cliente"]["riesgo_no_show"], false);
        // Out of range is refused in Spanish, naming the field, and changes nothing.
        conf["umbral_no_show"] = json!(0);
        let r = app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&g), &conf).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        assert!(r.message().contains("No-shows para marcar riesgo"), "{}", r.message());
        assert_eq!(app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&g)).await.es_exito()["umbral_no_show"], 3);

        // A first-time guest reads as new; one without a client, no history at all.
        let nueva = reserva(&app, "Luis Peña", "525598760002", "2026-11-28 15:00", "Pendiente").await;
        let c = &detalle(&app, &g, &nueva).await["cliente"];
        assert_eq!((c["visitas"].clone(), c["ultima_visita"].clone(), c["riesgo_no_show"].clone()), (json!(0), Value::Null, json!(false)), "{c}");
        let sin = reserva(&app, "Sin Datos", "", "2026-11-28 16:00", "Pendiente").await;
        sql_directo(&app.database_url, "UPDATE reservaciones SET cliente_id = NULL WHERE id = $1", &[&sin]).await;
        assert_eq!(detalle(&app, &g, &sin).await["cliente"], Value::Null);
    }
}
