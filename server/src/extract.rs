//! Request extractors whose rejections answer in the envelope, in Spanish, naming the field at
//! fault — axum's own rejections are English plain text.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use bytes::Bytes;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::error::ApiError;
use crate::estado::AppState;
use crate::http::CuerpoLento;
use crate::limites::LIMITE_CUERPO_PUBLICO;
use crate::seguridad::json_con_nulo;

/// A JSON body. Requires `Content-Type: application/json`; the size limit is the router's.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !es_json(req.headers()) {
            return Err(ApiError::TipoDeContenido);
        }
        let cuerpo = leer_cuerpo(req, state).await?;
        // PostgreSQL cannot store a NUL in text; refuse it on both engines alike.
        if json_con_nulo(&cuerpo) {
            return Err(ApiError::Entrada(
                "El texto no puede contener el carácter nulo (\\u0000).".to_owned(),
            ));
        }
        let mut de = serde_json::Deserializer::from_slice(&cuerpo);
        let valor = serde_path_to_error::deserialize(SoloObjeto(&mut de)).map_err(|e| {
            let ruta = e.path().to_string();
            let inner = e.into_inner();
            match inner.classify() {
                serde_json::error::Category::Data => {
                    let mensaje = describir(&ruta, &inner.to_string(), Origen::Cuerpo);
                    // A field the form shows: the answer names it, so the form marks its box.
                    match campo_de(&ruta) {
                        Some(campo) => ApiError::ConDatos {
                            codigo: StatusCode::BAD_REQUEST,
                            mensaje,
                            data: serde_json::json!({ "campo": campo }),
                        },
                        None => ApiError::Entrada(mensaje),
                    }
                }
                _ => ApiError::JsonMalformado,
            }
        })?;
        de.end().map_err(|_| ApiError::JsonMalformado)?;
        Ok(Json(valor))
    }
}

/// A JSON body of a public call: [`Json`], with the public limit's own 413 message.
pub struct JsonPublico<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonPublico<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(JsonPublico(v)),
            Err(ApiError::DemasiadoGrande) => {
                Err(ApiError::DemasiadoGrandePublico(LIMITE_CUERPO_PUBLICO))
            }
            Err(e) => Err(e),
        }
    }
}

/// The body's top level as the operation declares it: a struct only from a JSON object. serde
/// also reads a struct from an array of its fields in order, so `[]` would pass as a body whose
/// every field took its default; a list body (`Vec`) still reads an array.
struct SoloObjeto<D>(D);

impl<'de, D: serde::Deserializer<'de>> serde::Deserializer<'de> for SoloObjeto<D> {
    type Error = D::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(visitor)
    }

    fn deserialize_seq<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_seq(visitor)
    }

    fn deserialize_option<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_option(visitor)
    }

    fn deserialize_enum<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, visitor)
    }

    fn deserialize_newtype_struct<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct tuple tuple_struct map identifier ignored_any
    }
}

/// The request's body whole, within the router's size limit: 413 past it, 408 when it arrives
/// too slowly ([`CuerpoLento`]).
pub(crate) async fn leer_cuerpo<S: Send + Sync>(
    req: Request,
    state: &S,
) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state).await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::DemasiadoGrande
        } else if por_lento(&e) {
            ApiError::TiempoAgotado
        } else {
            ApiError::CuerpoIlegible
        }
    })
}

/// Whether reading the body failed because its time ran out ([`CuerpoLento`]).
fn por_lento(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut actual = Some(e);
    while let Some(err) = actual {
        if err.is::<CuerpoLento>() {
            return true;
        }
        actual = err.source();
    }
    false
}

fn es_json(headers: &HeaderMap) -> bool {
    let Some(tipo) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let esencia = tipo
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    esencia == "application/json"
        || (esencia.starts_with("application/") && esencia.ends_with("+json"))
}

/// The query string, deserialized into `T`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let consulta = parts.uri.query().unwrap_or("");
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(consulta.as_bytes()));
        serde_path_to_error::deserialize(de)
            .map(Query)
            .map_err(|e| {
                ApiError::Entrada(describir(
                    &e.path().to_string(),
                    &e.inner().to_string(),
                    Origen::Consulta,
                ))
            })
    }
}

/// Rows a page holds when the query names no `limit`.
pub const LIMITE_POR_DEFECTO: u32 = 50;
/// The most rows a page may hold.
pub const LIMITE_MAX: u32 = 200;

/// The page a list's query asks for: `page` from 1, `limit` from 1 to [`LIMITE_MAX`]
/// ([`LIMITE_POR_DEFECTO`] when absent). Every paged list reads it here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paginacion {
    /// From 1; 1 when absent.
    #[serde(default = "primera")]
    pub page: u32,
    /// From 1 to 200 rows; 50 when absent.
    #[serde(default = "limite_por_defecto")]
    pub limit: u32,
}

fn primera() -> u32 {
    1
}

fn limite_por_defecto() -> u32 {
    LIMITE_POR_DEFECTO
}

impl<S: Send + Sync> FromRequestParts<S> for Paginacion {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, estado: &S) -> Result<Self, ApiError> {
        let Query(p) = Query::<Paginacion>::from_request_parts(parts, estado).await?;
        if p.page == 0 || !(1..=LIMITE_MAX).contains(&p.limit) {
            return Err(ApiError::Entrada(format!(
                "«page» empieza en 1 y «limit» va de 1 a {LIMITE_MAX}."
            )));
        }
        Ok(p)
    }
}

/// Path parameters; a rejection only happens on a malformed URL.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

impl From<axum::extract::rejection::PathRejection> for ApiError {
    fn from(e: axum::extract::rejection::PathRejection) -> Self {
        tracing::debug!(error = %e, "ruta con parámetros no válidos");
        ApiError::Entrada("La dirección solicitada no es válida.".to_owned())
    }
}

/// The client's address, for throttling and the session record: the TCP peer, unless the peer is
/// a trusted proxy (`--trusted-proxies`); then the right-most `X-Forwarded-For` entry that is not
/// a trusted proxy. Entries left of that one were written by the client and may be forged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DireccionCliente(pub IpAddr);

impl FromRequestParts<AppState> for DireccionCliente {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        direccion_de(&parts.extensions, &parts.headers, &state.proxies_confiables)
            .map(DireccionCliente)
    }
}

/// The client's address of a request, from its connection (`extensions`) and, behind trusted
/// proxies, its `X-Forwarded-For` ([`direccion_cliente`]): for a handler through
/// [`DireccionCliente`], for a layer in front of the handlers directly.
pub fn direccion_de(
    extensions: &axum::http::Extensions,
    headers: &HeaderMap,
    confiables: &[IpAddr],
) -> Result<IpAddr, ApiError> {
    let ConnectInfo(par) = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .copied()
        .ok_or_else(|| {
            ApiError::Interno("el servidor se montó sin ConnectInfo<SocketAddr>".to_owned())
        })?;
    Ok(direccion_cliente(par.ip(), headers, confiables))
}

/// See [`DireccionCliente`]. An entry that is not an address ends the walk: the last hop read
/// stands for the client (a trusted proxy, so its clients share one throttle rather than escape it).
pub fn direccion_cliente(par: IpAddr, headers: &HeaderMap, confiables: &[IpAddr]) -> IpAddr {
    let mut cliente = par.to_canonical();
    if !confiables.contains(&cliente) {
        return cliente;
    }
    let saltos: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    for salto in saltos.into_iter().rev() {
        let Some(ip) = leer_ip(salto.trim()) else {
            break;
        };
        cliente = ip;
        if !confiables.contains(&ip) {
            break;
        }
    }
    cliente
}

/// `1.2.3.4`, `2001:db8::1`, `[2001:db8::1]`, or either with a port.
fn leer_ip(s: &str) -> Option<IpAddr> {
    s.parse::<IpAddr>()
        .or_else(|_| s.parse::<SocketAddr>().map(|a| a.ip()))
        .or_else(|_| {
            s.trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
        })
        .ok()
        .map(|ip| ip.to_canonical())
}

#[derive(Clone, Copy)]
enum Origen {
    Cuerpo,
    Consulta,
}

/// A Spanish sentence for a serde data error: which field, and what is wrong with it.
fn describir(ruta: &str, mensaje: &str, origen: Origen) -> String {
    let (sustantivo, todo) = match origen {
        Origen::Cuerpo => (
            "el campo",
            "El cuerpo de la solicitud debe ser un objeto JSON.",
        ),
        Origen::Consulta => (
            "el parámetro",
            "Los parámetros de la consulta no son válidos.",
        ),
    };
    if let Some(resto) = mensaje.strip_prefix("missing field `") {
        let campo = resto.split('`').next().unwrap_or_default();
        let campo = anfitrion_core::campos::nombre(campo);
        let completo = if ruta == "." || ruta.is_empty() {
            campo.to_owned()
        } else {
            format!("{ruta}.{campo}")
        };
        return mayuscula(&format!("falta {sustantivo} «{completo}»."));
    }
    if ruta == "." || ruta.is_empty() {
        return todo.to_owned();
    }
    let esperado = mensaje.rsplit("expected ").next().unwrap_or("");
    // A field a form shows is named as the form labels it.
    let ruta = campo_de(ruta)
        .and_then(anfitrion_core::campos::etiqueta)
        .unwrap_or(ruta);
    let negativo = mensaje.starts_with("invalid value: integer `-") && esperado.starts_with('u');
    let como = if negativo {
        "no puede ser negativo"
    } else if esperado.contains("string") || esperado.contains("char") {
        "debe ser texto"
    } else if [
        "u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "integer",
    ]
    .iter()
    .any(|t| esperado.contains(t))
    {
        "debe ser un número entero"
    } else if esperado.contains("f32") || esperado.contains("f64") || esperado.contains("number") {
        "debe ser un número"
    } else if esperado.contains("bool") {
        "debe ser verdadero o falso"
    } else if esperado.contains("sequence") {
        "debe ser una lista"
    } else if esperado.contains("struct") || esperado.contains("map") {
        "debe ser un objeto"
    } else {
        "tiene un valor no válido"
    };
    mayuscula(&format!("{sustantivo} «{ruta}» {como}."))
}

/// The body field a path ends on (`dias[2].abre` → `abre`), when it is one a form shows.
fn campo_de(ruta: &str) -> Option<&str> {
    let campo = ruta.rsplit('.').next()?.split('[').next()?;
    anfitrion_core::campos::etiqueta(campo).map(|_| campo)
}

fn mayuscula(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|p| p.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xff(valores: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in valores {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn the_forwarded_address_is_ignored_from_an_untrusted_peer() {
        assert_eq!(
            direccion_cliente(ip("10.0.0.9"), &xff(&["203.0.113.7"]), &[ip("10.0.0.1")]),
            ip("10.0.0.9")
        );
    }

    #[test]
    fn the_right_most_untrusted_forwarded_address_is_the_client() {
        let confiables = [ip("10.0.0.1"), ip("10.0.0.2")];
        // The client forged the first entry; the balancer appended the real one, a second proxy itself.
        let h = xff(&["1.1.1.1, 203.0.113.7", "10.0.0.2"]);
        assert_eq!(
            direccion_cliente(ip("10.0.0.1"), &h, &confiables),
            ip("203.0.113.7")
        );
    }

    #[test]
    fn a_trusted_peer_without_the_header_is_the_client() {
        assert_eq!(
            direccion_cliente(ip("10.0.0.1"), &HeaderMap::new(), &[ip("10.0.0.1")]),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn a_forwarded_entry_that_is_not_an_address_stops_at_the_last_hop_read() {
        let confiables = [ip("10.0.0.1"), ip("10.0.0.2")];
        assert_eq!(
            direccion_cliente(ip("10.0.0.1"), &xff(&["nadie, 10.0.0.2"]), &confiables),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn forwarded_addresses_may_carry_ports_and_brackets() {
        let confiables = [ip("10.0.0.1")];
        assert_eq!(
            direccion_cliente(ip("10.0.0.1"), &xff(&["[2001:db8::1]:443"]), &confiables),
            ip("2001:db8::1")
        );
        assert_eq!(
            direccion_cliente(
                ip("::ffff:10.0.0.1"),
                &xff(&["203.0.113.7:80"]),
                &confiables
            ),
            ip("203.0.113.7")
        );
    }

    #[test]
    fn a_missing_field_is_named() {
        assert_eq!(
            describir(".", "missing field `email`", Origen::Cuerpo),
            "Falta el campo «Correo electrónico»."
        );
        assert_eq!(
            describir(".", "missing field `tag`", Origen::Cuerpo),
            "Falta el campo «tag»."
        );
    }

    #[test]
    fn a_mistyped_field_says_what_it_should_be() {
        assert_eq!(
            describir(
                "password",
                "invalid type: integer `5`, expected a string",
                Origen::Cuerpo
            ),
            "El campo «Contraseña» debe ser texto."
        );
        assert_eq!(
            describir(
                "gracia_min",
                "invalid value: integer `-15`, expected u32",
                Origen::Cuerpo
            ),
            "El campo «Tolerancia (minutos)» no puede ser negativo."
        );
    }

    #[test]
    fn a_body_that_is_not_an_object_is_refused_whole() {
        assert_eq!(
            describir(
                ".",
                "invalid type: sequence, expected struct Login",
                Origen::Cuerpo
            ),
            "El cuerpo de la solicitud debe ser un objeto JSON."
        );
    }
}
