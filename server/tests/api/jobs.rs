//! Background jobs, called directly, and run by the server beside each other: a printer that
//! takes the connection and never answers holds its own tickets only, not another branch's
//! ticket nor a message to a guest's phone.

use std::net::SocketAddr;
use std::time::Instant;

use anfitrion_server::auth::{hash_token, nuevo_token};
use anfitrion_server::db::nuevo_id;
use anfitrion_server::db::sesiones::{IntentoLogin, NuevaSesion, Purga};
use anfitrion_server::impresion::ConfImpresion;
use chrono::{DateTime, Duration, Utc};
use serde_json::json;
use tokio::net::TcpListener;
use tokio::sync::mpsc;

use crate::helpers::{en_ambos, sin_mesas, spawn, spawn_app, Opciones, TestApp};
use crate::impresion::ImpresoraFalsa;
use crate::recordatorios::{conf_proveedor, proveedor};

/// Stores a session and answers its token's hash.
async fn sesion(
    app: &TestApp,
    usuario: &str,
    creada: DateTime<Utc>,
    expira: DateTime<Utc>,
    revocada: Option<DateTime<Utc>>,
) -> String {
    let token_hash = hash_token(&nuevo_token());
    let s = NuevaSesion {
        id: nuevo_id(),
        token_hash: token_hash.clone(),
        usuario_id: usuario.to_owned(),
        creada,
        expira,
        ip: None,
    };
    app.store.crear_sesion(&s).await.unwrap();
    if let Some(at) = revocada {
        assert!(app.store.revocar_sesion(&token_hash, at).await.unwrap());
    }
    token_hash
}

en_ambos! {
    async fn the_purge_forgets_dead_sessions_and_stale_login_attempts(motor: Motor) {
        let app = spawn_app(motor).await;
        let usuario = app.store.credenciales("gerente@demo.mx").await.unwrap().unwrap().usuario_id;
        let ahora = app.reloj.ahora();
        let h = Duration::hours;
        let vencida_hace_dias = sesion(&app, &usuario, ahora - h(50), ahora - h(26), None).await;
        let revocada_hace_dias = sesion(&app, &usuario, ahora - h(30), ahora - h(6), Some(ahora - h(29))).await;
        let vencida_hace_poco = sesion(&app, &usuario, ahora - h(25), ahora - h(1), None).await;
        let revocada_hace_poco = sesion(&app, &usuario, ahora - h(2), ahora + h(22), Some(ahora - h(1))).await;
        let viva = sesion(&app, &usuario, ahora, ahora + h(24), None).await;
        for minutos in [20, 16, 5] {
            let intento = IntentoLogin {
                id: nuevo_id(),
                email: "alguien@demo.mx".to_owned(),
                ip: "192.0.2.1".to_owned(),
                exitoso: false,
                at: ahora - Duration::minutes(minutos),
            };
            app.store.registrar_intento(&intento).await.unwrap();
        }

        let purga = anfitrion_server::jobs::purgar(app.store.as_ref(), ahora).await.unwrap();
        assert_eq!(purga, Purga { sesiones: 2, intentos: 2, respuestas: 0 });
        for borrada in [&vencida_hace_dias, &revocada_hace_dias] {
            assert!(app.store.sesion(borrada).await.unwrap().is_none());
        }
        for queda in [&vencida_hace_poco, &revocada_hace_poco, &viva] {
            assert!(app.store.sesion(queda).await.unwrap().is_some());
        }
        let fallos = app.store.fallos_recientes("alguien@demo.mx", "192.0.2.1", ahora - Duration::days(1)).await.unwrap();
        assert_eq!((fallos.par, fallos.cuenta, fallos.direccion), (1, 1, 1));
        assert_eq!(fallos.par_desde, fallos.direccion_desde);
    }
}

/// How long the sender waits for a printer's paper status before sending anyway: what a printer
/// that never answers holds its own queue for, each ticket.
const ESPERA_ESTADO: std::time::Duration = std::time::Duration::from_secs(8);
/// What "at once" is here: well under [`ESPERA_ESTADO`], well over a save and a send.
const PRONTO: std::time::Duration = std::time::Duration::from_secs(2);

/// A printer that takes the connection and never says a word: it reads nothing and answers
/// nothing, keeps every connection open, and tells the test each time it is connected to.
async fn impresora_muda() -> (SocketAddr, mpsc::UnboundedReceiver<()>) {
    let oyente = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = oyente.local_addr().unwrap();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut abiertas = Vec::new();
        while let Ok((con, _)) = oyente.accept().await {
            abiertas.push(con);
            let _ = tx.send(());
        }
    });
    (addr, rx)
}

/// A kitchen printer of the branch `tag` that prints comandas at `addr`.
async fn impresora_en(app: &TestApp, gerente: &str, tag: &str, addr: SocketAddr) {
    let suc = app.id_sucursal(tag).await;
    app.post_json(
        &format!("/api/v1/admin/sucursal/{suc}/impresoras"),
        Some(gerente),
        &json!({ "name": "Cocina", "direccion": addr.to_string(), "ancho": 80, "pagina": "cp858", "imprime": "comanda", "activa": true }),
    )
    .await
    .es_exito_201();
}

/// Seats a walk-in at the branch `tag` (a branch without tables: any table name is taken);
/// answers its folio.
async fn walkin_en(app: &TestApp, hostess: &str, tag: &str, name: &str) -> String {
    let meseros = app
        .get(&format!("/api/v1/admin/meseros?tag={tag}"), Some(hostess))
        .await;
    let mesero = meseros.es_exito()[0]["_id"].as_str().unwrap().to_owned();
    let cuerpo = json!({
        "tag_sucursal": tag, "name": name, "email": "", "phone": "", "evento": "Ninguno",
        "comanda": { "mesa": "1", "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    });
    let r = app
        .post_json("/api/v1/admin/walkin", Some(hostess), &cuerpo)
        .await;
    r.es_exito_201()["folio"].as_str().unwrap().to_owned()
}

en_ambos! {
    async fn a_printer_that_never_answers_holds_neither_another_branchs_ticket_nor_a_guests_message(motor: Motor) {
        let (sms, url) = proveedor().await;
        let app = spawn(motor, Opciones::demo_con(move |c| {
            c.impresion = ConfImpresion {
                tiempo_max: ESPERA_ESTADO + std::time::Duration::from_secs(2),
                espera_estado: ESPERA_ESTADO,
                ..Default::default()
            };
            // The test's printers listen on this machine.
            c.impresion.red.loopback = true;
            c.mensajes = Some(conf_proveedor(&url));
            // The phone outbox is looked at often: a message queued goes out at once.
            c.cada_recordatorios = std::time::Duration::from_millis(200);
        }))
        .await;
        sin_mesas(&app, "polanco").await;
        sin_mesas(&app, "satelite").await;
        let g = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let (muda, mut conectada) = impresora_muda().await;
        impresora_en(&app, &g, "polanco", muda).await;
        let mut satelite = ImpresoraFalsa::iniciar().await;
        impresora_en(&app, &g, "satelite", satelite.addr).await;
        let grupo = app.post_json("/api/v1/admin/espera", Some(&t), &json!({ "tag": "satelite", "name": "Familia Pérez", "personas": 4, "phone": "+52 55 1234 5678" })).await;
        let grupo = grupo.es_exito_201()["_id"].as_str().unwrap().to_owned();

        // Polanco's comanda goes to the printer that never answers: the sender is inside its try.
        walkin_en(&app, &t, "polanco", "Ana Ruiz").await;
        tokio::time::timeout(PRONTO, conectada.recv()).await.expect("the sender connects to polanco's printer").unwrap();

        // Meanwhile satelite seats a party and calls another from the waitlist.
        let inicio = Instant::now();
        let folio = walkin_en(&app, &t, "satelite", "Luis Peña").await;
        app.post(&format!("/api/v1/admin/espera/{grupo}/avisar"), Some(&t)).await.es_exito();
        let (ticket, mensaje) = tokio::join!(
            async {
                let impreso = satelite.esperar(1).await.remove(0);
                (impreso, inicio.elapsed())
            },
            async {
                sms.esperar(1).await;
                inicio.elapsed()
            },
        );
        let (impreso, a_la_cocina) = ticket;
        assert!(impreso.textos().iter().any(|l| l.contains(&folio)), "{:#?}", impreso.textos());
        assert!(
            a_la_cocina < PRONTO && mensaje < PRONTO,
            "behind polanco's silent printer, satelite's comanda took {a_la_cocina:?} and the waitlist's message {mensaje:?}"
        );
    }
}
