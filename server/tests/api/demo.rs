//! Demo mode seeds an empty database, once; create-admin makes a Sistemas user.

use anfitrion_server::auth::claves::{Claves, CostoHash};
use serde_json::json;

use crate::helpers::{en_ambos, lanzar, spawn, spawn_app, Opciones, CLAVE};

en_ambos! {
    async fn the_demo_seed_runs_only_on_an_empty_database(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        // A real install: one administrator, no demo.
        let claves = Claves::new(CostoHash::Ligero);
        anfitrion_server::demo::crear_admin(app.store.as_ref(), &claves, "admin@restaurante.mx", "Ana Admin", "clave-segura", app.reloj.ahora()).await.unwrap();
        let otra = lanzar(&app.database_url, Opciones { demo: true, ..Default::default() }).await;
        otra.login("sistemas@demo.mx", CLAVE).await.es_error(401, "Correo o contraseña incorrectos");
        let r = otra.login("admin@restaurante.mx", "clave-segura").await;
        let token = r.es_exito()["token"].as_str().unwrap().to_owned();
        // No branch yet; the first one created is the administrator's at once.
        assert_eq!(r.es_exito()["user"]["tags"], json!([]));
        otra.agregar_sucursal("centro").await;
        let r = otra.get("/api/v1/auth/me", Some(&token)).await;
        assert_eq!(r.es_exito()["tags"], json!(["centro"]));
        let r = otra.get("/api/v1/admin/sucursal/sucuser/suc", Some(&token)).await;
        assert_eq!(r.es_exito().as_array().unwrap()[0]["tag"], "centro");
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
            assert_eq!(user["tags"], json!(esperadas), "{email}");
        }
    }

    async fn create_admin_gives_a_sistemas_user_every_branch(motor: Motor) {
        let app = spawn_app(motor).await;
        let claves = Claves::new(CostoHash::Ligero);
        anfitrion_server::demo::crear_admin(app.store.as_ref(), &claves, "Nueva@Restaurante.mx", "  Nueva   Admin ", "clave-segura", app.reloj.ahora()).await.unwrap();
        let r = app.login("nueva@restaurante.mx", "clave-segura").await;
        let user = &r.es_exito()["user"];
        assert_eq!(user["name"], "Nueva Admin");
        assert_eq!(user["role"]["name"], "Sistemas");
        assert_eq!(user["tags"], json!(["monterrey", "polanco", "satelite"]));
        let repetido = anfitrion_server::demo::crear_admin(app.store.as_ref(), &claves, "nueva@restaurante.mx", "Otra", "clave-segura", app.reloj.ahora()).await;
        assert_eq!(repetido.unwrap_err().to_string(), "Ya existe un usuario con ese correo");
        app.agregar_sucursal("queretaro").await;
        let r = app.login("nueva@restaurante.mx", "clave-segura").await;
        assert_eq!(r.es_exito()["user"]["tags"], json!(["monterrey", "polanco", "queretaro", "satelite"]));
    }

    async fn create_admin_takes_cores_password_rules(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let claves = Claves::new(CostoHash::Ligero);
        let crear = |clave: String| {
            let (store, claves, ahora) = (app.store.clone(), claves.clone(), app.reloj.ahora());
            async move { anfitrion_server::demo::crear_admin(store.as_ref(), &claves, "admin@restaurante.mx", "Ana", &clave, ahora).await }
        };
        assert_eq!(crear("corta".into()).await.unwrap_err().to_string(), "La contraseña debe tener al menos 8 caracteres");
        let larga = "x".repeat(anfitrion_core::cuenta::CLAVE_MAX + 1);
        assert_eq!(crear(larga).await.unwrap_err().to_string(), "La contraseña no puede tener más de 128 caracteres");
        crear("x".repeat(anfitrion_core::cuenta::CLAVE_MAX)).await.unwrap();
    }
}

en_ambos! {
    /// `--demo-semanas`: the demo comes with a past, written through the product's own saves, so
    /// the kitchen's forecast has usual walk-ins, the floor has stays, the waitlist has parties,
    /// and the charts have days behind today.
    async fn the_demo_can_come_with_weeks_of_past(motor: Motor) {
        let app = spawn(
            motor,
            Opciones {
                demo: true,
                reloj: Some(anfitrion_server::reloj::Reloj::desde(crate::helpers::local("2026-11-27 14:30"))),
                ajustar: Some(Box::new(|c| c.demo_semanas = 1)),
                ..Default::default()
            },
        )
        .await;
        let t = app.token("gerente@demo.mx").await;
        let p = app.get("/api/v1/admin/cocina?tag=polanco", Some(&t)).await.es_exito()["pronostico"].clone();
        assert_eq!(p["semanas"], 1, "{p}");
        let habituales: u64 = p["filas"].as_array().unwrap().iter().map(|f| f["walkins"].as_u64().unwrap()).sum();
        assert!(habituales > 0, "last Friday's walk-ins are the usual ones: {p}");
        // Every day of the last week had walk-ins and reservations that ended; the days before, none.
        let serie = app.get("/api/v1/admin/dashboard/serie?tag=polanco&dias=10", Some(&t)).await.es_exito().as_array().unwrap().clone();
        for d in &serie[2..9] {
            assert!(d["walkins"].as_u64().unwrap() > 0, "{d}");
            let r = &d["reservaciones"];
            assert!(r["asistio"].as_u64().unwrap() + r["vencido"].as_u64().unwrap() > 0, "{d}");
        }
        assert_eq!(serie[0]["walkins"], 0, "{}", serie[0]);
        // The past's walk-ins sat at tables and left them: the floor's stays have a past.
        let m = app.get("/api/v1/admin/dashboard/mesas?tag=polanco", Some(&t)).await.es_exito().clone();
        let largas: Vec<u64> = m["estancia_30_dias"].as_array().unwrap().iter().filter_map(|g| g["minutos"].as_u64()).collect();
        assert!(!largas.is_empty() && largas.iter().all(|&x| (30..=120).contains(&x)), "{m}");
        // The busy days kept a waitlist at their peaks: every party quoted, and seated.
        let e = app.get("/api/v1/admin/dashboard/espera?tag=polanco&dias=10", Some(&t)).await.es_exito().clone();
        assert!(e["grupos"].as_u64().unwrap() > 0 && e["sentados"] == e["grupos"] && e["cotizados"] == e["grupos"], "{e}");
        assert!(app.get("/api/v1/admin/espera?tag=polanco", Some(&t)).await.es_exito().as_array().unwrap().is_empty());
        // Some guests confirmed: their no-shows are counted apart.
        let c = app.get("/api/v1/admin/dashboard/confirmaciones?tag=polanco", Some(&t)).await.es_exito().clone();
        assert!(c["confirmadas"]["asistio"].as_u64().unwrap() > 0, "{c}");
        assert!(c["sin_confirmar"]["asistio"].as_u64().unwrap() > 0, "{c}");
    }
}
