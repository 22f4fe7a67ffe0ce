//! The log, as a log shipper reads it: `anfitrion serve --log-format json` writes one JSON line
//! per request with its method, route template, status, milliseconds, the user's id, the branch's
//! tag and the request id its answer carries; and no password, token or guest contact anywhere.

use std::process::Stdio;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::AsyncReadExt;

#[tokio::test]
async fn one_json_line_per_request_naming_its_route_and_user_and_no_secret() {
    let dir = std::env::temp_dir().join(format!(
        "anfitrion-registro-{}",
        anfitrion_server::db::nuevo_id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let puerto = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut servidor = tokio::process::Command::new(env!("CARGO_BIN_EXE_anfitrion"))
        .args([
            "--log-format",
            "json",
            "serve",
            "--demo",
            "--addr",
            &format!("127.0.0.1:{puerto}"),
        ])
        .arg("--database-url")
        .arg(format!("sqlite://{}", dir.join("registro.db").display()))
        .env("RUST_LOG", "info")
        .env_remove("ANFITRION_LOG")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{puerto}");
    let cliente = reqwest::Client::new();
    // Up once it answers /healthz (it seeds the demo first).
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
    let usuario = login["data"]["user"]["_id"]
        .as_str()
        .expect("the user's id")
        .to_owned();
    let meseros: Value = cliente
        .get(format!("{base}/api/v1/admin/meseros?tag=polanco"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mesero = meseros["data"][0]["_id"].as_str().unwrap().to_owned();
    let (correo, telefono) = ("ana.secreta@correo.mx", "5519283746");
    let cuerpo = json!({
        "tag_sucursal": "polanco", "name": "Ana Secreta", "email": correo, "phone": telefono, "evento": "Ninguno",
        "comanda": { "mesa": "Barra", "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    });
    // Table "Barra" is not polanco's: refused or saved, the line is what this test reads.
    let r = cliente
        .post(format!("{base}/api/v1/admin/walkin"))
        .bearer_auth(&token)
        .json(&cuerpo)
        .send()
        .await
        .unwrap();
    let id = r
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .expect("X-Request-Id")
        .to_owned();
    let status = r.status().as_u16();
    let busqueda = cliente
        .get(format!(
            "{base}/api/v1/admin/walkin?tag=polanco&slug=todas&q={correo}"
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert!(busqueda.headers().contains_key("x-request-id"));

    servidor.start_kill().unwrap();
    let mut registro = String::new();
    servidor
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut registro)
        .await
        .unwrap();
    let _ = servidor.wait().await;
    let _ = std::fs::remove_dir_all(&dir);

    let lineas: Vec<Value> = registro
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert!(!lineas.is_empty(), "JSON lines: {registro}");
    let linea = lineas
        .iter()
        .find(|l| l["message"] == "respuesta" && l["span"]["request_id"] == id.as_str())
        .unwrap_or_else(|| panic!("no line for request {id}: {registro}"));
    assert_eq!(linea["status"], status);
    assert!(linea["latency_ms"].as_f64().is_some());
    assert_eq!(linea["span"]["method"], "POST");
    assert_eq!(linea["span"]["route"], "/api/v1/admin/walkin");
    assert_eq!(linea["span"]["sucursal"], "polanco");
    assert_eq!(linea["span"]["usuario"], usuario.as_str());
    // A route with values logs its template, never the values.
    assert!(lineas
        .iter()
        .any(|l| l["span"]["route"] == "/api/v1/admin/walkin" && l["span"]["method"] == "GET"));
    for secreto in ["demo1234", token.as_str(), correo, telefono, "ana.secreta"] {
        assert!(!registro.contains(secreto), "«{secreto}» reached the log");
    }
}
