//! Creating a branch: core's rules, the permission, and a clash on its unique tag answered 409.

use serde_json::json;

use crate::helpers::{en_ambos, spawn_app, TestApp};

/// The `_id` of the demo brand "La Hacienda Buffet", as its branches carry it.
async fn marca_demo(app: &TestApp, token: &str) -> String {
    let r = app
        .get("/api/v1/admin/sucursal?tag=polanco", Some(token))
        .await;
    r.es_exito()[0]["marca"]["_id"]
        .as_str()
        .expect("marca")
        .to_owned()
}

en_ambos! {
    async fn two_branches_with_one_tag_clash_with_409_naming_the_tag(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let marca = marca_demo(&app, &sistemas).await;
        let cuerpo = json!({ "tag": "santa-fe", "name": "La Hacienda Santa Fe", "marca": marca });
        let r = app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &cuerpo).await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        assert_eq!(r.cuerpo["data"]["tag"], "santa-fe");
        assert_eq!(r.cuerpo["data"]["zona"], "America/Mexico_City");
        assert_eq!(r.cuerpo["data"]["marca"]["name"], "La Hacienda Buffet");

        let otra = json!({ "tag": "santa-fe", "name": "Otra Santa Fe", "marca": marca });
        app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &otra).await
            .es_error(409, "Ya existe una sucursal con esa etiqueta (tag).");
        // A demo branch's tag clashes the same way.
        let polanco = json!({ "tag": "polanco", "name": "Otra Polanco", "marca": marca });
        app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &polanco).await
            .es_error(409, "Ya existe una sucursal con esa etiqueta (tag).");
        let r = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&sistemas)).await;
        let tags: Vec<&str> = r.es_exito().as_array().unwrap().iter().map(|s| s["tag"].as_str().unwrap()).collect();
        assert_eq!(tags.iter().filter(|t| **t == "santa-fe").count(), 1, "{tags:?}");
        assert_eq!(tags.len(), 4);
    }

    async fn a_new_branch_is_checked_by_core_and_nothing_is_stored_on_refusal(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let marca = marca_demo(&app, &sistemas).await;
        let etiqueta = "La etiqueta de la sucursal solo puede tener letras minúsculas, números y guiones (de 2 a 40 caracteres)";
        for tag in ["Santa Fe", "-centro", "x", "centro_1"] {
            app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &json!({ "tag": tag, "name": "Centro", "marca": marca }))
                .await
                .es_error(400, etiqueta);
        }
        app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &json!({ "tag": "centro", "name": "  ", "marca": marca }))
            .await
            .es_error(400, "El nombre es obligatorio");
        app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &json!({ "tag": "centro", "name": "Centro", "marca": marca, "zona": "Marte/Base" }))
            .await
            .es_error(400, "Zona horaria desconocida: Marte/Base");
        app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &json!({ "tag": "centro", "name": "Centro", "marca": "000000000000000000000000" }))
            .await
            .es_error(400, "La marca indicada no existe.");
        let r = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&sistemas)).await;
        assert_eq!(r.es_exito().as_array().unwrap().len(), 3, "nothing was stored");
    }

    async fn only_a_role_with_sucursal_create_may_create_a_branch(motor: Motor) {
        let app = spawn_app(motor).await;
        let gerente = app.token("gerente@demo.mx").await;
        let marca = marca_demo(&app, &gerente).await;
        app.post_json("/api/v1/admin/sucursal", Some(&gerente), &json!({ "tag": "centro", "name": "Centro", "marca": marca }))
            .await
            .es_error(403, "No tienes permiso para realizar esta acción.");
        app.post_json("/api/v1/admin/sucursal", None, &json!({ "tag": "centro", "name": "Centro", "marca": marca }))
            .await
            .es_error(401, "Inicia sesión para continuar.");
    }

    async fn a_new_branch_is_logged_with_who_created_it(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let marca = marca_demo(&app, &sistemas).await;
        let r = app.post_json("/api/v1/admin/sucursal", Some(&sistemas), &json!({ "tag": "centro", "name": "Centro", "marca": marca })).await;
        let id = r.cuerpo["data"]["_id"].as_str().expect("_id").to_owned();
        let entradas = app.store.bitacora_de(&id).await.unwrap();
        assert_eq!(entradas.len(), 1);
        assert_eq!(entradas[0].accion, "crear");
        assert_eq!(entradas[0].usuario_name, "Sofía Sistemas");
        assert_eq!(entradas[0].despues.as_ref().unwrap().0["tag"], "centro");
        // The creator's next call sees the new branch among theirs (Sistemas holds every branch).
        let r = app.get("/api/v1/auth/me", Some(&sistemas)).await;
        assert!(r.es_exito()["tags"].as_array().unwrap().contains(&json!("centro")));
    }
}

en_ambos! {
    async fn the_host_stand_reads_todays_hours_of_its_own_branch_and_whether_it_is_open(motor: Motor) {
        // The demo branches open 13:00–22:30 on a Wednesday; at 00:30 the business day is still
        // Wednesday, and the branch is closed.
        let app = crate::helpers::spawn_app_a(motor, "2026-11-25 14:05").await;
        let hostess = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/sucursal/hoy?tag=polanco", Some(&hostess)).await;
        assert_eq!(
            r.es_exito(),
            &json!({ "fecha": "2026-11-25", "abre": "13:00", "cierra": "22:30", "especial": false, "abierta": true })
        );
        // Not one of the hostess's branches.
        let r = app.get("/api/v1/admin/sucursal/hoy?tag=monterrey", Some(&hostess)).await;
        assert_eq!(r.status, 403, "{}", r.cuerpo);
        assert_eq!(app.get("/api/v1/admin/sucursal/hoy?tag=polanco", None).await.status, 401);

        let noche = crate::helpers::spawn_app_a(motor, "2026-11-26 00:30").await;
        let hostess = noche.token("hostess@demo.mx").await;
        let r = noche.get("/api/v1/admin/sucursal/hoy?tag=polanco", Some(&hostess)).await;
        assert_eq!(r.es_exito()["fecha"], "2026-11-25");
        assert_eq!(r.es_exito()["abierta"], false);
    }
}
