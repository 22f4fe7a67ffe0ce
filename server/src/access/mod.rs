//! Who may do what, as extractors: a handler that names [`Autenticado`], [`Con`],
//! [`SucursalEnAlcance`] or [`JsonSucursal`] in its arguments cannot run for a caller that fails the
//! check.

use std::marker::PhantomData;

use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequestParts, Request};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use anfitrion_core::organizacion::ConfSucursal;
use anfitrion_core::permisos::Requerido;
use anfitrion_core::sucursal::Tag;

use crate::db::usuarios::Usuario;
use crate::db::{Alcance, EnAlcance};
use crate::error::ApiError;
use crate::estado::AppState;
use crate::extract::{DireccionCliente, Json, Query};
use anfitrion_core::integracion::PREFIJO_CLAVE;

/// The caller, with a live session. Rejects with 401.
#[derive(Debug, Clone)]
pub struct Autenticado {
    pub usuario: Usuario,
    /// Hash of the token the call came with: logout revokes exactly this session.
    pub token_hash: String,
}

impl FromRequestParts<AppState> for Autenticado {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(ya) = parts.extensions.get::<Autenticado>() {
            return Ok(ya.clone());
        }
        let token = token_de(&parts.headers).ok_or(ApiError::SinSesion)?;
        let (usuario, token_hash) = if token.starts_with(PREFIJO_CLAVE) {
            let DireccionCliente(ip) = DireccionCliente::from_request_parts(parts, state).await?;
            let usuario = crate::auth::validar_clave(state, &token, ip).await?;
            (usuario, String::new())
        } else {
            crate::auth::validar_token(state, &token).await?
        };
        let autenticado = Autenticado {
            usuario,
            token_hash,
        };
        parts.extensions.insert(autenticado.clone());
        // The request's log line names who made it (by id: never a name, e-mail or token).
        tracing::Span::current()
            .record("usuario", tracing::field::display(&autenticado.usuario.id));
        Ok(autenticado)
    }
}

impl Autenticado {
    /// The caller as a person signed in: an integration key is refused (403) the calls of a
    /// session itself (sign out, who am I).
    pub fn persona(self) -> Result<Autenticado, ApiError> {
        if self.usuario.integracion {
            Err(ApiError::SoloPersonal)
        } else {
            Ok(self)
        }
    }
}

/// The token of `Authorization: Bearer …`, the only place a credential is read from. The console's
/// `rgatk` cookie only tells the browser a session exists: were it accepted, any site could make a
/// signed-in browser send it along with a forged request (CSRF).
pub fn token_de(headers: &HeaderMap) -> Option<String> {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(esquema, _)| esquema.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim())
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// The caller, holding permission `P` (a type of core's `permisos::requiere`). Rejects with 401
/// without a session, 403 without `P`.
pub struct Con<P: Requerido>(pub Usuario, pub PhantomData<P>);

impl<P: Requerido> FromRequestParts<AppState> for Con<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Autenticado { usuario, .. } = Autenticado::from_request_parts(parts, state).await?;
        if usuario.tiene_permiso(P::PERMISO) {
            Ok(Con(usuario, PhantomData))
        } else {
            tracing::info!(usuario = %usuario.id, permiso = %P::PERMISO, "permiso negado");
            Err(ApiError::SinPermiso)
        }
    }
}

/// Refuses (403) a branch outside the caller's tags. Every call that names a branch, or touches
/// a record of one, goes through here.
pub fn exigir_sucursal(usuario: &Usuario, tag: &str) -> Result<(), ApiError> {
    if usuario.tiene_sucursal(tag) {
        Ok(())
    } else {
        tracing::info!(usuario = %usuario.id, tag, "sucursal ajena");
        Err(ApiError::SucursalAjena)
    }
}

/// Refuses (403) a browser's request that another site's page made: what acts with the console's
/// rights for origin Plataforma (a staff booking) is the console's own, same-origin request. A
/// browser says so in `Sec-Fetch-Site` (believed alone when present: a proxy may rewrite `Host`);
/// an older one in `Origin`, whose host must be the request's `Host`. A request with neither is
/// no browser's and stands on its session alone.
pub fn exigir_mismo_origen(headers: &HeaderMap) -> Result<(), ApiError> {
    let texto = |n: &str| headers.get(n).map(|v| v.to_str().unwrap_or(""));
    let mismo = match (texto("sec-fetch-site"), texto("origin")) {
        (Some(sitio), _) => sitio.eq_ignore_ascii_case("same-origin"),
        (None, Some(origen)) => {
            let anfitrion = origen.split_once("://").map(|(_, h)| h);
            anfitrion
                .is_some_and(|h| texto("host").is_some_and(|host| h.eq_ignore_ascii_case(host)))
        }
        (None, None) => true,
    };
    if mismo {
        Ok(())
    } else {
        tracing::info!("reservación del personal desde otro sitio");
        Err(ApiError::ConDatos {
            codigo: axum::http::StatusCode::FORBIDDEN,
            mensaje: "Las reservaciones de Plataforma solo se hacen desde la consola.".to_owned(),
            data: serde_json::json!({ "codigo": "fuera_de_la_consola" }),
        })
    }
}

/// A scoped read's answer for the caller: the record, 403 when it belongs to another branch,
/// 404 naming `que` ("la sucursal") when there is none.
pub fn en_alcance<T>(leido: EnAlcance<T>, que: &'static str) -> Result<T, ApiError> {
    match leido {
        EnAlcance::Si(v) => Ok(v),
        EnAlcance::Ajeno => Err(ApiError::SucursalAjena),
        EnAlcance::NoExiste => Err(ApiError::NoEncontrado(que)),
    }
}

#[derive(Deserialize)]
struct ParametroTag {
    tag: Option<String>,
}

/// The one refusal of a branch-scoped call without its `tag` parameter.
const FALTA_TAG: &str = "Indica la sucursal en el parámetro «tag».";
/// `?tag=` given but empty: never "every branch".
const TAG_VACIO: &str = "El parámetro «tag» está vacío: indica la sucursal.";
/// A body whose branch is empty.
const SUCURSAL_VACIA: &str = "Falta la sucursal: su etiqueta está vacía.";

/// The branch a call works on, checked: core's parsed [`Tag`], one of the caller's (403
/// otherwise), with the caller's [`Alcance`] for the scoped reads that follow. As an argument it
/// reads the `tag` query parameter: missing or empty is a 400. `Option<SucursalEnAlcance>` takes
/// the parameter as optional (absent is `None`; given, it is checked all the same).
#[derive(Debug, Clone)]
pub struct SucursalEnAlcance {
    pub tag: Tag,
    pub alcance: Alcance,
}

impl SucursalEnAlcance {
    /// `crudo` (trimmed) as one of `usuario`'s branches; `vacio` is the refusal of an empty one.
    fn elegir(usuario: &Usuario, crudo: &str, vacio: &str) -> Result<Self, ApiError> {
        let crudo = crudo.trim();
        if crudo.is_empty() {
            return Err(ApiError::Entrada(vacio.to_owned()));
        }
        exigir_sucursal(usuario, crudo)?;
        let tag = Tag::parse(crudo)?;
        tracing::Span::current().record("sucursal", tracing::field::display(tag.as_str()));
        Ok(SucursalEnAlcance {
            tag,
            alcance: usuario.alcance(),
        })
    }

    /// The branch's id (404 when it does not exist).
    pub async fn id(&self, state: &AppState) -> Result<String, ApiError> {
        en_alcance(
            state.store.sucursal_id_en(&self.alcance, &self.tag).await?,
            "la sucursal",
        )
    }

    /// The branch's id and its settings, in one read (404 when it does not exist).
    pub async fn conf(&self, state: &AppState) -> Result<(String, ConfSucursal), ApiError> {
        en_alcance(
            state
                .store
                .conf_sucursal_en(&self.alcance, &self.tag)
                .await?,
            "la sucursal",
        )
    }

    /// The branch a request body names, for `usuario`: 400 when empty, 403 when foreign.
    pub fn de_cuerpo(usuario: &Usuario, crudo: &str) -> Result<Self, ApiError> {
        Self::elegir(usuario, crudo, SUCURSAL_VACIA)
    }

    /// The `tag` query parameter, if given, checked for the caller.
    async fn de_consulta(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, ApiError> {
        let Query(ParametroTag { tag }) = Query::from_request_parts(parts, state).await?;
        let Some(tag) = tag else {
            return Ok(None);
        };
        if tag.trim().is_empty() {
            return Err(ApiError::Entrada(TAG_VACIO.to_owned()));
        }
        let Autenticado { usuario, .. } = Autenticado::from_request_parts(parts, state).await?;
        Self::elegir(&usuario, &tag, TAG_VACIO).map(Some)
    }
}

impl FromRequestParts<AppState> for SucursalEnAlcance {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Self::de_consulta(parts, state)
            .await?
            .ok_or_else(|| ApiError::Entrada(FALTA_TAG.to_owned()))
    }
}

impl OptionalFromRequestParts<AppState> for SucursalEnAlcance {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, ApiError> {
        Self::de_consulta(parts, state).await
    }
}

/// A request body that names a branch, in `tag` or `tag_sucursal` as the spec's payloads do.
/// `None` when this body names none.
pub trait NombraSucursal {
    fn tag(&self) -> Option<&str>;
}

/// What [`JsonSucursal`] hands over of the branch a body names: [`SucursalEnAlcance`] when the
/// body must name one (none is refused as an empty one), `Option<SucursalEnAlcance>` when it may
/// name none.
pub trait SucursalDelCuerpo: Sized {
    fn del_cuerpo(usuario: &Usuario, tag: Option<&str>) -> Result<Self, ApiError>;
}

impl SucursalDelCuerpo for SucursalEnAlcance {
    fn del_cuerpo(usuario: &Usuario, tag: Option<&str>) -> Result<Self, ApiError> {
        SucursalEnAlcance::de_cuerpo(usuario, tag.unwrap_or_default())
    }
}

impl SucursalDelCuerpo for Option<SucursalEnAlcance> {
    fn del_cuerpo(usuario: &Usuario, tag: Option<&str>) -> Result<Self, ApiError> {
        tag.map(|t| SucursalEnAlcance::de_cuerpo(usuario, t))
            .transpose()
    }
}

/// A JSON body (as [`Json`]) whose branch ([`NombraSucursal`]) must be one of the caller's tags,
/// with that branch checked ([`SucursalEnAlcance`]). Answers 401 without a session, 400 for a bad
/// body or an empty branch, 403 for a foreign one.
///
/// ```ignore
/// #[derive(Deserialize)]
/// struct Asistencia { tag_sucursal: String, /* … */ }
/// impl NombraSucursal for Asistencia {
///     fn tag(&self) -> Option<&str> { Some(&self.tag_sucursal) }
/// }
/// async fn asistencia(JsonSucursal(body, sucursal): JsonSucursal<Asistencia>) { /* checked */ }
/// ```
#[derive(Debug, Clone)]
pub struct JsonSucursal<T, S = SucursalEnAlcance>(pub T, pub S);

impl<T, S> FromRequest<AppState> for JsonSucursal<T, S>
where
    T: DeserializeOwned + NombraSucursal,
    S: SucursalDelCuerpo,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        // The session first: a caller without one learns nothing about what the body should be.
        let (mut parts, cuerpo) = req.into_parts();
        let Autenticado { usuario, .. } =
            Autenticado::from_request_parts(&mut parts, state).await?;
        let Json(valor) =
            Json::<T>::from_request(Request::from_parts(parts, cuerpo), state).await?;
        let sucursal = S::del_cuerpo(&usuario, valor.tag())?;
        Ok(JsonSucursal(valor, sucursal))
    }
}
