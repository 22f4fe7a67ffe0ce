//! The outbox's relay as mail providers run one: STARTTLS before anything else, then the user and
//! password. A relay that does not offer STARTTLS gets neither the password nor the message, and
//! the message waits in the outbox with the reason.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls;

use crate::helpers::{en_ambos, spawn, Opciones, TestApp};
use crate::publico::{correos, entre_semana, reserva};

/// What the test relay saw: each login (user, password, whether the connection was encrypted
/// by then) and each message (its text, and the same).
#[derive(Default)]
struct Visto {
    logins: Vec<(String, String, bool)>,
    mensajes: Vec<(String, bool)>,
}

enum Fin {
    Cerrada,
    StartTls,
}

async fn escribir<S: AsyncWrite + Unpin>(s: &mut S, texto: &[u8]) {
    let _ = s.write_all(texto).await;
    let _ = s.flush().await;
}

/// One SMTP dialogue, plain or already encrypted. `starttls` offers the upgrade; AUTH is offered
/// in any case, so a client that would send its password in plain text could.
async fn conversar<S: AsyncRead + AsyncWrite + Unpin>(
    s: &mut BufReader<S>,
    starttls: bool,
    cifrada: bool,
    visto: &Mutex<Visto>,
) -> Fin {
    let mut linea = String::new();
    loop {
        linea.clear();
        if s.read_line(&mut linea).await.unwrap_or(0) == 0 {
            return Fin::Cerrada;
        }
        let orden = linea.trim_end().to_owned();
        let mayus = orden.to_ascii_uppercase();
        if mayus.starts_with("EHLO") {
            let ofertas: &[u8] = if starttls && !cifrada {
                b"250-relevo\r\n250-STARTTLS\r\n250 AUTH PLAIN LOGIN\r\n"
            } else {
                b"250-relevo\r\n250 AUTH PLAIN LOGIN\r\n"
            };
            escribir(s.get_mut(), ofertas).await;
        } else if mayus == "STARTTLS" && starttls && !cifrada {
            escribir(s.get_mut(), b"220 adelante\r\n").await;
            return Fin::StartTls;
        } else if mayus.starts_with("AUTH PLAIN") {
            let mut datos = orden[10..].trim().to_owned();
            if datos.is_empty() {
                escribir(s.get_mut(), b"334 \r\n").await;
                linea.clear();
                let _ = s.read_line(&mut linea).await;
                datos = linea.trim().to_owned();
            }
            let claro = base64::engine::general_purpose::STANDARD
                .decode(datos)
                .unwrap_or_default();
            let partes: Vec<String> = claro
                .split(|b| *b == 0)
                .map(|p| String::from_utf8_lossy(p).into_owned())
                .collect();
            if let [_, usuario, clave] = partes.as_slice() {
                visto
                    .lock()
                    .unwrap()
                    .logins
                    .push((usuario.clone(), clave.clone(), cifrada));
            }
            escribir(s.get_mut(), b"235 bienvenido\r\n").await;
        } else if mayus == "DATA" {
            escribir(s.get_mut(), b"354 adelante\r\n").await;
            let mut mensaje = String::new();
            loop {
                linea.clear();
                if s.read_line(&mut linea).await.unwrap_or(0) == 0 {
                    return Fin::Cerrada;
                }
                if linea == ".\r\n" {
                    break;
                }
                mensaje.push_str(&linea);
            }
            visto.lock().unwrap().mensajes.push((mensaje, cifrada));
            escribir(s.get_mut(), b"250 recibido\r\n").await;
        } else if mayus == "QUIT" {
            escribir(s.get_mut(), b"221 adios\r\n").await;
            return Fin::Cerrada;
        } else {
            escribir(s.get_mut(), b"250 OK\r\n").await;
        }
    }
}

/// A relay on 127.0.0.1 with a certificate of its own; `starttls` says whether it offers the
/// upgrade. Answers its port, the certificate (PEM) its clients must trust, and what it saw.
async fn relevo(starttls: bool) -> (u16, String, Arc<Mutex<Visto>>) {
    let certificado = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).unwrap();
    let pem = certificado.cert.pem();
    let llave =
        rustls::pki_types::PrivateKeyDer::Pkcs8(certificado.signing_key.serialize_der().into());
    let conf = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(vec![certificado.cert.der().clone()], llave)
    .unwrap();
    let aceptor = tokio_rustls::TlsAcceptor::from(Arc::new(conf));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let puerto = listener.local_addr().unwrap().port();
    let visto = Arc::new(Mutex::new(Visto::default()));
    let v = visto.clone();
    tokio::spawn(async move {
        while let Ok((con, _)) = listener.accept().await {
            let (aceptor, visto) = (aceptor.clone(), v.clone());
            tokio::spawn(async move {
                let mut plano: BufReader<TcpStream> = BufReader::new(con);
                escribir(plano.get_mut(), b"220 relevo de prueba\r\n").await;
                if let Fin::StartTls = conversar(&mut plano, starttls, false, &visto).await {
                    let Ok(tls) = aceptor.accept(plano.into_inner()).await else {
                        return;
                    };
                    conversar(&mut BufReader::new(tls), starttls, true, &visto).await;
                }
            });
        }
    });
    (puerto, pem, visto)
}

async fn con_relevo(motor: crate::helpers::Motor, puerto: u16, ca: String) -> TestApp {
    spawn(
        motor,
        Opciones::demo_con(move |c| {
            c.correo.smtp_url = Some(format!(
                "smtp://reservas%40ejemplo.mx:s3creta@127.0.0.1:{puerto}?tls=starttls"
            ));
            c.correo.smtp_ca = Some(ca.into_bytes());
            c.correo.cada = Duration::from_millis(100);
            c.correo.espera_base = Duration::from_secs(3600);
            c.correo.tiempo_max = Duration::from_secs(5);
        }),
    )
    .await
}

/// A guest books with an e-mail on a server whose relay `starttls` says whether it offers the
/// upgrade: the confirmation's outbox row once it was tried, and what the relay saw.
async fn reservar_ante_un_relevo(
    motor: crate::helpers::Motor,
    starttls: bool,
) -> (serde_json::Value, Arc<Mutex<Visto>>) {
    let (puerto, ca, visto) = relevo(starttls).await;
    let app = con_relevo(motor, puerto, ca).await;
    let fecha = entre_semana(9);
    let r = app
        .post_json(
            "/api/v1/public/reservacion",
            None,
            &reserva(
                "polanco",
                &format!("{fecha} 19:15"),
                4,
                "lucia.fernandez@correo.mx",
            ),
        )
        .await;
    let id = r.es_exito_201()["_id"].as_str().unwrap().to_owned();
    (intentado(&app, &id).await, visto)
}

/// The outbox's row of a booking's confirmation once it was tried at least once.
async fn intentado(app: &TestApp, id: &str) -> serde_json::Value {
    for _ in 0..200 {
        let lista = correos(app, id).await;
        if lista[0]["intentos"].as_i64() >= Some(1) {
            return lista[0].clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the outbox never tried the confirmation");
}

en_ambos! {
    async fn the_confirmation_goes_over_starttls_with_the_relays_login(motor: Motor) {
        let (fila, visto) = reservar_ante_un_relevo(motor, true).await;
        assert_eq!(fila["estado"], "enviado", "{fila}");
        let visto = visto.lock().unwrap();
        assert_eq!(visto.logins, vec![("reservas@ejemplo.mx".to_owned(), "s3creta".to_owned(), true)]);
        assert_eq!(visto.mensajes.len(), 1);
        let (mensaje, cifrado) = &visto.mensajes[0];
        assert!(*cifrado && mensaje.contains("To: <lucia.fernandez@correo.mx>"), "{mensaje}");
    }

    async fn a_relay_without_starttls_gets_neither_the_password_nor_the_message(motor: Motor) {
        let (fila, visto) = reservar_ante_un_relevo(motor, false).await;
        assert_eq!(fila["estado"], "pendiente", "{fila}");
        assert!(fila["ultimo_error"].as_str().is_some_and(|e| !e.is_empty()), "{fila}");
        let visto = visto.lock().unwrap();
        assert!(visto.logins.is_empty() && visto.mensajes.is_empty(), "nothing in plain text");
    }
}
