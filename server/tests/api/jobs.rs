//! Background jobs, called directly.

use anfitrion_server::auth::{hash_token, nuevo_token};
use anfitrion_server::db::nuevo_id;
use anfitrion_server::db::sesiones::{IntentoLogin, NuevaSesion, Purga};
use chrono::{DateTime, Duration, Utc};

use crate::helpers::{en_ambos, spawn_app, TestApp};

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
