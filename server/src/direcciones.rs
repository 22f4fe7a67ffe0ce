//! Whom a per-address limit counts. An IPv4 client has one address; an IPv6 client is handed a
//! whole /64 (2^64 addresses it may pick from at will), so counting the exact address would give
//! it an unlimited budget. Every per-address limit (connections, logins, public bookings and
//! reads) counts [`ClaveDireccion`] instead: IPv4 as is, an IPv4-mapped IPv6 address as its IPv4,
//! any other IPv6 address by its /64.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr};

/// The budget an address draws from: the address itself for IPv4, its /64 for IPv6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClaveDireccion(IpAddr);

impl ClaveDireccion {
    pub fn de(ip: IpAddr) -> Self {
        match ip.to_canonical() {
            IpAddr::V4(v4) => ClaveDireccion(IpAddr::V4(v4)),
            IpAddr::V6(v6) => {
                let prefijo = u128::from(v6) & !((1u128 << 64) - 1);
                ClaveDireccion(IpAddr::V6(Ipv6Addr::from(prefijo)))
            }
        }
    }
}

impl From<IpAddr> for ClaveDireccion {
    fn from(ip: IpAddr) -> Self {
        ClaveDireccion::de(ip)
    }
}

/// `203.0.113.7`, or `2001:db8:1:2::/64`: what the login throttle stores and the logs show.
impl fmt::Display for ClaveDireccion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clave(s: &str) -> ClaveDireccion {
        ClaveDireccion::de(s.parse().unwrap())
    }

    #[test]
    fn ipv4_is_counted_as_is() {
        assert_eq!(clave("203.0.113.7").to_string(), "203.0.113.7");
        assert_ne!(clave("203.0.113.7"), clave("203.0.113.8"));
    }

    #[test]
    fn an_ipv4_mapped_address_is_its_ipv4() {
        assert_eq!(clave("::ffff:203.0.113.7"), clave("203.0.113.7"));
        assert_eq!(clave("::ffff:203.0.113.7").to_string(), "203.0.113.7");
    }

    #[test]
    fn ipv6_is_counted_by_its_64() {
        assert_eq!(
            clave("2001:db8:1:2::1"),
            clave("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_eq!(
            clave("2001:db8:1:2:abcd::9").to_string(),
            "2001:db8:1:2::/64"
        );
        assert_ne!(clave("2001:db8:1:2::1"), clave("2001:db8:1:3::1"));
        assert_eq!(clave("::1").to_string(), "::/64");
    }
}
