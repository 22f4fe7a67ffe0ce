//! The kitchen's forecast (`GET /api/v1/admin/cocina`) on a branch with a seeded past: the
//! usual walk-ins of the same weekday and quarter-hour over the weeks the branch was open, the
//! reservations due weighted by how such reservations ended, the waitlist's parties, the diners
//! seated now by buffet kind, and who may read it.

use serde_json::{json, Value};

use crate::espera::{anotar, grupo};
use crate::helpers::{en_ambos, spawn_app_a, sql_directo, TestApp};

const TAG: &str = "cocina";

/// A walk-in of the branch at a local moment (`YYYY-MM-DD HH:MM`): (adulto, niño) regular, or
/// (caballero, dama, niño) promo when `promo` is given.
fn walkin(
    folio: u32,
    cuando: &str,
    adulto: u32,
    nino: u32,
    promo: Option<(u32, u32, u32)>,
) -> String {
    let (pa, pg, pb) = promo.unwrap_or((0, 0, 0));
    let personas = if promo.is_some() {
        pa + pg + pb
    } else {
        adulto + nino
    };
    format!(
        "('w{folio}', (SELECT id FROM sucursales WHERE tag = $1), 'Walk-in {folio}', '{cuando}:00', {personas}, \
         {adulto}, {nino}, {pa}, {pg}, {pb}, {folio}, '{{}}', '{{}}', '2026-11-01T12:00:00Z')"
    )
}

async fn walkins(app: &TestApp, filas: &[String]) {
    sql_directo(
        &app.database_url,
        &format!(
            "INSERT INTO walkins (id, sucursal_id, name, fecha_hora, no_personas, buffet_adulto, buffet_boy, \
             buffet_promo_adulto, buffet_promo_girl, buffet_promo_boy, folio, comanda, abre, created_at) VALUES {}",
            filas.join(", ")
        ),
        &[TAG],
    )
    .await;
}

fn reserva(id: &str, cuando: &str, personas: u32, status: &str, confirmada: bool) -> String {
    let confirmada = if confirmada {
        "'2026-11-01T12:00:00Z'"
    } else {
        "NULL"
    };
    format!(
        "('{id}', (SELECT id FROM sucursales WHERE tag = $1), 'Reserva {id}', '{cuando}:00', {personas}, '{status}', \
         'Widget', {confirmada}, '2026-11-01T12:00:00Z', '2026-11-01T12:00:00Z')"
    )
}

async fn reservas(app: &TestApp, filas: &[String]) {
    sql_directo(
        &app.database_url,
        &format!(
            "INSERT INTO reservaciones (id, sucursal_id, name, fecha_hora, no_personas, status, origin, confirmada, \
             created_at, updated_at) VALUES {}",
            filas.join(", ")
        ),
        &[TAG],
    )
    .await;
}

/// The branch's kept forecasts: (quarter-hour, diners), as text.
async fn kept(app: &TestApp) -> Vec<Vec<String>> {
    crate::espera::filas(
        app,
        "SELECT CAST(p.cuarto AS TEXT), CAST(p.esperados AS TEXT) FROM pronosticos_cocina p \
         JOIN sucursales s ON s.id = p.sucursal_id WHERE s.tag = $1 ORDER BY p.cuarto",
        TAG,
    )
    .await
}

/// A new branch `cocina` with tables 7 and 8 (four seats each), run by the demo's gerente and
/// hostess: nothing of the demo's past is in it.
async fn sucursal_nueva(app: &TestApp) {
    let sistemas = app.token("sistemas@demo.mx").await;
    let marca = app
        .get("/api/v1/admin/sucursal?tag=polanco", Some(&sistemas))
        .await
        .es_exito()[0]["marca"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let id = app
        .post_json(
            "/api/v1/admin/sucursal",
            Some(&sistemas),
            &json!({ "tag": TAG, "name": "La Hacienda Cocina", "marca": marca }),
        )
        .await
        .es_exito_201()["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.put_json(
        &format!("/api/v1/admin/sucursal/{id}/mesas"),
        Some(&sistemas),
        &json!([{ "numero": 7, "asientos": 4 }, { "numero": 8, "asientos": 4 }]),
    )
    .await
    .es_exito();
    sql_directo(
        &app.database_url,
        "INSERT INTO usuario_sucursales (usuario_id, tag) SELECT id, $1 FROM usuarios WHERE email IN ('gerente@demo.mx', 'hostess@demo.mx')",
        &[TAG],
    )
    .await;
}

async fn pronostico(app: &TestApp, token: &str) -> Value {
    app.get(&format!("/api/v1/admin/cocina?tag={TAG}"), Some(token))
        .await
        .es_exito()
        .clone()
}

en_ambos! {
    async fn the_forecast_is_made_of_the_usual_walk_ins_the_weighted_reservations_and_the_waitlist(motor: Motor) {
        // Tuesday 14:50 at a new branch whose hosts are the demo's gerente and hostess.
        let app = spawn_app_a(motor, "2026-11-24 14:50").await;
        sucursal_nueva(&app).await;

        // Six of the last eight Tuesdays had a family of four (3 adults, a child) at 15:05, and
        // three of them a promo table at 15:40; a Wednesday's walk-in and one of 17:30 are not
        // this weekday's or these hours'. Ten weeks back is older than the history read.
        let mut pasado = Vec::new();
        for (k, dia) in ["2026-11-17", "2026-11-10", "2026-11-03", "2026-10-27", "2026-10-13", "2026-10-06"].iter().enumerate() {
            pasado.push(walkin(100 + k as u32, &format!("{dia} 15:05"), 3, 1, None));
        }
        for (k, dia) in ["2026-11-17", "2026-11-10", "2026-11-03"].iter().enumerate() {
            pasado.push(walkin(200 + k as u32, &format!("{dia} 15:40"), 2, 0, Some((1, 1, 1))));
        }
        pasado.push(walkin(300, "2026-11-18 15:05", 9, 0, None));
        pasado.push(walkin(301, "2026-11-17 17:30", 9, 0, None));
        pasado.push(walkin(302, "2026-09-15 15:05", 9, 0, None));
        walkins(&app, &pasado).await;

        // Ten unconfirmed reservations ended in the last eight weeks, eight came: 80 %. Older
        // ones do not count, nor do today's.
        let mut fin = Vec::new();
        for k in 0..10 {
            let status = if k < 8 { "Asistio" } else { "Vencido" };
            fin.push(reserva(&format!("r{k}"), &format!("2026-11-{:02} 14:00", 10 + k), 2, status, false));
        }
        fin.push(reserva("vieja", "2026-08-04 14:00", 2, "Vencido", false));
        // Due today: 5 at 15:30 (4 expected), one 40 minutes late (no longer counted), one
        // cancelled, one past the two hours.
        fin.push(reserva("hoy", "2026-11-24 15:30", 5, "Pendiente", false));
        fin.push(reserva("tarde", "2026-11-24 14:10", 6, "Pendiente", false));
        fin.push(reserva("cancelada", "2026-11-24 15:30", 6, "Cancelada", false));
        fin.push(reserva("lejos", "2026-11-24 17:00", 6, "Pendiente", false));
        reservas(&app, &fin).await;

        let gerente = app.token("gerente@demo.mx").await;
        let hostess = app.token("hostess@demo.mx").await;
        // Seated now: a family of four (2 adults, 2 children) registered at the door.
        let mesero = app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": TAG, "name": "Pedro Salas" }))
            .await.es_exito_201()["_id"].as_str().unwrap().to_owned();
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &json!({
            "tag_sucursal": TAG, "name": "Familia Pérez", "email": "", "phone": "", "evento": "Ninguno",
            "comanda": { "mesa": "7", "mesero_id": mesero, "no_personas": 4, "buffet_adulto": 2, "buffet_boy": 2,
                         "buffet_promo_adulto": 0, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] }
        })).await.es_exito_201();
        // A party of three waits for table 8, free now: it is counted as coming now.
        anotar(&app, &hostess, grupo(TAG, "Familia Ruiz", 3, None)).await.es_exito_201();

        let p = pronostico(&app, &hostess).await;
        assert_eq!(p["ahora"], "2026-11-24 14:50");
        let pr = &p["pronostico"];
        let desde: Vec<&str> = pr["filas"].as_array().unwrap().iter().map(|f| f["desde"].as_str().unwrap()).collect();
        assert_eq!(desde, ["14:45", "15:00", "15:15", "15:30", "15:45", "16:00", "16:15", "16:30"]);
        assert_eq!(pr["semanas"], 6, "{pr}");
        assert_eq!(pr["sentados"], json!({ "adulto": 2, "nino": 2, "caballero": 0, "dama": 0, "nino_promo": 0 }));
        assert_eq!(pr["sentados_total"], 4);

        let fila = |i: usize| pr["filas"][i].clone();
        // 14:45: the waiting party, split as the regular buffet's past walk-ins were.
        assert_eq!(fila(0)["espera"], json!({ "grupos": 1, "personas": 3, "esperados": 3 }));
        assert_eq!(fila(0)["walkins"], 0);
        assert_eq!(fila(0)["total"], 3);
        // 15:00: six families of four over six open weeks: four diners, three adults, a child.
        assert_eq!(fila(1)["walkins"], 4);
        assert_eq!(fila(1)["comensales"], json!({ "adulto": 3, "nino": 1, "caballero": 0, "dama": 0, "nino_promo": 0 }));
        // 15:30: the reservation of five at 80 %, and the promo table (3 over 6 weeks: 1.5).
        assert_eq!(fila(3)["reservaciones"], json!({ "grupos": 1, "personas": 5, "esperados": 4 }));
        assert_eq!(fila(3)["walkins"], 2);
        let c = &fila(3)["comensales"];
        assert_eq!(c["caballero"].as_u64().unwrap() + c["dama"].as_u64().unwrap() + c["nino_promo"].as_u64().unwrap(), 2, "{c}");
        assert_eq!(fila(3)["total"], 6, "{}", fila(3));
        assert_eq!(pr["esperados_total"], 13, "{pr}");
        for i in [2, 4, 5, 6, 7] {
            assert_eq!(fila(i)["total"], 0, "{}", fila(i));
        }

        // The gerente reads the same; a role without cocina.index, or no session, is refused.
        assert_eq!(pronostico(&app, &gerente).await["pronostico"], *pr);
        let reservaciones = app.token("reservaciones@demo.mx").await;
        let r = app.get(&format!("/api/v1/admin/cocina?tag={TAG}"), Some(&reservaciones)).await;
        assert_eq!(r.status, 403, "{}", r.cuerpo);
        assert!(r.message().contains("permiso"), "{}", r.message());
        assert_eq!(app.get(&format!("/api/v1/admin/cocina?tag={TAG}"), None).await.status, 401);
        // A branch outside the hostess's is refused too.
        let r = app.get("/api/v1/admin/cocina?tag=no-existe", Some(&hostess)).await;
        assert!(matches!(r.status, 403 | 404), "{}", r.cuerpo);
    }
}

en_ambos! {
    async fn each_quarter_hours_forecast_is_kept_an_hour_ahead_once_and_scored_against_who_came(motor: Motor) {
        let app = spawn_app_a(motor, "2026-11-24 12:50").await;
        sucursal_nueva(&app).await;
        // The last eight Tuesdays: a family of four at 14:05 every week.
        let pasado: Vec<String> = (1..=8)
            .map(|k| {
                let dia = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap() - chrono::Duration::weeks(k);
                walkin(100 + k as u32, &format!("{dia} 14:05"), 3, 1, None)
            })
            .collect();
        walkins(&app, &pasado).await;

        // At 13:00 the job keeps the forecast of 14:00 (four diners); at 13:10 it keeps nothing
        // new, and what it kept stays as it was.
        // (The jobs loop keeps forecasts too, at its own moments: only these quarter-hours are
        // looked at.)
        let de = |filas: &[Vec<String>], cuarto: &str| -> Vec<String> {
            filas.iter().filter(|f| f[0].starts_with(cuarto)).map(|f| f[1].clone()).collect()
        };
        app.llevar_reloj_a("2026-11-24 13:00");
        anfitrion_server::cocina::guardar_pronosticos(app.store.as_ref(), app.reloj.ahora()).await.unwrap();
        assert_eq!(de(&kept(&app).await, "2026-11-24 14:00"), ["4"]);
        app.llevar_reloj_a("2026-11-24 13:10");
        anfitrion_server::cocina::guardar_pronosticos(app.store.as_ref(), app.reloj.ahora()).await.unwrap();
        assert_eq!(de(&kept(&app).await, "2026-11-24 14:00"), ["4"]);
        // At 13:20, 14:15's: nobody is expected then.
        app.llevar_reloj_a("2026-11-24 13:20");
        anfitrion_server::cocina::guardar_pronosticos(app.store.as_ref(), app.reloj.ahora()).await.unwrap();
        assert_eq!(de(&kept(&app).await, "2026-11-24 14:15"), ["0"]);

        // Who came at 14:00: a walk-in of three and a reservation of two checked in at 14:10.
        walkins(&app, &[walkin(200, "2026-11-24 14:05", 3, 0, None)]).await;
        reservas(&app, &[reserva("llego", "2026-11-24 14:00", 2, "Asistio", true)]).await;
        sql_directo(&app.database_url, "UPDATE reservaciones SET abierta_en = '2026-11-24 14:10:00' WHERE id = 'llego'", &[]).await;

        // The next morning the dashboard scores the day: forecast 4, came 5.
        app.llevar_reloj_a("2026-11-25 10:00");
        let gerente = app.token("gerente@demo.mx").await;
        let p = app.get(&format!("/api/v1/admin/dashboard/cocina?tag={TAG}&fecha=2026-11-24"), Some(&gerente)).await;
        assert_eq!(p.message(), "Pronóstico de cocina contra lo que llegó");
        let p = p.es_exito().clone();
        assert_eq!(p["por_hora"], json!([{ "hora": "14:00", "pronostico": 4, "real": 5 }]), "{p}");
        assert_eq!(p["error_medio"], 1.0);
        assert_eq!(p["cuartos"], 1);
        // Today has nothing of its own yet; the four weeks' error is yesterday's.
        let hoy = app.get(&format!("/api/v1/admin/dashboard/cocina?tag={TAG}"), Some(&gerente)).await.es_exito().clone();
        assert_eq!((hoy["por_hora"].clone(), hoy["error_medio"].clone()), (json!([]), json!(1.0)), "{hoy}");
        // A bad date is refused in Spanish; the hostess has no dashboard.
        app.get(&format!("/api/v1/admin/dashboard/cocina?tag={TAG}&fecha=ayer"), Some(&gerente))
            .await
            .es_error(400, "El parámetro «fecha» debe ser una fecha AAAA-MM-DD.");
        let hostess = app.token("hostess@demo.mx").await;
        assert_eq!(app.get(&format!("/api/v1/admin/dashboard/cocina?tag={TAG}"), Some(&hostess)).await.status, 403);
    }
}
