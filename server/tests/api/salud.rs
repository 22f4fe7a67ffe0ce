//! Health for a load balancer: `/healthz` and `/readyz` answer without a session and without
//! data; readiness fails (503) when the database does not answer or its schema is not the one
//! this build knows; a database migrated by a newer build is refused at start, naming both
//! versions, and left unchanged.

use anfitrion_server::config::Config;
use anfitrion_server::db::esquema::version_conocida;
use sqlx::Connection;

use crate::helpers::{en_ambos, spawn_app, url_admin_pg, Motor as MotorPrueba, TestApp};

async fn texto(app: &TestApp, ruta: &str) -> (u16, String, reqwest::header::HeaderMap) {
    let r = app.client.get(app.url(ruta)).send().await.unwrap();
    let (status, headers) = (r.status().as_u16(), r.headers().clone());
    (status, r.text().await.unwrap(), headers)
}

/// Records a migration newer than any this build has, as a newer build would have.
async fn esquema_mas_nuevo(app: &TestApp, motor: MotorPrueba) -> i64 {
    let nueva = version_conocida() + 1;
    let sql = "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) VALUES ($1, 'de una versión posterior', TRUE, $2, 1)";
    match motor {
        MotorPrueba::Sqlite => {
            let mut c = sqlx::SqliteConnection::connect(&app.database_url)
                .await
                .unwrap();
            sqlx::query(sql)
                .bind(nueva)
                .bind(vec![0u8; 48])
                .execute(&mut c)
                .await
                .unwrap();
        }
        MotorPrueba::Postgres => {
            let mut c = sqlx::PgConnection::connect(&app.database_url)
                .await
                .unwrap();
            sqlx::query(sql)
                .bind(nueva)
                .bind(vec![0u8; 48])
                .execute(&mut c)
                .await
                .unwrap();
        }
    }
    nueva
}

en_ambos! {
    async fn health_and_readiness_answer_without_a_session_and_without_data(motor: Motor) {
        let app = spawn_app(motor).await;
        for ruta in ["/healthz", "/readyz"] {
            let (status, cuerpo, headers) = texto(&app, ruta).await;
            assert_eq!((status, cuerpo.as_str()), (200, "ok\n"), "{ruta}");
            assert!(headers.get("set-cookie").is_none());
        }
    }

    async fn a_database_a_newer_build_migrated_is_not_ready_and_not_opened(motor: Motor) {
        let app = spawn_app(motor).await;
        let nueva = esquema_mas_nuevo(&app, motor).await;
        // This instance is not ready for traffic: the schema is not the one it knows.
        let (status, cuerpo, _) = texto(&app, "/readyz").await;
        assert_eq!((status, cuerpo.as_str()), (503, "no disponible\n"));
        assert_eq!(texto(&app, "/healthz").await.0, 200, "alive all the same");
        // A new start on it is refused, naming both versions.
        let e = match anfitrion_server::launch(Config::new("127.0.0.1:0".parse().unwrap(), &app.database_url)).await {
            Ok(_) => panic!("arrancó sobre un esquema más nuevo"),
            Err(e) => format!("{e:#}"),
        };
        assert!(e.contains(&format!("tiene el esquema {nueva}")) && e.contains(&format!("esquema {} que conoce", version_conocida())), "{e}");
    }
}

/// PostgreSQL stops taking this instance's connections: not ready (503) until it takes them again.
#[tokio::test]
async fn readiness_follows_the_database_answering() {
    let app = spawn_app(MotorPrueba::Postgres).await;
    assert_eq!(texto(&app, "/readyz").await.0, 200);
    let nombre = app
        .database_url
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    let mut admin = sqlx::PgConnection::connect(&url_admin_pg()).await.unwrap();
    sqlx::query(&format!(
        "ALTER DATABASE \"{nombre}\" ALLOW_CONNECTIONS false"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()")
        .bind(&nombre)
        .execute(&mut admin)
        .await
        .unwrap();
    let (status, cuerpo, _) = texto(&app, "/readyz").await;
    assert_eq!((status, cuerpo.as_str()), (503, "no disponible\n"));
    assert_eq!(texto(&app, "/healthz").await.0, 200);
    sqlx::query(&format!(
        "ALTER DATABASE \"{nombre}\" ALLOW_CONNECTIONS true"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    assert_eq!(
        texto(&app, "/readyz").await.0,
        200,
        "ready again once the database answers"
    );
}

/// `anfitrion --version` names the program's version and the schema it migrates to.
#[test]
fn the_version_names_the_schema() {
    let salida = std::process::Command::new(env!("CARGO_BIN_EXE_anfitrion"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(salida.status.success());
    assert_eq!(
        String::from_utf8_lossy(&salida.stdout).trim(),
        format!(
            "anfitrion {} (esquema {})",
            env!("CARGO_PKG_VERSION"),
            version_conocida()
        )
    );
}
