//! Who may do what, as extractors: a handler that names [`Autenticado`], [`Con`],
//! [`SucursalElegida`] or [`JsonSucursal`] in its arguments cannot run for a caller that fails the
//! check.

use std::marker::PhantomData;

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use anfitrion_core::permisos::Requerido;

use crate::db::usuarios::Usuario;
use crate::db::EnAlcance;
use crate::error::ApiError;
use crate::estado::AppState;
use crate::extract::{Json, Query};

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
        let (usuario, token_hash) = crate::auth::validar_token(state, &token).await?;
        let autenticado = Autenticado {
            usuario,
            token_hash,
        };
        parts.extensions.insert(autenticado.clone());
        Ok(autenticado)
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

/// A scoped read's answer for the caller: the record, 403 when it belongs to another branch,
/// 404 naming `que` ("la sucursal") when there is none.
pub fn en_alcance<T>(leido: EnAlcance<T>, que: &'static str) -> Result<T, ApiError> {
    match leido {
        EnAlcance::Si(v) => Ok(v),
        EnAlcance::Ajeno => Err(ApiError::SucursalAjena),
        EnAlcance::NoExiste => Err(ApiError::NoEncontrado(que)),
    }
}

/// The branch a branch-scoped call needs, or the one refusal every such call gives without it.
pub(crate) fn tag_requerido<T>(tag: Option<T>) -> Result<T, ApiError> {
    tag.ok_or_else(|| ApiError::Entrada("Indica la sucursal en el parámetro «tag».".to_owned()))
}

#[derive(Deserialize)]
struct ParametroTag {
    tag: Option<String>,
}

/// The `tag` query parameter, if given, checked against the caller's tags (403 otherwise).
/// Given but empty (`?tag=`) is a 400, never "every branch".
#[derive(Debug, Clone)]
pub struct SucursalElegida(pub Option<String>);

impl FromRequestParts<AppState> for SucursalElegida {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Query(ParametroTag { tag }) = Query::from_request_parts(parts, state).await?;
        let Some(tag) = tag else {
            return Ok(SucursalElegida(None));
        };
        let tag = tag.trim();
        if tag.is_empty() {
            return Err(ApiError::Entrada(
                "El parámetro «tag» está vacío: indica la sucursal.".to_owned(),
            ));
        }
        let Autenticado { usuario, .. } = Autenticado::from_request_parts(parts, state).await?;
        exigir_sucursal(&usuario, tag)?;
        Ok(SucursalElegida(Some(tag.to_owned())))
    }
}

/// A request body that names a branch, in `tag` or `tag_sucursal` as the spec's payloads do.
/// `None` when this body names none (the branch guard then has nothing to check).
pub trait NombraSucursal {
    fn tag(&self) -> Option<&str>;
}

/// A JSON body (as [`Json`]) whose branch ([`NombraSucursal`]) must be one of the caller's tags.
/// Answers 401 without a session, 400 for a bad body or an empty branch, 403 for a foreign one.
///
/// ```ignore
/// #[derive(Deserialize)]
/// struct Asistencia { tag_sucursal: String, /* … */ }
/// impl NombraSucursal for Asistencia {
///     fn tag(&self) -> Option<&str> { Some(&self.tag_sucursal) }
/// }
/// async fn asistencia(JsonSucursal(body): JsonSucursal<Asistencia>) { /* branch already checked */ }
/// ```
#[derive(Debug, Clone)]
pub struct JsonSucursal<T>(pub T);

impl<T: DeserializeOwned + NombraSucursal> FromRequest<AppState> for JsonSucursal<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        // The session first: a caller without one learns nothing about what the body should be.
        let (mut parts, cuerpo) = req.into_parts();
        let Autenticado { usuario, .. } =
            Autenticado::from_request_parts(&mut parts, state).await?;
        let Json(valor) =
            Json::<T>::from_request(Request::from_parts(parts, cuerpo), state).await?;
        if let Some(tag) = valor.tag() {
            if tag.trim().is_empty() {
                return Err(ApiError::Entrada(
                    "Falta la sucursal: su etiqueta está vacía.".to_owned(),
                ));
            }
            exigir_sucursal(&usuario, tag)?;
        }
        Ok(JsonSucursal(valor))
    }
}
