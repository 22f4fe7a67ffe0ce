//! Demo mode seeds an empty database, once; create-admin makes a Sistemas user.

use anfitrion_server::auth::claves::{Claves, CostoHash};

use crate::helpers::{en_ambos, lanzar, spawn, spawn_app, Opciones, CLAVE};

en_ambos! {
    async fn the_demo_seed_runs_only_on_an_empty_database(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        // A real install: one administrator, no demo.
        let claves = Claves::new(CostoHash::Ligero);
        anfitrion_server::demo::crear_admin(app.store.as_ref(), &claves, "admin@restaurante.mx", "Ana Admin", "clave-segura").await.unwrap();
        let otra = lanzar(&app.database_url, Opciones { demo: true, ..Default::default() }).await;
        otra.login("sistemas@demo.mx", CLAVE).await.es_error(401, "Correo o contraseña incorrectos");
        let r = otra.login("admin@restaurante.mx", "clave-segura").await;
        assert_eq!(r.es_exito()["user"]["tags"], serde_json::json!([]));
    }

    async fn starting_again_in_demo_mode_does_not_seed_twice(motor: Motor) {
        let app = spawn_app(motor).await;
        let otra = lanzar(&app.database_url, Opciones { demo: true, ..Default::default() }).await;
        let token = otra.token("sistemas@demo.mx").await;
        let r = otra.get("/api/v1/admin/sucursal/sucuser/suc", Some(&token)).await;
        assert_eq!(r.es_exito().as_array().unwrap().len(), 3);
    }

    async fn every_demo_account_signs_in_with_its_role_and_tags(motor: Motor) {
        let app = spawn_app(motor).await;
        for (email, _, rol, tags) in anfitrion_server::demo::CUENTAS {
            let r = app.login(email, CLAVE).await;
            let user = &r.es_exito()["user"];
            assert_eq!(user["role"]["name"], *rol);
            let mut esperadas: Vec<&str> = tags.to_vec();
            esperadas.sort();
            assert_eq!(user["tags"], serde_json::json!(esperadas), "{email}");
        }
    }

    async fn create_admin_gives_a_sistemas_user_every_branch(motor: Motor) {
        let app = spawn_app(motor).await;
        let claves = Claves::new(CostoHash::Ligero);
        anfitrion_server::demo::crear_admin(app.store.as_ref(), &claves, "Nueva@Restaurante.mx", "  Nueva   Admin ", "clave-segura").await.unwrap();
        let r = app.login("nueva@restaurante.mx", "clave-segura").await;
        let user = &r.es_exito()["user"];
        assert_eq!(user["name"], "Nueva Admin");
        assert_eq!(user["role"]["name"], "Sistemas");
        assert_eq!(user["tags"], serde_json::json!(["monterrey", "polanco", "satelite"]));
        let repetido = anfitrion_server::demo::crear_admin(app.store.as_ref(), &claves, "nueva@restaurante.mx", "Otra", "clave-segura").await;
        assert_eq!(repetido.unwrap_err().to_string(), "Ya existe un usuario con ese correo");
    }
}
