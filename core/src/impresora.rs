//! A branch's kitchen printer: where it is on the network, its paper, its character table and
//! which tickets it prints, checked before it is saved; and the networks a printer may be on
//! ([`RedImpresoras`]), checked on save and again on every address a name resolves to.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;
use crate::escpos::{Ancho, PaginaCodigos};
use crate::ticket::TipoTicket;

/// The longest printer name.
pub const NOMBRE_IMPRESORA_MAX: usize = 40;
/// The raw printing port of network printers (JetDirect / AppSocket).
/// Minutes a ticket waits for its printer before it is marked expired, where the branch says nothing.
pub const VENCER_IMPRESION_MIN_POR_DEFECTO: u32 = 30;
/// The range a branch may set it to.
pub const VENCER_IMPRESION_MIN_RANGO: (u32, u32) = (1, 720);
pub const PUERTO_POR_DEFECTO: u16 = 9100;
/// The longest DNS name.
const NOMBRE_EQUIPO_MAX: usize = 253;
/// The longest label of a DNS name.
const ETIQUETA_EQUIPO_MAX: usize = 63;

/// A printer as the printers form sends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosImpresora {
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, max_length = 40, example = "Cocina")
    )]
    pub name: String,
    /// `host` or `host:port` on the branch's network; the port is 9100 when absent.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, max_length = 253, example = "192.168.1.50:9100")
    )]
    pub direccion: String,
    /// The paper's width in millimetres: 80 or 58.
    #[serde(default = "ancho_por_defecto")]
    #[cfg_attr(feature = "openapi", schema(minimum = 58, maximum = 80, default = 80))]
    pub ancho: u32,
    /// The printer's character table: `cp858`, `cp850` or `wpc1252`.
    #[serde(default = "pagina_por_defecto")]
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(cp858|cp850|wpc1252)$", default = "cp858")
    )]
    pub pagina: String,
    /// Which tickets it prints: `comanda`, `abre` or `ambos`.
    #[serde(default = "imprime_por_defecto")]
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(comanda|abre|ambos)$", default = "ambos")
    )]
    pub imprime: String,
    /// An inactive printer keeps its settings but gets no tickets.
    #[serde(default = "activa_por_defecto")]
    #[cfg_attr(feature = "openapi", schema(default = true))]
    pub activa: bool,
}

fn ancho_por_defecto() -> u32 {
    Ancho::Mm80.mm()
}

fn pagina_por_defecto() -> String {
    PaginaCodigos::Cp858.clave().to_owned()
}

fn imprime_por_defecto() -> String {
    Imprime::Ambos.clave().to_owned()
}

fn activa_por_defecto() -> bool {
    true
}

/// Which tickets of an order a printer prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Imprime {
    Comanda,
    Abre,
    Ambos,
}

impl Imprime {
    const TODOS: [Imprime; 3] = [Imprime::Comanda, Imprime::Abre, Imprime::Ambos];

    /// Wire name: `comanda`, `abre` or `ambos`.
    pub fn clave(self) -> &'static str {
        match self {
            Imprime::Comanda => "comanda",
            Imprime::Abre => "abre",
            Imprime::Ambos => "ambos",
        }
    }

    /// The choice of a wire name, if it is one.
    pub fn parse(s: &str) -> Option<Imprime> {
        Imprime::TODOS.into_iter().find(|i| i.clave() == s)
    }

    /// Whether a printer with this choice prints tickets of type `t`.
    pub fn incluye(self, t: TipoTicket) -> bool {
        match self {
            Imprime::Ambos => true,
            Imprime::Comanda => t == TipoTicket::Comanda,
            Imprime::Abre => t == TipoTicket::Abre,
        }
    }
}

/// A printer whose settings passed every rule. Only [`ImpresoraValida::parse`] makes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImpresoraValida {
    /// Trimmed, inner runs of spaces folded.
    pub name: String,
    /// An IPv4 address, an IPv6 address (without its brackets) or a DNS name in lower case.
    pub host: String,
    pub puerto: u16,
    pub ancho: Ancho,
    pub pagina: PaginaCodigos,
    pub imprime: Imprime,
    pub activa: bool,
}

impl ImpresoraValida {
    pub fn parse(d: &DatosImpresora) -> Result<ImpresoraValida, ReglaError> {
        let name = d.name.trim();
        crate::texto::exigir_visible(name, "name", false)?;
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() {
            return Err(ReglaError::NombreImpresoraRequerido);
        }
        if name.chars().count() > NOMBRE_IMPRESORA_MAX {
            return Err(ReglaError::NombreImpresoraLargo {
                max: NOMBRE_IMPRESORA_MAX,
            });
        }
        let (host, puerto) = parse_direccion(d.direccion.trim())?;
        Ok(ImpresoraValida {
            name,
            host,
            puerto,
            ancho: Ancho::de_mm(d.ancho).ok_or(ReglaError::AnchoPapelInvalido)?,
            pagina: PaginaCodigos::parse(d.pagina.trim())
                .ok_or(ReglaError::PaginaCodigosInvalida)?,
            imprime: Imprime::parse(d.imprime.trim()).ok_or(ReglaError::ImprimeInvalido)?,
            activa: d.activa,
        })
    }

    /// [`ImpresoraValida::parse`], and the address on a network the operator allows (`red`): the
    /// check of a printer the server saves. A DNS name passes here; what it resolves to is
    /// checked when the server connects.
    pub fn parse_en(d: &DatosImpresora, red: RedImpresoras) -> Result<ImpresoraValida, ReglaError> {
        let i = ImpresoraValida::parse(d)?;
        red.exigir_equipo(&i.host)?;
        Ok(i)
    }

    /// `host:port`, as a TCP connection takes it (an IPv6 host in brackets).
    pub fn direccion(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.puerto)
        } else {
            format!("{}:{}", self.host, self.puerto)
        }
    }
}

/// The networks the operator lets the server reach printers on. Whatever it says, the server
/// itself (loopback), link-local addresses (169.254.169.254 is a cloud's metadata service),
/// 0.0.0.0 and ::, broadcast, multicast and the reserved 240.0.0.0/4 are never a printer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RedImpresoras {
    /// The private ranges, where a restaurant's printers live: 10.0.0.0/8, 172.16.0.0/12,
    /// 192.168.0.0/16, 100.64.0.0/10 (shared address space: carrier NAT, VPNs) and fc00::/7.
    /// Off unless the operator turns it on (`--impresoras-red-privada`).
    pub privada: bool,
    /// This machine's loopback (127.0.0.0/8, ::1, `localhost`): only a demonstration or a test,
    /// whose fake printer listens beside the server, turns it on; no form or call of the API can.
    pub loopback: bool,
}

/// What an address is, for a printer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaseDireccion {
    Publica,
    /// One of [`RedImpresoras::privada`]'s ranges.
    Privada,
    /// This machine.
    Loopback,
    /// Link-local, unspecified, broadcast, multicast or reserved: never a printer.
    Prohibida,
}

impl ClaseDireccion {
    pub fn de(ip: IpAddr) -> ClaseDireccion {
        match ip {
            IpAddr::V4(v4) => clase_v4(v4),
            IpAddr::V6(v6) => clase_v6(v6),
        }
    }
}

fn clase_v4(ip: Ipv4Addr) -> ClaseDireccion {
    let [a, b, ..] = ip.octets();
    if ip.is_loopback() {
        ClaseDireccion::Loopback
    } else if a == 0 || a >= 224 || ip.is_link_local() {
        // 0.0.0.0/8 "this network", 224.0.0.0/4 multicast, 240.0.0.0/4 reserved and
        // 255.255.255.255 broadcast, 169.254.0.0/16.
        ClaseDireccion::Prohibida
    } else if ip.is_private() || (a == 100 && b & 0xc0 == 64) {
        ClaseDireccion::Privada
    } else {
        ClaseDireccion::Publica
    }
}

fn clase_v6(ip: Ipv6Addr) -> ClaseDireccion {
    let s = ip.segments();
    let v4 = |alto: u16, bajo: u16| {
        let [a, b] = alto.to_be_bytes();
        let [c, d] = bajo.to_be_bytes();
        clase_v4(Ipv4Addr::new(a, b, c, d))
    };
    if let Some(mapeada) = ip.to_ipv4_mapped() {
        clase_v4(mapeada)
    } else if ip.is_loopback() {
        ClaseDireccion::Loopback
    } else if s[..6] == [0; 6]
        || ip.is_multicast()
        || s[0] & 0xffc0 == 0xfe80
        || s[0] & 0xffc0 == 0xfec0
    {
        // ::, the IPv4-compatible ::a.b.c.d, multicast, link-local and the old site-local.
        ClaseDireccion::Prohibida
    } else if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        // NAT64 reaches the IPv4 address it carries.
        v4(s[6], s[7])
    } else if s[0] == 0x2002 {
        // So does 6to4.
        v4(s[1], s[2])
    } else if s[0] & 0xfe00 == 0xfc00 {
        ClaseDireccion::Privada
    } else {
        ClaseDireccion::Publica
    }
}

impl RedImpresoras {
    /// Whether a printer may be at `ip`.
    pub fn exigir(&self, ip: IpAddr) -> Result<(), ReglaError> {
        match ClaseDireccion::de(ip) {
            ClaseDireccion::Publica => Ok(()),
            ClaseDireccion::Privada if self.privada => Ok(()),
            ClaseDireccion::Privada => Err(ReglaError::DireccionImpresoraPrivada),
            ClaseDireccion::Loopback if self.loopback => Ok(()),
            ClaseDireccion::Loopback | ClaseDireccion::Prohibida => {
                Err(ReglaError::DireccionImpresoraProhibida)
            }
        }
    }

    /// Whether a printer may be at `host` as [`ImpresoraValida`] holds it: an address is checked
    /// now, `localhost` is this machine (RFC 6761), any other name passes until it is resolved.
    pub fn exigir_equipo(&self, host: &str) -> Result<(), ReglaError> {
        if let Ok(ip) = host.parse::<IpAddr>() {
            return self.exigir(ip);
        }
        let host = host.to_ascii_lowercase();
        if host == "localhost" || host.ends_with(".localhost") {
            return self.exigir(IpAddr::V6(Ipv6Addr::LOCALHOST));
        }
        Ok(())
    }
}

/// `host` or `host:port` (an IPv6 host in brackets) as host and port. Anything else, a URL, a
/// path, a user, spaces, a query, is refused.
fn parse_direccion(s: &str) -> Result<(String, u16), ReglaError> {
    let invalida = ReglaError::DireccionImpresoraInvalida;
    let (host, puerto) = if let Some(resto) = s.strip_prefix('[') {
        let (ip, tras) = resto.split_once(']').ok_or(invalida.clone())?;
        let ip: Ipv6Addr = ip.parse().map_err(|_| invalida.clone())?;
        let puerto = match tras {
            "" => None,
            _ => Some(tras.strip_prefix(':').ok_or(invalida.clone())?),
        };
        (ip.to_string(), puerto)
    } else {
        let (host, puerto) = match s.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        };
        (nombre_de_equipo(host).ok_or(invalida.clone())?, puerto)
    };
    let puerto = match puerto {
        None => PUERTO_POR_DEFECTO,
        Some(p) if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) => return Err(invalida),
        Some(p) => p
            .parse::<u16>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or(ReglaError::PuertoImpresoraInvalido)?,
    };
    Ok((host, puerto))
}

/// An IPv4 address, or a DNS name (letters, digits and inner hyphens in labels of 1 to 63,
/// dot-separated, 253 in all) in lower case.
fn nombre_de_equipo(host: &str) -> Option<String> {
    if host.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        // Only digits and dots: an address, or nothing (999.1.1.1, 10.1).
        return host.parse::<Ipv4Addr>().ok().map(|ip| ip.to_string());
    }
    let etiqueta_valida = |e: &str| {
        (1..=ETIQUETA_EQUIPO_MAX).contains(&e.len())
            && e.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !e.starts_with('-')
            && !e.ends_with('-')
    };
    (host.len() <= NOMBRE_EQUIPO_MAX && host.split('.').all(etiqueta_valida))
        .then(|| host.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn datos(direccion: &str) -> DatosImpresora {
        serde_json::from_value(serde_json::json!({
            "name": "  Cocina   caliente ",
            "direccion": direccion,
        }))
        .unwrap()
    }

    fn direccion(d: &str) -> Result<String, ReglaError> {
        ImpresoraValida::parse(&datos(d)).map(|i| i.direccion())
    }

    #[test]
    fn defaults_fill_what_the_form_leaves_out() {
        let i = ImpresoraValida::parse(&datos(" 192.168.1.50 ")).unwrap();
        assert_eq!(
            i,
            ImpresoraValida {
                name: "Cocina caliente".into(),
                host: "192.168.1.50".into(),
                puerto: PUERTO_POR_DEFECTO,
                ancho: Ancho::Mm80,
                pagina: PaginaCodigos::Cp858,
                imprime: Imprime::Ambos,
                activa: true,
            }
        );
        assert_eq!(i.direccion(), "192.168.1.50:9100");
    }

    #[test]
    fn a_host_or_host_and_port_is_accepted() {
        for (d, esperada) in [
            ("192.168.1.50", "192.168.1.50:9100"),
            ("192.168.1.50:9100", "192.168.1.50:9100"),
            ("cocina.local:9101", "cocina.local:9101"),
            ("[::1]:9100", "[::1]:9100"),
            ("[fe80::1]", "[fe80::1]:9100"),
            ("impresora-1", "impresora-1:9100"),
            ("Barra.Sucursal-2.local:1", "barra.sucursal-2.local:1"),
            ("10.0.0.7:65535", "10.0.0.7:65535"),
        ] {
            assert_eq!(direccion(d).as_deref(), Ok(esperada), "{d}");
        }
        let i = ImpresoraValida::parse(&datos("[::1]:9100")).unwrap();
        assert_eq!((i.host.as_str(), i.puerto), ("::1", 9100));
    }

    #[test]
    fn urls_paths_users_and_bad_ports_are_refused_with_their_message() {
        let invalida = Err(ReglaError::DireccionImpresoraInvalida);
        let puerto = Err(ReglaError::PuertoImpresoraInvalido);
        for (d, esperado) in [
            ("http://192.168.1.50:9100", &invalida),
            ("192.168.1.50/print", &invalida),
            ("a b", &invalida),
            ("user@host", &invalida),
            ("host:0", &puerto),
            ("host:70000", &puerto),
            ("host:99999999999999999999", &puerto),
            ("host:", &invalida),
            ("host:abc", &invalida),
            ("host:+80", &invalida),
            ("", &invalida),
            ("   ", &invalida),
            ("-host", &invalida),
            ("host-", &invalida),
            ("cocina..local", &invalida),
            ("cocina.local.", &invalida),
            (":9100", &invalida),
            ("host?x=1", &invalida),
            ("host:9100:1", &invalida),
            ("::1", &invalida),
            ("[::1", &invalida),
            ("[::1]9100", &invalida),
            ("[cocina]:9100", &invalida),
            ("999.1.1.1", &invalida),
            ("10.1", &invalida),
            ("coc_ina", &invalida),
            ("cocína", &invalida),
        ] {
            assert_eq!(&direccion(d), esperado, "{d:?}");
        }
        let largo = format!("{}.local", "a".repeat(64));
        assert_eq!(direccion(&largo), invalida);
        let total = vec!["a".repeat(63); 4].join(".");
        assert_eq!(total.len(), 255);
        assert_eq!(direccion(&total), invalida);
        assert!(direccion(&total[2..]).is_ok(), "253 characters");

        assert_eq!(
            ReglaError::DireccionImpresoraInvalida.mensaje(),
            "Escribe la dirección de la impresora como equipo:puerto, por ejemplo 192.168.1.50:9100 (sin http:// ni rutas)"
        );
        assert_eq!(
            ReglaError::PuertoImpresoraInvalido.mensaje(),
            "El puerto de la impresora debe estar entre 1 y 65535"
        );
        assert_eq!(
            ReglaError::DireccionImpresoraInvalida.campo(),
            Some("direccion")
        );
        assert_eq!(
            ReglaError::PuertoImpresoraInvalido.campo(),
            Some("direccion")
        );
    }

    #[test]
    fn name_width_page_and_choice_are_checked() {
        let con = |f: &dyn Fn(&mut DatosImpresora)| {
            let mut d = datos("cocina:9100");
            f(&mut d);
            ImpresoraValida::parse(&d)
        };
        let error = |f: &dyn Fn(&mut DatosImpresora)| con(f).unwrap_err();

        let e = error(&|d| d.name = "   ".into());
        assert_eq!(e, ReglaError::NombreImpresoraRequerido);
        assert_eq!(e.mensaje(), "Escribe el nombre de la impresora");
        assert_eq!(e.campo(), Some("name"));

        assert!(con(&|d| d.name = "ñ".repeat(40)).is_ok());
        let e = error(&|d| d.name = "ñ".repeat(41));
        assert_eq!(e, ReglaError::NombreImpresoraLargo { max: 40 });
        assert_eq!(
            e.mensaje(),
            "El nombre de la impresora no puede tener más de 40 caracteres"
        );
        assert_eq!(e.campo(), Some("name"));
        assert_eq!(
            error(&|d| d.name = "Cocina\u{1b}@".into()),
            ReglaError::CaracteresInvisibles { campo: "name" }
        );

        assert_eq!(con(&|d| d.ancho = 58).unwrap().ancho, Ancho::Mm58);
        let e = error(&|d| d.ancho = 76);
        assert_eq!(e, ReglaError::AnchoPapelInvalido);
        assert_eq!(e.mensaje(), "El ancho del papel debe ser 80 o 58 mm");
        assert_eq!(e.campo(), Some("ancho"));

        for p in PaginaCodigos::TODAS {
            assert_eq!(con(&|d| d.pagina = p.clave().into()).unwrap().pagina, p);
        }
        let e = error(&|d| d.pagina = "utf8".into());
        assert_eq!(e, ReglaError::PaginaCodigosInvalida);
        assert_eq!(e.mensaje(), "Elige una página de códigos de la lista");
        assert_eq!(e.campo(), Some("pagina"));

        assert_eq!(
            con(&|d| d.imprime = "abre".into()).unwrap().imprime,
            Imprime::Abre
        );
        let e = error(&|d| d.imprime = "todo".into());
        assert_eq!(e, ReglaError::ImprimeInvalido);
        assert_eq!(e.mensaje(), "Elige qué imprime: comanda, abre o ambos");
        assert_eq!(e.campo(), Some("imprime"));

        assert!(!con(&|d| d.activa = false).unwrap().activa);
    }

    #[test]
    fn the_server_itself_link_local_unspecified_broadcast_and_multicast_are_never_a_printer() {
        let prohibida = Err(ReglaError::DireccionImpresoraProhibida);
        let privada = Err(ReglaError::DireccionImpresoraPrivada);
        let todo = RedImpresoras {
            privada: true,
            loopback: false,
        };
        let nada = RedImpresoras::default();
        let con = |d: &str, red| ImpresoraValida::parse_en(&datos(d), red).map(|i| i.direccion());
        for d in [
            "127.0.0.1:9100",
            "127.8.9.10",
            "[::1]:9100",
            "[::ffff:127.0.0.1]",
            "[::127.0.0.1]",
            "localhost:9100",
            "Impresora.LOCALHOST",
            "169.254.169.254:80",
            "[fe80::1]",
            "0.0.0.0",
            "0.1.2.3",
            "[::]",
            "255.255.255.255",
            "224.0.0.1",
            "239.255.255.250:1900",
            "[ff02::1]",
            "240.0.0.1",
            "[64:ff9b::7f00:1]",
            "[2002:a9fe:a9fe::1]",
        ] {
            assert_eq!(con(d, todo), prohibida, "{d}");
            assert_eq!(con(d, nada), prohibida, "{d}");
        }
        for d in [
            "10.0.0.7:9100",
            "172.16.0.1",
            "172.31.255.254",
            "192.168.1.50",
            "100.64.0.1",
            "100.127.255.254",
            "[fd12:3456::1]",
            "[fc00::1]",
            "[::ffff:192.168.1.50]",
        ] {
            assert_eq!(con(d, nada), privada, "{d}");
            assert!(con(d, todo).is_ok(), "{d}");
        }
        for d in [
            "8.8.8.8",
            "172.32.0.1",
            "100.128.0.1",
            "192.169.1.1",
            "[2001:db8::1]",
            "cocina.local",
            "impresora-1:9100",
        ] {
            assert!(con(d, nada).is_ok(), "{d}");
        }
        // Only a test or a demonstration allows this machine; nothing else changes.
        let pruebas = RedImpresoras {
            privada: false,
            loopback: true,
        };
        assert!(con("127.0.0.1:9100", pruebas).is_ok());
        assert!(con("[::1]:9100", pruebas).is_ok());
        assert_eq!(con("169.254.169.254", pruebas), prohibida);
        assert_eq!(con("192.168.1.50", pruebas), privada);
        // A malformed address is said as before.
        assert_eq!(
            con("http://10.0.0.1", todo),
            Err(ReglaError::DireccionImpresoraInvalida)
        );

        let e = ReglaError::DireccionImpresoraProhibida;
        assert_eq!(e.mensaje(), "Esa dirección no puede ser de una impresora: no se permiten este mismo servidor (127.x.x.x, ::1, localhost), 0.0.0.0, 169.254.x.x ni direcciones de difusión o multidifusión");
        assert_eq!(
            (e.codigo(), e.campo()),
            ("direccion_impresora_prohibida", Some("direccion"))
        );
        let e = ReglaError::DireccionImpresoraPrivada;
        assert_eq!(e.mensaje(), "Este servidor no permite impresoras en la red privada (10.x.x.x, 172.16–31.x.x, 192.168.x.x, 100.64–127.x.x, fc00::/7); quien administra el servidor puede permitirla");
        assert_eq!(
            (e.codigo(), e.campo()),
            ("direccion_impresora_privada", Some("direccion"))
        );
    }

    #[test]
    fn a_choice_prints_its_tickets() {
        use TipoTicket::*;
        assert!(Imprime::Ambos.incluye(Comanda) && Imprime::Ambos.incluye(Abre));
        assert!(Imprime::Comanda.incluye(Comanda) && !Imprime::Comanda.incluye(Abre));
        assert!(Imprime::Abre.incluye(Abre) && !Imprime::Abre.incluye(Comanda));
        for i in Imprime::TODOS {
            assert_eq!(Imprime::parse(i.clave()), Some(i));
            assert_eq!(serde_json::to_value(i).unwrap(), i.clave());
        }
    }
}
