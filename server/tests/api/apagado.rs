//! A graceful stop: on SIGTERM the server stops accepting, ends each open event stream with
//! `event: reconectar` and a short `retry` (the console reconnects, through a proxy to another
//! instance), finishes what is in flight and exits 0.

use std::time::Duration;

use crate::helpers::Binario;

#[tokio::test]
async fn sigterm_ends_the_streams_with_a_reconnect_hint_and_exits_zero() {
    let mut servidor = Binario::iniciar(&[], false).await;
    let token = servidor.entrar("hostess@demo.mx").await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut flujo = servidor
        .cliente
        .get(format!(
            "{}/api/v1/admin/notifications/stream?tag=polanco",
            servidor.base
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(flujo.status(), 200);
    let primero = flujo.chunk().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&primero).contains("conectado"));

    // SIGTERM, as systemd and a rolling restart send it.
    let pid = i32::try_from(servidor.proceso.id().unwrap()).unwrap();
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
    let fin = tokio::time::timeout(Duration::from_secs(10), servidor.proceso.wait())
        .await
        .expect("it stopped")
        .unwrap();
    assert!(fin.success(), "exit status {fin:?}");
    assert!(
        servidor
            .cliente
            .get(format!("{}/healthz", servidor.base))
            .send()
            .await
            .is_err(),
        "no longer accepting"
    );
}
