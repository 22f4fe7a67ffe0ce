//! Who may do what, as extractors: a handler that names [`Autenticado`], [`Con`] or
//! [`SucursalElegida`] in its arguments cannot run for a caller that fails the check.

pub mod catalogo;

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use serde::Deserialize;

use crate::db::modelo::Usuario;
use crate::error::ApiError;
use crate::extract::Query;
use crate::AppState;

/// Name of the cookie the console keeps the token in (spec §3).
pub const COOKIE_TOKEN: &str = "rgatk";

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
        let autenticado = Autenticado { usuario, token_hash };
        parts.extensions.insert(autenticado.clone());
        Ok(autenticado)
    }
}

/// The bearer token, or else the `rgatk` cookie the console also sets.
pub fn token_de(headers: &HeaderMap) -> Option<String> {
    let bearer = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if let Some(t) = bearer {
        return Some(t.to_owned());
    }
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|par| par.trim().split_once('='))
        .find(|(nombre, valor)| *nombre == COOKIE_TOKEN && !valor.is_empty())
        .map(|(_, valor)| valor.to_owned())
}

/// A permission, named as the catalogue names it.
pub trait Permiso: Send + Sync + 'static {
    const NOMBRE: &'static str;
}

macro_rules! permiso {
    ($($(#[$m:meta])* $tipo:ident => $nombre:literal;)*) => {
        $($(#[$m])* pub struct $tipo; impl Permiso for $tipo { const NOMBRE: &'static str = $nombre; })*
    };
}

/// Permissions handlers require.
pub mod p {
    use super::Permiso;

    permiso! {
        /// Brands and their branches, in full (horario, mesas, days).
        MarcasIndex => "marcas.index";
    }
}

/// The caller, holding permission `P`. Rejects with 401 without a session, 403 without `P`.
pub struct Con<P: Permiso>(pub Usuario, pub PhantomData<P>);

impl<P: Permiso> FromRequestParts<AppState> for Con<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Autenticado { usuario, .. } = Autenticado::from_request_parts(parts, state).await?;
        if usuario.tiene_permiso(P::NOMBRE) {
            Ok(Con(usuario, PhantomData))
        } else {
            tracing::info!(usuario = %usuario.id, permiso = P::NOMBRE, "permiso negado");
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

#[derive(Deserialize)]
struct ParametroTag {
    tag: Option<String>,
}

/// The `tag` query parameter, if given, checked against the caller's tags (403 otherwise).
#[derive(Debug, Clone)]
pub struct SucursalElegida(pub Option<String>);

impl FromRequestParts<AppState> for SucursalElegida {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Query(ParametroTag { tag }) = Query::from_request_parts(parts, state).await?;
        let tag = tag.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
        if let Some(t) = &tag {
            let Autenticado { usuario, .. } = Autenticado::from_request_parts(parts, state).await?;
            exigir_sucursal(&usuario, t)?;
        }
        Ok(SucursalElegida(tag))
    }
}
