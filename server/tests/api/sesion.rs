//! Sign-in, sessions and their end.

use std::net::IpAddr;

use std::time::{Duration as Lapso, Instant};

use anfitrion_server::auth::freno::DemoraCuenta;
use anfitrion_server::auth::{
    hash_token, nuevo_token, MAX_FALLOS_DIRECCION, MAX_FALLOS_PAR, UMBRAL_DEMORA_CUENTA,
    VENTANA_INTENTOS,
};
use anfitrion_server::db::nuevo_id;
use anfitrion_server::db::sesiones::NuevaSesion;
use chrono::Duration;
use serde_json::{json, Value};

use crate::helpers::{en_ambos, es_frenado, leer, spawn, spawn_app, Opciones, TestApp, CLAVE};

const SESION_VENCIDA: &str = "Tu sesión expiró. Inicia sesión de nuevo.";
const INCORRECTOS: &str = "Correo o contraseña incorrectos";

fn ip(s: &str) -> IpAddr {
    s.parse().expect("dirección IP")
}

en_ambos! {
    async fn login_answers_the_token_and_the_user_shape(motor: Motor) {
        let app = spawn_app(motor).await;
        let r = app.login("gerente@demo.mx", CLAVE).await;
        assert_eq!(r.message(), "Bienvenido, Gabriela Gerente");
        let data = r.es_exito();
        assert_eq!(data["token"].as_str().unwrap().len(), 64);
        let user = &data["user"];
        assert_eq!(user["_id"].as_str().unwrap().len(), 24);
        assert_eq!(user["name"], "Gabriela Gerente");
        assert_eq!(user["email"], "gerente@demo.mx");
        assert_eq!(user["tags"], json!(["polanco", "satelite"]));
        assert_eq!(user["role"]["name"], "Gerente");
        let permisos = user["role"]["permissions"].as_array().unwrap();
        assert!(permisos.contains(&json!({ "name": "reservacion.asistio" })));
        assert!(permisos.contains(&json!({ "name": "reservaciones.index" })));
        assert!(!permisos.contains(&json!({ "name": "users.index" })));
        let texto = r.cuerpo.to_string();
        assert!(!texto.contains("argon2"), "la respuesta no debe traer el hash: {texto}");
    }

    async fn login_is_case_insensitive_on_the_email(motor: Motor) {
        let app = spawn_app(motor).await;
        app.login(" Hostess@Demo.MX ", CLAVE).await.es_exito();
    }

    async fn a_wrong_password_is_refused_with_401(motor: Motor) {
        let app = spawn_app(motor).await;
        app.login("gerente@demo.mx", "demo12345").await.es_error(401, "Correo o contraseña incorrectos");
        app.login("nadie@demo.mx", CLAVE).await.es_error(401, "Correo o contraseña incorrectos");
    }

    async fn me_answers_the_signed_in_user(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/auth/me", Some(&token)).await;
        let user = r.es_exito();
        assert_eq!(user["email"], "hostess@demo.mx");
        assert_eq!(user["role"]["name"], "Hostess");
        assert_eq!(user["tags"], json!(["polanco", "satelite"]));
    }

    async fn a_call_without_a_token_is_refused_with_401(motor: Motor) {
        let app = spawn_app(motor).await;
        app.get("/api/v1/auth/me", None).await.es_error(401, "Inicia sesión para continuar.");
        app.get("/api/v1/admin/sucursal/sucuser/suc", None).await.es_error(401, "Inicia sesión para continuar.");
        app.post("/api/v1/auth/logout", None).await.es_error(401, "Inicia sesión para continuar.");
    }

    async fn an_unknown_token_is_refused_with_401(motor: Motor) {
        let app = spawn_app(motor).await;
        app.get("/api/v1/auth/me", Some(&nuevo_token())).await.es_error(401, SESION_VENCIDA);
    }

    async fn the_rgatk_cookie_alone_is_not_a_session(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("reservaciones@demo.mx").await;
        let r = app.client.get(app.url("/api/v1/auth/me")).header("cookie", format!("sucursal=polanco; rgatk={token}")).send().await.unwrap();
        leer(r).await.es_error(401, "Inicia sesión para continuar.");
        // The same token as a bearer is a session.
        app.get("/api/v1/auth/me", Some(&token)).await.es_exito();
    }

    async fn an_expired_token_is_refused_with_401(motor: Motor) {
        let app = spawn_app(motor).await;
        let usuario = app.store.credenciales("gerente@demo.mx").await.unwrap().unwrap().usuario_id;
        let token = nuevo_token();
        let ahora = app.reloj.ahora();
        let sesion = NuevaSesion {
            id: nuevo_id(),
            token_hash: hash_token(&token),
            usuario_id: usuario,
            creada: ahora - Duration::days(1) - Duration::minutes(1),
            expira: ahora - Duration::minutes(1),
            ip: None,
        };
        app.store.crear_sesion(&sesion).await.unwrap();
        app.get("/api/v1/auth/me", Some(&token)).await.es_error(401, SESION_VENCIDA);
    }

    async fn a_token_revoked_by_logout_is_refused_with_401(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("gerente@demo.mx").await;
        let otra = app.token("gerente@demo.mx").await;
        let r = app.post("/api/v1/auth/logout", Some(&token)).await;
        assert_eq!(r.message(), "Sesión cerrada");
        r.es_exito();
        app.get("/api/v1/auth/me", Some(&token)).await.es_error(401, SESION_VENCIDA);
        app.post("/api/v1/auth/logout", Some(&token)).await.es_error(401, SESION_VENCIDA);
        // Only that session ends: the same user on another device stays signed in.
        app.get("/api/v1/auth/me", Some(&otra)).await.es_exito();
    }

    async fn ten_failed_logins_throttle_the_account_with_429(motor: Motor) {
        let app = spawn_app(motor).await;
        for i in 1..=10 {
            let r = app.login("hostess@demo.mx", "adivinando").await;
            r.es_error(401, "Correo o contraseña incorrectos");
            // Before the last try, the answer says one is left; never otherwise.
            let aviso = if i == 9 { json!({ "intentos_restantes": 1 }) } else { Value::Null };
            assert_eq!(r.cuerpo["data"], aviso, "intento {i}");
        }
        let r = app.login("hostess@demo.mx", CLAVE).await;
        es_frenado(&r);
        // The wait is the account's (from this address), and the answer says so.
        assert_eq!(r.cuerpo["data"]["alcance"], "cuenta");
        // The throttle is per account: a colleague at the same address still signs in.
        app.login("gerente@demo.mx", CLAVE).await.es_exito();
    }

    async fn a_successful_login_clears_the_account_failures(motor: Motor) {
        let app = spawn_app(motor).await;
        for _ in 0..9 {
            app.login("hostess@demo.mx", "adivinando").await.es_error(401, "Correo o contraseña incorrectos");
        }
        app.login("hostess@demo.mx", CLAVE).await.es_exito();
        for _ in 0..9 {
            app.login("hostess@demo.mx", "adivinando").await.es_error(401, "Correo o contraseña incorrectos");
        }
        app.login("hostess@demo.mx", CLAVE).await.es_exito();
    }

    async fn parallel_bad_logins_cannot_slip_past_the_throttle(motor: Motor) {
        let app = spawn_app(motor).await;
        let mut tareas = tokio::task::JoinSet::new();
        for _ in 0..20 {
            let peticion = app.client.post(app.url("/api/v1/auth/login")).json(&json!({ "email": "hostess@demo.mx", "password": "adivinando" }));
            tareas.spawn(async move { peticion.send().await.expect("login").status().as_u16() });
        }
        let codigos = tareas.join_all().await;
        assert!(codigos.iter().all(|c| [401, 429].contains(c)), "{codigos:?}");
        let revisados = codigos.iter().filter(|c| **c != 429).count();
        assert!(revisados <= MAX_FALLOS_PAR as usize, "{revisados} contraseñas revisadas de 20: {codigos:?}");
    }

    async fn fifty_failures_from_one_address_throttle_it_for_every_account(motor: Motor) {
        let app = spawn_app(motor).await;
        for i in 0..MAX_FALLOS_DIRECCION {
            app.login(&format!("persona{i}@demo.mx"), "adivinando").await.es_error(401, "Correo o contraseña incorrectos");
        }
        let r = app.login("gerente@demo.mx", CLAVE).await;
        es_frenado(&r);
        assert_eq!(r.cuerpo["data"]["alcance"], "direccion", "every account from this address waits");
    }

    async fn a_trusted_proxy_forwards_the_client_address(motor: Motor) {
        let app = spawn(motor, Opciones { demo: true, proxies_confiables: vec![ip("127.0.0.1")], ..Default::default() }).await;
        for _ in 0..MAX_FALLOS_PAR {
            app.login_reenviado("hostess@demo.mx", "adivinando", "198.51.100.1, 203.0.113.1").await.es_error(401, INCORRECTOS);
        }
        es_frenado(&app.login_reenviado("hostess@demo.mx", CLAVE, "203.0.113.1").await);
        // The stranger guessing from one address does not lock the owner out from another; the
        // left-most entry is whatever the client wrote and does not count.
        app.login_reenviado("hostess@demo.mx", CLAVE, "203.0.113.1, 203.0.113.2").await.es_exito();
    }

    async fn the_addresses_of_one_ipv6_64_share_a_login_budget(motor: Motor) {
        let app = spawn(motor, Opciones { demo: true, proxies_confiables: vec![ip("127.0.0.1")], ..Default::default() }).await;
        // A guesser changing its address within its /64 at every try…
        for i in 0..MAX_FALLOS_PAR {
            let direccion = format!("2001:db8:7:1::{:x}", i + 1);
            app.login_reenviado("hostess@demo.mx", "adivinando", &direccion).await.es_error(401, INCORRECTOS);
        }
        // …is still one address: a fresh one of that /64 is refused for the account…
        es_frenado(&app.login_reenviado("hostess@demo.mx", CLAVE, "2001:db8:7:1:ffff::1").await);
        // …while the owner on another network gets in.
        app.login_reenviado("hostess@demo.mx", CLAVE, "2001:db8:7:2::1").await.es_exito();
    }

    async fn x_forwarded_for_from_an_untrusted_peer_is_ignored(motor: Motor) {
        let app = spawn(motor, Opciones { demo: true, proxies_confiables: vec![ip("10.0.0.1")], ..Default::default() }).await;
        for i in 0..MAX_FALLOS_PAR {
            app.login_reenviado("hostess@demo.mx", "adivinando", &format!("203.0.113.{i}")).await.es_error(401, INCORRECTOS);
        }
        es_frenado(&app.login_reenviado("hostess@demo.mx", CLAVE, "203.0.113.99").await);
    }

    async fn the_owner_signs_in_from_a_clean_address_after_thirty_failures_from_three_others(motor: Motor) {
        let app = spawn(motor, Opciones { demo: true, proxies_confiables: vec![ip("127.0.0.1")], ..Default::default() }).await;
        for i in 0..30 {
            let direccion = format!("203.0.113.{}", i % 3);
            app.login_reenviado("hostess@demo.mx", "adivinando", &direccion).await.es_error(401, INCORRECTOS);
        }
        // Each guessing address is refused for the account (ten failures each)…
        for i in 0..3 {
            es_frenado(&app.login_reenviado("hostess@demo.mx", CLAVE, &format!("203.0.113.{i}")).await);
        }
        // …while the owner, from an address that never failed, gets in.
        app.login_reenviado("hostess@demo.mx", CLAVE, "198.51.100.7").await.es_exito();
        app.login_reenviado("gerente@demo.mx", CLAVE, "203.0.113.0").await.es_exito();
    }

    async fn a_429_says_how_long_to_wait_and_the_window_bounds_it(motor: Motor) {
        let app = spawn_app(motor).await;
        for _ in 0..MAX_FALLOS_PAR {
            app.login("hostess@demo.mx", "adivinando").await.es_error(401, INCORRECTOS);
        }
        let r = app.login("hostess@demo.mx", CLAVE).await;
        let espera = es_frenado(&r);
        // The failures are seconds old: the wait is the whole window, give or take the test's time.
        let ventana = VENTANA_INTENTOS.num_seconds() as u64;
        assert!(espera > ventana - 60 && espera <= ventana, "{espera}");
        assert_eq!(r.message(), "Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.");
    }

    async fn refused_logins_are_never_counted_as_failures(motor: Motor) {
        let app = spawn_app(motor).await;
        for _ in 0..MAX_FALLOS_PAR {
            app.login("hostess@demo.mx", "adivinando").await.es_error(401, INCORRECTOS);
        }
        for _ in 0..5 {
            es_frenado(&app.login("hostess@demo.mx", "adivinando").await);
            es_frenado(&app.login("hostess@demo.mx", CLAVE).await);
        }
        let fallos = app.store.fallos_recientes("hostess@demo.mx", "127.0.0.1", app.reloj.ahora() - VENTANA_INTENTOS).await.unwrap();
        assert_eq!((fallos.par, fallos.cuenta, fallos.direccion), (10, 10, 10));
    }

    async fn forty_simultaneous_correct_logins_from_forty_addresses_all_succeed(motor: Motor) {
        let app = spawn(motor, Opciones { demo: true, proxies_confiables: vec![ip("127.0.0.1")], ..Default::default() }).await;
        let codigos = simultaneos(&app, 40, |i| ("gerente@demo.mx", CLAVE, Some(format!("203.0.113.{i}")))).await;
        assert!(codigos.iter().all(|c| *c == 200), "{codigos:?}");
        // None of them was a failure, so none throttles anyone afterwards.
        let fallos = app.store.fallos_recientes("gerente@demo.mx", "203.0.113.1", app.reloj.ahora() - VENTANA_INTENTOS).await.unwrap();
        assert_eq!((fallos.par, fallos.cuenta, fallos.direccion), (0, 0, 0));
        app.login_reenviado("gerente@demo.mx", CLAVE, "198.51.100.7").await.es_exito();
    }

    async fn more_simultaneous_correct_logins_from_one_address_than_its_limit_all_succeed(motor: Motor) {
        let app = spawn_app(motor).await;
        let cuentas = ["gerente@demo.mx", "hostess@demo.mx", "sistemas@demo.mx", "mercadotecnia@demo.mx", "reservaciones@demo.mx"];
        let n = MAX_FALLOS_DIRECCION as usize + 10;
        let codigos = simultaneos(&app, n, |i| (cuentas[i % cuentas.len()], CLAVE, None)).await;
        assert!(codigos.iter().all(|c| *c == 200), "{codigos:?}");
    }

    async fn the_account_delay_grows_with_failures_from_many_addresses(motor: Motor) {
        let mut opciones = Opciones::demo_con(|c| {
            c.demora_cuenta = DemoraCuenta { paso: Lapso::from_millis(150), tope: Lapso::from_millis(600) };
        });
        opciones.proxies_confiables = vec![ip("127.0.0.1")];
        let app = spawn(motor, opciones).await;
        let (r, sin_fallos) = cronometrar(&app, CLAVE, "198.51.100.1").await;
        r.es_exito();
        for i in 0..UMBRAL_DEMORA_CUENTA + 1 {
            app.login_reenviado("hostess@demo.mx", "adivinando", &format!("203.0.113.{i}")).await.es_error(401, INCORRECTOS);
        }
        // Eleven failures: the next login waits one step (150 ms); one more failure, two steps.
        let (r, una) = cronometrar(&app, "adivinando", "203.0.113.200").await;
        r.es_error(401, INCORRECTOS);
        let (r, dos) = cronometrar(&app, CLAVE, "198.51.100.2").await;
        r.es_exito();
        assert!(una >= Lapso::from_millis(150) && dos >= Lapso::from_millis(300), "{sin_fallos:?} {una:?} {dos:?}");
        // The owner's success ends the account's delay.
        let (r, despues) = cronometrar(&app, CLAVE, "198.51.100.2").await;
        r.es_exito();
        assert!(despues < dos, "{despues:?} {dos:?}");
    }

    async fn empty_credentials_are_refused_with_cores_message(motor: Motor) {
        let app = spawn_app(motor).await;
        for (email, clave) in [("", CLAVE), ("hostess@demo.mx", ""), ("   ", "")] {
            let r = app.login(email, clave).await;
            r.es_error(400, "Escribe tu correo y tu contraseña.");
            assert_eq!(r.cuerpo["data"]["codigo"], "credenciales_incompletas");
        }
    }

    async fn an_invalid_email_is_refused_with_cores_message(motor: Motor) {
        let app = spawn_app(motor).await;
        let r = app.login("hostess", CLAVE).await;
        r.es_error(400, "Correo electrónico no válido");
        assert_eq!(r.cuerpo["data"]["campo"], "email");
    }
}

/// `n` logins sent at once (the i-th with `datos(i)`: e-mail, password and an optional
/// `X-Forwarded-For`); their status codes.
async fn simultaneos(
    app: &TestApp,
    n: usize,
    datos: impl Fn(usize) -> (&'static str, &'static str, Option<String>),
) -> Vec<u16> {
    let mut tareas = tokio::task::JoinSet::new();
    for i in 0..n {
        let (email, password, reenviado) = datos(i);
        let mut peticion = app
            .client
            .post(app.url("/api/v1/auth/login"))
            .json(&json!({ "email": email, "password": password }));
        if let Some(r) = reenviado {
            peticion = peticion.header("x-forwarded-for", r);
        }
        tareas.spawn(async move { peticion.send().await.expect("login").status().as_u16() });
    }
    tareas.join_all().await
}

/// A login of hostess from `direccion` (forwarded), and how long it took.
async fn cronometrar(
    app: &TestApp,
    clave: &str,
    direccion: &str,
) -> (crate::helpers::Respuesta, Lapso) {
    let inicio = Instant::now();
    let r = app
        .login_reenviado("hostess@demo.mx", clave, direccion)
        .await;
    (r, inicio.elapsed())
}
