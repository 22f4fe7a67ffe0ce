//! Backups: a copy of the SQLite database taken while walk-ins are being saved is consistent,
//! restores in place of a database no server uses, and reads back whole through a server; a
//! database in use is not overwritten; on PostgreSQL the command says how pg_dump does it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use anfitrion_server::db::nuevo_id;
use anfitrion_server::respaldo::{respaldar, respaldo_programado, restaurar, ConfRespaldos};
use serde_json::{json, Value};

use crate::helpers::{en_ambos, lanzar, sin_mesas, spawn_app, Opciones};

fn walkin(mesero: &str, i: usize) -> Value {
    json!({
        "tag_sucursal": "polanco", "name": format!("Respaldo {i}"), "email": "", "phone": "", "evento": "Ninguno",
        "comanda": { "mesa": format!("Barra {i}"), "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

en_ambos! {
    async fn a_backup_taken_while_walk_ins_are_saved_restores_and_reads_back_whole(motor: Motor) {
        let app = Arc::new(spawn_app(motor).await);
        let carpeta = std::env::temp_dir().join(format!("anfitrion-respaldo-{}", nuevo_id()));
        let salida = carpeta.join("respaldo.db");
        if motor == crate::helpers::Motor::Postgres {
            let e = format!("{:#}", respaldar(&app.database_url, &salida).await.unwrap_err());
            assert!(e.contains("pg_dump --format=custom") && e.contains(&app.database_url), "{e}");
            assert!(!salida.exists());
            return;
        }
        sin_mesas(&app, "polanco").await;
        let t = app.token("hostess@demo.mx").await;
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        // A stream of saves; the backup is taken in the middle of it.
        let guardados = Arc::new(AtomicUsize::new(0));
        let primero = app.post_json("/api/v1/admin/walkin", Some(&t), &walkin(&mesero, 0)).await.es_exito_201().clone();
        let escritor = {
            let (app, t, mesero, guardados) = (app.clone(), t.clone(), mesero.clone(), guardados.clone());
            tokio::spawn(async move {
                for i in 1..=40 {
                    app.post_json("/api/v1/admin/walkin", Some(&t), &walkin(&mesero, i)).await.es_exito_201();
                    guardados.fetch_add(1, Ordering::SeqCst);
                }
            })
        };
        while guardados.load(Ordering::SeqCst) < 5 {
            tokio::task::yield_now().await;
        }
        let copia = respaldar(&app.database_url, &salida).await.expect("respaldo");
        escritor.await.unwrap();
        let en_copia = copia.filas_de("walkins").unwrap();
        let total: i64 = {
            let r = app.get("/api/v1/admin/walkin?tag=polanco&slug=todas&limit=1", Some(&t)).await;
            r.es_exito()["total"].as_i64().unwrap()
        };
        assert!(copia.filas_de("bitacora").unwrap() > 0 && copia.filas_de("usuarios").unwrap() >= 5, "{copia:?}");
        assert!(en_copia < copia.filas_de("bitacora").unwrap());
        // A second backup to the same file is refused: nothing is overwritten.
        let e = format!("{:#}", respaldar(&app.database_url, &salida).await.unwrap_err());
        assert!(e.contains("ya existe"), "{e}");
        // Not over the database this server has open.
        let e = format!("{:#}", restaurar(&app.database_url, &salida).await.unwrap_err());
        assert!(e.contains("está en uso por un servidor en marcha"), "{e}");
        // In place of another one, and a server on it reads it back.
        let destino = format!("sqlite://{}", carpeta.join("restaurada.db").display());
        let restaurada = restaurar(&destino, &salida).await.expect("restaurar");
        assert_eq!(restaurada, copia);
        let otra = lanzar(&destino, Opciones::default()).await;
        let t2 = otra.token("hostess@demo.mx").await;
        let leido = otra.get(&format!("/api/v1/admin/walkin/{}?tag=polanco", primero["_id"].as_str().unwrap()), Some(&t2)).await;
        assert_eq!(leido.es_exito()["folio"], primero["folio"]);
        let en_restaurada = otra.get("/api/v1/admin/walkin?tag=polanco&slug=todas&limit=1", Some(&t2)).await.es_exito()["total"].as_i64().unwrap();
        // The copy holds every walk-in of polanco saved before it, and none half-saved.
        let de_otras: i64 = en_copia - en_restaurada;
        assert!(de_otras >= 0 && en_restaurada <= total && en_restaurada >= 6, "{en_restaurada} de {total}");
        let _ = std::fs::remove_dir_all(&carpeta);
    }
}

/// On a schedule: each copy named by its time, checked, and only the newest kept.
#[tokio::test]
async fn scheduled_backups_keep_the_newest_copies() {
    let app = spawn_app(crate::helpers::Motor::Sqlite).await;
    let carpeta = std::env::temp_dir().join(format!("anfitrion-respaldos-{}", nuevo_id()));
    let conf = ConfRespaldos {
        carpeta: carpeta.clone(),
        cada: std::time::Duration::from_secs(3600),
        conservar: 2,
    };
    let mut hechas = Vec::new();
    for horas in 0..3 {
        let ahora = app.reloj.ahora() + chrono::Duration::hours(horas);
        hechas.push(
            respaldo_programado(&app.database_url, &conf, ahora)
                .await
                .expect("respaldo programado"),
        );
    }
    let mut quedan: Vec<_> = std::fs::read_dir(&carpeta)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    quedan.sort();
    assert_eq!(quedan, hechas[1..].to_vec(), "the two newest");
    let ultima = app.reloj.ahora() + chrono::Duration::hours(2);
    assert_eq!(
        hechas[2].file_name().unwrap().to_str().unwrap(),
        format!("anfitrion-{}.db", ultima.format("%Y%m%d-%H%M%S"))
    );
    // A server on PostgreSQL does not take the flag: pg_dump is the tool there.
    let mut config = anfitrion_server::config::Config::new(
        "127.0.0.1:0".parse().unwrap(),
        "postgres://postgres@127.0.0.1:1/nada",
    );
    config.respaldos = Some(conf);
    let e = anfitrion_server::launch(config)
        .await
        .err()
        .expect("rechazado")
        .to_string();
    assert!(e.contains("--respaldos sirve con SQLite"), "{e}");
    let _ = std::fs::remove_dir_all(&carpeta);
}
