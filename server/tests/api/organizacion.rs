//! Administration of the organisation: users, roles, brands, branches (schedule, tables, days)
//! and the walk-in settings.

use serde_json::{json, Value};

use crate::helpers::{en_ambos, rol_id, spawn_app};

const SIN_PERMISO: &str = "No tienes permiso para realizar esta acción.";

fn usuario(rol: &str, email: &str) -> Value {
    json!({ "name": "Ana Caja", "email": email, "role": rol, "tags": ["polanco"], "password": "clave-segura" })
}

en_ambos! {
    async fn each_admin_call_needs_its_permission(motor: Motor) {
        let app = spawn_app(motor).await;
        let hostess = app.token("hostess@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        for (token, ruta) in [
            (&hostess, "/api/v1/admin/users"),
            (&gerente, "/api/v1/admin/users"),
            (&hostess, "/api/v1/admin/roles"),
            (&hostess, "/api/v1/admin/permisos"),
            (&hostess, "/api/v1/admin/marcas"),
            (&hostess, "/api/v1/admin/conf-walkin?tag=polanco"),
        ] {
            app.get(ruta, Some(token)).await.es_error(403, SIN_PERMISO);
        }
        app.post_json("/api/v1/admin/marcas", Some(&gerente), &json!({ "name": "Otra" })).await.es_error(403, SIN_PERMISO);
        app.post_json("/api/v1/admin/roles", Some(&gerente), &json!({ "name": "Caja" })).await.es_error(403, SIN_PERMISO);
        let polanco = app.id_sucursal("polanco").await;
        app.put_json(&format!("/api/v1/admin/sucursal/{polanco}/mesas"), Some(&hostess), &json!([])).await.es_error(403, SIN_PERMISO);
    }

    async fn users_are_created_checked_and_unique_by_email(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let hostess = rol_id(&app, &t, "Hostess").await;
        let r = app.post_json("/api/v1/admin/users", Some(&t), &usuario(&hostess, "Ana.Caja@Demo.mx")).await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        assert_eq!((r.cuerpo["data"]["email"].as_str(), r.cuerpo["data"]["role"]["name"].as_str()), (Some("ana.caja@demo.mx"), Some("Hostess")));
        app.post_json("/api/v1/admin/users", Some(&t), &usuario(&hostess, "ana.caja@demo.mx")).await.es_error(409, "Ya existe un usuario con ese correo");
        let mut corta = usuario(&hostess, "otra@demo.mx");
        corta["password"] = json!("corta");
        app.post_json("/api/v1/admin/users", Some(&t), &corta).await.es_error(400, "La contraseña debe tener al menos 8 caracteres");
        app.post_json("/api/v1/admin/users", Some(&t), &usuario(&hostess, "otra@demo")).await.es_error(400, "Correo electrónico no válido");
        app.post_json("/api/v1/admin/users", Some(&t), &usuario("000000000000000000000000", "otra@demo.mx")).await
            .es_error(400, "El rol o una de las sucursales indicadas no existe.");
        let mut sin_sucursal = usuario(&hostess, "otra@demo.mx");
        sin_sucursal["tags"] = json!(["no-existe"]);
        app.post_json("/api/v1/admin/users", Some(&t), &sin_sucursal).await.es_error(400, "El rol o una de las sucursales indicadas no existe.");
        let r = app.get("/api/v1/admin/users?q=otra", Some(&t)).await;
        assert_eq!(r.es_exito()["total"], 0, "nothing refused was stored");
        let r = app.get("/api/v1/admin/users?q=caja", Some(&t)).await;
        assert_eq!(r.es_exito()["items"][0]["tags"], json!(["polanco"]));
        // The new user signs in with what the role allows.
        let nuevo = app.login("ana.caja@demo.mx", "clave-segura").await;
        assert_eq!(nuevo.es_exito()["user"]["role"]["name"], "Hostess");
        assert_eq!(nuevo.es_exito()["user"]["tags"], json!(["polanco"]));
    }

    async fn a_deactivated_users_token_is_refused_at_its_next_call(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let hilda = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/users?q=hostess", Some(&t)).await;
        let id = r.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        let r = app.client.delete(app.url(&format!("/api/v1/admin/users/{id}"))).bearer_auth(&t).send().await.unwrap();
        let r = crate::helpers::leer(r).await;
        assert_eq!(r.es_exito()["active"], false);
        app.get("/api/v1/auth/me", Some(&hilda)).await.es_error(401, "Tu sesión expiró. Inicia sesión de nuevo.");
        app.login("hostess@demo.mx", "demo1234").await.es_error(401, "Correo o contraseña incorrectos");
        assert_eq!(app.store.bitacora_de(&id).await.unwrap().last().unwrap().accion, "desactivar");
    }

    async fn nobody_deactivates_themselves_nor_the_last_administrator(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let me = app.get("/api/v1/auth/me", Some(&t)).await;
        let yo = me.es_exito()["_id"].as_str().unwrap().to_owned();
        let r = app.client.delete(app.url(&format!("/api/v1/admin/users/{yo}"))).bearer_auth(&t).send().await.unwrap();
        crate::helpers::leer(r).await.es_error(409, "No puedes desactivarte a ti mismo");
        // Taking users.edit away from the only role that has it would leave nobody to manage users.
        let sistemas = rol_id(&app, &t, "Sistemas").await;
        let r = app.put_json(&format!("/api/v1/admin/roles/{sistemas}"), Some(&t), &json!({ "name": "Sistemas", "permissions": ["role.index", "role.edit"] })).await;
        r.es_error(409, "El grupo debe conservar al menos un usuario activo que administre usuarios y roles");
        // The refusal names core's rule, as a 400 refusal does.
        assert_eq!(r.cuerpo["data"]["codigo"], "ultimo_administrador", "{}", r.cuerpo);
        let r = app.get("/api/v1/admin/roles", Some(&t)).await;
        let rol = r.es_exito().as_array().unwrap().iter().find(|r| r["name"] == "Sistemas").unwrap().clone();
        assert!(rol["permissions"].as_array().unwrap().iter().any(|p| p["name"] == "users.edit"), "nothing changed");
        // Moving the only administrator to another role is refused the same way.
        let gerente = rol_id(&app, &t, "Gerente").await;
        app.put_json(&format!("/api/v1/admin/users/{yo}"), Some(&t), &json!({ "name": "Sofía", "email": "sistemas@demo.mx", "role": gerente, "tags": ["polanco"] })).await
            .es_error(409, "El grupo debe conservar al menos un usuario activo que administre usuarios y roles");
    }

    async fn a_role_change_reaches_its_users_next_call_and_a_held_role_is_not_deleted(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let r = app.post_json("/api/v1/admin/roles", Some(&t), &json!({ "name": "Caja", "permissions": ["walkin.index"] })).await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        let caja = r.cuerpo["data"]["_id"].as_str().unwrap().to_owned();
        app.post_json("/api/v1/admin/roles", Some(&t), &json!({ "name": "Caja", "permissions": ["walkin.index"] })).await.es_error(409, "Ya existe un rol con ese nombre.");
        app.post_json("/api/v1/admin/roles", Some(&t), &json!({ "name": "Otro", "permissions": ["todo.poder"] })).await.es_error(400, "Permiso desconocido: todo.poder");
        app.post_json("/api/v1/admin/users", Some(&t), &usuario(&caja, "caja@demo.mx")).await.es_exito_201();
        let token = app.token_con("caja@demo.mx", "clave-segura").await;
        let permisos = |r: &Value| -> Vec<String> { r["role"]["permissions"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect() };
        assert_eq!(permisos(app.get("/api/v1/auth/me", Some(&token)).await.es_exito()), ["walkin.index"]);
        app.put_json(&format!("/api/v1/admin/roles/{caja}"), Some(&t), &json!({ "name": "Caja", "permissions": ["walkin.index", "reservacion.index"] })).await.es_exito();
        assert_eq!(permisos(app.get("/api/v1/auth/me", Some(&token)).await.es_exito()), ["reservacion.index", "walkin.index"]);
        // A role that allows nothing is refused, new or edited, and the saved one stays as it was.
        let sin = app.post_json("/api/v1/admin/roles", Some(&t), &json!({ "name": "Vacío", "permissions": [] })).await;
        sin.es_error(400, "Elige al menos un permiso para el rol");
        assert_eq!(sin.cuerpo["data"]["campo"], "permissions", "{}", sin.cuerpo);
        app.put_json(&format!("/api/v1/admin/roles/{caja}"), Some(&t), &json!({ "name": "Caja", "permissions": [] })).await
            .es_error(400, "Elige al menos un permiso para el rol");
        assert_eq!(permisos(app.get("/api/v1/auth/me", Some(&token)).await.es_exito()), ["reservacion.index", "walkin.index"]);
        assert!(!app.get("/api/v1/admin/roles", Some(&t)).await.es_exito().as_array().unwrap().iter().any(|r| r["name"] == "Vacío"));
        let r = app.client.delete(app.url(&format!("/api/v1/admin/roles/{caja}"))).bearer_auth(&t).send().await.unwrap();
        crate::helpers::leer(r).await.es_error(409, "No se puede eliminar el rol: 1 usuario(s) lo tienen");
        let r = app.get("/api/v1/admin/permisos", Some(&t)).await;
        let catalogo = r.es_exito().as_array().unwrap().clone();
        assert_eq!(catalogo.len(), anfitrion_core::permisos::Permiso::TODOS.len());
        assert!(catalogo.iter().any(|p| p["name"] == "reservacion.client" && p["area"] == "Reservaciones"));
        assert_eq!(app.store.bitacora_de(&caja).await.unwrap().iter().map(|e| e.accion.as_str()).collect::<Vec<_>>(), ["crear", "editar"]);
    }

    async fn a_role_names_the_screen_its_users_land_on_and_may_only_name_one_it_opens(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let inicios = app.get("/api/v1/admin/inicios", Some(&t)).await;
        let rutas: Vec<&str> = inicios.es_exito().as_array().unwrap().iter().map(|i| i["ruta"].as_str().unwrap()).collect();
        assert_eq!(rutas, ["/hostes", "/reservaciones/hoy", "/walkin/registrar", "/salon", "/", "/promos", "/clientes", "/users"]);
        // The base Hostess role lands at the host stand; the others by their name (no setting).
        let hostess = app.token("hostess@demo.mx").await;
        assert_eq!(app.get("/api/v1/auth/me", Some(&hostess)).await.es_exito()["role"]["inicio"], "/hostes");
        assert_eq!(app.get("/api/v1/auth/me", Some(&t)).await.es_exito()["role"]["inicio"], Value::Null);
        // A screen the role may not open, or one that is no landing screen, is refused; nothing is saved.
        let r = app.post_json("/api/v1/admin/roles", Some(&t), &json!({ "name": "Piso", "permissions": ["reservacion.asistio"], "inicio": "/salon" })).await;
        r.es_error(400, "El rol no tiene permiso para abrir su pantalla de inicio (Salón)");
        assert_eq!(r.cuerpo["data"]["campo"], "inicio", "{}", r.cuerpo);
        app.post_json("/api/v1/admin/roles", Some(&t), &json!({ "name": "Piso", "permissions": ["salon.index"], "inicio": "/login" })).await
            .es_error(400, "Esa pantalla de inicio no existe: /login");
        let roles = app.get("/api/v1/admin/roles", Some(&t)).await;
        assert!(!roles.es_exito().as_array().unwrap().iter().any(|r| r["name"] == "Piso"));
        let r = app.post_json("/api/v1/admin/roles", Some(&t), &json!({ "name": "Piso", "permissions": ["salon.index", "salon.edit"], "inicio": "/salon" })).await;
        assert_eq!((r.status, r.cuerpo["data"]["inicio"].as_str()), (201, Some("/salon")), "{}", r.cuerpo);
        let piso = r.cuerpo["data"]["_id"].as_str().unwrap().to_owned();
        app.post_json("/api/v1/admin/users", Some(&t), &usuario(&piso, "piso@demo.mx")).await.es_exito_201();
        let token = app.token_con("piso@demo.mx", "clave-segura").await;
        assert_eq!(app.get("/api/v1/auth/me", Some(&token)).await.es_exito()["role"]["inicio"], "/salon");
        // Cleared, the role lands by its name again.
        let r = app.put_json(&format!("/api/v1/admin/roles/{piso}"), Some(&t), &json!({ "name": "Piso", "permissions": ["salon.index"], "inicio": null })).await;
        assert_eq!(r.es_exito()["inicio"], Value::Null);
        assert_eq!(app.get("/api/v1/auth/me", Some(&token)).await.es_exito()["role"]["inicio"], Value::Null);
    }

    async fn brands_and_branches_are_created_and_edited_by_core_rules(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let r = app.post_json("/api/v1/admin/marcas", Some(&t), &json!({ "name": "  Mar  Azul " })).await;
        assert_eq!(r.status, 201);
        let marca = r.cuerpo["data"]["_id"].as_str().unwrap().to_owned();
        assert_eq!(r.cuerpo["data"]["name"], "Mar Azul");
        app.post_json("/api/v1/admin/marcas", Some(&t), &json!({ "name": "Mar Azul" })).await.es_error(409, "Ya existe una marca con ese nombre.");
        let r = app.post_json("/api/v1/admin/sucursal", Some(&t), &json!({ "tag": "cancun", "name": "Mar Azul Cancún", "marca": marca, "zona": "America/Cancun" })).await;
        let id = r.cuerpo["data"]["_id"].as_str().unwrap().to_owned();
        let ruta = |s: &str| format!("/api/v1/admin/sucursal/{id}{s}");
        let semana: Vec<Value> = (1..=7).map(|d| json!({ "dia": d, "abre": "12:00", "cierra": "23:00", "cerrado": d == 1 })).collect();
        let r = app.put_json(&ruta("/horario"), Some(&t), &json!(semana)).await;
        assert_eq!(r.es_exito()["horario"][0], json!({ "dia": 1, "abre": "", "cierra": "", "cerrado": true }));
        app.put_json(&ruta("/horario"), Some(&t), &json!([{ "dia": 1, "abre": "12:00", "cierra": "12:00" }])).await
            .es_error(400, "La hora de apertura y la de cierre no pueden ser la misma");
        let r = app.put_json(&ruta("/mesas"), Some(&t), &json!([{ "numero": 1, "asientos": 4, "combinable": true }, { "numero": 2, "asientos": 4, "combinable": true }])).await;
        assert_eq!(r.es_exito()["mesas"].as_array().unwrap().len(), 2);
        app.put_json(&ruta("/mesas"), Some(&t), &json!([{ "numero": 1, "asientos": 4 }, { "numero": 1, "asientos": 2 }])).await
            .es_error(400, "Cada mesa lleva un número distinto, mayor que 0");
        // A number past what a column or a ticket holds is refused in Spanish, not a 500.
        for numero in [10_000u64, 2_147_483_648, 4_294_967_295] {
            app.put_json(&ruta("/mesas"), Some(&t), &json!([{ "numero": numero, "asientos": 1 }])).await
                .es_error(400, "El número de mesa va de 1 a 9999");
        }
        assert_eq!(app.get("/api/v1/admin/sucursal?tag=cancun", Some(&t)).await.es_exito()[0]["mesas"].as_array().unwrap().len(), 2);
        let r = app.put_json(&ruta("/days"), Some(&t), &json!([{ "fecha": "2026-12-24", "tipo": "especial", "abre": "10:00", "cierra": "18:00", "motivo": "Nochebuena" }])).await;
        assert_eq!(r.es_exito()["days"][0]["motivo"], "Nochebuena");
        app.put_json(&ruta("/days"), Some(&t), &json!([{ "fecha": "24/12/2026", "tipo": "cerrado" }])).await.es_error(400, "La fecha debe tener el formato AAAA-MM-DD");
        let r = app.put_json(&ruta(""), Some(&t), &json!({ "tag": "cancun-centro", "name": "Mar Azul Centro", "marca": marca, "zona": "America/Cancun", "activa": true })).await;
        assert_eq!(r.es_exito()["tag"], "cancun-centro");
        app.put_json(&ruta(""), Some(&t), &json!({ "tag": "polanco", "name": "X", "marca": marca })).await.es_error(409, "Ya existe una sucursal con esa etiqueta (tag).");
        let acciones: Vec<String> = app.store.bitacora_de(&id).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["crear", "horario", "mesas", "dias", "editar"]);
        // A manager edits their own branches only.
        let gerente = app.token("gerente@demo.mx").await;
        let monterrey = app.id_sucursal("monterrey").await;
        app.put_json(&format!("/api/v1/admin/sucursal/{monterrey}/mesas"), Some(&gerente), &json!([])).await.es_error(403, "No tienes acceso a esta sucursal.");
        let polanco = app.id_sucursal("polanco").await;
        app.put_json(&format!("/api/v1/admin/sucursal/{polanco}/mesas"), Some(&gerente), &json!([{ "numero": 1, "asientos": 2 }])).await.es_exito();
    }

    async fn the_late_cutoff_of_a_branch_reaches_what_core_reads(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("gerente@demo.mx").await;
        let r = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&t)).await;
        let mut conf = r.es_exito().clone();
        assert_eq!((conf["prefijo_folio"].as_str(), conf["paso_min"].as_u64()), (Some("POL-"), Some(15)));
        conf["corte_tarde"] = json!("18:00");
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&t), &conf).await.es_exito();
        let hostess = app.token("hostess@demo.mx").await;
        let r = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&hostess)).await;
        let polanco = r.es_exito().as_array().unwrap().iter().find(|s| s["tag"] == "polanco").unwrap().clone();
        assert_eq!(polanco["horario"]["corte_tarde"], "18:00", "the order forms read the new cutoff");
        // "Pie del ticket": the tickets printed after the save close with it.
        let mut pie = conf.clone();
        pie["pie_ticket"] = json!("¡Vuelve pronto a Polanco!");
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&t), &pie).await.es_exito();
        let r = app.get("/api/v1/admin/sucursal/sucuser/suc", Some(&hostess)).await;
        let polanco = r.es_exito().as_array().unwrap().iter().find(|s| s["tag"] == "polanco").unwrap().clone();
        assert_eq!(polanco["pie_ticket"], "¡Vuelve pronto a Polanco!");
        // A negative number is refused by its name on the screen, and marks its box; nothing changes.
        for (campo, etiqueta) in [("gracia_min", "Tolerancia (minutos)"), ("cubiertos_por_turno", "Cubiertos por turno")] {
            let mut negativo = conf.clone();
            negativo[campo] = json!(-15);
            let r = app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&t), &negativo).await;
            r.es_error(400, &format!("El campo «{etiqueta}» no puede ser negativo."));
            assert_eq!(r.cuerpo["data"]["campo"], campo);
        }
        let guardada = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&t)).await.es_exito().clone();
        assert_eq!((guardada["gracia_min"].clone(), guardada["pie_ticket"].clone()), (conf["gracia_min"].clone(), json!("¡Vuelve pronto a Polanco!")));
        let mut malo = conf.clone();
        malo["inicio_promo"] = json!("12:00");
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&t), &malo).await.es_error(400, "El buffet de promoción debe empezar después del regular");
        malo = conf.clone();
        malo["gracia_min"] = json!(999);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&t), &malo).await.es_error(400, "«Tolerancia (minutos)» debe estar entre 0 y 240");
        app.get("/api/v1/admin/conf-walkin?tag=monterrey", Some(&t)).await.es_error(403, "No tienes acceso a esta sucursal.");
    }
}

en_ambos! {
    async fn the_back_office_refuses_what_cannot_be_and_changes_nothing(motor: Motor) {
        // 25 November 2026, 13:00 at the branches.
        let app = spawn_app(motor).await;
        let t = app.token("sistemas@demo.mx").await;
        let polanco = app.id_sucursal("polanco").await;
        let ruta = |r: &str| format!("/api/v1/admin/sucursal/{polanco}{r}");
        let antes = app.get(&ruta(""), Some(&t)).await.es_exito().clone();

        // Special days: not added in the past; hours that close before they open only past midnight (until 06:00).
        let r = app.put_json(&ruta("/days"), Some(&t), &json!([{ "fecha": "2020-01-01", "tipo": "cerrado" }])).await;
        r.es_error(400, "El día especial del 01/01/2020 ya pasó: elige hoy o una fecha futura");
        assert_eq!(r.cuerpo["data"]["campo"], "fecha");
        let r = app.put_json(&ruta("/days"), Some(&t), &json!([{ "fecha": "2026-12-24", "tipo": "especial", "abre": "18:00", "cierra": "14:00" }])).await;
        r.es_error(400, "La hora de cierre debe ser posterior a la de apertura; si cierra después de medianoche, hasta las 06:00");
        assert_eq!(r.cuerpo["data"]["campo"], "cierra");
        let horario = json!([{ "dia": 1, "abre": "18:00", "cierra": "14:00", "cerrado": false }]);
        app.put_json(&ruta("/horario"), Some(&t), &horario).await.es_error(400, "La hora de cierre debe ser posterior a la de apertura; si cierra después de medianoche, hasta las 06:00");
        // Today, and a night that runs past midnight, are fine.
        let r = app.put_json(&ruta("/days"), Some(&t), &json!([{ "fecha": "2026-11-25", "tipo": "especial", "abre": "18:00", "cierra": "02:00" }])).await;
        assert_eq!(r.es_exito()["days"][0]["cierra"], "02:00");

        // A branch's phone follows the phone rules, stored as digits.
        let datos = |telefono: &str| json!({ "tag": antes["tag"], "name": antes["name"], "marca": antes["marca"]["_id"], "zona": antes["zona"], "activa": true, "telefono": telefono });
        let r = app.put_json(&ruta(""), Some(&t), &datos("abc-12")).await;
        r.es_error(400, "El teléfono de la sucursal no es válido: escribe la lada del país y el número, de 12 a 15 dígitos");
        assert_eq!(r.cuerpo["data"]["campo"], "telefono");
        assert_eq!(app.get(&ruta(""), Some(&t)).await.es_exito()["telefono"], antes["telefono"]);
        assert_eq!(app.put_json(&ruta(""), Some(&t), &datos("+52 55 5512 3456")).await.es_exito()["telefono"], "525555123456");

        // The late cutoff goes between the regular start and the promo start.
        let g = app.token("gerente@demo.mx").await;
        let mut conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&g)).await.es_exito().clone();
        conf["corte_tarde"] = json!("19:30");
        let r = app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&g), &conf).await;
        r.es_error(400, "El corte de la tarde va después del inicio regular y a más tardar al inicio de la promoción: desde el corte, las comandas nuevas empiezan en promoción");
        assert_eq!(r.cuerpo["data"]["campo"], "corte_tarde");
        assert_eq!(app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&g)).await.es_exito()["corte_tarde"], "18:40");

        // An account whose role works in a branch needs one; Sistemas' role (the group's) does not.
        let hostess = rol_id(&app, &t, "Hostess").await;
        let sin = json!({ "name": "Ana Caja", "email": "ana.caja@demo.mx", "role": hostess, "tags": [], "password": "clave-segura" });
        let r = app.post_json("/api/v1/admin/users", Some(&t), &sin).await;
        r.es_error(400, "Asigna al menos una sucursal: el rol «Hostess» trabaja en una");
        assert_eq!(r.cuerpo["data"]["campo"], "tags");
        let creada = app.post_json("/api/v1/admin/users", Some(&t), &usuario(&hostess, "ana.caja@demo.mx")).await.es_exito_201().clone();
        let id = creada["_id"].as_str().unwrap();
        let mut sin_sucursal = creada.clone();
        sin_sucursal["tags"] = json!([]);
        app.put_json(&format!("/api/v1/admin/users/{id}"), Some(&t), &sin_sucursal).await.es_error(400, "Asigna al menos una sucursal: el rol «Hostess» trabaja en una");
    }
}
