//! The log, as a log shipper reads it: `anfitrion serve --log-format json` writes one JSON line
//! per request with its method, route template, status, milliseconds, the user's id, the branch's
//! tag and the request id its answer carries; and no password, token or guest contact anywhere.

use serde_json::{json, Value};
use tokio::io::AsyncReadExt;

use crate::helpers::Binario;

#[tokio::test]
async fn one_json_line_per_request_naming_its_route_and_user_and_no_secret() {
    let mut servidor = Binario::iniciar(&["--log-format", "json"], true).await;
    let (base, cliente) = (servidor.base.clone(), servidor.cliente.clone());
    let login = servidor.entrar("hostess@demo.mx").await;
    let token = login["token"].as_str().unwrap().to_owned();
    let usuario = login["user"]["_id"]
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

    servidor.proceso.start_kill().unwrap();
    let mut registro = String::new();
    let mut salida = servidor.proceso.stderr.take().unwrap();
    salida.read_to_string(&mut registro).await.unwrap();
    let _ = servidor.proceso.wait().await;

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
