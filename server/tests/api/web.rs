//! The embedded console, the OpenAPI document and request ids.

use crate::helpers::{en_ambos, spawn, spawn_app, Opciones};

/// The headers every answer carries, whatever its kind; `consola` for the console's pages and
/// assets (its CSP lets the WASM core run), else an API answer (its CSP lets nothing run).
#[track_caller]
fn con_cabeceras_de_seguridad(h: &reqwest::header::HeaderMap, que: &str, consola: bool) {
    let valor = |n: &str| {
        h.get(n)
            .unwrap_or_else(|| panic!("{que}: falta {n}"))
            .to_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(valor("x-content-type-options"), "nosniff", "{que}");
    assert_eq!(valor("x-frame-options"), "DENY", "{que}");
    assert_eq!(valor("referrer-policy"), "same-origin", "{que}");
    assert!(
        valor("permissions-policy").contains("camera=(self)"),
        "{que}"
    );
    let csp = valor("content-security-policy");
    assert!(csp.contains("frame-ancestors 'none'"), "{que}: {csp}");
    if consola {
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval'")
                && csp.contains("object-src 'none'"),
            "{que}: {csp}"
        );
    } else {
        assert!(csp.starts_with("default-src 'none'"), "{que}: {csp}");
    }
    assert!(
        h.get("strict-transport-security").is_none(),
        "{que}: HSTS solo con --hsts"
    );
}

en_ambos! {
    async fn any_console_path_serves_the_app_as_html(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        for ruta in ["/reservaciones/hoy", "/", "/walkin/registrar", "/login"] {
            let r = app.client.get(app.url(ruta)).send().await.unwrap();
            assert_eq!(r.status(), 200, "{ruta}");
            assert_eq!(r.headers()["content-type"], "text/html; charset=utf-8", "{ruta}");
            assert_eq!(r.headers()["cache-control"], "no-cache", "{ruta}");
            let html = r.text().await.unwrap();
            assert!(html.to_lowercase().starts_with("<!doctype html>"), "{ruta}: {html}");
        }
    }

    async fn the_openapi_document_lists_every_path(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let r = app.client.get(app.url("/api/openapi.json")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        let doc: serde_json::Value = r.json().await.unwrap();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
        let rutas = doc["paths"].as_object().unwrap();
        for ruta in [
            "/api/v1/auth/login",
            "/api/v1/auth/logout",
            "/api/v1/auth/me",
            "/api/v1/admin/sucursal",
            "/api/v1/admin/sucursal/{id}",
            "/api/v1/admin/sucursal/sucuser/suc",
        ] {
            assert!(rutas.contains_key(ruta), "falta {ruta} en {:?}", rutas.keys().collect::<Vec<_>>());
        }
        assert!(doc["components"]["schemas"].get("EnvelopeError").is_some());
        assert!(doc["paths"]["/api/v1/admin/sucursal"].get("post").is_some(), "POST crea sucursales");
    }

    async fn the_openapi_permission_names_are_cores_catalogue(motor: Motor) {
        // The console's permission type is generated from this document: it must list core's
        // catalogue exactly, by the names roles store.
        let app = spawn(motor, Opciones::default()).await;
        let doc: serde_json::Value = app.client.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
        let nombres: Vec<&str> = doc["components"]["schemas"]["NombrePermiso"]["enum"]
            .as_array()
            .expect("NombrePermiso es un enum")
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let catalogo: Vec<&str> = anfitrion_core::permisos::Permiso::TODOS.iter().map(|p| p.nombre()).collect();
        assert_eq!(nombres, catalogo);
        assert_eq!(
            doc["components"]["schemas"]["PermisoRef"]["properties"]["name"]["$ref"],
            "#/components/schemas/NombrePermiso"
        );
    }

    async fn api_answers_are_never_stored_by_a_browser_or_proxy(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("gerente@demo.mx").await;
        for (ruta, token, codigo) in [
            ("/api/v1/auth/me", Some(token.as_str()), 200),
            ("/api/v1/auth/me", None, 401),
            ("/api/no-existe", None, 404),
        ] {
            let r = app.get(ruta, token).await;
            assert_eq!(r.status, codigo, "{ruta}");
            assert_eq!(r.headers["cache-control"], "no-store", "{ruta}");
        }
    }

    async fn answers_are_gzipped_for_clients_that_accept_it(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let pedir = |codificacion: Option<&'static str>| {
            let mut r = app.client.get(app.url("/api/openapi.json"));
            if let Some(c) = codificacion {
                r = r.header("accept-encoding", c);
            }
            r.send()
        };
        let comprimida = pedir(Some("gzip")).await.unwrap();
        assert_eq!(comprimida.headers()["content-encoding"], "gzip");
        let chica = comprimida.bytes().await.unwrap().len();
        let plana = pedir(None).await.unwrap();
        assert!(plana.headers().get("content-encoding").is_none());
        let grande = plana.bytes().await.unwrap().len();
        assert!(chica * 2 < grande, "gzip {chica} B, plain {grande} B");
    }

    async fn every_answer_carries_a_request_id(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let r = app.get("/api/v1/auth/me", None).await;
        let id = r.headers["x-request-id"].to_str().unwrap();
        assert_eq!(id.len(), 16);
    }

    async fn a_request_id_is_taken_only_from_a_trusted_proxy_and_only_short_and_plain(motor: Motor) {
        let id_de = |app: &crate::helpers::TestApp, enviado: String| {
            let peticion = app.client.get(app.url("/api/v1/auth/me")).header("x-request-id", enviado);
            async move { peticion.send().await.unwrap().headers()["x-request-id"].to_str().unwrap().to_owned() }
        };
        // Any client: its id is never taken; the answer carries one of ours.
        let app = spawn(motor, Opciones::default()).await;
        for enviado in ["lb-7f3a9c".to_owned(), "x".repeat(4000)] {
            let id = id_de(&app, enviado.clone()).await;
            assert_ne!(id, enviado);
            assert_eq!(id.len(), 16, "{id}");
        }
        // A trusted proxy's is kept, up to 128 plain characters; anything else is replaced.
        let app = spawn(motor, Opciones { proxies_confiables: vec!["127.0.0.1".parse().unwrap()], ..Default::default() }).await;
        for enviado in ["lb-7f3a9c".to_owned(), "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".to_owned(), "a".repeat(128)] {
            assert_eq!(id_de(&app, enviado.clone()).await, enviado);
        }
        for enviado in ["a".repeat(129), "x".repeat(4000), "dos palabras".to_owned(), "<script>".to_owned()] {
            let id = id_de(&app, enviado.clone()).await;
            assert_ne!(id, enviado);
            assert_eq!(id.len(), 16, "{id}");
        }
    }
}

en_ambos! {
    async fn every_kind_of_answer_carries_the_security_headers(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("gerente@demo.mx").await;
        let c = &app.client;
        let pagina = c.get(app.url("/reservaciones/hoy")).send().await.unwrap();
        assert_eq!(pagina.headers()["content-type"], "text/html; charset=utf-8");
        con_cabeceras_de_seguridad(pagina.headers(), "consola", true);
        con_cabeceras_de_seguridad(c.get(app.url("/assets/no-existe.js")).send().await.unwrap().headers(), "recurso", true);
        let casos = [
            ("éxito", c.get(app.url("/api/v1/auth/me")).bearer_auth(&token).send().await.unwrap(), 200),
            ("openapi", c.get(app.url("/api/openapi.json")).send().await.unwrap(), 200),
            ("sin sesión", c.get(app.url("/api/v1/auth/me")).send().await.unwrap(), 401),
            ("ruta desconocida", c.get(app.url("/api/no-existe")).send().await.unwrap(), 404),
            ("método", c.get(app.url("/api/v1/auth/login")).send().await.unwrap(), 405),
            ("dirección no válida", c.get(app.url("/api/v1/auth/me/%00")).send().await.unwrap(), 400),
            ("demasiado grande", c.post(app.url("/api/v1/auth/login")).header("content-type", "application/json").body(vec![b' '; 1024 * 1024 + 1]).send().await.unwrap(), 413),
            ("demasiado larga", c.get(app.url(&format!("/api/v1/auth/me?{}", "a".repeat(9000)))).send().await.unwrap(), 414),
        ];
        for (que, r, codigo) in casos {
            assert_eq!(r.status(), codigo, "{que}");
            con_cabeceras_de_seguridad(r.headers(), que, false);
        }
    }

    async fn only_the_public_booking_pages_may_be_framed_by_other_sites(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        for ruta in ["/widget/polanco", "/reservacion/polanco"] {
            let r = app.client.get(app.url(ruta)).send().await.unwrap();
            let csp = r.headers()["content-security-policy"].to_str().unwrap();
            assert!(csp.contains("frame-ancestors *") && csp.contains("'wasm-unsafe-eval'"), "{ruta}: {csp}");
            assert!(r.headers().get("x-frame-options").is_none(), "{ruta}");
            assert_eq!(r.headers()["x-content-type-options"], "nosniff");
        }
    }

    async fn hsts_is_sent_when_the_server_is_declared_behind_https(motor: Motor) {
        let app = spawn(motor, Opciones { ajustar: Some(Box::new(|c| c.hsts = true)), ..Default::default() }).await;
        for ruta in ["/", "/api/v1/auth/me"] {
            let r = app.client.get(app.url(ruta)).send().await.unwrap();
            assert_eq!(r.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains", "{ruta}");
        }
    }
}

/// Collects log output in memory.
#[derive(Clone, Default)]
struct Captura(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captura {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Captura {
    type Writer = Captura;

    fn make_writer(&'a self) -> Captura {
        self.clone()
    }
}

en_ambos! {
    async fn request_logs_carry_method_path_status_and_never_a_secret(motor: Motor) {
        let captura = Captura::default();
        let suscriptor = tracing_subscriber::fmt()
            .with_env_filter("debug")
            .with_writer(captura.clone())
            .with_ansi(false)
            .finish();
        // The test runtime is single-threaded: the server's tasks log on this thread.
        let _guarda = tracing::subscriber::set_default(suscriptor);
        let app = crate::helpers::spawn_app(motor).await;
        let token = app.token("gerente@demo.mx").await;
        app.get("/api/v1/auth/me", Some(&token)).await.es_exito();
        app.login("gerente@demo.mx", "clave-equivocada-secreta").await;
        let logs = String::from_utf8(captura.0.lock().unwrap().clone()).unwrap();
        assert!(logs.contains("method=POST") && logs.contains("route=/api/v1/auth/login"), "{logs}");
        assert!(logs.contains("status=200") && logs.contains("status=401") && logs.contains("latency_ms="), "{logs}");
        assert!(logs.contains("request_id="), "{logs}");
        for secreto in [token.as_str(), crate::helpers::CLAVE, "clave-equivocada-secreta"] {
            assert!(!logs.contains(secreto), "el log contiene un secreto: {secreto}");
        }
    }
}
