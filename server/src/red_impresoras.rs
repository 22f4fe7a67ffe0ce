//! Where the server may reach a printer: a printer's `host:port` is resolved here, every address
//! it resolves to is checked against the networks the operator allows (core's
//! [`RedImpresoras`]), and only a checked address is connected to, so a name cannot lead the
//! server to itself, to the cloud's metadata or anywhere else the rule refuses.

use std::net::SocketAddr;

use anfitrion_core::impresora::RedImpresoras;
use anfitrion_core::ReglaError;
use tokio::net::TcpStream;

/// The addresses `direccion` (`host:port`) resolves to, each allowed by `red`; one refused
/// refuses them all. A name that does not resolve has none.
pub async fn destinos(direccion: &str, red: RedImpresoras) -> Result<Vec<SocketAddr>, ReglaError> {
    let Ok(resueltas) = tokio::net::lookup_host(direccion).await else {
        return Ok(Vec::new());
    };
    let resueltas: Vec<SocketAddr> = resueltas.collect();
    for a in &resueltas {
        red.exigir(a.ip().to_canonical())?;
    }
    Ok(resueltas)
}

/// A connection to the printer at `direccion`, on an address `red` allows: the rule's refusal
/// for an address it refuses, `None` for a name that does not resolve or an address that does
/// not answer.
pub async fn conectar(
    direccion: &str,
    red: RedImpresoras,
) -> Result<TcpStream, Option<ReglaError>> {
    for a in destinos(direccion, red).await.map_err(Some)? {
        if let Ok(con) = TcpStream::connect(a).await {
            return Ok(con);
        }
    }
    Err(None)
}
