//! The waiters and promotions screens' calls: permissions, branch scope, Spanish refusals that
//! store nothing, unique names, deactivation that keeps old tickets, and the promotion window
//! deciding what `activas` offers and what a walk-in may use.

use anfitrion_core::tiempo::ReglasHorario;
use chrono::{Datelike, Duration, NaiveDate};
use serde_json::{json, Value};

use crate::helpers::{en_ambos, leer, spawn_app, Respuesta, TestApp};

const SIN_PERMISO: &str = "No tienes permiso para realizar esta acción.";
const SUCURSAL_AJENA: &str = "No tienes acceso a esta sucursal.";

/// Today in Mexico City, where the demo branches are.
fn hoy() -> NaiveDate {
    ReglasHorario::default()
        .local(crate::helpers::ahora_de_prueba())
        .date()
}

async fn borrar(app: &TestApp, ruta: &str, token: &str) -> Respuesta {
    leer(
        app.client
            .delete(app.url(ruta))
            .bearer_auth(token)
            .send()
            .await
            .expect("DELETE"),
    )
    .await
}

fn nombres(r: &Respuesta) -> Vec<String> {
    r.es_exito()
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_owned())
        .collect()
}

fn walkin(mesero_id: &str, promos: Value) -> Value {
    json!({
        "tag_sucursal": "polanco", "name": "Familia Prueba", "evento": "Ninguno",
        "comanda": { "mesa": "5", "mesero_id": mesero_id, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": promos }
    })
}

en_ambos! {
    async fn waiters_are_added_renamed_and_deactivated_and_old_tickets_keep_their_name(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let hostess = app.token("hostess@demo.mx").await;
        let mercadotecnia = app.token("mercadotecnia@demo.mx").await;
        let antes = nombres(&app.get("/api/v1/admin/meseros?tag=polanco", Some(&hostess)).await);

        // Permissions and branch scope.
        app.post_json("/api/v1/admin/meseros", Some(&hostess), &json!({ "tag": "polanco", "name": "Pedro Salas" })).await.es_error(403, SIN_PERMISO);
        app.get("/api/v1/admin/meseros?tag=polanco&todos=true", Some(&hostess)).await.es_error(403, SIN_PERMISO);
        app.get("/api/v1/admin/meseros?tag=polanco&todos=true", Some(&mercadotecnia)).await.es_error(403, SIN_PERMISO);
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "monterrey", "name": "Pedro Salas" })).await.es_error(403, SUCURSAL_AJENA);
        // Bad input stores nothing.
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "polanco", "name": "   " })).await.es_error(400, "El nombre es obligatorio");
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "polanco", "name": "x".repeat(101) })).await
            .es_error(400, "El nombre no puede tener más de 100 caracteres");
        assert_eq!(nombres(&app.get("/api/v1/admin/meseros?tag=polanco", Some(&hostess)).await), antes);

        let r = app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "polanco", "name": "  Pedro   Salas " })).await;
        let m = r.es_exito_201().clone();
        assert_eq!((m["name"].as_str(), m["activo"].as_bool()), (Some("Pedro Salas"), Some(true)));
        let id = m["_id"].as_str().unwrap().to_owned();
        assert!(nombres(&app.get("/api/v1/admin/meseros?tag=polanco", Some(&hostess)).await).contains(&"Pedro Salas".to_owned()));
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "polanco", "name": "Pedro Salas" })).await
            .es_error(409, "La sucursal ya tiene un mesero activo con ese nombre.");
        // Another branch may have a waiter by the same name.
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "satelite", "name": "Pedro Salas" })).await.es_exito_201();

        let r = app.put_json(&format!("/api/v1/admin/meseros/{id}"), Some(&gerente), &json!({ "name": "Pedro Salas Ruiz" })).await;
        assert_eq!(r.es_exito()["name"], "Pedro Salas Ruiz");
        app.put_json(&format!("/api/v1/admin/meseros/{id}"), Some(&gerente), &json!({ "name": "" })).await.es_error(400, "El nombre es obligatorio");
        app.put_json(&format!("/api/v1/admin/meseros/{id}"), Some(&hostess), &json!({ "name": "Otro" })).await.es_error(403, SIN_PERMISO);

        // A walk-in served by them prints their name, and keeps it after they are deactivated.
        let w = app.post_json("/api/v1/admin/walkin", Some(&gerente), &walkin(&id, json!([]))).await;
        let walkin_id = w.es_exito_201()["_id"].as_str().unwrap().to_owned();
        borrar(&app, &format!("/api/v1/admin/meseros/{id}"), &hostess).await.es_error(403, SIN_PERMISO);
        let r = borrar(&app, &format!("/api/v1/admin/meseros/{id}"), &gerente).await;
        assert_eq!(r.es_exito()["activo"], false);
        assert!(!nombres(&app.get("/api/v1/admin/meseros?tag=polanco", Some(&hostess)).await).contains(&"Pedro Salas Ruiz".to_owned()));
        let todos = app.get("/api/v1/admin/meseros?tag=polanco&todos=true", Some(&gerente)).await;
        let inactivo = todos.es_exito().as_array().unwrap().iter().find(|m| m["_id"] == id.as_str()).cloned().expect("listed with todos");
        assert_eq!(inactivo["activo"], false);
        let w = app.get(&format!("/api/v1/admin/walkin/{walkin_id}"), Some(&gerente)).await;
        assert_eq!(w.es_exito()["comanda"]["mesero"]["name"], "Pedro Salas Ruiz");
        app.post_json("/api/v1/admin/walkin", Some(&gerente), &walkin(&id, json!([]))).await.es_error(400, "El mesero no está activo en esta sucursal");
        // The name is free again once its holder is inactive.
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "polanco", "name": "Pedro Salas Ruiz" })).await.es_exito_201();

        // Another branch's waiter cannot be touched.
        let sistemas = app.token("sistemas@demo.mx").await;
        let r = app.get("/api/v1/admin/meseros?tag=monterrey", Some(&sistemas)).await;
        let ajeno = r.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        app.put_json(&format!("/api/v1/admin/meseros/{ajeno}"), Some(&gerente), &json!({ "name": "Otro" })).await.es_error(403, SUCURSAL_AJENA);
        borrar(&app, &format!("/api/v1/admin/meseros/{ajeno}"), &gerente).await.es_error(403, SUCURSAL_AJENA);
        borrar(&app, "/api/v1/admin/meseros/000000000000000000000000", &gerente).await.es_error(404, "No se encontró el mesero.");

        let acciones: Vec<String> = app.store.bitacora_de(&id).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["crear", "editar", "desactivar"]);
    }

    async fn a_promotions_window_decides_what_activas_offers_and_what_a_walk_in_may_use(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let hostess = app.token("hostess@demo.mx").await;
        let mercadotecnia = app.token("mercadotecnia@demo.mx").await;
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&hostess)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        let manana = (hoy() + Duration::days(1)).format("%Y-%m-%d").to_string();
        let hoy_ = hoy().format("%Y-%m-%d").to_string();
        let dia_hoy = hoy().weekday().number_from_monday();
        let otro_dia = dia_hoy % 7 + 1;

        let r = app.post_json("/api/v1/admin/promocion", Some(&mercadotecnia), &json!({
            "tag": "polanco", "name": "Noche mexicana", "descripcion": "Mariachi y pozole", "activa": true,
            "desde": manana, "hasta": null, "dias": [], "pide_nombres": false })).await;
        let p = r.es_exito_201().clone();
        let id = p["_id"].as_str().unwrap().to_owned();
        assert_eq!((p["vigente"].as_bool(), p["desde"].as_str(), p["dias"].clone()), (Some(false), Some(manana.as_str()), json!([])));
        let activas = nombres(&app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&hostess)).await);
        assert!(!activas.contains(&"Noche mexicana".to_owned()) && activas.contains(&"Cumpleaños".to_owned()), "{activas:?}");
        let usa = json!([{ "_id": id, "name": "Noche mexicana", "qty": 1 }]);
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin(&mesero, usa.clone())).await
            .es_error(400, "La promoción «Noche mexicana» no está activa en esta sucursal");

        // From today, on today's weekday: offered and accepted.
        let r = app.put_json(&format!("/api/v1/admin/promocion/{id}"), Some(&mercadotecnia), &json!({
            "name": "Noche mexicana", "descripcion": "Mariachi y pozole", "activa": true, "desde": hoy_, "hasta": hoy_, "dias": [dia_hoy] })).await;
        assert_eq!(r.es_exito()["vigente"], true);
        assert!(nombres(&app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&hostess)).await).contains(&"Noche mexicana".to_owned()));
        let w = app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin(&mesero, usa.clone())).await;
        let walkin_id = w.es_exito_201()["_id"].as_str().unwrap().to_owned();
        // Another weekday only, or switched off: neither offered nor accepted.
        for cuerpo in [
            json!({ "name": "Noche mexicana", "activa": true, "dias": [otro_dia] }),
            json!({ "name": "Noche mexicana", "activa": false }),
        ] {
            let r = app.put_json(&format!("/api/v1/admin/promocion/{id}"), Some(&gerente), &cuerpo).await;
            assert_eq!(r.es_exito()["vigente"], false, "{cuerpo}");
            assert!(!nombres(&app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&hostess)).await).contains(&"Noche mexicana".to_owned()));
            app.post_json("/api/v1/admin/walkin", Some(&hostess), &walkin(&mesero, usa.clone())).await
                .es_error(400, "La promoción «Noche mexicana» no está activa en esta sucursal");
        }

        // Bad input is refused in Spanish and changes nothing.
        let lista_antes = app.get("/api/v1/admin/promocion?tag=polanco", Some(&gerente)).await.es_exito().clone();
        for (cuerpo, mensaje) in [
            (json!({ "tag": "polanco", "name": "Fin de mes", "desde": "2026-12-31", "hasta": "2026-12-01" }), "La fecha de inicio no puede ser posterior a la fecha de fin"),
            (json!({ "tag": "polanco", "name": "Fin de mes", "dias": [8] }), "Cada día de la semana va una sola vez, del 1 (lunes) al 7 (domingo)"),
            (json!({ "tag": "polanco", "name": "Fin de mes", "dias": [2, 2] }), "Cada día de la semana va una sola vez, del 1 (lunes) al 7 (domingo)"),
            (json!({ "tag": "polanco", "name": "Fin de mes", "desde": "31/12/2026" }), "La fecha debe tener el formato AAAA-MM-DD"),
            (json!({ "tag": "polanco", "name": "" }), "El nombre es obligatorio"),
            (json!({ "tag": "polanco", "name": "Fin de mes", "descripcion": "x".repeat(501) }), "La descripción no puede tener más de 500 caracteres"),
        ] {
            app.post_json("/api/v1/admin/promocion", Some(&gerente), &cuerpo).await.es_error(400, mensaje);
        }
        app.put_json(&format!("/api/v1/admin/promocion/{id}"), Some(&gerente), &json!({ "name": "Noche mexicana", "dias": [0] })).await
            .es_error(400, "Cada día de la semana va una sola vez, del 1 (lunes) al 7 (domingo)");
        assert_eq!(app.get("/api/v1/admin/promocion?tag=polanco", Some(&gerente)).await.es_exito(), &lista_antes);
        // Unique names, permissions, branch scope.
        app.post_json("/api/v1/admin/promocion", Some(&gerente), &json!({ "tag": "polanco", "name": "Cumpleaños" })).await
            .es_error(409, "La sucursal ya tiene una promoción con ese nombre.");
        app.put_json(&format!("/api/v1/admin/promocion/{id}"), Some(&gerente), &json!({ "name": "Cumpleaños" })).await
            .es_error(409, "La sucursal ya tiene una promoción con ese nombre.");
        app.post_json("/api/v1/admin/promocion", Some(&hostess), &json!({ "tag": "polanco", "name": "Otra" })).await.es_error(403, SIN_PERMISO);
        app.get("/api/v1/admin/promocion?tag=polanco", Some(&hostess)).await.es_error(403, SIN_PERMISO);
        app.get("/api/v1/admin/promocion?tag=monterrey", Some(&gerente)).await.es_error(403, SUCURSAL_AJENA);
        app.post_json("/api/v1/admin/promocion", Some(&gerente), &json!({ "tag": "monterrey", "name": "Otra" })).await.es_error(403, SUCURSAL_AJENA);
        let sistemas = app.token("sistemas@demo.mx").await;
        let ajena = app.get("/api/v1/admin/promocion/activas?tag=monterrey", Some(&sistemas)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        app.put_json(&format!("/api/v1/admin/promocion/{ajena}"), Some(&gerente), &json!({ "name": "Mía" })).await.es_error(403, SUCURSAL_AJENA);
        borrar(&app, &format!("/api/v1/admin/promocion/{ajena}"), &gerente).await.es_error(403, SUCURSAL_AJENA);

        // The demo's Cumpleaños asks the celebrants' names; the list says which are usable today.
        let lista = app.get("/api/v1/admin/promocion?tag=polanco", Some(&gerente)).await.es_exito().as_array().unwrap().clone();
        let cumple = lista.iter().find(|p| p["name"] == "Cumpleaños").unwrap();
        assert_eq!((cumple["pide_nombres"].as_bool(), cumple["vigente"].as_bool()), (Some(true), Some(true)));
        let verano = lista.iter().find(|p| p["name"] == "Verano 2025").unwrap();
        assert_eq!((verano["vigente"].as_bool(), verano["desde"].as_str()), (Some(false), Some("2025-06-01")));

        // Deleting keeps the ticket that used it, and frees its name.
        borrar(&app, &format!("/api/v1/admin/promocion/{id}"), &hostess).await.es_error(403, SIN_PERMISO);
        let r = borrar(&app, &format!("/api/v1/admin/promocion/{id}"), &mercadotecnia).await;
        assert_eq!(r.message(), "Promoción eliminada");
        assert!(!nombres(&app.get("/api/v1/admin/promocion?tag=polanco", Some(&gerente)).await).contains(&"Noche mexicana".to_owned()));
        borrar(&app, &format!("/api/v1/admin/promocion/{id}"), &mercadotecnia).await.es_error(404, "No se encontró la promoción.");
        let w = app.get(&format!("/api/v1/admin/walkin/{walkin_id}"), Some(&gerente)).await;
        assert_eq!(w.es_exito()["abre"]["promo"][0]["name"], "Noche mexicana");
        app.post_json("/api/v1/admin/promocion", Some(&gerente), &json!({ "tag": "polanco", "name": "Noche mexicana" })).await.es_exito_201();
        let acciones: Vec<String> = app.store.bitacora_de(&id).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["crear", "editar", "editar", "editar", "eliminar"]);
    }
}

en_ambos! {
    async fn names_that_differ_only_in_capitals_or_accents_are_the_same_name(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        let mercadotecnia = app.token("mercadotecnia@demo.mx").await;
        // Roles and brands: unique across the group.
        app.post_json("/api/v1/admin/roles", Some(&sistemas), &json!({ "name": "Capitán", "permissions": ["walkin.index"] })).await.es_exito_201();
        app.post_json("/api/v1/admin/roles", Some(&sistemas), &json!({ "name": "capitan", "permissions": ["walkin.index"] })).await
            .es_error(409, "Ya existe un rol con ese nombre.");
        app.post_json("/api/v1/admin/roles", Some(&sistemas), &json!({ "name": " GERENTE ", "permissions": ["walkin.index"] })).await
            .es_error(409, "Ya existe un rol con ese nombre.");
        let marcas = app.get("/api/v1/admin/marcas", Some(&sistemas)).await.es_exito().clone();
        let marca = marcas[0]["name"].as_str().unwrap().to_lowercase();
        app.post_json("/api/v1/admin/marcas", Some(&sistemas), &json!({ "name": marca })).await.es_error(409, "Ya existe una marca con ese nombre.");
        // Waiters and promotions: unique within the branch (so the comanda never offers both).
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "polanco", "name": "Rocío Núñez" })).await.es_exito_201();
        app.post_json("/api/v1/admin/meseros", Some(&gerente), &json!({ "tag": "polanco", "name": "ROCIO NUNEZ" })).await
            .es_error(409, "La sucursal ya tiene un mesero activo con ese nombre.");
        let promo = |name: &str| json!({ "tag": "polanco", "name": name, "descripcion": "", "activa": true, "desde": null, "hasta": null, "dias": [], "pide_nombres": false });
        app.post_json("/api/v1/admin/promocion", Some(&mercadotecnia), &promo("cumpleaños")).await
            .es_error(409, "La sucursal ya tiene una promoción con ese nombre.");
        // Renamed "cumpleanos", it is still the birthday promotion: it asks the celebrants' names.
        let activas = app.get("/api/v1/admin/promocion/activas?tag=polanco", Some(&mercadotecnia)).await.es_exito().clone();
        let cumple = activas.as_array().unwrap().iter().find(|p| p["name"] == "Cumpleaños").unwrap()["_id"].as_str().unwrap().to_owned();
        let r = app.put_json(&format!("/api/v1/admin/promocion/{cumple}"), Some(&mercadotecnia), &promo("CUMPLEANOS")).await;
        assert_eq!((r.es_exito()["name"].as_str(), r.es_exito()["pide_nombres"].as_bool()), (Some("CUMPLEANOS"), Some(true)));
    }
}
