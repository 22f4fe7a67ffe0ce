//! Prometheus metrics on their own address (`--metricas`): after some traffic, the scrape names
//! requests by route template, method and status with a latency histogram, the pool in use and
//! idle, the open event streams, the outbox's depth and age, and throttled logins; labels carry
//! route templates, never a path's values. Without the option nothing listens.

use chrono::{Datelike, Duration as Dias};
use serde_json::json;

use crate::helpers::{en_ambos, es_frenado, spawn, spawn_app, Opciones, TestApp};

/// The value of the first sample of `nombre` whose labels include every `etiquetas` pair.
fn muestra(texto: &str, nombre: &str, etiquetas: &[(&str, &str)]) -> Option<f64> {
    texto.lines().find_map(|linea| {
        let resto = linea.strip_prefix(nombre)?;
        if !(resto.starts_with('{') || resto.starts_with(' ')) {
            return None;
        }
        let todas = etiquetas
            .iter()
            .all(|(k, v)| resto.contains(&format!("{k}=\"{v}\"")));
        todas.then(|| resto.rsplit(' ').next()?.parse().ok())?
    })
}

async fn raspar(app: &TestApp) -> String {
    let addr = app.metricas.expect("las métricas escuchan");
    let r = reqwest::get(format!("http://{addr}/metrics"))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    r.text().await.unwrap()
}

/// A weekday some days ahead, when the demo branches take bookings.
fn dia_de_reserva(app: &TestApp) -> String {
    let mut f = app.hoy() + Dias::days(3);
    while f.weekday().number_from_monday() >= 6 || (f.month() == 12 && f.day() == 25) {
        f += Dias::days(1);
    }
    f.format("%Y-%m-%d").to_string()
}

en_ambos! {
    async fn the_scrape_names_requests_pool_streams_outbox_and_throttled_logins(motor: Motor) {
        let app = spawn(
            motor,
            Opciones::demo_con(|c| c.metricas = Some("127.0.0.1:0".parse().unwrap())),
        )
        .await;
        let token = app.token("hostess@demo.mx").await;
        // A read whose path holds a reservation's id: its label is the template.
        let lista = app.get("/api/v1/admin/reservacion?tag=polanco", Some(&token)).await;
        let id = lista.es_exito()[0]["_id"].as_str().expect("una reservación").to_owned();
        app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&token)).await.es_exito();
        app.get("/api/v1/admin/no-existe", Some(&token)).await.es_error(404, "La ruta solicitada no existe.");
        // A booking from the widget leaves its confirmation e-mail in the outbox (no SMTP here).
        let r = app
            .post_json(
                "/api/v1/public/reservacion",
                None,
                &json!({ "tag": "polanco", "name": "Lucía Fernández", "email": "lucia@correo.mx", "phone": "525511112222",
                         "fecha_hora": format!("{} 15:00", dia_de_reserva(&app)), "no_personas": 2, "evento": "Ninguno",
                         "comentarios": "", "origin": "Widget" }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        // Ten wrong passwords, then the throttle refuses the eleventh try.
        for _ in 0..10 {
            app.login("gerente@demo.mx", "adivinando").await;
        }
        es_frenado(&app.login("gerente@demo.mx", "adivinando").await);
        // A console's live stream, open while the scrape reads.
        let flujo = app
            .client
            .get(app.url("/api/v1/admin/notifications/stream?tag=polanco"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(flujo.status(), 200);
        // The clock moves on: the e-mail has waited ten minutes.
        app.reloj.avanzar(chrono::Duration::minutes(10));

        let texto = raspar(&app).await;
        let solicitudes = "anfitrion_http_solicitudes_total";
        let ficha = [("metodo", "GET"), ("ruta", "/api/v1/admin/reservacion/{id}"), ("estado", "200")];
        assert_eq!(muestra(&texto, solicitudes, &ficha), Some(1.0), "{texto}");
        assert!(muestra(&texto, solicitudes, &[("ruta", "/api/v1/auth/login"), ("metodo", "POST"), ("estado", "429")]).is_some(), "{texto}");
        assert!(muestra(&texto, solicitudes, &[("ruta", "/api/{*resto}"), ("estado", "404")]).is_some(), "{texto}");
        assert!(muestra(&texto, solicitudes, &[("ruta", "/api/v1/public/reservacion"), ("estado", "201")]).is_some(), "{texto}");
        assert!(!texto.contains(&id), "a path's value became a label");
        // A histogram, with buckets, per method and route.
        let cubeta = [("metodo", "GET"), ("ruta", "/api/v1/admin/reservacion/{id}"), ("le", "+Inf")];
        assert_eq!(muestra(&texto, "anfitrion_http_duracion_segundos_bucket", &cubeta), Some(1.0), "{texto}");
        assert!(texto.contains("# TYPE anfitrion_http_duracion_segundos histogram"), "{texto}");
        // The pool: at least one connection open, in use or idle.
        let en_uso = muestra(&texto, "anfitrion_db_conexiones_en_uso", &[]).expect("en uso");
        let libres = muestra(&texto, "anfitrion_db_conexiones_libres", &[]).expect("libres");
        assert!(en_uso + libres >= 1.0, "{texto}");
        assert_eq!(muestra(&texto, "anfitrion_flujos_abiertos", &[]), Some(1.0), "{texto}");
        assert_eq!(muestra(&texto, "anfitrion_correos_pendientes", &[]), Some(1.0), "{texto}");
        let edad = muestra(&texto, "anfitrion_correo_pendiente_mas_viejo_segundos", &[]).expect("edad");
        assert!((600.0..700.0).contains(&edad), "{edad}");
        assert_eq!(muestra(&texto, "anfitrion_logins_frenados_total", &[("alcance", "cuenta")]), Some(1.0), "{texto}");
        // No guest's contact or password in any label.
        for secreto in ["lucia@correo.mx", "525511112222", "adivinando", token.as_str()] {
            assert!(!texto.contains(secreto), "{secreto}");
        }

        // The stream closes: the gauge follows.
        drop(flujo);
        let mut abiertos = None;
        for _ in 0..100 {
            abiertos = muestra(&raspar(&app).await, "anfitrion_flujos_abiertos", &[]);
            if abiertos == Some(0.0) {
                break;
            }
            tokio::task::yield_now().await;
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert_eq!(abiertos, Some(0.0));
    }

    async fn without_the_option_no_metrics_address_is_opened(motor: Motor) {
        let app = spawn_app(motor).await;
        assert!(app.metricas.is_none());
        // The console's address never answers metrics.
        let r = app.client.get(app.url("/metrics")).send().await.unwrap();
        assert!(!r.text().await.unwrap().contains("anfitrion_http_solicitudes_total"));
    }
}
