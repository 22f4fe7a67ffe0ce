//! The waitlist from the guest's phone: joining within and beyond the rules (Spanish refusals,
//! nothing written), a closed list and a closed branch, the per-address limit, the guest page's
//! secret (another party's or an altered one refused, nothing of other guests answered), "Ya no
//! voy", the place moving as the host works the list, live on the page's stream, and the link's
//! message where a phone provider is set up.

use std::time::Duration;

use anfitrion_core::telefono::PaisesTelefono;
use anfitrion_core::ReglaError;
use serde_json::{json, Value};

use crate::espera::{anotar, con_proveedor, filas, grupo, lista, mensajes};
use crate::helpers::{en_ambos, spawn_app_a, Respuesta, TestApp};

/// Friday 14:00 at the demo: every branch open, its online list open.
const ABIERTO: &str = "2026-11-27 14:00";

fn huesped(name: &str, personas: u32, phone: &str) -> Value {
    json!({ "name": name, "phone": phone, "personas": personas, "notas": "" })
}

async fn unirse(app: &TestApp, tag: &str, cuerpo: &Value) -> Respuesta {
    app.post_json(
        &format!("/api/v1/public/sucursal/{tag}/espera"),
        None,
        cuerpo,
    )
    .await
}

/// The party's id and its page's secret, from the join's answer.
fn id_y_token(lugar: &Value) -> (String, String) {
    let pagina = lugar["pagina"].as_str().expect("la página del grupo");
    let (ruta, token) = pagina
        .split_once("?t=")
        .expect("la página lleva su secreto");
    let id = ruta.rsplit('/').next().unwrap().to_owned();
    assert_eq!(id, lugar["_id"].as_str().unwrap());
    (id, token.to_owned())
}

async fn turno(app: &TestApp, id: &str, token: &str) -> Respuesta {
    app.get(&format!("/api/v1/public/espera/{id}?t={token}"), None)
        .await
}

en_ambos! {
    async fn a_guest_joins_from_the_phone_and_follows_their_place(motor: Motor) {
        let app = spawn_app_a(motor, ABIERTO).await;
        let hostess = app.token("hostess@demo.mx").await;
        let info = app.get("/api/v1/public/sucursal/polanco/espera", None).await.es_exito().clone();
        assert_eq!((info["abierta"].as_bool(), info["esperando"].as_u64()), (Some(true), Some(0)), "{info}");
        assert!(info["motivo"].is_null() && info["personas_max"].as_u64() >= Some(4), "{info}");
        assert_eq!(info["envia_sms"], false, "no phone provider: the page promises no SMS");

        // A party written down by the host is ahead of the guest.
        let primero = anotar(&app, &hostess, grupo("polanco", "Familia Pérez", 4, Some("52 55 1111 2222"))).await.es_exito_201().clone();
        let r = unirse(&app, "polanco", &json!({ "name": "  Ana   Ruiz ", "phone": "+52 (55) 1234-5678", "personas": 2, "notas": "silla alta" })).await;
        assert_eq!(r.message(), "Ya estás en la lista de espera");
        let lugar = r.es_exito_201().clone();
        assert_eq!((lugar["sms"].as_bool(), lugar["posicion"].as_u64()), (Some(false), Some(2)), "{lugar}");
        let (id, token) = id_y_token(&lugar);
        assert!(lugar["pagina"].as_str().unwrap().starts_with(&format!("/espera/polanco/turno/{id}?t=")));

        let t = turno(&app, &id, &token).await.es_exito().clone();
        assert_eq!((t["name"].as_str(), t["personas"].as_u64(), t["estado"].as_str()), (Some("Ana Ruiz"), Some(2), Some("esperando")));
        assert_eq!((t["posicion"].as_u64(), t["delante"].as_u64()), (Some(2), Some(1)), "{t}");
        assert_eq!((t["sucursal"].as_str(), t["tag"].as_str()), (Some("La Hacienda Polanco"), Some("polanco")));
        // Nothing of another guest, and not even the guest's own phone, is in the answer.
        let texto = t.to_string();
        for ajeno in ["Pérez", "5511112222", "525512345678", "phone", "notas"] {
            assert!(!texto.contains(ajeno), "{ajeno} in {texto}");
        }

        // The host's list marks the party "en línea", and the bell rang for it.
        let l = lista(&app, &hostess, "polanco").await;
        let marcas: Vec<(&str, bool)> = l.iter().map(|g| (g["name"].as_str().unwrap(), g["en_linea"].as_bool().unwrap())).collect();
        assert_eq!(marcas, [("Familia Pérez", false), ("Ana Ruiz", true)]);
        assert_eq!(l[1]["phone"], "525512345678");
        assert_eq!(l[1]["notas"], "silla alta");
        let avisos = app.get("/api/v1/admin/notifications?tag=polanco", Some(&hostess)).await.es_exito().clone();
        let aviso = avisos.as_array().unwrap().iter().find(|n| n["title"] == "Nuevo grupo en la lista de espera").expect("the bell rang").clone();
        assert_eq!((aviso["description"].as_str(), aviso["origin"].as_str()), (Some("Ana Ruiz · 2 personas · en línea"), Some("Lista de espera")));
        assert_eq!(app.get("/api/v1/public/sucursal/polanco/espera", None).await.es_exito()["esperando"], 2);

        // The party ahead leaves: the guest is next.
        let ida = primero["_id"].as_str().unwrap();
        app.post_json(&format!("/api/v1/admin/espera/{ida}/salir"), Some(&hostess), &json!({ "motivo": "No quiso esperar" })).await.es_exito();
        let t = turno(&app, &id, &token).await.es_exito().clone();
        assert_eq!((t["posicion"].as_u64(), t["delante"].as_u64()), (Some(1), Some(0)), "{t}");

        // Without a provider "Avisar" writes nothing: the page keeps waiting.
        assert_eq!(app.post(&format!("/api/v1/admin/espera/{id}/avisar"), Some(&hostess)).await.status, 409);
        assert!(turno(&app, &id, &token).await.es_exito()["avisado"].is_null());

        // "Ya no voy" closes it with the guest's reason; a second time finds it closed.
        let salida = app.post_json(&format!("/api/v1/public/espera/{id}/salir"), None, &json!({ "token": token })).await;
        assert_eq!(salida.message(), "Saliste de la lista de espera");
        let s = salida.es_exito().clone();
        assert_eq!((s["estado"].as_str(), s["por_el_huesped"].as_bool(), s["posicion"].as_u64()), (Some("se_fue"), Some(true), None), "{s}");
        let motivo = filas(&app, "SELECT motivo, estado FROM lista_espera WHERE id = $1", &id).await;
        assert_eq!(motivo, [vec!["el huésped".to_owned(), "se_fue".to_owned()]]);
        assert!(lista(&app, &hostess, "polanco").await.is_empty());
        app.post_json(&format!("/api/v1/public/espera/{id}/salir"), None, &json!({ "token": token })).await
            .es_error(409, &ReglaError::EsperaTerminada.to_string());
        // The page still opens, and says how it ended.
        let t = turno(&app, &id, &token).await.es_exito().clone();
        assert_eq!((t["estado"].as_str(), t["por_el_huesped"].as_bool()), (Some("se_fue"), Some(true)));
        // A party the host closed does not show the host's words.
        let otro = unirse(&app, "polanco", &huesped("Luis Garza", 2, "525598765432")).await.es_exito_201().clone();
        let (id2, token2) = id_y_token(&otro);
        app.post_json(&format!("/api/v1/admin/espera/{id2}/salir"), Some(&hostess), &json!({ "motivo": "No contestó" })).await.es_exito();
        let t = turno(&app, &id2, &token2).await.es_exito().clone();
        assert_eq!((t["estado"].as_str(), t["por_el_huesped"].as_bool()), (Some("se_fue"), Some(false)));
        assert!(!t.to_string().contains("No contestó"), "{t}");
    }

    async fn a_page_opens_only_with_its_own_secret(motor: Motor) {
        let app = spawn_app_a(motor, ABIERTO).await;
        let a = unirse(&app, "polanco", &huesped("Ana Ruiz", 2, "525512345678")).await.es_exito_201().clone();
        let b = unirse(&app, "polanco", &huesped("Luis Garza", 3, "525598765432")).await.es_exito_201().clone();
        let (ida, ta) = id_y_token(&a);
        let (idb, tb) = id_y_token(&b);
        assert_ne!(ta, tb);
        let invalido = ReglaError::EnlaceInvalido.to_string();
        // Another party's secret, an altered one, none: the same refusal, nothing of either party.
        let mut alterado = ta.clone();
        let ultimo = alterado.pop().unwrap();
        alterado.push(if ultimo == 'a' { 'b' } else { 'a' });
        for r in [
            turno(&app, &ida, &tb).await,
            turno(&app, &ida, &alterado).await,
            app.get(&format!("/api/v1/public/espera/{ida}"), None).await,
            turno(&app, "no-existe", &ta).await,
        ] {
            assert!(!r.cuerpo.to_string().contains("Ana") && !r.cuerpo.to_string().contains("Luis"), "{}", r.cuerpo);
            r.es_error(404, &invalido);
        }
        let r = app.post_json(&format!("/api/v1/public/espera/{ida}/salir"), None, &json!({ "token": tb })).await;
        r.es_error(404, &invalido);
        let r = app.get(&format!("/api/v1/public/espera/{ida}/stream?t={tb}"), None).await;
        r.es_error(404, &invalido);
        // Nothing was closed: both still wait, each on its own page.
        assert_eq!(turno(&app, &ida, &ta).await.es_exito()["posicion"], 1);
        assert_eq!(turno(&app, &idb, &tb).await.es_exito()["posicion"], 2);
    }

    async fn joins_beyond_the_rules_are_refused_in_spanish_and_write_nothing(motor: Motor) {
        let app = spawn_app_a(motor, ABIERTO).await;
        let hostess = app.token("hostess@demo.mx").await;
        let max = app.get("/api/v1/public/sucursal/polanco/espera", None).await.es_exito()["personas_max"].as_u64().unwrap() as u32;
        let casos: Vec<(Value, String, Option<&str>)> = vec![
            (huesped("Ana", 2, ""), ReglaError::TelefonoParaEspera.to_string(), Some("phone")),
            (json!({ "name": "Ana", "personas": 2 }), ReglaError::TelefonoParaEspera.to_string(), Some("phone")),
            (huesped("Ana", 2, "34612345678"), ReglaError::TelefonoDeOtroPais { permitidos: PaisesTelefono::default().etiqueta() }.to_string(), Some("phone")),
            (huesped("Ana", 2, "52 55 1234 56789"), ReglaError::TelefonoLongitudPais { pais: "México", lada: "52", digitos: 10 }.to_string(), Some("phone")),
            (huesped("Ana", max + 1, "525512345678"), ReglaError::GrupoGrandeEspera { max }.to_string(), Some("personas")),
            (huesped("Ana", 0, "525512345678"), ReglaError::PersonasCero.to_string(), Some("no_personas")),
            (huesped("  ", 2, "525512345678"), ReglaError::NombreRequerido.to_string(), Some("name")),
        ];
        for (cuerpo, mensaje, campo) in casos {
            let r = unirse(&app, "polanco", &cuerpo).await;
            assert_eq!(r.cuerpo["data"]["campo"].as_str(), campo, "{cuerpo}: {}", r.cuerpo);
            r.es_error(400, &mensaje);
        }
        let r = unirse(&app, "polanco", &json!({ "name": "Ana", "phone": "525512345678", "personas": 2, "notas": "x".repeat(201) })).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        let r = unirse(&app, "polanco", &json!({ "name": "Ana", "phone": "525512345678", "personas": "dos" })).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
        unirse(&app, "no-existe", &huesped("Ana", 2, "525512345678")).await.es_error(404, "No se encontró la sucursal.");
        assert!(lista(&app, &hostess, "polanco").await.is_empty(), "nothing was written");

        // A branch that closed its online list: the page says so and takes no one.
        let gerente = app.token("gerente@demo.mx").await;
        let mut conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&gerente)).await.es_exito().clone();
        assert_eq!(conf["espera_en_linea"], true, "the demo's branches open it");
        conf["espera_en_linea"] = json!(false);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&gerente), &conf).await.es_exito();
        let cerrada = ReglaError::ListaEnLineaCerrada.to_string();
        let info = app.get("/api/v1/public/sucursal/polanco/espera", None).await.es_exito().clone();
        assert_eq!((info["abierta"].as_bool(), info["motivo"].as_str()), (Some(false), Some(cerrada.as_str())));
        unirse(&app, "polanco", &huesped("Ana", 2, "525512345678")).await.es_error(400, &cerrada);
        // Another branch keeps its own open; after hours it is closed by its schedule.
        assert_eq!(app.get("/api/v1/public/sucursal/satelite/espera", None).await.es_exito()["abierta"], true);
        app.llevar_reloj_a("2026-11-28 08:00");
        let fuera = ReglaError::ListaFueraDeHorario.to_string();
        let info = app.get("/api/v1/public/sucursal/satelite/espera", None).await.es_exito().clone();
        assert_eq!((info["abierta"].as_bool(), info["motivo"].as_str()), (Some(false), Some(fuera.as_str())));
        unirse(&app, "satelite", &huesped("Ana", 2, "525512345678")).await.es_error(400, &fuera);
        assert!(lista(&app, &hostess, "polanco").await.is_empty() && lista(&app, &hostess, "satelite").await.is_empty());
    }

    async fn the_poster_carries_the_join_page_and_its_qr(motor: Motor) {
        let app = spawn_app_a(motor, ABIERTO).await;
        let c = app.get("/api/v1/public/sucursal/polanco/espera/cartel", None).await.es_exito().clone();
        let url = c["url"].as_str().unwrap();
        assert!(url.starts_with("http") && url.ends_with("/espera/polanco"), "{c}");
        assert!(c["qr_svg"].as_str().unwrap().starts_with("<svg"), "{c}");
        assert_eq!((c["name"].as_str(), c["marca"].as_str()), (Some("La Hacienda Polanco"), Some("La Hacienda Buffet")));
        app.get("/api/v1/public/sucursal/no-existe/espera/cartel", None).await.es_error(404, "No se encontró la sucursal.");
        // The join page, its kiosk, its poster and a party's page are the booking bundle's pages.
        for ruta in ["/espera/polanco", "/espera/polanco/kiosco", "/espera/polanco/cartel", "/espera/polanco/turno/abc?t=x"] {
            let r = app.client.get(app.url(ruta)).send().await.unwrap();
            assert_eq!(r.status(), 200, "{ruta}");
        }
    }

    async fn without_a_public_address_there_is_no_poster(motor: Motor) {
        let app = crate::helpers::spawn(motor, crate::helpers::Opciones::demo_con(|c| c.url_publica = None)).await;
        app.get("/api/v1/public/sucursal/polanco/espera/cartel", None).await
            .es_error(409, "Este servidor no tiene dirección pública (ANFITRION_URL_PUBLICA): el cartel necesita un enlace que los celulares puedan abrir.");
    }

    async fn joins_are_limited_per_address(motor: Motor) {
        let app = spawn_app_a(motor, ABIERTO).await;
        let hostess = app.token("hostess@demo.mx").await;
        for k in 0..20 {
            unirse(&app, "polanco", &huesped(&format!("Grupo {k}"), 2, "525512345678")).await.es_exito_201();
        }
        let r = unirse(&app, "polanco", &huesped("Uno más", 2, "525512345678")).await;
        assert_eq!(r.status, 429, "{}", r.cuerpo);
        assert_eq!(lista(&app, &hostess, "polanco").await.len(), 20);
        // An hour later the address may join again.
        app.reloj.avanzar(chrono::Duration::minutes(61));
        unirse(&app, "polanco", &huesped("Uno más", 2, "525512345678")).await.es_exito_201();
    }

    async fn with_a_phone_provider_the_link_goes_by_sms_once(motor: Motor) {
        let (app, _cerrado) = con_proveedor(motor).await;
        app.llevar_reloj_a(ABIERTO);
        assert_eq!(app.get("/api/v1/public/sucursal/polanco/espera", None).await.es_exito()["envia_sms"], true);
        let clave = "unirse-ana-1";
        let cuerpo = huesped("Ana Ruiz", 2, "525512345678");
        let enviar = || app.client.post(app.url("/api/v1/public/sucursal/polanco/espera")).header("Idempotency-Key", clave).json(&cuerpo).send();
        let primera: Value = enviar().await.unwrap().json().await.unwrap();
        // The same tap arriving twice (a lost answer retried) joins once.
        let segunda: Value = enviar().await.unwrap().json().await.unwrap();
        assert_eq!(primera["data"]["_id"], segunda["data"]["_id"], "{segunda}");
        assert_eq!(primera["data"]["sms"], true, "{primera}");
        let (id, token) = id_y_token(&primera["data"]);
        let m = mensajes(&app, &id).await;
        assert_eq!(m.len(), 1, "{m:?}");
        assert_eq!((m[0][0].as_str(), m[0][1].as_str()), ("lugar_espera", "+525512345678"));
        let pagina = primera["data"]["pagina"].as_str().unwrap();
        assert!(m[0][2].starts_with("La Hacienda Polanco: ya estás en la lista de espera. Sigue tu lugar aquí: http"), "{}", m[0][2]);
        assert!(m[0][2].ends_with(pagina), "the link is the page's: {}", m[0][2]);
        // The host calls the party: its page says the table is ready.
        assert!(turno(&app, &id, &token).await.es_exito()["avisado"].is_null());
        let hostess = app.token("hostess@demo.mx").await;
        app.post(&format!("/api/v1/admin/espera/{id}/avisar"), Some(&hostess)).await.es_exito();
        let t = turno(&app, &id, &token).await.es_exito().clone();
        assert!(t["avisado"].is_string() && t["estado"] == "esperando", "{t}");
    }

    async fn the_page_moves_live_as_the_host_works_the_list(motor: Motor) {
        let app = spawn_app_a(motor, ABIERTO).await;
        let hostess = app.token("hostess@demo.mx").await;
        let primero = anotar(&app, &hostess, grupo("polanco", "Familia Pérez", 4, None)).await.es_exito_201().clone();
        let segundo = anotar(&app, &hostess, grupo("polanco", "Luis Garza", 2, None)).await.es_exito_201().clone();
        let lugar = unirse(&app, "polanco", &huesped("Ana Ruiz", 2, "525512345678")).await.es_exito_201().clone();
        let (id, token) = id_y_token(&lugar);
        let mut flujo = app.client.get(app.url(&format!("/api/v1/public/espera/{id}/stream?t={token}"))).send().await.unwrap();
        assert_eq!(flujo.status(), 200);
        assert!(flujo.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
        let mut texto = String::new();
        // Reads the stream until its `n`-th turn arrives (within 5 seconds); answers that turn.
        async fn turno_n(flujo: &mut reqwest::Response, texto: &mut String, n: usize) -> Value {
            let hasta = std::time::Instant::now() + Duration::from_secs(5);
            while texto.matches("event: turno").count() < n || !texto.ends_with("\n\n") {
                let trozo = tokio::time::timeout(hasta.saturating_duration_since(std::time::Instant::now()), flujo.chunk()).await;
                let trozo = trozo.expect("the change arrives within 5 s").unwrap().expect("stream open");
                texto.push_str(&String::from_utf8_lossy(&trozo));
            }
            let datos = texto.split("event: turno\ndata: ").nth(n).unwrap();
            serde_json::from_str(datos.split('\n').next().unwrap()).unwrap()
        }
        let t = turno_n(&mut flujo, &mut texto, 1).await;
        assert_eq!((t["posicion"].as_u64(), t["delante"].as_u64()), (Some(3), Some(2)), "{t}");
        // The host seats the first party (its walk-in's save): the page moves up one.
        let m = crate::helpers::mesero(&app, &hostess, "polanco").await;
        let piso = app.get("/api/v1/admin/salon?tag=polanco", Some(&hostess)).await.es_exito().clone();
        let libre = piso["mesas"].as_array().unwrap().iter()
            .find(|x| x["estado"] == "libre" && x["asientos"].as_u64() >= Some(4))
            .map(|x| x["numero"].to_string())
            .expect("a free table of four at 14:00");
        let sentar = json!({
            "tag_sucursal": "polanco", "name": "Familia Pérez", "email": "", "phone": "", "evento": "Ninguno",
            "comanda": { "mesa": libre, "mesero_id": m, "no_personas": 4, "buffet_adulto": 4, "buffet_boy": 0,
                         "buffet_promo_adulto": 4, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] }, "espera_id": primero["_id"]
        });
        app.post_json("/api/v1/admin/walkin", Some(&hostess), &sentar).await.es_exito_201();
        let mut n = 2;
        let mut t = turno_n(&mut flujo, &mut texto, n).await;
        // The seat changes the list and the floor: a second update may follow, alike.
        while t["posicion"] != 2 {
            n += 1;
            t = turno_n(&mut flujo, &mut texto, n).await;
        }
        assert_eq!((t["posicion"].as_u64(), t["delante"].as_u64()), (Some(2), Some(1)), "{t}");
        // The second leaves: the guest is next.
        let idb = segundo["_id"].as_str().unwrap();
        app.post_json(&format!("/api/v1/admin/espera/{idb}/salir"), Some(&hostess), &json!({ "motivo": "Se fue" })).await.es_exito();
        loop {
            n += 1;
            t = turno_n(&mut flujo, &mut texto, n).await;
            if t["posicion"] != 2 {
                break;
            }
        }
        assert_eq!((t["posicion"].as_u64(), t["delante"].as_u64()), (Some(1), Some(0)), "{t}");
        assert!(!texto.contains("Pérez"), "{texto}");
        // The guest leaves: the last state comes, and the stream ends.
        app.post_json(&format!("/api/v1/public/espera/{id}/salir"), None, &json!({ "token": token })).await.es_exito();
        // (A late notice of an earlier change may re-send the same state first.)
        loop {
            n += 1;
            t = turno_n(&mut flujo, &mut texto, n).await;
            if t["estado"] != "esperando" {
                break;
            }
            assert_eq!(t["posicion"], 1, "{t}");
        }
        assert_eq!(t["estado"], "se_fue");
        let fin = tokio::time::timeout(Duration::from_secs(5), async {
            while let Ok(Some(_)) = flujo.chunk().await {}
        })
        .await;
        assert!(fin.is_ok(), "the stream ends after the party's last state");
    }
}
