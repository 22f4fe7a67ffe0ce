//! The floor: a walk-in or an attendance opens its table in its own save, an occupied table is
//! refused with since when, twenty hosts opening one table at once seat one party, freeing and
//! moving (with the comanda and abre following, and their log entries), who may do what, and a
//! branch without tables still registering walk-ins.

use serde_json::{json, Value};

use crate::helpers::{en_ambos, mesero, spawn_app, spawn_app_a, TestApp};

fn walkin(tag: &str, mesero_id: &str, mesa: &str, personas: u32) -> Value {
    json!({
        "tag_sucursal": tag, "name": "Familia Luna", "email": "", "phone": "", "evento": "Ninguno",
        "comanda": { "mesa": mesa, "mesero_id": mesero_id, "no_personas": personas, "buffet_adulto": personas, "buffet_boy": 0,
                     "buffet_promo_adulto": personas, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

async fn piso(app: &TestApp, token: &str, tag: &str) -> Value {
    app.get(&format!("/api/v1/admin/salon?tag={tag}"), Some(token))
        .await
        .es_exito()
        .clone()
}

fn mesa(piso: &Value, numero: u64) -> Value {
    piso["mesas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["numero"].as_u64() == Some(numero))
        .cloned()
        .unwrap_or_else(|| panic!("la mesa {numero} no está en el salón"))
}

en_ambos! {
    async fn a_walk_in_opens_its_table_and_a_second_party_there_is_refused_with_since_when(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let antes = piso(&app, &t, "polanco").await;
        assert_eq!(mesa(&antes, 4)["estado"], "libre");
        // "04" is table 4, as the branch numbers it.
        let w = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "04", 2)).await;
        let w = w.es_exito_201().clone();
        assert_eq!((w["comanda"]["mesa"].as_str(), w["abre"]["mesa"].as_str()), (Some("4"), Some("4")));
        let despues = piso(&app, &t, "polanco").await;
        let cuatro = mesa(&despues, 4);
        assert_eq!(cuatro["estado"], "ocupada");
        assert_eq!(cuatro["turno"]["name"], "Familia Luna");
        assert_eq!(cuatro["turno"]["personas"], 2);
        assert_eq!(cuatro["turno"]["folio"], w["folio"]);
        assert_eq!(cuatro["turno"]["desde"], "13:00");
        assert_eq!(despues["resumen"]["libres"].as_u64().unwrap() + 1, antes["resumen"]["libres"].as_u64().unwrap());
        assert_eq!(despues["resumen"]["comensales"].as_u64().unwrap(), antes["resumen"]["comensales"].as_u64().unwrap() + 2);
        // A second party at table 4 is refused, and nothing of it is stored.
        let total = app.get("/api/v1/admin/walkin?tag=polanco&slug=todas", Some(&t)).await.es_exito()["total"].clone();
        let r = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "4", 3)).await;
        r.es_error(409, "La mesa 4 está ocupada desde las 13:00");
        assert_eq!(r.cuerpo["data"]["campo"], "mesa");
        assert_eq!(app.get("/api/v1/admin/walkin?tag=polanco&slug=todas", Some(&t)).await.es_exito()["total"], total);
        // A join that takes the seated table is refused too.
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "3+4", 3)).await
            .es_error(409, "La mesa 4 está ocupada desde las 13:00");
        // After 2 h 1 min the table shows overdue (the branch expects 120 minutes).
        app.reloj.avanzar(chrono::Duration::minutes(121));
        let tarde = piso(&app, &t, "polanco").await;
        assert_eq!(mesa(&tarde, 4)["estado"], "excedida");
        assert_eq!(mesa(&tarde, 4)["turno"]["minutos"], 121);
    }

    async fn twenty_hosts_opening_one_table_at_once_seat_one_party(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let cuerpo = walkin("polanco", &m, "5", 4);
        let envios = (0..20).map(|_| app.post_json("/api/v1/admin/walkin", Some(&t), &cuerpo));
        let respuestas = futures_util::future::join_all(envios).await;
        let sentadas = respuestas.iter().filter(|r| r.status == 201).count();
        let negadas = respuestas.iter().filter(|r| r.status == 409 && r.message() == "La mesa 5 está ocupada desde las 13:00").count();
        assert_eq!((sentadas, negadas), (1, 19), "{:?}", respuestas.iter().map(|r| r.status).collect::<Vec<_>>());
        let p = piso(&app, &t, "polanco").await;
        assert_eq!(mesa(&p, 5)["turno"]["personas"], 4);
    }

    async fn freeing_and_moving_a_party_update_its_tickets_and_the_log(motor: Motor) {
        // Lunch under way: the demo's floor is seated and the day has its past arrivals.
        let app = spawn_app_a(motor, "2026-11-25 15:00").await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let w = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "5", 6)).await.es_exito_201().clone();
        let wid = w["_id"].as_str().unwrap();
        let turno = mesa(&piso(&app, &t, "polanco").await, 5)["turno"]["_id"].as_str().unwrap().to_owned();
        // To a seated table: refused, nothing moves.
        let ocupada = mesa(&piso(&app, &t, "polanco").await, 9);
        assert_eq!(ocupada["estado"], "ocupada", "the demo seats table 9");
        let r = app.post_json(&format!("/api/v1/admin/salon/turnos/{turno}/mover"), Some(&t), &json!({ "mesa": "9" })).await;
        assert_eq!(r.status, 409, "{}", r.cuerpo);
        assert!(r.message().starts_with("La mesa 9 está ocupada desde las "), "{}", r.message());
        app.post_json(&format!("/api/v1/admin/salon/turnos/{turno}/mover"), Some(&t), &json!({ "mesa": "5" })).await
            .es_error(400, "El grupo ya está en la mesa 5");
        app.post_json(&format!("/api/v1/admin/salon/turnos/{turno}/mover"), Some(&t), &json!({ "mesa": "77" })).await
            .es_error(400, "La mesa no es de esta sucursal");
        // To the join 5+6 (the four-tops join): the comanda and the abre say so.
        let r = app.post_json(&format!("/api/v1/admin/salon/turnos/{turno}/mover"), Some(&t), &json!({ "mesa": "6+5" })).await;
        assert_eq!(r.es_exito()["mesa"], "5+6");
        let leido = app.get(&format!("/api/v1/admin/walkin/{wid}?tag=polanco"), Some(&t)).await.es_exito().clone();
        assert_eq!((leido["comanda"]["mesa"].as_str(), leido["abre"]["mesa"].as_str()), (Some("5+6"), Some("5+6")));
        let p = piso(&app, &t, "polanco").await;
        assert_eq!((mesa(&p, 5)["turno"]["_id"].as_str(), mesa(&p, 6)["turno"]["_id"].as_str()), (Some(turno.as_str()), Some(turno.as_str())));
        // Free it: both tables are free, a second free says it already was.
        app.post(&format!("/api/v1/admin/salon/turnos/{turno}/liberar"), Some(&t)).await.es_exito();
        let p = piso(&app, &t, "polanco").await;
        assert_eq!((mesa(&p, 5)["estado"].as_str(), mesa(&p, 6)["estado"].as_str()), (Some("libre"), Some("libre")));
        app.post(&format!("/api/v1/admin/salon/turnos/{turno}/liberar"), Some(&t)).await
            .es_error(409, "La mesa ya se liberó");
        // The walk-in's log holds the move and the freeing, by the host.
        let acciones: Vec<(String, String)> = app.store.bitacora_de(wid).await.unwrap().into_iter().map(|e| (e.accion, e.usuario_name)).collect();
        assert_eq!(acciones.iter().map(|(a, _)| a.as_str()).collect::<Vec<_>>(), ["registrar", "cambiar_mesa", "liberar_mesa"]);
        assert!(acciones.iter().all(|(_, u)| u == "Hilda Hostess"));
        // The freed table seats the next party.
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "5", 2)).await.es_exito_201();
    }

    async fn an_attendance_opens_its_table_and_is_refused_at_a_seated_one(motor: Motor) {
        // Lunch under way: the demo's floor is seated and the day has its past arrivals.
        let app = spawn_app_a(motor, "2026-11-25 15:00").await;
        let gerente = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let r = app.get("/api/v1/admin/reservacion?tag=polanco&status=hoy", Some(&gerente)).await;
        let r = r.es_exito().as_array().unwrap().iter().find(|r| r["status"] == "Pendiente").cloned().expect("a pending arrival today");
        let (id, n) = (r["_id"].as_str().unwrap(), r["no_personas"].as_u64().unwrap());
        let cuerpo = |mesa: &str| json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": n,
            "comanda": { "mesa": mesa, "mesero_id": m, "no_personas": n, "buffet_adulto": n, "buffet_boy": 0,
                         "buffet_promo_adulto": n, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        let r = app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t), &cuerpo("9")).await;
        assert_eq!(r.status, 409, "{}", r.cuerpo);
        let pendiente = app.get(&format!("/api/v1/admin/reservacion/{id}"), Some(&gerente)).await;
        assert_eq!(pendiente.es_exito()["status"], "Pendiente", "a refused attendance changes nothing");
        app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t), &cuerpo("12")).await.es_exito();
        let doce = mesa(&piso(&app, &t, "polanco").await, 12);
        assert_eq!((doce["estado"].as_str(), doce["turno"]["reservacion_id"].as_str()), (Some("ocupada"), Some(id)));
    }

    async fn who_may_read_free_and_move_and_another_branch_is_refused(motor: Motor) {
        // Lunch under way: the demo's floor is seated and the day has its past arrivals.
        let app = spawn_app_a(motor, "2026-11-25 15:00").await;
        let t = app.token("hostess@demo.mx").await;
        let reservaciones = app.token("reservaciones@demo.mx").await;
        let mercadotecnia = app.token("mercadotecnia@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        // Reservaciones neither seats nor sees the floor; the host and the manager do.
        app.get("/api/v1/admin/salon?tag=polanco", Some(&reservaciones)).await.es_error(403, "No tienes permiso para realizar esta acción.");
        app.get("/api/v1/admin/salon?tag=polanco", Some(&mercadotecnia)).await.es_error(403, "No tienes permiso para realizar esta acción.");
        piso(&app, &gerente, "polanco").await;
        let p = piso(&app, &t, "polanco").await;
        assert_eq!(p["mesas"].as_array().unwrap().len(), 30);
        let turno = mesa(&p, 9)["turno"]["_id"].as_str().unwrap().to_owned();
        app.post(&format!("/api/v1/admin/salon/turnos/{turno}/liberar"), Some(&reservaciones)).await
            .es_error(403, "No tienes permiso para realizar esta acción.");
        // The hostess works in Polanco and Satélite: Monterrey's floor and turns are not hers.
        app.get("/api/v1/admin/salon?tag=monterrey", Some(&t)).await.es_error(403, "No tienes acceso a esta sucursal.");
        let monterrey = app.id_sucursal("monterrey").await;
        let leido = app.store.piso_de(&monterrey, chrono::DateTime::<chrono::Utc>::UNIX_EPOCH, (chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.naive_utc(), chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.naive_utc())).await.unwrap();
        let ajeno = leido.turnos[0].id.clone();
        app.post(&format!("/api/v1/admin/salon/turnos/{ajeno}/liberar"), Some(&t)).await
            .es_error(403, "No tienes acceso a esta sucursal.");
        app.post_json(&format!("/api/v1/admin/salon/turnos/{ajeno}/mover"), Some(&t), &json!({ "mesa": "1" })).await
            .es_error(403, "No tienes acceso a esta sucursal.");
        assert_eq!(app.store.piso_de(&monterrey, chrono::DateTime::<chrono::Utc>::UNIX_EPOCH, (chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.naive_utc(), chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.naive_utc())).await.unwrap().turnos.len(), leido.turnos.len());
        app.post("/api/v1/admin/salon/turnos/no-existe/liberar", Some(&t)).await.es_error(404, "No se encontró el turno.");
    }

    async fn a_branch_without_tables_registers_walk_ins_at_any_table_name(motor: Motor) {
        let app = spawn_app(motor).await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let id = app.id_sucursal("polanco").await;
        app.put_json(&format!("/api/v1/admin/sucursal/{id}/mesas"), Some(&sistemas), &json!([])).await.es_exito();
        let m = mesero(&app, &t, "polanco").await;
        let w = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "Barra 2", 2)).await;
        assert_eq!(w.es_exito_201()["comanda"]["mesa"], "Barra 2");
        // Twice: no table is tracked, so none is refused.
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "Barra 2", 2)).await.es_exito_201();
        assert_eq!(piso(&app, &t, "polanco").await["mesas"], json!([]));
    }

    async fn the_dashboard_counts_stays_by_party_size_and_covers_by_the_hour(motor: Motor) {
        // Lunch under way: the demo's floor is seated and the day has its past arrivals.
        let app = spawn_app_a(motor, "2026-11-25 15:00").await;
        let t = app.token("hostess@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        let m = mesero(&app, &t, "polanco").await;
        let antes = app.get("/api/v1/admin/dashboard/mesas?tag=polanco", Some(&gerente)).await.es_exito().clone();
        assert_eq!((antes["mesas"].as_u64(), antes["ocupadas"].as_u64()), (Some(30), Some(9)), "the demo seats nine tables");
        // Four at table 5 at 15:00 who leave at 16:15; two at table 1 from 16:15.
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "5", 4)).await.es_exito_201();
        let turno = mesa(&piso(&app, &t, "polanco").await, 5)["turno"]["_id"].as_str().unwrap().to_owned();
        app.reloj.avanzar(chrono::Duration::minutes(75));
        let t = app.token("hostess@demo.mx").await;
        app.post(&format!("/api/v1/admin/salon/turnos/{turno}/liberar"), Some(&t)).await.es_exito();
        app.post_json("/api/v1/admin/walkin", Some(&t), &walkin("polanco", &m, "1", 2)).await.es_exito_201();
        let gerente = app.token("gerente@demo.mx").await;
        let d = app.get("/api/v1/admin/dashboard/mesas?tag=polanco", Some(&gerente)).await.es_exito().clone();
        assert_eq!(d["estancia_hoy"][1], json!({ "grupo": "3–4", "turnos": 1, "minutos": 75 }));
        assert_eq!(d["estancia_30_dias"][1], json!({ "grupo": "3–4", "turnos": 1, "minutos": 75 }));
        assert_eq!(d["estancia_hoy"][0]["turnos"], 0, "the two at table 1 are still seated");
        let por_hora = |v: &Value, hora: u64| {
            v["cubiertos_por_hora"].as_array().unwrap().iter().find(|h| h["hora"] == hora).map_or(0, |h| h["cubiertos"].as_u64().unwrap())
        };
        assert_eq!((por_hora(&d, 15), por_hora(&d, 16)), (por_hora(&antes, 15) + 4, por_hora(&antes, 16) + 2), "{d}");
        assert_eq!(d["ocupadas"], 10);
        assert_eq!(d["comensales"].as_u64(), Some(antes["comensales"].as_u64().unwrap() + 2));
        let reservaciones = app.token("reservaciones@demo.mx").await;
        app.get("/api/v1/admin/dashboard/mesas?tag=polanco", Some(&reservaciones)).await
            .es_error(403, "No tienes permiso para realizar esta acción.");
    }

    async fn each_arrival_due_soon_is_shown_at_the_table_expected_for_it(motor: Motor) {
        let app = spawn_app(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        let p = piso(&app, &t, "polanco").await;
        let con_llegada: Vec<&Value> = p["mesas"].as_array().unwrap().iter().filter(|m| !m["proxima"].is_null()).collect();
        assert!(!con_llegada.is_empty(), "the demo has arrivals due");
        for m in &con_llegada {
            assert!(m["proxima"]["no_personas"].as_u64() <= m["asientos"].as_u64(), "{m}");
        }
        let mut ids: Vec<&str> = con_llegada.iter().map(|m| m["proxima"]["_id"].as_str().unwrap()).collect();
        let todas = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), todas, "one table each");
        // The soonest pending arrival within the window (13:00 − 30 min to 13:00 + 120 min) is placed.
        let hoy = app.get("/api/v1/admin/reservacion?tag=polanco&status=hoy", Some(&gerente)).await.es_exito().clone();
        let hora = |r: &Value| r["fecha_hora"].as_str().unwrap()[11..16].to_owned();
        let mut pendientes: Vec<&Value> = hoy.as_array().unwrap().iter()
            .filter(|r| r["status"] == "Pendiente" && hora(r).as_str() >= "12:30" && hora(r).as_str() <= "15:00")
            .collect();
        pendientes.sort_by_key(|r| r["fecha_hora"].as_str().unwrap().to_owned());
        let primera = pendientes.first().expect("an arrival due");
        let mesa = con_llegada.iter().find(|m| m["proxima"]["_id"] == primera["_id"]).expect("the soonest arrival has a table");
        assert_eq!(mesa["proxima"]["hora"].as_str(), Some(hora(primera).as_str()));
        // Its table is the best free fit: no free table seats it with fewer empty chairs.
        let n = primera["no_personas"].as_u64().unwrap();
        let mejor = p["mesas"].as_array().unwrap().iter().filter(|m| m["estado"] == "libre" && m["asientos"].as_u64().unwrap() >= n).map(|m| m["asientos"].as_u64().unwrap()).min();
        assert_eq!(mesa["asientos"].as_u64(), mejor);
    }

    async fn the_floor_tells_which_free_tables_are_held_and_the_picker_offers_them_last(motor: Motor) {
        // Lunch under way: arrivals are due within the next stay, each held at a table.
        let app = spawn_app_a(motor, "2026-11-25 15:00").await;
        let t = app.token("hostess@demo.mx").await;
        let piso = piso(&app, &t, "polanco").await;
        let mesas: Vec<anfitrion_core::piso::MesaDelPiso> = serde_json::from_value(piso["mesas"].clone()).unwrap();
        let prometida = mesas.iter().find(|m| m.minutos.is_none() && m.proxima.is_some()).expect("a free table held for an arrival");
        let hora = prometida.proxima.as_ref().unwrap().hora.clone();
        let opciones = anfitrion_core::piso::opciones_para(&mesas, prometida.asientos);
        let suya = opciones.iter().position(|o| o.numeros == [prometida.numero]).expect("offered");
        assert_eq!(opciones[suya].reservada.as_deref(), Some(hora.as_str()));
        let primera = opciones.iter().position(|o| o.reservada.is_some()).unwrap();
        assert!(opciones[primera..].iter().all(|o| o.reservada.is_some()), "{opciones:?}");
        assert!(primera > 0, "a table nobody is due at comes first: {opciones:?}");
    }

}
