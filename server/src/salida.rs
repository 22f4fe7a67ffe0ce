//! Where the server may connect out: the one guard of outbound addresses, for the kitchen's
//! printers and for webhook endpoints and the group's CRM alike. A destination's host is resolved
//! here, every address it resolves to is checked against the destination's rule ([`ReglaDeRed`]),
//! and only a checked address is connected to, so a name cannot lead the server to itself, to the
//! cloud's metadata or anywhere else the rule refuses (nor change its answer between the check
//! and the connection).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use anfitrion_core::impresora::{ClaseDireccion, RedImpresoras};
use anfitrion_core::ReglaError;
use ipnet::IpNet;
use tokio::net::TcpStream;

/// What a kind of destination may reach.
pub trait ReglaDeRed {
    fn exigir(&self, ip: IpAddr) -> Result<(), ReglaError>;
}

impl ReglaDeRed for RedImpresoras {
    fn exigir(&self, ip: IpAddr) -> Result<(), ReglaError> {
        RedImpresoras::exigir(self, ip)
    }
}

/// The cloud metadata services, never a destination whatever the operator allows.
const METADATOS: [IpAddr; 2] = [
    IpAddr::V4(Ipv4Addr::new(169, 254, 169, 254)),
    IpAddr::V6(Ipv6Addr::new(0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254)),
];

/// Where webhooks and the CRM may be sent: public addresses, and the networks the operator
/// allowed when starting the server (`--webhooks-red-permitida 10.0.0.0/8`), the only place a
/// plain `http://` endpoint may be. Loopback, private, link-local, multicast and reserved
/// addresses are refused otherwise; the metadata address always.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RedWebhooks {
    pub permitidas: Vec<IpNet>,
}

impl RedWebhooks {
    /// Whether `ip` is in a network the operator allowed.
    pub fn permitida(&self, ip: IpAddr) -> bool {
        !METADATOS.contains(&ip) && self.permitidas.iter().any(|n| n.contains(&ip))
    }
}

impl ReglaDeRed for RedWebhooks {
    fn exigir(&self, ip: IpAddr) -> Result<(), ReglaError> {
        if self.permitida(ip)
            || (!METADATOS.contains(&ip) && ClaseDireccion::de(ip) == ClaseDireccion::Publica)
        {
            Ok(())
        } else {
            Err(ReglaError::DestinoProhibido(ip.to_string()))
        }
    }
}

/// The addresses `direccion` (`host:port`) resolves to, each allowed by `regla`; one refused
/// refuses them all. A name that does not resolve has none.
pub async fn destinos(
    direccion: &str,
    regla: &impl ReglaDeRed,
) -> Result<Vec<SocketAddr>, ReglaError> {
    let Ok(resueltas) = tokio::net::lookup_host(direccion).await else {
        return Ok(Vec::new());
    };
    let resueltas: Vec<SocketAddr> = resueltas
        .map(|a| SocketAddr::new(a.ip().to_canonical(), a.port()))
        .collect();
    for a in &resueltas {
        regla.exigir(a.ip())?;
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
    for a in destinos(direccion, &red).await.map_err(Some)? {
        if let Ok(con) = TcpStream::connect(a).await {
            return Ok(con);
        }
    }
    Err(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webhooks_reach_public_addresses_and_only_the_networks_the_operator_allowed() {
        let nada = RedWebhooks::default();
        assert!(nada.exigir("93.184.216.34".parse().unwrap()).is_ok());
        for interna in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.10",
            "172.16.0.1",
            "169.254.169.254",
            "224.0.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
        ] {
            assert!(nada.exigir(interna.parse().unwrap()).is_err(), "{interna}");
        }
        let red = RedWebhooks {
            permitidas: vec![
                "10.0.0.0/8".parse().unwrap(),
                "169.254.0.0/16".parse().unwrap(),
            ],
        };
        assert!(red.exigir("10.1.2.3".parse().unwrap()).is_ok());
        assert!(red.exigir("192.168.0.10".parse().unwrap()).is_err());
        assert!(red.exigir("169.254.169.254".parse().unwrap()).is_err());
    }
}
