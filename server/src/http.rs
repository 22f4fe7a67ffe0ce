//! Serving connections ourselves (HTTP/1.1 through hyper) instead of `axum::serve`, for the bounds
//! axum does not offer:
//!
//! - the request head must arrive within [`LimitesConexion::cabeceras`] (hyper's header timer,
//!   which also starts when a keep-alive connection waits for its next request);
//! - the body within [`LimitesConexion::cuerpo`] of the head ([`CuerpoConPlazo`]; reading it
//!   after that fails, and the JSON extractor answers 408);
//! - a connection with no request in progress and nothing received for
//!   [`LimitesConexion::inactividad`] is closed, and so is one whose answer the client has not
//!   read for [`LimitesConexion::cuerpo`];
//! - at most [`LimitesConexion::max_conexiones`] connections are served; the next ones are
//!   answered 503 in the envelope and closed, so a flood cannot use up the file descriptors;
//! - an address (an IPv6 client's whole /64, [`ClaveDireccion`]) holds at most
//!   [`LimitesConexion::max_por_direccion`] of them, and the last quarter of the cap
//!   ([`reserva`]) is kept for addresses holding fewer than [`POCAS_CONEXIONES`]: a few addresses
//!   flooding the server cannot take every place, and a new visitor is still served;
//! - the answers hyper writes itself, before any of our code sees the request (400 for an
//!   unreadable request line or conflicting lengths, 414, 431), are rewritten on their way out
//!   into the Spanish envelope with the security headers ([`Conexion`]).
//!
//! HTTP/2 is not offered: browsers only speak it over TLS, which a proxy in front terminates.

use std::convert::Infallible;
use std::future::Future as _;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::response::Response;
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;
use tower::{Service, ServiceBuilder, ServiceExt};
use tower_http::normalize_path::NormalizePathLayer;

use crate::config::LimitesConexion;
use crate::cupos::{Cupo, Cupos};
use crate::direcciones::ClaveDireccion;
use crate::error::ApiError;
use crate::seguridad::{self, Cabeceras};

/// Largest request head (request line and headers) hyper buffers; [`seguridad`]'s own, smaller
/// limits answer first with a precise message.
pub const MAX_CABEZA: usize = 64 * 1024;
/// Header lines hyper parses; [`seguridad::MAX_CABECERAS`] answers first.
const MAX_LINEAS_CABECERA: usize = 512;
/// Connections refused for being over the cap that may still be answered at once; beyond that
/// they are closed without a word.
const MAX_RECHAZOS: usize = 64;
/// An address holding fewer connections than this may take the reserved share of the cap: a
/// browser opens six at most, a restaurant's few tablets a handful more.
pub const POCAS_CONEXIONES: usize = 8;

/// The places at the top of a cap of `max` that only an address holding few connections may take:
/// the last quarter (none under four).
pub fn reserva(max: usize) -> usize {
    max / 4
}

/// The router with what wraps it whole: the security headers on every answer (outermost), the
/// input filter, and trailing slashes trimmed (the spec writes some paths, `/notifications/`,
/// with one) before routing.
pub fn aplicacion(
    router: axum::Router,
    cabeceras: Cabeceras,
) -> impl Service<Request, Response = Response, Error = Infallible, Future: Send> + Clone + Send + 'static
{
    ServiceBuilder::new()
        .layer(axum::middleware::from_fn(anunciar_cierre))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(cabeceras),
            seguridad::poner_cabeceras,
        ))
        .layer(axum::middleware::from_fn(seguridad::filtrar))
        .layer(NormalizePathLayer::trim_trailing_slash())
        .service(router)
}

/// A refusal of a request that carries a body may be sent before the body arrives (a 401 or 403
/// decided from the headers); hyper then cannot tell where the next request would start and
/// closes the connection. Saying so with `Connection: close` lets the client open a new one for
/// its next request instead of failing on a connection it believes alive.
async fn anunciar_cierre(req: Request, next: axum::middleware::Next) -> Response {
    let con_cuerpo = req
        .headers()
        .contains_key(axum::http::header::TRANSFER_ENCODING)
        || req
            .headers()
            .get(axum::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() != "0");
    let mut respuesta = next.run(req).await;
    if con_cuerpo && (respuesta.status().is_client_error() || respuesta.status().is_server_error())
    {
        respuesta.headers_mut().insert(
            axum::http::header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
    }
    respuesta
}

/// Serves `app` on `listener` until `fin` resolves, then lets answers in progress finish (at most
/// [`LimitesConexion::cierre`]).
pub async fn servir<S>(
    listener: TcpListener,
    app: S,
    limites: LimitesConexion,
    proxies: Arc<[IpAddr]>,
    cabeceras: Cabeceras,
    fin: impl std::future::Future<Output = ()>,
) -> io::Result<()>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
{
    let max = limites.max_conexiones.max(1);
    asegurar_descriptores(max);
    let conexiones = Arc::new(Semaphore::new(max));
    let rechazos = Arc::new(Semaphore::new(MAX_RECHAZOS));
    let por_direccion = PorDireccion::new(limites.max_por_direccion.clamp(1, max), proxies);
    let libres_para_todos = max - reserva(max);
    let (apagar, apagado) = watch::channel(false);
    let cabeceras = Arc::new(cabeceras);
    tokio::pin!(fin);
    loop {
        let (socket, par) = tokio::select! {
            _ = &mut fin => break,
            aceptada = listener.accept() => match aceptada {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors, most likely: wait for some to close.
                    tracing::warn!(error = %e, "no se pudo aceptar una conexión");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = socket.set_nodelay(true);
        // Places are only given back meanwhile: the count can only have been too high.
        let en_reserva = max - conexiones.available_permits() >= libres_para_todos;
        let lugar = por_direccion.tomar(par.ip(), en_reserva);
        match (lugar, conexiones.clone().try_acquire_owned()) {
            (Ok(lugar), Ok(permiso)) => {
                let (app, cabeceras, apagado) = (app.clone(), cabeceras.clone(), apagado.clone());
                tokio::spawn(async move {
                    atender(socket, par, app, limites, cabeceras, apagado).await;
                    drop(permiso);
                    drop(lugar);
                });
            }
            (lugar, _) => match rechazos.clone().try_acquire_owned() {
                Ok(permiso) => {
                    if let Err(motivo) = lugar {
                        por_direccion.contar_rechazo(par.ip(), motivo);
                    }
                    let cabeceras = cabeceras.clone();
                    tokio::spawn(async move {
                        rechazar(socket, &cabeceras).await;
                        drop(permiso);
                    });
                }
                Err(_) => drop(socket),
            },
        }
    }
    drop(listener);
    let _ = apagar.send(true);
    // Every connection holds one permit: all of them back means every answer was sent.
    let _ = tokio::time::timeout(limites.cierre, conexiones.acquire_many(max as u32)).await;
    Ok(())
}

/// The connections each address holds (an IPv6 client's /64 counted as one), so one client
/// cannot take every place (trusted proxies, whose connections carry many clients, are not
/// counted), and how many were refused for it.
struct PorDireccion {
    cupos: Cupos<ClaveDireccion>,
    exentas: Arc<[IpAddr]>,
    rechazadas: AtomicU64,
    fuera_de_reserva: AtomicU64,
}

/// Why an address got no place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rechazo {
    /// It holds its share already.
    Direccion,
    /// Only the reserved places are left, and it holds more than a few.
    Reserva,
}

impl PorDireccion {
    fn new(maximo: usize, exentas: Arc<[IpAddr]>) -> Self {
        PorDireccion {
            cupos: Cupos::new(maximo),
            exentas,
            rechazadas: AtomicU64::new(0),
            fuera_de_reserva: AtomicU64::new(0),
        }
    }

    /// A place for a connection from `ip` (`None` for a trusted proxy, which is not counted and
    /// may take any place). With `en_reserva` (only the reserved places are left), an address
    /// holding [`POCAS_CONEXIONES`] or more gets none.
    fn tomar(&self, ip: IpAddr, en_reserva: bool) -> Result<Option<Cupo<ClaveDireccion>>, Rechazo> {
        if self.exentas.contains(&ip) || self.exentas.contains(&ip.to_canonical()) {
            return Ok(None);
        }
        let clave = ClaveDireccion::de(ip);
        if en_reserva && self.cupos.de(&clave) >= POCAS_CONEXIONES {
            return Err(Rechazo::Reserva);
        }
        self.cupos.tomar(&clave).map(Some).ok_or(Rechazo::Direccion)
    }

    fn contar_rechazo(&self, ip: IpAddr, motivo: Rechazo) {
        let clave = ClaveDireccion::de(ip);
        // One line for the first refusal and then one per hundred: a flood does not flood the log.
        match motivo {
            Rechazo::Direccion => {
                let total = self.rechazadas.fetch_add(1, Ordering::Relaxed) + 1;
                if total % 100 == 1 {
                    tracing::warn!(direccion = %clave, rechazadas = total, max_por_direccion = self.cupos.maximo(), "conexiones rechazadas: una dirección tiene todas las que le tocan");
                }
            }
            Rechazo::Reserva => {
                let total = self.fuera_de_reserva.fetch_add(1, Ordering::Relaxed) + 1;
                if total % 100 == 1 {
                    tracing::warn!(direccion = %clave, rechazadas = total, pocas = POCAS_CONEXIONES, "conexiones rechazadas: las plazas que quedan son para direcciones con pocas conexiones");
                }
            }
        }
    }
}

/// Room for `max` connections plus the database's and the log's: raises the soft limit of open
/// files toward the hard one when it is lower, and warns when even that is short.
fn asegurar_descriptores(max: usize) {
    #[cfg(unix)]
    {
        let necesarios = (max + 256) as libc::rlim_t;
        let mut limite = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit/setrlimit read and write the struct passed.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limite) != 0
                || limite.rlim_cur >= necesarios
            {
                return;
            }
            let nuevo = libc::rlimit {
                rlim_cur: necesarios.min(limite.rlim_max),
                rlim_max: limite.rlim_max,
            };
            libc::setrlimit(libc::RLIMIT_NOFILE, &nuevo);
            if nuevo.rlim_cur < necesarios {
                tracing::warn!(max_conexiones = max, archivos = nuevo.rlim_cur, "el límite de archivos abiertos es menor que las conexiones permitidas; sube `ulimit -n`");
            }
        }
    }
}

/// Answers a connection over the cap with 503 and closes it, reading (and discarding) what the
/// client sent for a moment, so closing does not reset the connection before it reads the answer.
async fn rechazar(mut socket: TcpStream, cabeceras: &Cabeceras) {
    let respuesta = seguridad::respuesta_cruda(&ApiError::Ocupado, cabeceras);
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        socket.write_all(&respuesta).await?;
        socket.shutdown().await?;
        let mut basura = [0u8; 4096];
        let mut leidos = 0;
        while leidos < 64 * 1024 {
            match tokio::io::AsyncReadExt::read(&mut socket, &mut basura).await? {
                0 => break,
                n => leidos += n,
            }
        }
        io::Result::Ok(())
    })
    .await;
}

/// What a connection's watchdog needs to know.
#[derive(Default)]
struct Actividad {
    /// Requests whose answer has not been fully written yet.
    en_curso: AtomicUsize,
    /// Bytes received so far.
    leidos: AtomicU64,
    /// Milliseconds since the connection opened at which a write started waiting on the client
    /// (0: no write is waiting).
    escritura_detenida: AtomicU64,
}

async fn atender<S>(
    socket: TcpStream,
    par: SocketAddr,
    app: S,
    limites: LimitesConexion,
    cabeceras: Arc<Cabeceras>,
    mut apagado: watch::Receiver<bool>,
) where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
{
    let inicio = Instant::now();
    let actividad = Arc::new(Actividad::default());
    let io = Conexion {
        io: socket,
        actividad: actividad.clone(),
        inicio,
        cabeceras: cabeceras.clone(),
        pendiente: None,
    };
    let servicio = {
        let actividad = actividad.clone();
        hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            let app = app.clone();
            let guarda = EnCurso::nueva(&actividad);
            async move {
                let mut req =
                    req.map(|cuerpo| Body::new(CuerpoConPlazo::new(cuerpo, limites.cuerpo)));
                req.extensions_mut().insert(ConnectInfo(par));
                let respuesta = app.oneshot(req).await.unwrap_or_else(|e| match e {});
                Ok::<_, Infallible>(respuesta.map(|cuerpo| {
                    Body::new(CuerpoVigilado {
                        cuerpo,
                        _guarda: guarda,
                    })
                }))
            }
        })
    };
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limites.cabeceras)
        .max_buf_size(MAX_CABEZA)
        .max_headers(MAX_LINEAS_CABECERA)
        // One buffer per write, so an answer hyper writes itself can be recognised whole.
        .writev(false);
    let conexion = http.serve_connection(TokioIo::new(io), servicio);
    tokio::pin!(conexion);
    let vigia = vigilar(&actividad, inicio, limites);
    tokio::pin!(vigia);
    let mut apagando = *apagado.borrow();
    if apagando {
        conexion.as_mut().graceful_shutdown();
    }
    loop {
        tokio::select! {
            fin = conexion.as_mut() => {
                if let Err(e) = fin {
                    tracing::debug!(error = %e, "conexión terminada con error");
                }
                return;
            }
            motivo = &mut vigia => {
                tracing::debug!(%par, motivo, "conexión cerrada por el servidor");
                return;
            }
            _ = apagado.changed(), if !apagando => {
                apagando = true;
                conexion.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Resolves when the connection should be closed: idle too long, or its answer unread too long.
async fn vigilar(actividad: &Actividad, inicio: Instant, limites: LimitesConexion) -> &'static str {
    let paso = (limites.inactividad.min(limites.cuerpo) / 4)
        .clamp(Duration::from_millis(10), Duration::from_secs(1));
    let mut leidos = actividad.leidos.load(Ordering::Relaxed);
    let mut quieta_desde = Instant::now();
    loop {
        tokio::time::sleep(paso).await;
        let ahora = Instant::now();
        let detenida = actividad.escritura_detenida.load(Ordering::Relaxed);
        // The write may have stalled after `ahora` was read: saturate rather than underflow.
        if detenida != 0
            && (ahora.duration_since(inicio).as_millis() as u64).saturating_sub(detenida)
                >= limites.cuerpo.as_millis() as u64
        {
            return "respuesta sin leer";
        }
        let nuevos = actividad.leidos.load(Ordering::Relaxed);
        if actividad.en_curso.load(Ordering::Relaxed) > 0 || nuevos != leidos {
            // A request in progress, or a head arriving (hyper's header timer bounds that).
            leidos = nuevos;
            quieta_desde = ahora;
        } else if ahora.duration_since(quieta_desde) >= limites.inactividad {
            return "inactiva";
        }
    }
}

/// Counts a request as in progress until its answer has been written (or dropped).
struct EnCurso(Arc<Actividad>);

impl EnCurso {
    fn nueva(actividad: &Arc<Actividad>) -> Self {
        actividad.en_curso.fetch_add(1, Ordering::Relaxed);
        EnCurso(actividad.clone())
    }
}

impl Drop for EnCurso {
    fn drop(&mut self) {
        self.0.en_curso.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An answer's body, holding its request "in progress" while hyper writes it.
struct CuerpoVigilado {
    cuerpo: Body,
    _guarda: EnCurso,
}

impl http_body::Body for CuerpoVigilado {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.cuerpo).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.cuerpo.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.cuerpo.size_hint()
    }
}

/// The request body did not arrive within its time.
#[derive(Debug, thiserror::Error)]
#[error("el cuerpo de la solicitud no llegó a tiempo")]
pub struct CuerpoLento;

/// A request body that fails with [`CuerpoLento`] once its time is up.
struct CuerpoConPlazo {
    cuerpo: hyper::body::Incoming,
    plazo: Pin<Box<tokio::time::Sleep>>,
}

impl CuerpoConPlazo {
    fn new(cuerpo: hyper::body::Incoming, plazo: Duration) -> Self {
        CuerpoConPlazo {
            cuerpo,
            plazo: Box::pin(tokio::time::sleep(plazo)),
        }
    }
}

impl http_body::Body for CuerpoConPlazo {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::BoxError>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.cuerpo).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        if self.plazo.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Some(Err(Box::new(CuerpoLento))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.cuerpo.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.cuerpo.size_hint()
    }
}

/// The socket as hyper sees it: counts what arrives and notices writes the client does not take,
/// for the watchdog, and rewrites hyper's own error answers into the envelope.
struct Conexion {
    io: TcpStream,
    actividad: Arc<Actividad>,
    inicio: Instant,
    cabeceras: Arc<Cabeceras>,
    /// A rewritten answer and how much of it has been written.
    pendiente: Option<(Vec<u8>, usize)>,
}

impl Conexion {
    /// Writes what is left of a rewritten answer.
    fn escribir_pendiente(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, hecho)) = &mut self.pendiente {
            if *hecho == bytes.len() {
                self.pendiente = None;
                break;
            }
            match Pin::new(&mut self.io).poll_write(cx, &bytes[*hecho..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *hecho += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }

    fn anotar_escritura<T>(&self, r: &Poll<io::Result<T>>) {
        let a = &self.actividad.escritura_detenida;
        match r {
            Poll::Pending => {
                if a.load(Ordering::Relaxed) == 0 {
                    a.store(
                        (self.inicio.elapsed().as_millis() as u64).max(1),
                        Ordering::Relaxed,
                    );
                }
            }
            Poll::Ready(_) => a.store(0, Ordering::Relaxed),
        }
    }
}

impl AsyncRead for Conexion {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let antes = buf.filled().len();
        let r = Pin::new(&mut self.io).poll_read(cx, buf);
        let n = buf.filled().len() - antes;
        self.actividad.leidos.fetch_add(n as u64, Ordering::Relaxed);
        r
    }
}

impl AsyncWrite for Conexion {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = self.escribir_pendiente(cx);
        self.anotar_escritura(&r);
        match r {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
            Poll::Pending => return Poll::Pending,
        }
        if self.actividad.en_curso.load(Ordering::Relaxed) == 0 {
            if let Some(error) = respuesta_de_hyper(buf) {
                tracing::debug!(status = %error.status(), "respuesta automática de hyper reescrita en el sobre");
                self.pendiente = Some((seguridad::respuesta_cruda(&error, &self.cabeceras), 0));
                let r = self.escribir_pendiente(cx);
                self.anotar_escritura(&r);
                return match r {
                    Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
                    _ => Poll::Ready(Ok(buf.len())),
                };
            }
        }
        let r = Pin::new(&mut self.io).poll_write(cx, buf);
        self.anotar_escritura(&r);
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let r = self.escribir_pendiente(cx);
        self.anotar_escritura(&r);
        match r {
            Poll::Ready(Ok(())) => Pin::new(&mut self.io).poll_flush(cx),
            otro => otro,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.escribir_pendiente(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.io).poll_shutdown(cx),
            otro => otro,
        }
    }
}

/// The error an answer hyper wrote on its own stands for, if `buf` is one: status 400, 414 or
/// 431 with an empty body and no content type. Every answer of ours has a typed, non-empty body.
fn respuesta_de_hyper(buf: &[u8]) -> Option<ApiError> {
    let resto = buf.strip_prefix(b"HTTP/1.1 ")?;
    let error = match resto.get(..4)? {
        b"400 " => ApiError::SolicitudMalformada,
        b"414 " => ApiError::UriDemasiadoLarga,
        b"431 " => ApiError::CabecerasDemasiadoGrandes,
        _ => return None,
    };
    let fin = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    if fin + 4 != buf.len() {
        return None;
    }
    let cabeza = String::from_utf8_lossy(&buf[..fin]).to_ascii_lowercase();
    (cabeza.contains("\r\ncontent-length: 0") && !cabeza.contains("\r\ncontent-type:"))
        .then_some(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn the_addresses_of_one_ipv6_64_share_their_connections() {
        let por_direccion = PorDireccion::new(2, Arc::from(Vec::new()));
        let _a = por_direccion.tomar(ip("2001:db8:0:7::1"), false).unwrap();
        let _b = por_direccion.tomar(ip("2001:db8:0:7::2"), false).unwrap();
        assert_eq!(
            por_direccion.tomar(ip("2001:db8:0:7:ffff::3"), false).err(),
            Some(Rechazo::Direccion)
        );
        assert!(por_direccion.tomar(ip("2001:db8:0:8::1"), false).is_ok());
    }

    #[test]
    fn the_reserved_places_go_to_addresses_holding_few() {
        let por_direccion = PorDireccion::new(100, Arc::from(vec![ip("10.0.0.1")]));
        let muchas: Vec<_> = (0..POCAS_CONEXIONES)
            .map(|_| por_direccion.tomar(ip("203.0.113.7"), false).unwrap())
            .collect();
        assert_eq!(
            por_direccion.tomar(ip("203.0.113.7"), true).err(),
            Some(Rechazo::Reserva)
        );
        assert!(por_direccion.tomar(ip("203.0.113.8"), true).is_ok());
        assert!(
            por_direccion.tomar(ip("10.0.0.1"), true).is_ok(),
            "a trusted proxy carries many clients"
        );
        drop(muchas);
        assert!(por_direccion.tomar(ip("203.0.113.7"), true).is_ok());
        assert_eq!(reserva(1024), 256);
        assert_eq!(reserva(2), 0);
    }

    #[test]
    fn hypers_own_error_answers_are_recognised() {
        let propia = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: Mon, 01 Jan 2024 00:00:00 GMT\r\n\r\n";
        assert!(matches!(
            respuesta_de_hyper(propia),
            Some(ApiError::CabecerasDemasiadoGrandes)
        ));
        let mala = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n";
        assert!(matches!(
            respuesta_de_hyper(mala),
            Some(ApiError::SolicitudMalformada)
        ));
    }

    #[test]
    fn our_answers_are_never_taken_for_hypers() {
        let nuestra = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 80\r\n\r\n";
        assert!(respuesta_de_hyper(nuestra).is_none());
        let con_cuerpo = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n{}";
        assert!(respuesta_de_hyper(con_cuerpo).is_none());
        assert!(respuesta_de_hyper(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
    }
}
