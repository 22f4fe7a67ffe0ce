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

/// The demo branches' service on a day: from 13:00 to their schedule's closing (22:30, and
/// 20:00 on Sundays), or the special day's 12:00 to 23:30.
fn servicio(
    dia: chrono::NaiveDate,
    especial: Option<chrono::NaiveDate>,
) -> (NaiveDateTime, NaiveDateTime) {
    use chrono::Datelike;
    let h = |t: &str| chrono::NaiveTime::parse_from_str(t, "%H:%M").unwrap();
    if Some(dia) == especial {
        return (dia.and_time(h("12:00")), dia.and_time(h("23:30")));
    }
    let cierra = if dia.weekday() == chrono::Weekday::Sun {
        "20:00"
    } else {
        "22:30"
    };
    (dia.and_time(h("13:00")), dia.and_time(h(cierra)))
}

async fn todas(app: &TestApp, token: &str, ruta: &str) -> Vec<Value> {
    app.get(ruta, Some(token)).await.es_exito()["items"]
        .as_array()
        .expect("lista")
        .clone()
}

/// At `cuando` (local), the demo agrees with its own settings: every reservation and walk-in
/// within its branch's hours that day, "Hoy" the business day (at 00:30 still the evening
/// before's), no arrival pending after the doors closed, the promotions offered those of the
/// day; and while the doors are open the stand has work to do: arrivals within half an hour,
/// parties seated, one no-show and a cancellation.
async fn la_demo_tiene_trabajo_a_las(motor: Motor, cuando: &str) {
    let app = spawn_app_a(motor, cuando).await;
    let ahora = app.ahora_local();
    let t = app.token("gerente@demo.mx").await;
    let reglas = anfitrion_core::tiempo::ReglasHorario::default();
    let hoy = reglas.dia_de_servicio(ahora);
    let (abre, cierra) = servicio(hoy, None);
    for tag in ["polanco", "satelite"] {
        let id = app.id_sucursal(tag).await;
        let especial = app
            .get(&format!("/api/v1/admin/sucursal/{id}"), Some(&t))
            .await
            .es_exito()["days"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["tipo"] == "especial")
            .and_then(|d| chrono::NaiveDate::parse_from_str(d["fecha"].as_str()?, "%Y-%m-%d").ok());
        // Every visit of the demo, any day, within that day's hours.
        let reservas = todas(
            &app,
            &t,
            &format!("/api/v1/admin/reservacion?tag={tag}&status=todas&limit=200"),
        )
        .await;
        let walkins = todas(
            &app,
            &t,
            &format!("/api/v1/admin/walkin?tag={tag}&slug=todas&limit=200"),
        )
        .await;
        assert!(
            reservas.len() >= 10 && !walkins.is_empty(),
            "{cuando} {tag}"
        );
        for v in reservas.iter().chain(&walkins) {
            let f = fecha_hora(v);
            let (desde, hasta) = servicio(f.date(), especial);
            assert!(
                f >= desde && f <= hasta,
                "{cuando} {tag}: {} at {f}, outside {desde}–{hasta}",
                v["name"]
            );
        }
        let del_dia = de_hoy(&app, &t, tag).await;
        assert!(
            del_dia
                .iter()
                .all(|r| reglas.dia_de_servicio(fecha_hora(r)) == hoy),
            "{cuando} {tag}: {del_dia:#?}"
        );
        let con = |status: &str| {
            del_dia
                .iter()
                .filter(|r| r["status"] == status)
                .map(fecha_hora)
                .collect::<Vec<_>>()
        };
        let pendientes = con("Pendiente");
        assert!(
            pendientes
                .iter()
                .all(|f| *f + Duration::minutes(1) >= ahora),
            "{cuando} {tag}: a pending arrival in the past: {pendientes:?}"
        );
        if ahora + Duration::minutes(30) <= cierra && ahora >= abre {
            let pronto = pendientes
                .iter()
                .filter(|f| **f <= ahora + Duration::minutes(30))
                .count();
            assert!(
                pronto >= 2,
                "{cuando} {tag}: arrivals within 30 minutes of {ahora}: {pendientes:?}"
            );
        }
        if ahora > cierra {
            assert!(
                pendientes.is_empty(),
                "{cuando} {tag}: arrivals after closing: {pendientes:?}"
            );
        }
        if ahora >= abre + Duration::minutes(60) {
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
        // The promotions offered now are the business day's.
        let activas = app
            .get(
                &format!("/api/v1/admin/promocion/activas?tag={tag}"),
                Some(&t),
            )
            .await
            .es_exito()
            .clone();
        let nombres: Vec<&str> = activas
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p["name"].as_str())
            .collect();
        use chrono::Datelike;
        let dia_semana = hoy.weekday().number_from_monday();
        assert_eq!(
            nombres.contains(&"2x1 en martes"),
            dia_semana == 2,
            "{cuando} {tag}: {nombres:?}"
        );
        assert_eq!(
            nombres.contains(&"Niños comen gratis"),
            dia_semana <= 4,
            "{cuando} {tag}: {nombres:?}"
        );
        let lista = app
            .get(&format!("/api/v1/admin/promocion?tag={tag}"), Some(&t))
            .await
            .es_exito()
            .clone();
        let buen_fin = lista
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Buen Fin")
            .expect("Buen Fin")
            .clone();
        assert!(
            buen_fin["desde"].as_str().unwrap().contains("-11-"),
            "{cuando} {tag}: Buen Fin is in November: {buen_fin}"
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

    async fn the_demo_agrees_with_its_hours_on_a_friday_night(motor: Motor) {
        la_demo_tiene_trabajo_a_las(motor, "2026-11-27 20:00").await;
        la_demo_tiene_trabajo_a_las(motor, "2026-11-27 22:45").await;
        la_demo_tiene_trabajo_a_las(motor, "2026-11-28 00:30").await;
    }

    async fn the_demo_agrees_with_its_hours_on_a_sunday_and_before_opening(motor: Motor) {
        la_demo_tiene_trabajo_a_las(motor, "2026-11-29 19:00").await;
        la_demo_tiene_trabajo_a_las(motor, "2026-11-30 10:00").await;
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

    async fn the_business_day_holds_the_night_until_its_end_hour(motor: Motor) {
        // Friday 23:42: a party comes in with Friday's promotion; at 00:30 on Saturday every
        // "today" still holds it, and its promotion still applies; at 05:00 the new day starts.
        let app = spawn_app_a(motor, "2026-11-27 23:42").await;
        let t = app.token("gerente@demo.mx").await;
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        let promo = app
            .post_json("/api/v1/admin/promocion", Some(&t), &json!({ "tag": "polanco", "name": "Viernes de mariscos", "descripcion": "Solo los viernes", "activa": true, "dias": [5], "pide_nombres": false }))
            .await;
        let promo = promo.es_exito_201()["_id"].as_str().unwrap().to_owned();
        let libres = |piso: &Value| -> Vec<String> {
            piso["mesas"].as_array().unwrap().iter().filter(|m| m["estado"] == "libre").map(|m| m["numero"].to_string()).collect()
        };
        let piso = app.get("/api/v1/admin/salon?tag=polanco", Some(&t)).await.es_exito().clone();
        let mesas = libres(&piso);
        assert!(mesas.len() >= 2, "two free tables at 23:42: {piso}");
        let registrar = |name: &str, mesa: &str, promos: Value| {
            json!({ "tag_sucursal": "polanco", "name": name, "email": "", "phone": "52", "evento": "Ninguno",
                    "comanda": { "mesa": mesa, "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                                 "buffet_promo_adulto": 1, "buffet_promo_girl": 1, "buffet_promo_boy": 0, "isAfter7pm": true },
                    "abre": { "promo": promos } })
        };
        let con_promo = json!([{ "_id": promo, "name": "Viernes de mariscos", "qty": 1 }]);
        app.post_json("/api/v1/admin/walkin", Some(&t), &registrar("Grupo de las 23:42", &mesas[0], con_promo.clone())).await.es_exito_201();

        app.reloj.avanzar(Duration::minutes(48));
        assert_eq!(app.ahora_local().format("%Y-%m-%d %H:%M").to_string(), "2026-11-28 00:30");
        // Friday's promotion is still offered, and a party seated now may take it.
        let activas = app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&t)).await;
        assert!(activas.es_exito().as_array().unwrap().iter().any(|p| p["_id"] == promo), "Friday's promotion at 00:30: {}", activas.cuerpo);
        let w = app.post_json("/api/v1/admin/walkin", Some(&t), &registrar("Grupo de las 00:30", &mesas[1], con_promo.clone())).await;
        assert_eq!(fecha_hora(w.es_exito_201()).format("%Y-%m-%d %H:%M").to_string(), "2026-11-28 00:30", "{}", w.cuerpo);
        let nombres = |lista: &Value| -> Vec<String> {
            lista["items"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap_or("").to_owned()).collect()
        };
        let hoy = app.get("/api/v1/admin/walkin?tag=polanco&slug=hoy&limit=200", Some(&t)).await.es_exito().clone();
        let en_hoy = nombres(&hoy);
        assert!(en_hoy.contains(&"Grupo de las 23:42".to_owned()) && en_hoy.contains(&"Grupo de las 00:30".to_owned()), "{en_hoy:?}");
        // The dashboard's day is Friday's and counts both parties, the night's hours after the evening's.
        let dia = app.get("/api/v1/admin/dashboard?tag=polanco", Some(&t)).await.es_exito().clone();
        assert_eq!(dia["fecha"], "2026-11-27", "{dia}");
        let horas: Vec<&str> = dia["llegadas_por_hora"].as_array().unwrap().iter().map(|c| c["clave"].as_str().unwrap()).collect();
        let (once, cero) = (horas.iter().position(|h| *h == "23"), horas.iter().position(|h| *h == "00"));
        assert!(matches!((once, cero), (Some(a), Some(b)) if a < b), "23 before 00: {horas:?}");
        let walkins_viernes = dia["walkins"].as_u64().unwrap();
        let calendario = app.get("/api/v1/admin/dashboard?tag=polanco&fecha=2026-11-28", Some(&t)).await.es_exito().clone();
        assert_eq!(calendario["walkins"], 0, "Saturday's business day has not begun: {calendario}");
        // The tables' figures: the covers of the night counted in today's hours.
        let mesas_hoy = app.get("/api/v1/admin/dashboard/mesas?tag=polanco", Some(&t)).await.es_exito().clone();
        let cubiertos: Vec<u64> = mesas_hoy["cubiertos_por_hora"].as_array().unwrap().iter().filter(|h| h["hora"] == 0 || h["hora"] == 23).map(|h| h["cubiertos"].as_u64().unwrap()).collect();
        assert_eq!(cubiertos.len(), 2, "{mesas_hoy}");
        // The log's "Hoy" (Friday, as the console's date of today says) holds both entries.
        let logs = app.get("/api/v1/admin/logs/walkin?tag=polanco&desde=2026-11-27&hasta=2026-11-27&limit=100", Some(&t)).await.es_exito().clone();
        let registros = logs.to_string();
        assert!(registros.contains("Grupo de las 23:42") && registros.contains("Grupo de las 00:30"), "{registros}");

        // 05:00: Saturday's day begins, its lists empty of the night.
        app.reloj.avanzar(Duration::minutes(270));
        let hoy = app.get("/api/v1/admin/walkin?tag=polanco&slug=hoy&limit=200", Some(&t)).await.es_exito().clone();
        assert!(nombres(&hoy).is_empty(), "{hoy}");
        let dia = app.get("/api/v1/admin/dashboard?tag=polanco", Some(&t)).await.es_exito().clone();
        assert_eq!((dia["fecha"].as_str(), dia["walkins"].as_u64()), (Some("2026-11-28"), Some(0)), "{dia}");
        let viernes = app.get("/api/v1/admin/dashboard?tag=polanco&fecha=2026-11-27", Some(&t)).await.es_exito().clone();
        assert_eq!(viernes["walkins"].as_u64(), Some(walkins_viernes), "Friday's figures stay Friday's");
        let activas = app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&t)).await;
        assert!(!activas.es_exito().as_array().unwrap().iter().any(|p| p["_id"] == promo), "Friday's promotion is over: {}", activas.cuerpo);
    }

    async fn a_branch_day_ending_at_another_hour_is_saved_and_read(motor: Motor) {
        let app = spawn_app_a(motor, "2026-11-28 02:30").await;
        let t = app.token("gerente@demo.mx").await;
        let conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&t)).await.es_exito().clone();
        assert_eq!(conf["fin_dia"], "05:00", "{conf}");
        let dia = app.get("/api/v1/admin/dashboard?tag=polanco", Some(&t)).await.es_exito().clone();
        assert_eq!(dia["fecha"], "2026-11-27");
        for mal in ["02:30", "13:00", "3"] {
            let mut cuerpo = conf.clone();
            cuerpo["fin_dia"] = json!(mal);
            let r = app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&t), &cuerpo).await;
            assert_eq!(r.status, 400, "{mal}: {}", r.cuerpo);
        }
        assert_eq!(app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&t)).await.es_exito()["fin_dia"], "05:00", "nothing changed");
        let mut cuerpo = conf.clone();
        cuerpo["fin_dia"] = json!("02:00");
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&t), &cuerpo).await.es_exito();
        assert_eq!(app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&t)).await.es_exito()["fin_dia"], "02:00");
        // At 02:30 with the day ending at 02:00, Saturday has begun.
        let dia = app.get("/api/v1/admin/dashboard?tag=polanco", Some(&t)).await.es_exito().clone();
        assert_eq!(dia["fecha"], "2026-11-28");
    }

}
