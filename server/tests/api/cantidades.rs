//! A party and every buffet count have one bound, the same wherever a party is typed: a walk-in,
//! an attendance, a booking, the waitlist. Above it the save is refused in Spanish and nothing is
//! stored; at it, every screen of the branch reads the records back, the dashboard's sums
//! included.

use serde_json::{json, Value};

use crate::helpers::{en_ambos, nueva_reservacion, spawn_app, TestApp};

const LIMITE: &str = "El número de personas no puede ser mayor que 50";

fn orden(mesa: &str, mesero_id: &str, personas: u64, promo: bool) -> Value {
    json!({ "mesa": mesa, "mesero_id": mesero_id, "no_personas": personas, "buffet_adulto": personas, "buffet_boy": 0,
            "buffet_promo_adulto": personas, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": promo })
}

fn walkin(mesa: &str, mesero_id: &str, personas: u64) -> Value {
    json!({ "tag_sucursal": "polanco", "name": "Familia Grande", "email": "", "phone": "", "evento": "Ninguno",
            "comanda": orden(mesa, mesero_id, personas, false), "abre": { "promo": [] } })
}

fn asistencia(mesa: &str, mesero_id: &str, personas: u64) -> Value {
    json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": personas,
            "comanda": orden(mesa, mesero_id, personas, false), "abre": { "promo": [] } })
}

async fn mesero(app: &TestApp, token: &str) -> String {
    let r = app
        .get("/api/v1/admin/meseros?tag=polanco", Some(token))
        .await;
    r.es_exito()[0]["_id"].as_str().unwrap().to_owned()
}

/// Polanco's floor: three tables of fifty.
async fn mesas_de_cincuenta(app: &TestApp) {
    let sistemas = app.token("sistemas@demo.mx").await;
    let id = app.id_sucursal("polanco").await;
    let mesas = json!([{ "numero": 1, "asientos": 50 }, { "numero": 2, "asientos": 50 }, { "numero": 3, "asientos": 50 }]);
    app.put_json(
        &format!("/api/v1/admin/sucursal/{id}/mesas"),
        Some(&sistemas),
        &mesas,
    )
    .await
    .es_exito();
}

/// Every read of the branch a screen makes: each answers, and the walk-in list's total.
async fn cada_pantalla(app: &TestApp, token: &str) -> u64 {
    let hoy = app.hoy();
    for ruta in [
        "/api/v1/admin/salon?tag=polanco".to_owned(),
        "/api/v1/admin/espera?tag=polanco".to_owned(),
        "/api/v1/admin/reservacion?tag=polanco".to_owned(),
        "/api/v1/admin/reservacion?tag=polanco&status=todas".to_owned(),
        format!("/api/v1/admin/dashboard?tag=polanco&fecha={hoy}"),
        "/api/v1/admin/dashboard/serie?tag=polanco".to_owned(),
        "/api/v1/admin/dashboard/mesas?tag=polanco".to_owned(),
        "/api/v1/admin/dashboard/confirmaciones?tag=polanco".to_owned(),
        "/api/v1/admin/clientes?tag=polanco".to_owned(),
        "/api/v1/admin/logs/walkin?tag=polanco".to_owned(),
        "/api/v1/admin/logs/reserva?tag=polanco".to_owned(),
    ] {
        let r = app.get(&ruta, Some(token)).await;
        assert_eq!(r.status, 200, "{ruta}: {}", r.cuerpo);
    }
    let w = app
        .get("/api/v1/admin/walkin?tag=polanco", Some(token))
        .await;
    w.es_exito()["total"].as_u64().expect("total")
}

/// Polanco with tables of fifty, a manager's and a host's sessions, a waiter, and the walk-ins
/// its list held before the test wrote anything.
struct Polanco {
    app: TestApp,
    gerente: String,
    hostess: String,
    mesero: String,
    antes: u64,
}

impl Polanco {
    async fn preparar(motor: crate::helpers::Motor) -> Polanco {
        let app = spawn_app(motor).await;
        mesas_de_cincuenta(&app).await;
        let gerente = app.token("gerente@demo.mx").await;
        let hostess = app.token("hostess@demo.mx").await;
        let mesero = mesero(&app, &hostess).await;
        let antes = cada_pantalla(&app, &gerente).await;
        Polanco {
            app,
            gerente,
            hostess,
            mesero,
            antes,
        }
    }
}

/// A booking of two at Polanco, five minutes from now: its attendance can be registered.
async fn reserva_de_dos(app: &TestApp) -> anfitrion_server::db::reservaciones::NuevaReservacion {
    let polanco = app.id_sucursal("polanco").await;
    let cuando = app.ahora_local() + chrono::Duration::minutes(5);
    let r = nueva_reservacion(
        &polanco,
        "Irene Vallejo",
        "525577001122",
        cuando,
        app.reloj.ahora(),
    );
    app.store
        .crear_reservacion(&r, None)
        .await
        .expect("reservación");
    r
}

en_ambos! {
    async fn a_party_above_fifty_is_refused_everywhere_and_nothing_is_stored(motor: Motor) {
        let Polanco { app, gerente, hostess, mesero: m, antes } = Polanco::preparar(motor).await;

        for personas in [51_u64, 1_000_000, 2_147_483_647, 2_147_483_648] {
            app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("1", &m, personas)).await.es_error(400, LIMITE);
            let espera = json!({ "tag": "polanco", "name": "Familia Grande", "personas": personas });
            let r = app.post_json("/api/v1/admin/espera", Some(&hostess), &espera).await;
            assert_eq!(r.status, 400, "{personas}: {}", r.cuerpo);
        }
        // A count beyond any party, in the mode where it is not summed, is refused too.
        let mut promo = walkin("1", &m, 4);
        promo["comanda"] = orden("1", &m, 4, true);
        promo["comanda"]["buffet_adulto"] = json!(2_147_483_648_u64);
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &promo).await.es_error(400, "«Buffet adulto» debe estar entre 0 y 50");

        // An attendance of a booking of two with a party above the bound.
        let r = reserva_de_dos(&app).await;
        for personas in [51_u64, 2_147_483_648] {
            app.put_json(&format!("/api/v1/admin/reservacion/{}/asistencia", r.id), Some(&hostess), &asistencia("2", &m, personas))
                .await
                .es_error(400, LIMITE);
        }
        let d = app.get(&format!("/api/v1/admin/reservacion/{}", r.id), Some(&gerente)).await;
        assert_eq!((d.es_exito()["status"].as_str(), d.es_exito()["no_personas"].as_u64()), (Some("Pendiente"), Some(2)));
        assert_eq!(cada_pantalla(&app, &gerente).await, antes, "no walk-in was stored");
        assert!(app.get("/api/v1/admin/espera?tag=polanco", Some(&gerente)).await.es_exito().as_array().unwrap().is_empty());
    }

    async fn the_largest_parties_everywhere_read_back_on_every_screen(motor: Motor) {
        let Polanco { app, gerente, hostess, mesero: m, antes } = Polanco::preparar(motor).await;

        let w = app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin("1", &m, 50)).await;
        assert_eq!(w.es_exito_201()["no_personas"], 50, "{}", w.cuerpo);
        let r = reserva_de_dos(&app).await;
        let a = app.put_json(&format!("/api/v1/admin/reservacion/{}/asistencia", r.id), Some(&hostess), &asistencia("2", &m, 50)).await;
        a.es_exito();
        let espera = json!({ "tag": "polanco", "name": "Familia Grande", "personas": 50 });
        app.post_json("/api/v1/admin/espera", Some(&hostess), &espera).await.es_exito_201();

        assert_eq!(cada_pantalla(&app, &gerente).await, antes + 1);
        let d = app.get(&format!("/api/v1/admin/reservacion/{}", r.id), Some(&gerente)).await;
        assert_eq!((d.es_exito()["status"].as_str(), d.es_exito()["no_personas"].as_u64()), (Some("Asistio"), Some(50)));
        let l = app.get("/api/v1/admin/espera?tag=polanco", Some(&gerente)).await;
        assert_eq!(l.es_exito()[0]["personas"], 50);
        // The day's sums hold both parties of fifty.
        let t = app.get(&format!("/api/v1/admin/dashboard?tag=polanco&fecha={}", app.hoy()), Some(&gerente)).await;
        let t = t.es_exito();
        assert!(t["personas_walkin"].as_u64().unwrap() >= 50 && t["personas_sentadas"].as_u64().unwrap() >= 100, "{t}");
    }
}
