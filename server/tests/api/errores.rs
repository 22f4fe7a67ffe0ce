//! Every malformed input and failure answers in the envelope, in Spanish.

use axum::routing::get;
use axum::Router;
use serde_json::json;

use crate::helpers::{en_ambos, spawn, spawn_app, Opciones};

const DIRECCION_NO_VALIDA: &str = "La dirección solicitada no es válida.";
const CONSULTA_NO_VALIDA: &str = "Los parámetros de la consulta no son válidos.";
const NULO: &str = "El texto no puede contener el carácter nulo (\\u0000).";

const LOGIN: &str = "/api/v1/auth/login";
const JSON: Option<&str> = Some("application/json");

en_ambos! {
    async fn malformed_json_is_a_400_envelope(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        app.post_crudo(LOGIN, JSON, r#"{"email": "a@b.mx", "password": "#).await
            .es_error(400, "El cuerpo de la solicitud no es un JSON válido.");
        app.post_crudo(LOGIN, JSON, "").await.es_error(400, "El cuerpo de la solicitud no es un JSON válido.");
    }

    async fn a_field_of_the_wrong_type_is_a_400_naming_it(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let cuerpo = json!({ "email": "gerente@demo.mx", "password": 1234 }).to_string();
        app.post_crudo(LOGIN, JSON, cuerpo).await.es_error(400, "El campo «Contraseña» debe ser texto.");
        app.post_crudo(LOGIN, JSON, "42").await.es_error(400, "El cuerpo de la solicitud debe ser un objeto JSON.");
    }

    /// serde reads a struct from an array of its fields too: `[]` would have been a body whose
    /// every field took its default (a waiter's edit that changed nothing answered 200).
    async fn an_array_where_an_object_goes_is_a_400_and_changes_nothing(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let meseros = app.get("/api/v1/admin/meseros?tag=polanco&todos=true", Some(&t)).await;
        let mesero = meseros.es_exito()[0].clone();
        let ruta = format!("/api/v1/admin/meseros/{}", mesero["_id"].as_str().unwrap());
        for cuerpo in [json!([]), json!(["Otro nombre", false])] {
            app.put_json(&ruta, Some(&t), &cuerpo).await.es_error(400, "El cuerpo de la solicitud debe ser un objeto JSON.");
        }
        app.post_crudo(LOGIN, JSON, r#"["gerente@demo.mx", "demo1234"]"#).await
            .es_error(400, "El cuerpo de la solicitud debe ser un objeto JSON.");
        assert_eq!(app.get("/api/v1/admin/meseros?tag=polanco&todos=true", Some(&t)).await.es_exito()[0], mesero);
    }

    async fn a_missing_field_is_a_400_naming_it(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let cuerpo = json!({ "email": "gerente@demo.mx" }).to_string();
        app.post_crudo(LOGIN, JSON, cuerpo).await.es_error(400, "Falta el campo «Contraseña».");
    }

    async fn a_body_that_is_not_declared_json_is_a_415_envelope(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let cuerpo = json!({ "email": "gerente@demo.mx", "password": "demo1234" }).to_string();
        let esperado = "La solicitud debe enviarse en formato JSON (Content-Type: application/json).";
        app.post_crudo(LOGIN, Some("text/plain"), cuerpo.clone()).await.es_error(415, esperado);
        app.post_crudo(LOGIN, None, cuerpo).await.es_error(415, esperado);
    }

    async fn a_body_over_one_mebibyte_is_a_413_envelope(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let enorme = format!(r#"{{"email": "a@b.mx", "password": "{}"}}"#, "x".repeat(1024 * 1024 + 1));
        app.post_crudo(LOGIN, JSON, enorme).await.es_error(413, "La solicitud es demasiado grande: el máximo es 1 MiB.");
    }

    async fn an_unknown_api_route_is_a_404_envelope(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        app.get("/api/v1/admin/no-existe", None).await.es_error(404, "La ruta solicitada no existe.");
        app.get("/api", None).await.es_error(404, "La ruta solicitada no existe.");
        app.post("/api/v2/auth/login", None).await.es_error(404, "La ruta solicitada no existe.");
    }

    async fn a_wrong_method_is_a_405_envelope(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        app.get(LOGIN, None).await.es_error(405, "Este método no está permitido para esta ruta.");
        let r = app.client.delete(app.url("/api/v1/auth/me")).send().await.unwrap();
        crate::helpers::leer(r).await.es_error(405, "Este método no está permitido para esta ruta.");
    }

    async fn a_panic_is_a_500_envelope_and_the_server_keeps_serving(motor: Motor) {
        let rutas = Router::new().route("/api/v1/prueba/panico", get(|| async { panic!("falla de prueba") as &'static str }));
        let app = spawn(motor, Opciones { rutas_extra: Some(rutas), ..Default::default() }).await;
        let r = app.get("/api/v1/prueba/panico", None).await;
        // The message names the request's id, as its answer carries it: what support looks up.
        let id = r.headers.get("x-request-id").and_then(|v| v.to_str().ok()).expect("X-Request-Id").to_owned();
        r.es_error(500, &format!("Ocurrió un error inesperado. Inténtalo de nuevo. Código para soporte: {id}."));
        assert!(!r.cuerpo.to_string().contains("falla de prueba"), "el detalle del pánico no sale del servidor");
        app.get("/api/v1/auth/me", None).await.es_error(401, "Inicia sesión para continuar.");
    }

    async fn a_trailing_slash_reaches_the_same_route(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("gerente@demo.mx").await;
        app.get("/api/v1/auth/me/", Some(&token)).await.es_exito();
    }

    async fn a_nul_or_invalid_utf8_in_a_path_is_a_400_on_both_engines(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("sistemas@demo.mx").await;
        for ruta in ["/api/v1/admin/sucursal/%00", "/api/v1/admin/sucursal/abc%00", "/api/v1/admin/sucursal/%FF", "/api/v1/admin/sucursal/%C3%28"] {
            app.get(ruta, Some(&token)).await.es_error(400, DIRECCION_NO_VALIDA);
        }
        // Before the session is even looked at.
        app.get("/api/v1/admin/sucursal/%00", None).await.es_error(400, DIRECCION_NO_VALIDA);
        app.get("/api/v1/admin/sucursal/no-existe", Some(&token)).await.es_error(404, "No se encontró la sucursal.");
    }

    async fn a_nul_or_invalid_utf8_in_a_query_is_a_400_on_both_engines(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("sistemas@demo.mx").await;
        for ruta in ["/api/v1/admin/sucursal?tag=%00", "/api/v1/admin/sucursal?tag=polanco%00", "/api/v1/admin/sucursal?tag=%C3", "/api/v1/admin/sucursal?%00=x"] {
            app.get(ruta, Some(&token)).await.es_error(400, CONSULTA_NO_VALIDA);
        }
        app.get("/api/v1/admin/sucursal?tag=polanco", Some(&token)).await.es_exito();
    }

    async fn a_nul_in_a_json_body_is_a_400_and_nothing_is_stored(motor: Motor) {
        let app = spawn_app(motor).await;
        let token = app.token("sistemas@demo.mx").await;
        let marca = app.get("/api/v1/admin/sucursal?tag=polanco", Some(&token)).await.es_exito()[0]["marca"]["_id"].clone();
        let datos = json!({ "tag": "nula", "name": "Sucursal\u{0}nula", "marca": marca });
        app.post_json("/api/v1/admin/sucursal", Some(&token), &datos).await.es_error(400, NULO);
        app.get("/api/v1/admin/sucursal?tag=nula", Some(&token)).await;
        let todas = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&token)).await;
        assert!(todas.es_exito().as_array().unwrap().iter().all(|s| s["tag"] != "nula"));
        app.post_json(LOGIN, None, &json!({ "email": "gerente@demo.mx\u{0}", "password": "demo1234" })).await.es_error(400, NULO);
        // An escaped backslash before "u0000" is text, not a NUL: that login is merely wrong.
        app.post_crudo(LOGIN, JSON, r#"{"email": "gerente@demo.mx", "password": "\\u0000aaaa"}"#).await.es_error(401, "Correo o contraseña incorrectos");
    }
}
