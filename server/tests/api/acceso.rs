//! Permission and branch guards, through the branch endpoints.

use anfitrion_server::access::{JsonSucursal, NombraSucursal, SucursalEnAlcance};
use anfitrion_server::envelope::Envelope;
use anfitrion_server::AppState;
use axum::routing::post;
use axum::Router;
use serde::Deserialize;
use serde_json::json;

use crate::helpers::{en_ambos, spawn, spawn_app, Opciones};

const SIN_PERMISO: &str = "No tienes permiso para realizar esta acción.";
const SUCURSAL_AJENA: &str = "No tienes acceso a esta sucursal.";

en_ambos! {
    async fn a_valid_token_without_the_permission_is_refused_with_403(motor: Motor) {
        let app = spawn_app(motor).await;
        let hostess = app.token("hostess@demo.mx").await;
        app.get("/api/v1/admin/sucursal", Some(&hostess)).await.es_error(403, SIN_PERMISO);
        let id = app.id_sucursal("polanco").await;
        app.get(&format!("/api/v1/admin/sucursal/{id}"), Some(&hostess)).await.es_error(403, SIN_PERMISO);
    }

    async fn a_foreign_branch_tag_is_refused_with_403(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        app.get("/api/v1/admin/sucursal?tag=monterrey", Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        let r = app.get("/api/v1/admin/sucursal?tag=polanco", Some(&gerente)).await;
        let lista = r.es_exito().as_array().unwrap().clone();
        assert_eq!(lista.len(), 1);
        assert_eq!(lista[0]["tag"], "polanco");
    }

    async fn a_foreign_branch_record_is_refused_with_403(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let monterrey = app.id_sucursal("monterrey").await;
        app.get(&format!("/api/v1/admin/sucursal/{monterrey}"), Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
    }

    async fn a_branch_answers_its_schedule_tables_and_days(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let polanco = app.id_sucursal("polanco").await;
        let r = app.get(&format!("/api/v1/admin/sucursal/{polanco}"), Some(&gerente)).await;
        let s = r.es_exito();
        assert_eq!(s["_id"], polanco.as_str());
        assert_eq!(s["tag"], "polanco");
        assert_eq!(s["marca"]["name"], "La Hacienda Buffet");
        assert_eq!(s["horario"].as_array().unwrap().len(), 7);
        assert_eq!(s["horario"][0], json!({ "dia": 1, "abre": "13:00", "cierra": "22:30", "cerrado": false }));
        assert!(s["mesas"].as_array().unwrap().iter().all(|m| m["numero"].as_i64().unwrap() > 0 && m["asientos"].as_i64().unwrap() > 0));
        assert!(s["days"].as_array().unwrap().iter().any(|d| d["tipo"] == "cerrado" && d["motivo"] == "Navidad"));
    }

    async fn an_unknown_branch_is_404(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        app.get("/api/v1/admin/sucursal/000000000000000000000000", Some(&gerente)).await.es_error(404, "No se encontró la sucursal.");
    }

    async fn the_branch_list_holds_only_the_callers_branches(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let r = app.get("/api/v1/admin/sucursal", Some(&gerente)).await;
        let mut tags: Vec<String> = r.es_exito().as_array().unwrap().iter().map(|s| s["tag"].as_str().unwrap().to_owned()).collect();
        tags.sort();
        assert_eq!(tags, ["polanco", "satelite"]);
    }

    async fn the_branch_selector_lists_exactly_the_users_tags(motor: Motor) {
        let app = spawn_app(motor).await;
        let hostess = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&hostess)).await;
        let lista = r.es_exito().as_array().unwrap().clone();
        let mut tags: Vec<&str> = lista.iter().map(|s| s["tag"].as_str().unwrap()).collect();
        tags.sort();
        assert_eq!(tags, ["polanco", "satelite"]);
        for s in &lista {
            assert_eq!(s["_id"].as_str().unwrap().len(), 24);
            assert!(s["name"].as_str().unwrap().starts_with("La Hacienda"));
            assert_eq!(s["marca"]["name"], "La Hacienda Buffet");
        }
        let sistemas = app.token("sistemas@demo.mx").await;
        let r = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&sistemas)).await;
        assert_eq!(r.es_exito().as_array().unwrap().len(), 3);
    }

    async fn an_empty_tag_parameter_is_refused_with_400(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        for ruta in ["/api/v1/admin/sucursal?tag=", "/api/v1/admin/sucursal?tag=%20"] {
            app.get(ruta, Some(&gerente)).await.es_error(400, "El parámetro «tag» está vacío: indica la sucursal.");
        }
    }

    async fn sistemas_sees_a_branch_created_after_it(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        let queretaro = app.agregar_sucursal("queretaro").await;

        let r = app.get("/api/v1/auth/me", Some(&sistemas)).await;
        assert_eq!(r.es_exito()["tags"], json!(["monterrey", "polanco", "queretaro", "satelite"]));
        let r = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&sistemas)).await;
        assert!(r.es_exito().as_array().unwrap().iter().any(|s| s["tag"] == "queretaro"), "{}", r.cuerpo);
        let r = app.get("/api/v1/admin/sucursal?tag=queretaro", Some(&sistemas)).await;
        assert_eq!(r.es_exito().as_array().unwrap().len(), 1);
        let r = app.get(&format!("/api/v1/admin/sucursal/{queretaro}"), Some(&sistemas)).await;
        assert_eq!(r.es_exito()["tag"], "queretaro");
        let r = app.login("sistemas@demo.mx", crate::helpers::CLAVE).await;
        assert!(r.es_exito()["user"]["tags"].as_array().unwrap().contains(&json!("queretaro")));

        // Only the role that holds every branch: a manager still has their own tags.
        app.get("/api/v1/admin/sucursal?tag=queretaro", Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        app.get(&format!("/api/v1/admin/sucursal/{queretaro}"), Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
    }

    async fn a_body_naming_a_branch_outside_the_callers_tags_is_refused_with_403(motor: Motor) {
        let app = spawn(motor, Opciones { demo: true, rutas_extra: Some(rutas_de_prueba()), ..Default::default() }).await;
        let gerente = app.token("gerente@demo.mx").await;
        let ruta = "/api/v1/prueba/sucursal";
        app.post_json(ruta, Some(&gerente), &json!({ "tag_sucursal": "monterrey" })).await.es_error(403, SUCURSAL_AJENA);
        let r = app.post_json(ruta, Some(&gerente), &json!({ "tag_sucursal": "polanco" })).await;
        assert_eq!(r.es_exito(), &json!("polanco"));
        // A body that names no branch has nothing to check.
        let r = app.post_json(ruta, Some(&gerente), &json!({})).await;
        assert_eq!(r.es_exito(), &json!(null));
        app.post_json(ruta, Some(&gerente), &json!({ "tag_sucursal": " " })).await.es_error(400, "Falta la sucursal: su etiqueta está vacía.");
        app.post_json(ruta, Some(&gerente), &json!({ "tag_sucursal": 5 })).await.es_error(400, "El campo «tag_sucursal» debe ser texto.");
        app.post_json(ruta, None, &json!({ "tag_sucursal": "polanco" })).await.es_error(401, "Inicia sesión para continuar.");

        let sistemas = app.token("sistemas@demo.mx").await;
        app.agregar_sucursal("queretaro").await;
        let r = app.post_json(ruta, Some(&sistemas), &json!({ "tag_sucursal": "queretaro" })).await;
        assert_eq!(r.es_exito(), &json!("queretaro"));
    }
}

/// A body as the coming write endpoints will take one: the branch in `tag_sucursal`.
#[derive(Deserialize)]
struct CuerpoConSucursal {
    tag_sucursal: Option<String>,
}

impl NombraSucursal for CuerpoConSucursal {
    fn tag(&self) -> Option<&str> {
        self.tag_sucursal.as_deref()
    }
}

/// A route only this test binary has, answering the branch its body named once the guard let it by.
fn rutas_de_prueba() -> Router<AppState> {
    async fn eco(
        JsonSucursal(cuerpo, _): JsonSucursal<CuerpoConSucursal, Option<SucursalEnAlcance>>,
    ) -> Envelope<Option<String>> {
        Envelope::ok("Sucursal aceptada", cuerpo.tag_sucursal)
    }
    Router::new().route("/api/v1/prueba/sucursal", post(eco))
}
