//! The server's one clock: the demo seeded around any hour, and the rules that read "now" (the
//! no-show job, session expiry, throttling windows, availability's lead time, the branch's local
//! day, a zone's daylight-saving change) moved by the test's clock, never by waiting.

use anfitrion_server::auth::DURACION_SESION;
use chrono::{Duration, NaiveDateTime};
use serde_json::{json, Value};

use crate::helpers::{en_ambos, local, spawn, spawn_app_a, Motor, Opciones, TestApp};

fn fecha_hora(r: &Value) -> NaiveDateTime {
    let s = r["fecha_hora"].as_str().expect("fecha_hora");
    ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(s, f).ok())
        .unwrap_or_else(|| panic!("fecha_hora «{s}»"))
}

async fn de_hoy(app: &TestApp, token: &str, tag: &str) -> Vec<Value> {
    let r = app
        .get(
            &format!("/api/v1/admin/reservacion?tag={tag}&status=hoy&limit=200"),
            Some(token),
        )
        .await;
    let data = r.es_exito();
    data.get("items")
        .unwrap_or(data)
        .as_array()
        .expect("lista")
        .clone()
}

/// At `hora` (local, on the suite's date or the one given), the demo's "Hoy" has a stand with
/// work to do: every reservation on today's date, arrivals pending within half an hour and in
/// the hours after, parties already seated, one no-show and a cancellation.
async fn la_demo_tiene_trabajo_a_las(motor: Motor, cuando: &str) {
    let app = spawn_app_a(motor, cuando).await;
    let ahora = app.ahora_local();
    let t = app.token("gerente@demo.mx").await;
    for tag in ["polanco", "satelite"] {
        let hoy = de_hoy(&app, &t, tag).await;
        assert!(
            hoy.iter().all(|r| fecha_hora(r).date() == ahora.date()),
            "{cuando} {tag}: {hoy:#?}"
        );
        let con = |status: &str| {
            hoy.iter()
                .filter(|r| r["status"] == status)
                .map(fecha_hora)
                .collect::<Vec<_>>()
        };
        let pendientes = con("Pendiente");
        let pronto = pendientes
            .iter()
            .filter(|f| **f + Duration::minutes(1) >= ahora && **f <= ahora + Duration::minutes(30))
            .count();
        assert!(
            pronto >= 2,
            "{cuando} {tag}: arrivals within 30 minutes of {ahora}: {pendientes:?}"
        );
        assert!(pendientes.len() >= 6, "{cuando} {tag}: {pendientes:?}");
        assert!(
            pendientes
                .iter()
                .all(|f| *f + Duration::minutes(1) >= ahora),
            "{cuando} {tag}: a pending arrival in the past: {pendientes:?}"
        );
        let sentados = con("Asistio");
        assert!(
            sentados.len() >= 3 && sentados.iter().all(|f| *f <= ahora),
            "{cuando} {tag}: seated {sentados:?} at {ahora}"
        );
        assert_eq!(con("Vencido").len(), 1, "{cuando} {tag}: one no-show");
        assert!(
            !con("Cancelada").is_empty(),
            "{cuando} {tag}: a cancellation"
        );
    }
}

async fn estado(app: &TestApp, token: &str, id: &str) -> String {
    app.get(&format!("/api/v1/admin/reservacion/{id}"), Some(token))
        .await
        .es_exito()["status"]
        .as_str()
        .unwrap()
        .to_owned()
}

en_ambos! {
    async fn the_demo_has_guests_at_13_00(motor: Motor) {
        la_demo_tiene_trabajo_a_las(motor, "2026-11-25 13:00").await;
    }

    async fn the_demo_has_guests_at_18_39_and_18_40(motor: Motor) {
        la_demo_tiene_trabajo_a_las(motor, "2026-11-25 18:39").await;
        la_demo_tiene_trabajo_a_las(motor, "2026-11-25 18:40").await;
    }

    async fn the_demo_has_guests_at_19_00_and_22_30(motor: Motor) {
        la_demo_tiene_trabajo_a_las(motor, "2026-11-25 19:00").await;
        la_demo_tiene_trabajo_a_las(motor, "2026-11-25 22:30").await;
    }

    async fn the_demo_has_guests_around_midnight(motor: Motor) {
        la_demo_tiene_trabajo_a_las(motor, "2026-11-25 23:59").await;
        la_demo_tiene_trabajo_a_las(motor, "2026-11-26 00:01").await;
        la_demo_tiene_trabajo_a_las(motor, "2026-11-26 00:30").await;
    }

    async fn a_party_is_a_no_show_once_the_clock_passes_its_grace(motor: Motor) {
        let app = spawn_app_a(motor, "2026-11-25 19:00").await;
        let t = app.token("gerente@demo.mx").await;
        let primera = de_hoy(&app, &t, "polanco").await.into_iter().filter(|r| r["status"] == "Pendiente").min_by_key(fecha_hora).unwrap();
        let id = primera["_id"].as_str().unwrap().to_owned();
        let llega = fecha_hora(&primera);
        assert!(llega > app.ahora_local(), "{llega}");
        // 29 minutes after its time (the default grace is 30): still expected.
        app.reloj.avanzar(llega - app.ahora_local() + Duration::minutes(29));
        anfitrion_server::jobs::marcar_no_shows(app.store.as_ref(), app.reloj.ahora()).await.unwrap();
        assert_eq!(estado(&app, &t, &id).await, "Pendiente");
        app.reloj.avanzar(Duration::minutes(1));
        assert!(anfitrion_server::jobs::marcar_no_shows(app.store.as_ref(), app.reloj.ahora()).await.unwrap() >= 1);
        assert_eq!(estado(&app, &t, &id).await, "Vencido");
    }

    async fn a_session_ends_when_the_clock_passes_its_expiry(motor: Motor) {
        let app = spawn_app_a(motor, "2026-11-25 13:00").await;
        let t = app.token("hostess@demo.mx").await;
        app.get("/api/v1/auth/me", Some(&t)).await.es_exito();
        app.reloj.avanzar(DURACION_SESION - Duration::seconds(5));
        app.get("/api/v1/auth/me", Some(&t)).await.es_exito();
        app.reloj.avanzar(Duration::seconds(10));
        assert_eq!(app.get("/api/v1/auth/me", Some(&t)).await.status, 401);
    }

    async fn the_public_reads_window_moves_with_the_clock(motor: Motor) {
        let app = spawn(motor, Opciones::demo_con(|c| c.consultas_por_hora = 3)).await;
        for _ in 0..3 {
            app.get("/api/v1/public/sucursal/polanco", None).await.es_exito();
        }
        assert_eq!(app.get("/api/v1/public/sucursal/polanco", None).await.status, 429);
        app.reloj.avanzar(Duration::minutes(59));
        assert_eq!(app.get("/api/v1/public/sucursal/polanco", None).await.status, 429);
        app.reloj.avanzar(Duration::minutes(2));
        app.get("/api/v1/public/sucursal/polanco", None).await.es_exito();
    }

    async fn availability_starts_after_the_lead_time_from_the_clock(motor: Motor) {
        for cuando in ["2026-11-25 13:00", "2026-11-25 18:40", "2026-11-25 22:30"] {
            let app = spawn_app_a(motor, cuando).await;
            let ahora = app.ahora_local();
            let r = app.get(&format!("/api/v1/public/sucursal/polanco/disponibilidad?fecha={}&personas=2", ahora.format("%Y-%m-%d")), None).await;
            let d = r.es_exito();
            let horas: Vec<&str> = d["horarios"].as_array().map(|h| h.iter().filter_map(|x| x["hora"].as_str().or(x.as_str())).collect()).unwrap_or_default();
            let primera = horas.first().map(|h| ahora.date().and_time(chrono::NaiveTime::parse_from_str(h, "%H:%M").unwrap()));
            match primera {
                Some(p) => assert!(p >= ahora + Duration::minutes(30), "{cuando}: first bookable {p}, now {ahora}: {d}"),
                None => assert!(ahora.time() >= chrono::NaiveTime::from_hms_opt(21, 0, 0).unwrap(), "{cuando}: nothing bookable at {ahora}: {d}"),
            }
        }
    }

    async fn the_branch_day_is_local_not_utc_late_in_the_evening(motor: Motor) {
        // 22:30 in Mexico City is 04:30 the next day in UTC: a walk-in belongs to the local day,
        // and a promotion for that weekday still applies.
        let app = spawn_app_a(motor, "2026-11-24 22:30").await;
        let t = app.token("gerente@demo.mx").await;
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        let promo = app
            .post_json("/api/v1/admin/promocion", Some(&t), &json!({ "tag": "polanco", "name": "Martes de tacos", "descripcion": "Solo los martes", "activa": true, "dias": [2], "pide_nombres": false }))
            .await;
        let promo = promo.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let activas = app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&t)).await;
        assert!(activas.es_exito().as_array().unwrap().iter().any(|p| p["_id"] == promo), "Tuesday's promotion on a Tuesday night: {}", activas.cuerpo);
        let w = app
            .post_json(
                "/api/v1/admin/walkin",
                Some(&t),
                &json!({ "tag_sucursal": "polanco", "name": "Familia Noche", "email": "", "phone": "52", "evento": "Ninguno",
                         "comanda": { "mesa": "5", "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                                      "buffet_promo_adulto": 1, "buffet_promo_girl": 1, "buffet_promo_boy": 0, "isAfter7pm": true },
                         "abre": { "promo": [{ "_id": promo, "name": "Martes de tacos", "qty": 1 }] } }),
            )
            .await;
        let w = w.es_exito_201();
        assert_eq!(fecha_hora(w).format("%Y-%m-%d %H").to_string(), "2026-11-24 22", "{w}");
        // The day's list (the local day) holds it.
        let hoy = app.get("/api/v1/admin/walkin?tag=polanco&slug=hoy", Some(&t)).await;
        assert!(hoy.es_exito()["items"].as_array().unwrap().iter().any(|x| x["name"] == "Familia Noche"), "{}", hoy.cuerpo);
    }

    async fn a_zone_with_daylight_saving_reads_local_time_on_each_side_of_the_change(motor: Motor) {
        // Tijuana moves its clocks forward on 14 March 2027 at 02:00 (UTC-8 to UTC-7).
        let app = spawn(motor, Opciones { demo: true, reloj: Some(anfitrion_server::reloj::Reloj::desde(local("2027-03-13 12:00"))), ..Default::default() }).await;
        let t = app.token("sistemas@demo.mx").await;
        let id = app.id_sucursal("satelite").await;
        let s = app.get(&format!("/api/v1/admin/sucursal/{id}"), Some(&t)).await.es_exito().clone();
        let mut cuerpo = json!({ "tag": s["tag"], "name": s["name"], "marca": s["marca"]["_id"].as_str().or(s["marca"].as_str()), "zona": "America/Tijuana",
                                 "direccion": s["direccion"], "telefono": s["telefono"] });
        if cuerpo["marca"].is_null() {
            cuerpo["marca"] = s["marca_id"].clone();
        }
        app.put_json(&format!("/api/v1/admin/sucursal/{id}"), Some(&t), &cuerpo).await.es_exito();
        let g = app.token("gerente@demo.mx").await;
        let mesero = app.get("/api/v1/admin/meseros?tag=satelite", Some(&g)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        // Each party at its own table: the first is still seated when the second arrives.
        let registrar = |name: &'static str, mesa: &'static str| {
            json!({ "tag_sucursal": "satelite", "name": name, "email": "", "phone": "52", "evento": "Ninguno",
                    "comanda": { "mesa": mesa, "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                                 "buffet_promo_adulto": 0, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
                    "abre": { "promo": [] } })
        };
        // 18:00 UTC on the 13th is 10:00 in Tijuana (PST).
        let antes = app.post_json("/api/v1/admin/walkin", Some(&g), &registrar("Antes del cambio", "6")).await;
        assert_eq!(fecha_hora(antes.es_exito_201()).format("%Y-%m-%d %H").to_string(), "2027-03-13 10", "{}", antes.cuerpo);
        // 16:00 UTC on the 14th is 09:00 there (PDT).
        app.reloj.avanzar(Duration::hours(22));
        let despues = app.post_json("/api/v1/admin/walkin", Some(&g), &registrar("Después del cambio", "7")).await;
        assert_eq!(fecha_hora(despues.es_exito_201()).format("%Y-%m-%d %H").to_string(), "2027-03-14 09", "{}", despues.cuerpo);
    }
}
