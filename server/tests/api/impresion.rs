//! Kitchen printing against a fake ESC/POS printer: a TCP listener inside the test that answers
//! the paper status, records each ticket's bytes and decodes them into lines and commands. A
//! walk-in's comanda arrives with its folio, table, counts and accents exactly; a printer down
//! at save time gets the ticket once when it is back, also across a restart and with two
//! instances sending; a test print to a closed port fails within the timeout in Spanish;
//! reprints, expiry, addresses and permissions.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anfitrion_core::impresora::RedImpresoras;
use anfitrion_server::impresion::{imprimir_pendientes, ConfImpresion, Pasada};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::helpers::{en_ambos, lanzar, puerto_cerrado, spawn, Opciones, TestApp};

/// One line of a decoded ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Linea {
    texto: String,
    negrita: bool,
    /// Printed at double width and height (`GS ! 0x11`).
    grande: bool,
    centrada: bool,
}

/// A ticket as the printer took it.
#[derive(Debug, Clone)]
pub(crate) struct Impreso {
    bytes: Vec<u8>,
    lineas: Vec<Linea>,
    /// Commands in order: `init`, `pagina 19`, `cortar`, …
    comandos: Vec<String>,
}

impl Impreso {
    pub(crate) fn textos(&self) -> Vec<&str> {
        self.lineas.iter().map(|l| l.texto.as_str()).collect()
    }

    fn linea(&self, empieza: &str) -> &Linea {
        self.lineas
            .iter()
            .find(|l| l.texto.trim_start().starts_with(empieza))
            .unwrap_or_else(|| panic!("no hay línea «{empieza}»: {:#?}", self.textos()))
    }

    fn contiene(&self, bytes: &[u8]) -> bool {
        self.bytes.windows(bytes.len()).any(|w| w == bytes)
    }
}

/// CP858's bytes for the letters a Spanish ticket uses (the printer's own table, written here
/// apart from the encoder's so that one checks the other).
fn cp858(b: u8) -> char {
    match b {
        0x20..=0x7E => b as char,
        0xA0 => 'á',
        0x82 => 'é',
        0xA1 => 'í',
        0xA2 => 'ó',
        0xA3 => 'ú',
        0xB5 => 'Á',
        0x90 => 'É',
        0xD6 => 'Í',
        0xE0 => 'Ó',
        0xE9 => 'Ú',
        0xA4 => 'ñ',
        0xA5 => 'Ñ',
        0x81 => 'ü',
        0x9A => 'Ü',
        0xA8 => '¿',
        0xAD => '¡',
        0xD5 => '€',
        0xF8 => '°',
        _ => '\u{FFFD}',
    }
}

fn decodificar(bytes: &[u8]) -> Impreso {
    let mut lineas = Vec::new();
    let mut comandos = Vec::new();
    let (mut negrita, mut grande, mut centrada) = (false, false, false);
    let mut texto = String::new();
    let mut i = 0;
    let arg = |i: usize| bytes.get(i).copied().unwrap_or(0);
    while i < bytes.len() {
        match bytes[i] {
            0x1B => {
                let (cmd, n) = (arg(i + 1), arg(i + 2));
                match cmd {
                    0x40 => {
                        comandos.push("init".to_owned());
                        i += 2;
                        continue;
                    }
                    0x74 => comandos.push(format!("pagina {n}")),
                    0x61 => centrada = n == 1,
                    0x45 => negrita = n == 1,
                    0x64 => comandos.push(format!("avanzar {n}")),
                    otro => comandos.push(format!("ESC {otro:#04x}")),
                }
                i += 3;
            }
            0x1D => {
                let (cmd, n) = (arg(i + 1), arg(i + 2));
                match cmd {
                    0x21 => {
                        grande = n == 0x11;
                        i += 3;
                    }
                    0x56 => {
                        comandos.push("cortar".to_owned());
                        i += if n == 0x41 || n == 0x42 { 4 } else { 3 };
                    }
                    otro => {
                        comandos.push(format!("GS {otro:#04x}"));
                        i += 3;
                    }
                }
            }
            0x0A => {
                lineas.push(Linea {
                    texto: std::mem::take(&mut texto),
                    negrita,
                    grande,
                    centrada,
                });
                i += 1;
            }
            b => {
                texto.push(cp858(b));
                i += 1;
            }
        }
    }
    Impreso {
        bytes: bytes.to_vec(),
        lineas,
        comandos,
    }
}

/// The ESC/POS paper status request, which the sender asks before each ticket.
const ESTADO_PAPEL: [u8; 3] = [0x10, 0x04, 0x04];

/// A fake network printer: accepts connections, answers the paper status with `papel` (0x12
/// paper present, 0x72 out of paper) and records each connection's ticket.
pub(crate) struct ImpresoraFalsa {
    pub(crate) addr: SocketAddr,
    tickets: watch::Receiver<Vec<Impreso>>,
    papel: Arc<AtomicU8>,
    tarea: tokio::task::JoinHandle<()>,
}

impl ImpresoraFalsa {
    pub(crate) async fn iniciar() -> Self {
        Self::en("127.0.0.1:0".parse().unwrap()).await
    }

    /// On `addr`: a printer back on its old address.
    async fn en(addr: SocketAddr) -> Self {
        let oyente = TcpListener::bind(addr)
            .await
            .expect("la impresora falsa escucha");
        let addr = oyente.local_addr().unwrap();
        let (tx, tickets) = watch::channel(Vec::new());
        let tx = Arc::new(tx);
        let papel = Arc::new(AtomicU8::new(0x12));
        let p = papel.clone();
        let tarea = tokio::spawn(async move {
            while let Ok((mut con, _)) = oyente.accept().await {
                let (tx, papel) = (tx.clone(), p.clone());
                tokio::spawn(async move {
                    let mut datos = Vec::new();
                    let mut buf = [0u8; 4096];
                    let mut respondio = false;
                    loop {
                        match con.read(&mut buf).await {
                            Ok(0) | Err(_) => break,
                            Ok(n) => datos.extend_from_slice(&buf[..n]),
                        }
                        if !respondio && datos.starts_with(&ESTADO_PAPEL) {
                            respondio = true;
                            let _ = con.write_all(&[papel.load(Ordering::SeqCst)]).await;
                        }
                    }
                    let ticket = datos.strip_prefix(&ESTADO_PAPEL[..]).unwrap_or(&datos);
                    if !ticket.is_empty() {
                        let impreso = decodificar(ticket);
                        tx.send_modify(|v| v.push(impreso));
                    }
                });
            }
        });
        ImpresoraFalsa {
            addr,
            tickets,
            papel,
            tarea,
        }
    }

    fn recibidos(&self) -> Vec<Impreso> {
        self.tickets.borrow().clone()
    }

    /// Waits (at most ten seconds) until it has taken `n` tickets.
    pub(crate) async fn esperar(&mut self, n: usize) -> Vec<Impreso> {
        let mut rx = self.tickets.clone();
        let listos = tokio::time::timeout(Duration::from_secs(10), rx.wait_for(|v| v.len() >= n))
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "la impresora no recibió {n} tickets: {}",
                    self.recibidos().len()
                )
            })
            .expect("la impresora falsa sigue viva")
            .clone();
        listos
    }
}

impl Drop for ImpresoraFalsa {
    /// A printer switched off: its address stops answering.
    fn drop(&mut self) {
        self.tarea.abort();
    }
}

/// The sender's settings in these tests: short waits, so a refused try is quick; the fake
/// printers listen on this machine, which only a test's (or a demonstration's) configuration
/// allows.
fn conf() -> ConfImpresion {
    ConfImpresion {
        red: RedImpresoras {
            loopback: true,
            ..Default::default()
        },
        ..conf_de_produccion()
    }
}

/// [`conf`] with the networks a server allows by default: no loopback, no private ranges.
fn conf_de_produccion() -> ConfImpresion {
    ConfImpresion {
        activa: false,
        tiempo_max: Duration::from_secs(2),
        espera_estado: Duration::from_millis(500),
        ..Default::default()
    }
}

/// A server whose jobs loop sends print jobs as the product's does, to the fake printers on this
/// machine.
async fn con_envio(motor: crate::helpers::Motor) -> TestApp {
    spawn(
        motor,
        Opciones::demo_con(|c| c.impresion.red.loopback = true),
    )
    .await
}

/// A server whose jobs loop does not send print jobs: the test sends them, at its own times.
async fn sin_envio(motor: crate::helpers::Motor) -> TestApp {
    spawn(motor, Opciones::demo_con(|c| c.impresion = conf())).await
}

async fn pasada(app: &TestApp) -> Pasada {
    imprimir_pendientes(app.store.as_ref(), None, &conf(), app.reloj.ahora())
        .await
        .unwrap()
}

async fn agregar_impresora(
    app: &TestApp,
    t: &str,
    name: &str,
    direccion: &str,
    imprime: &str,
) -> String {
    let suc = app.id_sucursal("polanco").await;
    let r = app
        .post_json(
            &format!("/api/v1/admin/sucursal/{suc}/impresoras"),
            Some(t),
            &json!({ "name": name, "direccion": direccion, "ancho": 80, "pagina": "cp858", "imprime": imprime, "activa": true }),
        )
        .await;
    r.es_exito_201()["_id"].as_str().unwrap().to_owned()
}

async fn mesero(app: &TestApp, token: &str) -> String {
    let r = app
        .get("/api/v1/admin/meseros?tag=polanco", Some(token))
        .await;
    r.es_exito()[0]["_id"].as_str().unwrap().to_owned()
}

/// A free table of polanco's floor.
async fn mesa_libre(app: &TestApp, t: &str, saltar: usize) -> String {
    let p = app.get("/api/v1/admin/salon?tag=polanco", Some(t)).await;
    p.es_exito()["mesas"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["estado"] == "libre")
        .nth(saltar)
        .map(|m| m["numero"].to_string())
        .expect("una mesa libre")
}

async fn walkin(app: &TestApp, t: &str, name: &str, saltar: usize) -> Value {
    let m = mesero(app, t).await;
    let mesa = mesa_libre(app, t, saltar).await;
    let cuerpo = json!({
        "tag_sucursal": "polanco", "name": name, "email": "", "phone": "", "evento": "Cumpleaños",
        "comanda": { "mesa": mesa, "mesero_id": m, "no_personas": 3, "buffet_adulto": 2, "buffet_boy": 1,
                     "buffet_promo_adulto": 3, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    });
    app.post_json("/api/v1/admin/walkin", Some(t), &cuerpo)
        .await
        .es_exito_201()
        .clone()
}

async fn estado(app: &TestApp, t: &str, walkin_id: &str) -> Value {
    app.get(
        &format!("/api/v1/admin/impresion/walkin/{walkin_id}?tag=polanco"),
        Some(t),
    )
    .await
    .es_exito()
    .clone()
}

/// A server with the networks a server allows by default (no loopback, no private ranges), its
/// jobs loop not sending.
async fn de_produccion(
    motor: crate::helpers::Motor,
    ajustar: impl FnOnce(&mut ConfImpresion) + Send + 'static,
) -> TestApp {
    spawn(
        motor,
        Opciones::demo_con(move |c| {
            c.impresion = conf_de_produccion();
            ajustar(&mut c.impresion);
        }),
    )
    .await
}

/// Something that listens but is no printer: it accepts, sends `saludo` at once (a line-based
/// service's banner; nothing if empty) and records what each connection sent it.
async fn servicio_ajeno(saludo: &'static [u8]) -> (SocketAddr, watch::Receiver<Vec<Vec<u8>>>) {
    let oyente = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = oyente.local_addr().unwrap();
    let (tx, rx) = watch::channel(Vec::new());
    let tx = Arc::new(tx);
    tokio::spawn(async move {
        while let Ok((mut con, _)) = oyente.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let _ = con.write_all(saludo).await;
                let mut datos = Vec::new();
                let _ = con.read_to_end(&mut datos).await;
                tx.send_modify(|v| v.push(datos));
            });
        }
    });
    (addr, rx)
}

/// The addresses that are never a printer, as a form would write them.
const PROHIBIDAS: [&str; 11] = [
    "127.0.0.1:9100",
    "127.0.0.53:53",
    "[::1]:9100",
    "localhost:6379",
    "169.254.169.254:80",
    "[fe80::1]",
    "0.0.0.0:9100",
    "255.255.255.255",
    "224.0.0.1:9100",
    "[ff02::1]",
    "[::ffff:127.0.0.1]:22",
];
const MENSAJE_PROHIBIDA: &str = "Esa dirección no puede ser de una impresora: no se permiten este mismo servidor (127.x.x.x, ::1, localhost), 0.0.0.0, 169.254.x.x ni direcciones de difusión o multidifusión";
const MENSAJE_PRIVADA: &str = "Este servidor no permite impresoras en la red privada (10.x.x.x, 172.16–31.x.x, 192.168.x.x, 100.64–127.x.x, fc00::/7); quien administra el servidor puede permitirla";

en_ambos! {
    async fn a_walk_in_comanda_reaches_the_kitchen_with_its_folio_table_counts_and_accents(motor: Motor) {
        // The jobs loop sends, woken by the save: nothing here moves the queue by hand.
        let app = con_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let mut cocina = ImpresoraFalsa::iniciar().await;
        let mut caja = ImpresoraFalsa::iniciar().await;
        agregar_impresora(&app, &g, "Cocina", &cocina.addr.to_string(), "comanda").await;
        agregar_impresora(&app, &g, "Caja", &caja.addr.to_string(), "abre").await;
        let t = app.token("hostess@demo.mx").await;
        let w = walkin(&app, &t, "Peña Núñez", 0).await;
        let comanda = cocina.esperar(1).await.remove(0);
        let abre = caja.esperar(1).await.remove(0);
        let folio = w["folio"].as_str().unwrap();
        let mesa = w["comanda"]["mesa"].as_str().unwrap();

        assert_eq!(comanda.comandos.first().map(String::as_str), Some("init"));
        assert!(comanda.comandos.contains(&"pagina 19".to_owned()), "{:?}", comanda.comandos);
        assert_eq!(comanda.comandos.last().map(String::as_str), Some("cortar"));
        assert!(comanda.bytes.ends_with(&[0x1D, 0x56, 0x42, 0x00]));
        assert!(comanda.linea("COMANDA").centrada);
        let f = comanda.linea(&format!("Folio {folio}"));
        assert!(f.grande && f.negrita && f.centrada, "{f:?}");
        // Accents in the printer's code page, byte for byte: "Peña Núñez", "Cumpleaños", "Niño".
        assert!(comanda.contiene(&[b'P', b'e', 0xA4, b'a', b' ', b'N', 0xA3, 0xA4, b'e', b'z']));
        assert!(comanda.contiene(&[b'C', b'u', b'm', b'p', b'l', b'e', b'a', 0xA4, b'o', b's']));
        assert!(comanda.contiene(&[b'N', b'i', 0xA4, b'o']));
        let cliente = comanda.linea("Cliente");
        assert_eq!(cliente.texto.chars().count(), 48, "a line of an 80 mm roll: {cliente:?}");
        assert!(cliente.texto.ends_with("Peña Núñez"));
        assert!(comanda.linea("Evento").texto.ends_with("Cumpleaños"));
        let m = comanda.linea("Mesa");
        assert!(m.texto.ends_with(&format!(" {mesa}")) && m.negrita, "{m:?}");
        assert!(comanda.linea("Personas").texto.ends_with(" 3"));
        assert!(comanda.linea("Mesero").texto.len() > "Mesero".len());
        assert!(comanda.linea("BUFFET REGULAR").negrita);
        assert!(comanda.linea("Adulto").texto.ends_with(" 2"));
        assert!(comanda.linea("Niño").texto.ends_with(" 1"));
        assert_eq!(comanda.linea("Sin promociones").texto, "Sin promociones");
        // The branch's name heads it; its own footer closes it.
        assert!(comanda.textos().iter().any(|l| l.contains("Polanco")), "{:#?}", comanda.textos());
        // The abre goes to the host's printer, without the waiter; nothing else reached either.
        assert_eq!(abre.linea("ABRE").texto.trim(), "ABRE");
        assert!(abre.textos().iter().all(|l| !l.starts_with("Mesero")));
        assert_eq!((cocina.recibidos().len(), caja.recibidos().len()), (1, 1));

        // Where the host looks: both printed, at the branch's time.
        let wid = w["_id"].as_str().unwrap();
        let mut e = estado(&app, &t, wid).await;
        for _ in 0..50 {
            if e["trabajos"].as_array().unwrap().iter().all(|j| j["estado"] == "impreso") { break; }
            // The mark follows the last byte: read again until the send's write lands.
            tokio::task::yield_now().await;
            e = estado(&app, &t, wid).await;
        }
        assert_eq!(e["impresoras"], 2);
        let trabajos = e["trabajos"].as_array().unwrap();
        assert_eq!(trabajos.len(), 2);
        assert!(trabajos.iter().all(|j| j["estado"] == "impreso" && j["impreso"] == "13:00"), "{trabajos:#?}");
    }

    async fn a_printer_down_at_save_time_gets_the_ticket_once_when_it_is_back(motor: Motor) {
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let cerrado = puerto_cerrado();
        let addr = cerrado.addr;
        agregar_impresora(&app, &g, "Cocina", &addr.to_string(), "comanda").await;
        let t = app.token("hostess@demo.mx").await;
        let w = walkin(&app, &t, "Ana Ruiz", 0).await;
        let wid = w["_id"].as_str().unwrap();
        assert_eq!(estado(&app, &t, wid).await["trabajos"][0]["estado"], "en_cola");
        // Down: the try fails, the job waits with the reason the host reads.
        assert_eq!(pasada(&app).await, Pasada { impresos: 0, fallidos: 1, vencidos: 0 });
        let e = estado(&app, &t, wid).await;
        assert_eq!((e["trabajos"][0]["estado"].as_str(), e["trabajos"][0]["error"].as_str()), (Some("fallo"), Some("la impresora no responde")));
        // Not before its wait is over.
        assert_eq!(pasada(&app).await, Pasada::default());
        // Back on its address: printed once, and never again.
        drop(cerrado);
        let mut cocina = ImpresoraFalsa::en(addr).await;
        app.reloj.avanzar(chrono::Duration::seconds(3));
        assert_eq!(pasada(&app).await.impresos, 1);
        app.reloj.avanzar(chrono::Duration::minutes(5));
        assert_eq!(pasada(&app).await, Pasada::default());
        let tickets = cocina.esperar(1).await;
        assert_eq!(tickets.len(), 1);
        assert!(tickets[0].textos().iter().any(|l| l.contains(w["folio"].as_str().unwrap())));
        assert_eq!(estado(&app, &t, wid).await["trabajos"][0]["estado"], "impreso");
    }

    async fn a_restart_between_prints_the_ticket_once_later(motor: Motor) {
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let cerrado = puerto_cerrado();
        let addr = cerrado.addr;
        agregar_impresora(&app, &g, "Cocina", &addr.to_string(), "ambos").await;
        let t = app.token("hostess@demo.mx").await;
        walkin(&app, &t, "Luis Peña", 0).await;
        assert_eq!(pasada(&app).await.fallidos, 2);
        // Another process on the same database: it finds what the first left, and prints it once.
        let otra = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ajustar: Some(Box::new(|c| c.impresion = conf())), ..Default::default() }).await;
        drop(cerrado);
        let mut cocina = ImpresoraFalsa::en(addr).await;
        app.reloj.avanzar(chrono::Duration::seconds(3));
        assert_eq!(pasada(&otra).await.impresos, 2);
        app.reloj.avanzar(chrono::Duration::minutes(5));
        assert_eq!(pasada(&app).await, Pasada::default());
        assert_eq!(pasada(&otra).await, Pasada::default());
        let tickets = cocina.esperar(2).await;
        assert_eq!(tickets.len(), 2);
        let mut tipos: Vec<&str> = tickets.iter().map(|i| if i.textos().contains(&"COMANDA") { "comanda" } else { "abre" }).collect();
        tipos.sort();
        assert_eq!(tipos, ["abre", "comanda"]);
    }

    async fn two_instances_sending_at_once_print_each_ticket_once(motor: Motor) {
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let mut cocina = ImpresoraFalsa::iniciar().await;
        agregar_impresora(&app, &g, "Cocina", &cocina.addr.to_string(), "comanda").await;
        let otra = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ajustar: Some(Box::new(|c| c.impresion = conf())), ..Default::default() }).await;
        let t = app.token("hostess@demo.mx").await;
        let mut folios = Vec::new();
        for i in 0..6 {
            folios.push(walkin(&app, &t, &format!("Grupo {i}"), 0).await["folio"].as_str().unwrap().to_owned());
        }
        let (a, b) = tokio::join!(pasada(&app), pasada(&otra));
        assert_eq!(a.impresos + b.impresos, 6, "{a:?} {b:?}");
        let (a, b) = tokio::join!(pasada(&app), pasada(&otra));
        assert_eq!((a, b), (Pasada::default(), Pasada::default()));
        let tickets = cocina.esperar(6).await;
        let mut impresos: Vec<String> = tickets
            .iter()
            .map(|i| i.linea("Folio ").texto.trim().trim_start_matches("Folio ").to_owned())
            .collect();
        impresos.sort();
        folios.sort();
        assert_eq!(impresos, folios);
    }

    async fn a_test_print_says_whether_the_printer_answered_within_the_timeout(motor: Motor) {
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let suc = app.id_sucursal("polanco").await;
        let mut cocina = ImpresoraFalsa::iniciar().await;
        let viva = agregar_impresora(&app, &g, "Cocina", &cocina.addr.to_string(), "comanda").await;
        let r = app.post(&format!("/api/v1/admin/sucursal/{suc}/impresoras/{viva}/prueba"), Some(&g)).await;
        assert_eq!(r.es_exito()["respondio"], true);
        let prueba = cocina.esperar(1).await.remove(0);
        assert!(prueba.textos().contains(&"PRUEBA DE IMPRESIÓN"), "{:#?}", prueba.textos());
        assert!(prueba.textos().iter().any(|l| l.contains("áéíóú ÁÉÍÓÚ ñÑ ¿¡")));
        // A closed port: refused within the timeout, in Spanish.
        let cerrado = puerto_cerrado();
        let muerta = agregar_impresora(&app, &g, "Barra", &cerrado.addr.to_string(), "abre").await;
        let inicio = Instant::now();
        let r = app.post(&format!("/api/v1/admin/sucursal/{suc}/impresoras/{muerta}/prueba"), Some(&g)).await;
        r.es_error(502, "No se pudo imprimir la prueba en «Barra»: la impresora no responde");
        assert!(inicio.elapsed() < conf().tiempo_max + Duration::from_secs(1));
        // Out of paper: it says so, and nothing prints.
        cocina.papel.store(0x72, Ordering::SeqCst);
        let r = app.post(&format!("/api/v1/admin/sucursal/{suc}/impresoras/{viva}/prueba"), Some(&g)).await;
        r.es_error(502, "No se pudo imprimir la prueba en «Cocina»: la impresora no tiene papel");
        assert_eq!(cocina.recibidos().len(), 1);
    }

    async fn a_printer_address_is_host_and_port_and_nothing_else(motor: Motor) {
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let suc = app.id_sucursal("polanco").await;
        let ruta = format!("/api/v1/admin/sucursal/{suc}/impresoras");
        let malas = [
            ("http://192.168.1.50:9100", "Escribe la dirección de la impresora como equipo:puerto, por ejemplo 192.168.1.50:9100 (sin http:// ni rutas)"),
            ("192.168.1.50/imprimir", "Escribe la dirección de la impresora como equipo:puerto, por ejemplo 192.168.1.50:9100 (sin http:// ni rutas)"),
            ("cocina:70000", "El puerto de la impresora debe estar entre 1 y 65535"),
        ];
        for (direccion, mensaje) in malas {
            let r = app.post_json(&ruta, Some(&g), &json!({ "name": "Cocina", "direccion": direccion })).await;
            r.es_error(400, mensaje);
            assert_eq!(r.cuerpo["data"]["campo"], "direccion");
        }
        app.post_json(&ruta, Some(&g), &json!({ "name": "Cocina", "direccion": "10.0.0.5", "ancho": 76 })).await
            .es_error(400, "El ancho del papel debe ser 80 o 58 mm");
        assert_eq!(app.get(&ruta, Some(&g)).await.es_exito().as_array().unwrap().len(), 0, "nothing saved");
        // The port defaults to 9100; the paper, the code page and what it prints have defaults too.
        let r = app.post_json(&ruta, Some(&g), &json!({ "name": "Cocina", "direccion": " cocina.local " })).await;
        let i = r.es_exito_201();
        assert_eq!((i["direccion"].as_str(), i["ancho"].as_i64(), i["pagina"].as_str(), i["imprime"].as_str()), (Some("cocina.local:9100"), Some(80), Some("cp858"), Some("ambos")));
        // Hosts read the queue but do not configure printers; marketing does neither.
        let h = app.token("hostess@demo.mx").await;
        app.post_json(&ruta, Some(&h), &json!({ "name": "Otra", "direccion": "10.0.0.6" })).await.es_error(403, "No tienes permiso para realizar esta acción.");
        let m = app.token("mercadotecnia@demo.mx").await;
        app.get("/api/v1/admin/impresion/walkin/x?tag=polanco", Some(&m)).await.es_error(403, "No tienes permiso para realizar esta acción.");
        let r = app.get("/api/v1/admin/impresion/mesa/x?tag=polanco", Some(&h)).await;
        assert_eq!(r.status, 400, "{}", r.cuerpo);
    }

    async fn a_ticket_waiting_too_long_expires_and_a_reprint_says_so_on_paper(motor: Motor) {
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let cerrado = puerto_cerrado();
        let addr = cerrado.addr;
        agregar_impresora(&app, &g, "Cocina", &addr.to_string(), "comanda").await;
        let t = app.token("hostess@demo.mx").await;
        let w = walkin(&app, &t, "Sofía Ibáñez", 0).await;
        let wid = w["_id"].as_str().unwrap();
        assert_eq!(pasada(&app).await.fallidos, 1);
        // Past the branch's 30 minutes it is expired, not tried again.
        app.reloj.avanzar(chrono::Duration::minutes(31));
        assert_eq!(pasada(&app).await.vencidos, 1);
        let e = estado(&app, &t, wid).await;
        assert_eq!(e["trabajos"][0]["estado"], "vencido");
        // "Reintentar" puts it back; the printer, back, takes it.
        drop(cerrado);
        let mut cocina = ImpresoraFalsa::en(addr).await;
        let job = e["trabajos"][0]["_id"].as_str().unwrap().to_owned();
        app.post(&format!("/api/v1/admin/impresion/trabajos/{job}/reintentar?tag=polanco"), Some(&t)).await.es_exito();
        assert_eq!(estado(&app, &t, wid).await["trabajos"][0]["estado"], "fallo", "tried before, waiting its turn now");
        assert_eq!(pasada(&app).await.impresos, 1);
        app.post(&format!("/api/v1/admin/impresion/trabajos/{job}/reintentar?tag=polanco"), Some(&t)).await
            .es_error(409, "Ese ticket ya se imprimió; use Reimprimir para otra copia");
        // "Reimprimir": a second copy marked as such, and the walk-in's log says who asked.
        let r = app.post_json(&format!("/api/v1/admin/impresion/walkin/{wid}/reimprimir?tag=polanco"), Some(&t), &json!({ "tipo": "comanda" })).await;
        assert_eq!(r.es_exito_201()["trabajos"].as_array().unwrap().len(), 2);
        assert_eq!(pasada(&app).await.impresos, 1);
        let copias = cocina.esperar(2).await;
        assert!(!copias[0].textos().contains(&"REIMPRESIÓN"));
        let segunda = &copias[1];
        assert_eq!(segunda.lineas[0].texto.trim(), "REIMPRESIÓN");
        assert!(segunda.contiene(&[b'R', b'E', b'I', b'M', b'P', b'R', b'E', b'S', b'I', 0xE0, b'N']));
        let acciones: Vec<String> = app.store.bitacora_de(wid).await.unwrap().into_iter().map(|e| e.accion).collect();
        assert_eq!(acciones, ["registrar", "reimprimir"]);
        // The walk-ins' log reads it in the screens' words, by whom.
        let g = app.token("gerente@demo.mx").await;
        let log = app.get("/api/v1/admin/logs/walkin?tag=polanco&q=Ibáñez", Some(&g)).await;
        let entrada = log.es_exito()["items"].as_array().unwrap().iter().find(|e| e["accion"] == "reimprimir").cloned()
            .unwrap_or_else(|| panic!("la reimpresión en la bitácora: {}", log.cuerpo));
        assert_eq!((entrada["accion_etiqueta"].as_str(), entrada["usuario_name"].as_str()), (Some("Reimpresión"), Some("Hilda Hostess")));
        assert_eq!(entrada["cambios"], json!([{ "campo": "Ticket", "antes": null, "despues": "Comanda" }]));
        // An abre with no printer for it is refused in Spanish, and not logged.
        app.post_json(&format!("/api/v1/admin/impresion/walkin/{wid}/reimprimir?tag=polanco"), Some(&t), &json!({ "tipo": "abre" })).await
            .es_error(409, "La sucursal no tiene impresoras activas para el abre");
        assert_eq!(app.store.bitacora_de(wid).await.unwrap().len(), 2);
    }

    async fn an_attendance_sends_the_reservations_comanda_with_its_guest_and_the_time_it_opened(motor: Motor) {
        let app = con_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let mut cocina = ImpresoraFalsa::iniciar().await;
        agregar_impresora(&app, &g, "Cocina", &cocina.addr.to_string(), "comanda").await;
        // A booking for tomorrow at 15:00; the guests arrive at 14:55.
        let manana = app.hoy() + chrono::Duration::days(1);
        let r = app.post_json("/api/v1/public/reservacion", None, &json!({ "tag": "polanco", "name": "Íñigo Muñoz", "email": "inigo@correo.mx",
            "fecha_hora": format!("{manana} 15:00"), "no_personas": 2, "evento": "Aniversario", "origin": "Whatsapp" })).await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        let id = r.cuerpo["data"]["_id"].as_str().unwrap().to_owned();
        app.llevar_reloj_a(&format!("{manana} 14:55"));
        let t = app.token("hostess@demo.mx").await;
        let m = mesero(&app, &t).await;
        let mesa = mesa_libre(&app, &t, 0).await;
        let asistencia = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": 2,
            "comanda": { "mesa": mesa, "mesero_id": m, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                         "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        let sentada = app.put_json(&format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&t), &asistencia).await;
        assert_eq!(sentada.status, 200, "{}", sentada.cuerpo);
        let comanda = cocina.esperar(1).await.remove(0);
        assert!(comanda.linea("Cliente").texto.ends_with("Íñigo Muñoz"), "{:#?}", comanda.textos());
        assert!(comanda.contiene(&[0xD6, 0xA4, b'i', b'g', b'o']), "Íñigo in PC858");
        assert!(comanda.linea("Evento").texto.ends_with("Aniversario"));
        assert!(comanda.linea("Mesa").texto.ends_with(&format!(" {mesa}")));
        // The table opened at 14:55 by the branch's clock: the ticket says so.
        assert!(comanda.textos().iter().any(|l| l.trim().ends_with("14:55")), "{:#?}", comanda.textos());
        let e = app.get(&format!("/api/v1/admin/impresion/reservacion/{id}?tag=polanco"), Some(&t)).await;
        assert_eq!(e.es_exito()["trabajos"].as_array().unwrap().len(), 1);
    }

    async fn a_branch_without_printers_saves_as_before_and_queues_nothing(motor: Motor) {
        let app = sin_envio(motor).await;
        let t = app.token("hostess@demo.mx").await;
        let w = walkin(&app, &t, "Carla Méndez", 0).await;
        let e = estado(&app, &t, w["_id"].as_str().unwrap()).await;
        assert_eq!((e["impresoras"].as_u64(), e["trabajos"].as_array().map(Vec::len)), (Some(0), Some(0)));
        assert_eq!(pasada(&app).await, Pasada::default());
    }

    async fn the_server_itself_link_local_unspecified_broadcast_and_multicast_are_refused_on_save(motor: Motor) {
        // Even where the operator allows the private ranges.
        let app = de_produccion(motor, |c| c.red.privada = true).await;
        let g = app.token("gerente@demo.mx").await;
        let suc = app.id_sucursal("polanco").await;
        let ruta = format!("/api/v1/admin/sucursal/{suc}/impresoras");
        let id = agregar_impresora(&app, &g, "Cocina", "192.168.1.50", "ambos").await;
        let antes = app.get(&ruta, Some(&g)).await.es_exito().clone();
        for direccion in PROHIBIDAS {
            let r = app.post_json(&ruta, Some(&g), &json!({ "name": "Otra", "direccion": direccion })).await;
            r.es_error(400, MENSAJE_PROHIBIDA);
            assert_eq!((r.cuerpo["data"]["codigo"].as_str(), r.cuerpo["data"]["campo"].as_str()), (Some("direccion_impresora_prohibida"), Some("direccion")), "{direccion}");
            let r = app.put_json(&format!("{ruta}/{id}"), Some(&g), &json!({ "name": "Cocina", "direccion": direccion })).await;
            r.es_error(400, MENSAJE_PROHIBIDA);
        }
        assert_eq!(app.get(&ruta, Some(&g)).await.es_exito(), &antes, "nothing saved");
    }

    async fn a_printer_on_the_server_itself_is_refused_on_test_print_and_in_the_queue(motor: Motor) {
        let app = de_produccion(motor, |_| {}).await;
        let g = app.token("gerente@demo.mx").await;
        let suc = app.id_sucursal("polanco").await;
        let mut cocina = ImpresoraFalsa::iniciar().await;
        // Saved where this machine was allowed (a server of before the rule, on the same database)…
        let antes = lanzar(&app.database_url, Opciones { reloj: Some(app.reloj.clone()), ajustar: Some(Box::new(|c| c.impresion = conf())), ..Default::default() }).await;
        let guardada = agregar_impresora(&antes, &g, "Cocina", &cocina.addr.to_string(), "ambos").await;
        // …and a name that leads there: accepted as a name, refused once resolved.
        let nombre = agregar_impresora(&app, &g, "Barra", &format!("0x7f.1:{}", cocina.addr.port()), "ambos").await;
        for (id, name) in [(&guardada, "Cocina"), (&nombre, "Barra")] {
            let r = app.post(&format!("/api/v1/admin/sucursal/{suc}/impresoras/{id}/prueba"), Some(&g)).await;
            r.es_error(400, MENSAJE_PROHIBIDA);
            assert_eq!(r.cuerpo["data"]["campo"], "direccion", "{name}");
        }
        // A walk-in's tickets to both fail with the same words; the printer never hears of them.
        let t = app.token("hostess@demo.mx").await;
        let w = walkin(&app, &t, "Luis Peña", 0).await;
        let p = imprimir_pendientes(app.store.as_ref(), None, &conf_de_produccion(), app.reloj.ahora()).await.unwrap();
        assert_eq!((p.impresos, p.fallidos), (0, 4));
        let e = estado(&app, &t, w["_id"].as_str().unwrap()).await;
        let trabajos = e["trabajos"].as_array().unwrap();
        assert!(trabajos.iter().all(|t| t["estado"] == "fallo"), "{trabajos:#?}");
        // Each printer's first try says why (the rest of its tickets wait for the next pass).
        for name in ["Cocina", "Barra"] {
            assert!(trabajos.iter().any(|t| t["impresora"] == name && t["error"] == MENSAJE_PROHIBIDA), "{name}: {trabajos:#?}");
        }
        assert!(cocina.recibidos().is_empty());
        // The server that allows this machine still prints there.
        let r = antes.post(&format!("/api/v1/admin/sucursal/{suc}/impresoras/{guardada}/prueba"), Some(&g)).await;
        assert_eq!(r.es_exito()["respondio"], true);
        assert_eq!(cocina.esperar(1).await.len(), 1);
    }

    async fn private_ranges_need_the_operators_word(motor: Motor) {
        let privadas = ["10.0.0.5", "172.16.0.1:9100", "172.31.255.254", "192.168.1.50:9101", "100.64.0.9", "[fd00::5]:9100"];
        let app = de_produccion(motor, |_| {}).await;
        let g = app.token("gerente@demo.mx").await;
        let suc = app.id_sucursal("polanco").await;
        let ruta = format!("/api/v1/admin/sucursal/{suc}/impresoras");
        for direccion in privadas {
            let r = app.post_json(&ruta, Some(&g), &json!({ "name": "Cocina", "direccion": direccion })).await;
            r.es_error(400, MENSAJE_PRIVADA);
            assert_eq!((r.cuerpo["data"]["codigo"].as_str(), r.cuerpo["data"]["campo"].as_str()), (Some("direccion_impresora_privada"), Some("direccion")), "{direccion}");
        }
        assert_eq!(app.get(&ruta, Some(&g)).await.es_exito().as_array().unwrap().len(), 0, "nothing saved");
        // Public addresses and names are taken.
        agregar_impresora(&app, &g, "Pública", "203.0.113.7:9100", "ambos").await;
        agregar_impresora(&app, &g, "Por nombre", "cocina.local", "ambos").await;
        // With the operator's word, the restaurant's network is where printers are.
        let app = de_produccion(motor, |c| c.red.privada = true).await;
        let g = app.token("gerente@demo.mx").await;
        for (n, direccion) in privadas.iter().enumerate() {
            agregar_impresora(&app, &g, &format!("Cocina {n}"), direccion, "ambos").await;
        }
    }

    async fn the_test_print_is_limited_per_user_and_says_how_long_to_wait(motor: Motor) {
        let app = spawn(motor, Opciones {
            reloj: Some(anfitrion_server::reloj::Reloj::detenido(crate::helpers::ahora_de_prueba())),
            ..Opciones::demo_con(|c| c.impresion = conf())
        }).await;
        let g = app.token("gerente@demo.mx").await;
        let suc = app.id_sucursal("polanco").await;
        let mut cocina = ImpresoraFalsa::iniciar().await;
        let id = agregar_impresora(&app, &g, "Cocina", &cocina.addr.to_string(), "ambos").await;
        let prueba = format!("/api/v1/admin/sucursal/{suc}/impresoras/{id}/prueba");
        for _ in 0..10 {
            assert_eq!(app.post(&prueba, Some(&g)).await.es_exito()["respondio"], true);
        }
        let r = app.post(&prueba, Some(&g)).await;
        r.es_error(429, "Demasiadas pruebas de impresión seguidas. Espera 10 minutos e inténtalo de nuevo.");
        assert_eq!(r.headers["retry-after"], "600");
        assert_eq!(r.cuerpo["data"]["reintentar_en"], 600);
        assert_eq!(cocina.esperar(10).await.len(), 10, "the refused one printed nothing");
        // Another user is not held back by the first.
        let s = app.token("sistemas@demo.mx").await;
        assert_eq!(app.post(&prueba, Some(&s)).await.es_exito()["respondio"], true);
        // Part of the wait, then all of it.
        app.reloj.avanzar(chrono::Duration::seconds(599));
        let r = app.post(&prueba, Some(&g)).await;
        assert_eq!((r.status, r.headers["retry-after"].to_str().unwrap()), (429, "1"));
        r.es_error(429, "Demasiadas pruebas de impresión seguidas. Espera 1 segundo e inténtalo de nuevo.");
        app.reloj.avanzar(chrono::Duration::seconds(1));
        assert_eq!(app.post(&prueba, Some(&g)).await.es_exito()["respondio"], true);
        assert_eq!(cocina.esperar(12).await.len(), 12);
    }

    async fn a_test_print_answers_the_same_whether_nothing_listens_or_something_else_does(motor: Motor) {
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let suc = app.id_sucursal("polanco").await;
        let ruta = format!("/api/v1/admin/sucursal/{suc}/impresoras");
        let cerrado = puerto_cerrado();
        let id = agregar_impresora(&app, &g, "Cocina", &cerrado.addr.to_string(), "ambos").await;
        let prueba = format!("{ruta}/{id}/prueba");
        let (callado, de_callado) = servicio_ajeno(b"").await;
        let (con_saludo, de_saludo) = servicio_ajeno(b"220 correo.local ESMTP listo\r\n").await;
        let (eco, de_eco) = servicio_ajeno(b"\x12\x12").await;
        let mut respuestas = Vec::new();
        for addr in [cerrado.addr, callado, con_saludo, eco] {
            app.put_json(&format!("{ruta}/{id}"), Some(&g), &json!({ "name": "Cocina", "direccion": addr.to_string() })).await.es_exito();
            let inicio = Instant::now();
            let r = app.post(&prueba, Some(&g)).await;
            r.es_error(502, "No se pudo imprimir la prueba en «Cocina»: la impresora no responde");
            // Not sooner for a closed port than the wait for a printer's status.
            assert!(inicio.elapsed() >= conf().espera_estado, "{addr}: {:?}", inicio.elapsed());
            respuestas.push(r.cuerpo);
        }
        assert!(respuestas.windows(2).all(|p| p[0] == p[1]), "{respuestas:#?}");
        // Whatever listened was asked the paper status and sent nothing else: none of the ticket's text.
        for mut rx in [de_callado, de_saludo, de_eco] {
            let recibido = rx.wait_for(|v| !v.is_empty()).await.unwrap().clone();
            assert_eq!(recibido, [ESTADO_PAPEL.to_vec()]);
        }
    }
}

en_ambos! {
    async fn the_kitchen_forecast_prints_on_the_kitchen_printer_only_and_its_state_shows(motor: Motor) {
        let app = con_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        let t = app.token("hostess@demo.mx").await;
        let ruta = "/api/v1/admin/cocina/imprimir?tag=polanco";
        // No kitchen printer yet: refused, nothing queued, and the screen shows no print.
        app.post(ruta, Some(&t)).await.es_error(
            409,
            "La sucursal no tiene una impresora de cocina activa: agrega en la sucursal una impresora que imprima la comanda.",
        );
        let mut cocina = ImpresoraFalsa::iniciar().await;
        let caja = ImpresoraFalsa::iniciar().await;
        agregar_impresora(&app, &g, "Caja", &caja.addr.to_string(), "abre").await;
        app.post(ruta, Some(&t)).await.es_error(
            409,
            "La sucursal no tiene una impresora de cocina activa: agrega en la sucursal una impresora que imprima la comanda.",
        );
        let leido = app.get("/api/v1/admin/cocina?tag=polanco", Some(&t)).await.es_exito().clone();
        assert_eq!((leido["impresion"].clone(), leido["impresoras"].clone()), (json!([]), json!([])));

        agregar_impresora(&app, &g, "Cocina", &cocina.addr.to_string(), "comanda").await;
        assert_eq!(app.get("/api/v1/admin/cocina?tag=polanco", Some(&t)).await.es_exito()["impresoras"], json!(["Cocina"]));
        let r = app.post(ruta, Some(&t)).await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        assert_eq!(r.message(), "Pronóstico en cola para imprimir en Cocina");
        assert_eq!(r.cuerpo["data"]["impresoras"], json!(["Cocina"]));
        let hoja = cocina.esperar(1).await.remove(0);
        assert!(hoja.linea("PRONÓSTICO DE COCINA").centrada);
        assert!(hoja.textos().iter().any(|l| l.contains("Polanco")), "{:#?}", hoja.textos());
        let sentados = hoja.linea("Sentados ahora");
        assert!(sentados.negrita && sentados.texto.chars().count() == 48, "{sentados:?}");
        // The totals are the screen's; a line per quarter-hour from the one that holds 13:00.
        let total = leido["pronostico"]["esperados_total"].as_u64().unwrap();
        assert!(hoja.linea("Esperados en 2 horas").texto.ends_with(&format!(" {total}")));
        for desde in ["13:00", "13:15", "14:45"] {
            hoja.linea(desde);
        }
        assert_eq!(hoja.comandos.last().map(String::as_str), Some("cortar"));

        // The screen reads the job's state: one job, for the kitchen's printer alone.
        let mut estado = Value::Null;
        for _ in 0..50 {
            estado = app.get("/api/v1/admin/cocina?tag=polanco", Some(&t)).await.es_exito()["impresion"].clone();
            if estado[0]["estado"] == "impreso" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(estado[0]["impresora"], "Cocina", "{estado}");
        assert_eq!(estado[0]["estado"], "impreso", "{estado}");
        assert_eq!(estado.as_array().unwrap().len(), 1);
        drop(caja);

        // A role without cocina.index cannot print it.
        let reservaciones = app.token("reservaciones@demo.mx").await;
        assert_eq!(app.post(ruta, Some(&reservaciones)).await.status, 403);
    }
}

/// The states of polanco's forecast print jobs, oldest first.
async fn automaticos(app: &TestApp) -> Vec<Vec<String>> {
    crate::espera::filas(
        app,
        "SELECT CAST(t.estado AS TEXT) FROM trabajos_impresion t JOIN sucursales s ON s.id = t.sucursal_id \
         WHERE s.tag = $1 AND t.tipo = 'pronostico' ORDER BY t.creado_en",
        "polanco",
    )
    .await
}

/// The kitchen screen's state of polanco's last forecast print.
async fn ultima_impresion(app: &TestApp, t: &str) -> Value {
    app.get("/api/v1/admin/cocina?tag=polanco", Some(t))
        .await
        .es_exito()["impresion"]
        .clone()
}

en_ambos! {
    async fn the_forecast_prints_by_itself_every_half_hour_while_open_once_whatever_the_instances(motor: Motor) {
        use anfitrion_server::cocina::imprimir_automaticos;
        let app = sin_envio(motor).await;
        let g = app.token("gerente@demo.mx").await;
        agregar_impresora(&app, &g, "Cocina", "127.0.0.1:9", "comanda").await;
        // The jobs loop looks too: whoever looks, what counts is the jobs queued.
        // Off (as every branch starts): nothing prints by itself.
        imprimir_automaticos(app.store.as_ref(), app.reloj.ahora()).await.unwrap();
        assert!(automaticos(&app).await.is_empty());
        let mut conf = app.get("/api/v1/admin/conf-walkin?tag=polanco", Some(&g)).await.es_exito().clone();
        assert_eq!(conf["pronostico_automatico"], false);
        conf["pronostico_automatico"] = json!(true);
        app.put_json("/api/v1/admin/conf-walkin?tag=polanco", Some(&g), &conf).await.es_exito();

        // Wednesday 13:00, open: queued once for the half-hour, however many looks there are.
        let ahora = app.reloj.ahora();
        imprimir_automaticos(app.store.as_ref(), ahora).await.unwrap();
        assert!(imprimir_automaticos(app.store.as_ref(), ahora).await.unwrap().is_empty());
        app.llevar_reloj_a("2026-11-25 13:29");
        assert!(imprimir_automaticos(app.store.as_ref(), app.reloj.ahora()).await.unwrap().is_empty());
        assert_eq!(automaticos(&app).await, [vec!["pendiente".to_owned()]]);
        let primera = ultima_impresion(&app, &g).await;
        assert_eq!((primera[0]["impresora"].clone(), primera[0]["estado"].clone()), (json!("Cocina"), json!("pendiente")), "{primera}");
        // 13:30: the next half-hour's.
        app.llevar_reloj_a("2026-11-25 13:31");
        imprimir_automaticos(app.store.as_ref(), app.reloj.ahora()).await.unwrap();
        assert_eq!(automaticos(&app).await.len(), 2);
        let segunda = ultima_impresion(&app, &g).await;
        assert_ne!(segunda[0]["creado_en"], primera[0]["creado_en"]);
        // Closed at 04:00 the next morning: nothing.
        app.llevar_reloj_a("2026-11-26 04:00");
        imprimir_automaticos(app.store.as_ref(), app.reloj.ahora()).await.unwrap();
        assert_eq!(automaticos(&app).await.len(), 2);
    }
}
