//! A graceful stop: on SIGTERM the server stops accepting, ends each open event stream with
//! `event: reconectar` and a short `retry` (the console reconnects, through a proxy to another
//! instance), finishes what is in flight and exits 0.

use std::process::Stdio;
use std::time::Duration;

use serde_json::{json, Value};

#[tokio::test]
async fn sigterm_ends_the_streams_with_a_reconnect_hint_and_exits_zero() {
    let dir = std::env::temp_dir().join(format!(
        "anfitrion-apagado-{}",
        anfitrion_server::db::nuevo_id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let puerto = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut servidor = tokio::process::Command::new(env!("CARGO_BIN_EXE_anfitrion"))
        .args(["serve", "--demo", "--addr", &format!("127.0.0.1:{puerto}")])
        .arg("--database-url")
        .arg(format!("sqlite://{}", dir.join("apagado.db").display()))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{puerto}");
    let cliente = reqwest::Client::new();
    let listo = async {
        while cliente.get(format!("{base}/healthz")).send().await.is_err() {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(Duration::from_secs(60), listo)
        .await
        .expect("el servidor arrancó");
    let login: Value = cliente
        .post(format!("{base}/api/v1/auth/login"))
        .json(&json!({ "email": "hostess@demo.mx", "password": "demo1234" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["data"]["token"].as_str().unwrap().to_owned();
    let mut flujo = cliente
        .get(format!(
            "{base}/api/v1/admin/notifications/stream?tag=polanco"
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(flujo.status(), 200);
    let primero = flujo.chunk().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&primero).contains("conectado"));

    // SIGTERM, as systemd and a rolling restart send it.
    let pid = i32::try_from(servidor.id().unwrap()).unwrap();
    // SAFETY: kill sends a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let mut resto = String::new();
    let leer = async {
        while let Ok(Some(t)) = flujo.chunk().await {
            resto.push_str(&String::from_utf8_lossy(&t));
        }
    };
    tokio::time::timeout(Duration::from_secs(10), leer)
        .await
        .expect("the stream ended");
    assert!(resto.contains("event: reconectar"), "{resto}");
    assert!(resto.contains("retry: 500"), "{resto}");
    let fin = tokio::time::timeout(Duration::from_secs(10), servidor.wait())
        .await
        .expect("it stopped")
        .unwrap();
    assert!(fin.success(), "exit status {fin:?}");
    assert!(
        cliente.get(format!("{base}/healthz")).send().await.is_err(),
        "no longer accepting"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
