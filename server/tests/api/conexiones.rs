//! Connections are bounded: slow or silent clients are cut off within their timeout, a flood of
//! connections is answered 503, and what the HTTP layer refuses still reads as the envelope.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anfitrion_server::config::LimitesConexion;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{en_ambos, spawn, Opciones};

/// Short limits, so the suite waits fractions of a second.
fn limites() -> LimitesConexion {
    LimitesConexion {
        cabeceras: Duration::from_millis(600),
        cuerpo: Duration::from_millis(600),
        inactividad: Duration::from_millis(300),
        ..LimitesConexion::default()
    }
}

fn con_limites(ajustar: impl FnOnce(&mut LimitesConexion) + Send + 'static) -> Opciones {
    Opciones {
        ajustar: Some(Box::new(move |c| {
            c.conexion = limites();
            ajustar(&mut c.conexion);
        })),
        ..Default::default()
    }
}

/// Reads until the server closes, for at most `plazo`; what arrived and when the connection ended
/// (None if it was still open).
async fn leer_hasta_cierre(socket: &mut TcpStream, plazo: Duration) -> (Vec<u8>, Option<Duration>) {
    let inicio = Instant::now();
    let mut recibido = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let restante = plazo.saturating_sub(inicio.elapsed());
        match tokio::time::timeout(restante, socket.read(&mut buf)).await {
            Err(_) => return (recibido, None),
            Ok(Ok(0)) | Ok(Err(_)) => return (recibido, Some(inicio.elapsed())),
            Ok(Ok(n)) => recibido.extend_from_slice(&buf[..n]),
        }
    }
}

/// An HTTP answer read off the wire: status, head lines (lowercase) and the body as JSON.
struct Cruda {
    status: u16,
    cabeza: String,
    cuerpo: Value,
}

fn partir(bytes: &[u8]) -> Cruda {
    let texto = String::from_utf8_lossy(bytes);
    let (cabeza, cuerpo) = texto
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("sin respuesta HTTP completa: {texto:?}"));
    let status = cabeza
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("línea de estado: {cabeza}"));
    let cuerpo = serde_json::from_str(cuerpo)
        .unwrap_or_else(|_| panic!("el cuerpo no es el sobre JSON: {texto:?}"));
    Cruda {
        status,
        cabeza: cabeza.to_ascii_lowercase(),
        cuerpo,
    }
}

impl Cruda {
    #[track_caller]
    fn es_error(&self, codigo: u16, mensaje: &str) {
        assert_eq!(self.status, codigo, "{}", self.cabeza);
        assert_eq!(self.cuerpo["status"], "error");
        assert_eq!(self.cuerpo["message"], mensaje);
        assert!(
            self.cabeza.contains("\r\ncontent-type: application/json"),
            "{}",
            self.cabeza
        );
        assert!(
            self.cabeza.contains("\r\nx-content-type-options: nosniff"),
            "{}",
            self.cabeza
        );
        assert!(
            self.cabeza.contains("\r\ncontent-security-policy: "),
            "{}",
            self.cabeza
        );
    }
}

/// Sends `bytes` on a new connection and reads the answer until the server closes.
async fn enviar(addr: SocketAddr, bytes: &[u8]) -> Cruda {
    let mut socket = TcpStream::connect(addr).await.unwrap();
    socket.write_all(bytes).await.unwrap();
    let (recibido, cerrada) = leer_hasta_cierre(&mut socket, Duration::from_secs(5)).await;
    assert!(cerrada.is_some(), "la conexión sigue abierta");
    partir(&recibido)
}

en_ambos! {
    async fn a_client_that_sends_nothing_is_cut_off_after_the_idle_timeout(motor: Motor) {
        let app = spawn(motor, con_limites(|_| {})).await;
        let mut socket = TcpStream::connect(app.addr).await.unwrap();
        let (recibido, cerrada) = leer_hasta_cierre(&mut socket, Duration::from_secs(3)).await;
        let cerrada = cerrada.expect("la conexión silenciosa debe cerrarse");
        assert!(cerrada >= Duration::from_millis(250) && cerrada < Duration::from_millis(1500), "{cerrada:?}");
        assert!(recibido.is_empty());
    }

    async fn a_client_that_trickles_its_headers_is_cut_off_after_the_header_timeout(motor: Motor) {
        let app = spawn(motor, con_limites(|_| {})).await;
        let mut socket = TcpStream::connect(app.addr).await.unwrap();
        socket.write_all(b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        let inicio = Instant::now();
        // A byte every 100 ms: never silent long enough for the idle cut-off, never done.
        let goteo = async {
            for b in b"X-Lento: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter() {
                tokio::time::sleep(Duration::from_millis(100)).await;
                if socket.write_all(&[*b]).await.is_err() {
                    break;
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(5), goteo).await.unwrap();
        let (_, cerrada) = leer_hasta_cierre(&mut socket, Duration::from_secs(1)).await;
        assert!(cerrada.is_some(), "la conexión que gotea cabeceras debe cerrarse");
        let cortada = inicio.elapsed();
        assert!(cortada < Duration::from_millis(2500), "{cortada:?}");
    }

    async fn a_body_that_stops_arriving_is_answered_408_within_the_body_timeout(motor: Motor) {
        let app = spawn(motor, con_limites(|_| {})).await;
        let mut socket = TcpStream::connect(app.addr).await.unwrap();
        let inicio = Instant::now();
        socket
            .write_all(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2048\r\n\r\n")
            .await
            .unwrap();
        socket.write_all(&[b' '; 1024]).await.unwrap();
        let (recibido, cerrada) = leer_hasta_cierre(&mut socket, Duration::from_secs(5)).await;
        assert!(cerrada.is_some(), "la conexión debe cerrarse tras el 408");
        partir(&recibido).es_error(408, "La solicitud tardó demasiado en llegar. Inténtalo de nuevo.");
        let tardo = inicio.elapsed();
        assert!(tardo >= Duration::from_millis(500) && tardo < Duration::from_millis(2000), "{tardo:?}");
    }

    async fn a_huge_declared_body_with_little_sent_is_answered_and_closed(motor: Motor) {
        let app = spawn(motor, con_limites(|_| {})).await;
        let mut socket = TcpStream::connect(app.addr).await.unwrap();
        socket
            .write_all(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n")
            .await
            .unwrap();
        socket.write_all(&[b' '; 1024]).await.unwrap();
        let (recibido, cerrada) = leer_hasta_cierre(&mut socket, Duration::from_secs(5)).await;
        assert!(cerrada.is_some(), "la conexión debe cerrarse");
        let r = partir(&recibido);
        assert!([408, 413].contains(&r.status), "{}", r.cabeza);
        assert_eq!(r.cuerpo["status"], "error");
    }

    async fn an_idle_keep_alive_connection_is_closed_after_its_answer(motor: Motor) {
        let app = spawn(motor, con_limites(|_| {})).await;
        let mut socket = TcpStream::connect(app.addr).await.unwrap();
        socket.write_all(b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
        let (recibido, cerrada) = leer_hasta_cierre(&mut socket, Duration::from_secs(3)).await;
        let cerrada = cerrada.expect("la conexión inactiva debe cerrarse");
        assert!(String::from_utf8_lossy(&recibido).starts_with("HTTP/1.1 401"), "{}", String::from_utf8_lossy(&recibido));
        assert!(cerrada < Duration::from_millis(1500), "{cerrada:?}");
    }

    async fn connections_over_the_cap_are_answered_503_in_the_envelope(motor: Motor) {
        let app = spawn(motor, con_limites(|l| {
            l.max_conexiones = 2;
            l.inactividad = Duration::from_secs(30);
            l.cabeceras = Duration::from_secs(30);
        }))
        .await;
        let a = TcpStream::connect(app.addr).await.unwrap();
        let _b = TcpStream::connect(app.addr).await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let r = enviar(app.addr, b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\n\r\n").await;
        r.es_error(503, "El servidor está ocupado. Inténtalo de nuevo en unos segundos.");
        assert!(r.cabeza.contains("\r\nretry-after: 5"), "{}", r.cabeza);
        // A place freed is a place for the next client.
        drop(a);
        tokio::time::sleep(Duration::from_millis(100)).await;
        let r = enviar(app.addr, b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
        r.es_error(401, "Inicia sesión para continuar.");
    }

    async fn requests_the_http_layer_cannot_read_are_answered_in_the_envelope(motor: Motor) {
        let app = spawn(motor, con_limites(|_| {})).await;
        let malformada = "La solicitud no es una solicitud HTTP válida.";
        enviar(app.addr, b"ESTO NO ES HTTP\r\n\r\n").await.es_error(400, malformada);
        enviar(app.addr, b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab")
            .await
            .es_error(400, malformada);
        // Past what hyper buffers (64 KiB of head): hyper's own refusal, rewritten.
        let larga = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70 * 1024));
        let r = enviar(app.addr, larga.as_bytes()).await;
        assert!([414, 431].contains(&r.status), "{}", r.cabeza);
        assert_eq!(r.cuerpo["status"], "error");
        let mut muchas = String::from("GET / HTTP/1.1\r\nHost: x\r\n");
        for i in 0..600 {
            muchas.push_str(&format!("X-{i}: a\r\n"));
        }
        muchas.push_str("\r\n");
        enviar(app.addr, muchas.as_bytes()).await.es_error(431, "Las cabeceras de la solicitud son demasiado grandes.");
    }

    async fn requests_over_our_own_limits_are_answered_in_the_envelope(motor: Motor) {
        let app = spawn(motor, Opciones::default()).await;
        let larga = format!("/api/v1/auth/me?relleno={}", "a".repeat(9 * 1024));
        app.get(&larga, None).await.es_error(414, "La dirección solicitada es demasiado larga.");
        let mut peticion = app.client.get(app.url("/api/v1/auth/me"));
        for i in 0..150 {
            peticion = peticion.header(format!("x-extra-{i}"), "a");
        }
        crate::helpers::leer(peticion.send().await.unwrap()).await.es_error(431, "Las cabeceras de la solicitud son demasiado grandes.");
        let grande = app.client.get(app.url("/api/v1/auth/me")).header("x-grande", "a".repeat(20 * 1024));
        crate::helpers::leer(grande.send().await.unwrap()).await.es_error(431, "Las cabeceras de la solicitud son demasiado grandes.");
    }

    async fn a_refusal_sent_before_the_body_arrives_announces_the_close(motor: Motor) {
        let app = spawn(motor, con_limites(|_| {})).await;
        // The head of a POST, its body still to come: refused from the headers alone (no token).
        let mut socket = TcpStream::connect(app.addr).await.unwrap();
        socket
            .write_all(b"POST /api/v1/admin/walkin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n")
            .await
            .unwrap();
        let (recibido, cerrada) = leer_hasta_cierre(&mut socket, Duration::from_secs(5)).await;
        assert!(cerrada.is_some(), "the server closes, as it must");
        let r = partir(&recibido);
        r.es_error(401, "Inicia sesión para continuar.");
        assert!(r.cabeza.contains("\r\nconnection: close"), "the close is announced: {}", r.cabeza);
        // A request without a body keeps its connection.
        let mut socket = TcpStream::connect(app.addr).await.unwrap();
        socket.write_all(b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
        let (recibido, _) = leer_hasta_cierre(&mut socket, Duration::from_millis(150)).await;
        assert!(!String::from_utf8_lossy(&recibido).to_ascii_lowercase().contains("connection: close"));
    }

    async fn one_address_cannot_take_every_connection(motor: Motor) {
        let app = spawn(motor, con_limites(|l| {
            l.max_conexiones = 8;
            l.max_por_direccion = 3;
            l.inactividad = Duration::from_secs(30);
            l.cabeceras = Duration::from_secs(30);
        }))
        .await;
        // One client holds its three places with silent sockets…
        let mut suyas = Vec::new();
        for _ in 0..3 {
            suyas.push(TcpStream::connect(app.addr).await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        // …its fourth is refused, although the server has room…
        let r = enviar(app.addr, b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\n\r\n").await;
        r.es_error(503, "El servidor está ocupado. Inténtalo de nuevo en unos segundos.");
        // …and another address (another loopback one) is served.
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
        let mut otra = socket.connect(app.addr).await.unwrap();
        otra.write_all(b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
        let (recibido, _) = leer_hasta_cierre(&mut otra, Duration::from_secs(5)).await;
        partir(&recibido).es_error(401, "Inicia sesión para continuar.");
        // A place given back is the client's again.
        drop(suyas.pop());
        tokio::time::sleep(Duration::from_millis(100)).await;
        enviar(app.addr, b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.es_error(401, "Inicia sesión para continuar.");
    }

    async fn a_few_addresses_flooding_the_server_leave_room_for_a_new_visitor(motor: Motor) {
        // A cap of 40, a quarter of it (10) kept for addresses holding fewer than eight.
        let app = spawn(motor, con_limites(|l| {
            l.max_conexiones = 40;
            l.max_por_direccion = 30;
            l.inactividad = Duration::from_secs(30);
            l.cabeceras = Duration::from_secs(30);
        }))
        .await;
        // Two addresses try to hold every place with silent sockets, twenty each.
        let mut abiertas = Vec::new();
        for origen in ["127.0.0.2", "127.0.0.3"] {
            for _ in 0..20 {
                abiertas.push(desde(origen, app.addr).await);
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        // The first takes its twenty, the second ten: the first thirty places are full, and
        // the second, holding more than a few, gets none of the last ten.
        let mut rechazadas = 0;
        for socket in &mut abiertas {
            let (recibido, _) = leer_hasta_cierre(socket, Duration::from_millis(20)).await;
            if !recibido.is_empty() {
                partir(&recibido).es_error(503, "El servidor está ocupado. Inténtalo de nuevo en unos segundos.");
                rechazadas += 1;
            }
        }
        assert_eq!(rechazadas, 10);
        // A new visitor is served, call after call.
        for _ in 0..5 {
            let mut visita = desde("127.0.0.4", app.addr).await;
            visita.write_all(b"GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
            let (recibido, _) = leer_hasta_cierre(&mut visita, Duration::from_secs(5)).await;
            partir(&recibido).es_error(401, "Inicia sesión para continuar.");
        }
    }
}

/// A connection to `addr` from the loopback address `origen`.
async fn desde(origen: &str, addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{origen}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}
