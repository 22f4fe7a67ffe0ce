//! `/api/v1/admin/users`: staff accounts. Creating needs an initial password (core's rules);
//! deactivating revokes the account's sessions at once; nobody deactivates themselves, and the
//! group always keeps an active user who can manage users and roles.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::cuenta::validar_clave_nueva;
use anfitrion_core::organizacion::{DatosUsuario, UsuarioValido};
use anfitrion_core::permisos::requiere;
use anfitrion_core::ReglaError;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Autenticado, Con};
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::usuarios::{EdicionUsuario, NuevoUsuario, PaginaUsuarios, UsuarioAdmin};
use crate::db::{nuevo_id, ErrorAlmacen};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Paginacion, Path, Query};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, crear))
        .routes(routes!(detalle, editar, desactivar))
        .routes(routes!(clave))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosUsuarios {
    /// Name or e-mail.
    pub q: Option<String>,
}

fn cambio(autor: &crate::db::usuarios::Usuario, id: &str, accion: Accion) -> Cambio {
    Cambio::de(autor, Entidad::Usuario, id, accion)
}

/// A user as their entries hold them: role by id, and, once edited, whether active.
#[derive(Serialize)]
struct UsuarioEnBitacora<'a> {
    name: &'a str,
    email: &'a str,
    role: &'a str,
    tags: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    active: Option<bool>,
}

/// Whether a user is active, as a deactivation's entry holds it.
#[derive(Serialize)]
struct Activo {
    active: bool,
}

fn sin_sucursal(e: ErrorAlmacen) -> ApiError {
    match e {
        ErrorAlmacen::SinReferencia => ApiError::SinReferencia(
            "El rol o una de las sucursales indicadas no existe.".to_owned(),
        ),
        otro => otro.into(),
    }
}

/// Core's rule: an account whose role works in a branch is given one. An unknown role is left to
/// the save, which names it.
async fn exigir_sucursal(state: &AppState, v: &UsuarioValido) -> Result<()> {
    let roles = state.store.roles_admin().await?;
    if let Some(rol) = roles.iter().find(|r| r.id == v.role) {
        let permisos: Vec<_> = rol.permissions.iter().map(|p| p.name).collect();
        v.exigir_sucursal(&rol.name, &permisos)?;
    }
    Ok(())
}

async fn leer(state: &AppState, id: &str) -> Result<UsuarioAdmin> {
    state
        .store
        .usuario_admin(id)
        .await?
        .ok_or(ApiError::NoEncontrado("el usuario"))
}

/// Staff accounts, searched by name or e-mail.
#[utoipa::path(
    get, path = "/api/v1/admin/users", tag = "usuarios", operation_id = "listar_usuarios", security(("token" = [])),
    params(ParametrosUsuarios, Paginacion),
    responses(
        (status = 200, description = "Usuarios", body = Envelope<PaginaUsuarios>),
        (status = 403, description = "Sin el permiso users.index", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    _u: Con<requiere::UsersIndex>,
    Query(p): Query<ParametrosUsuarios>,
    Paginacion { page, limit }: Paginacion,
) -> Result<Envelope<PaginaUsuarios>> {
    let (items, total) = state
        .store
        .usuarios_admin(p.q.as_deref(), page, limit)
        .await?;
    Ok(Envelope::ok(
        "Usuarios",
        PaginaUsuarios {
            items,
            total,
            page,
            limit,
        },
    ))
}

/// One account.
#[utoipa::path(
    get, path = "/api/v1/admin/users/{id}", tag = "usuarios", operation_id = "detalle_usuario", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del usuario")),
    responses(
        (status = 200, description = "Usuario", body = Envelope<UsuarioAdmin>),
        (status = 403, description = "Sin el permiso users.index", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn detalle(
    State(state): State<AppState>,
    _u: Con<requiere::UsersIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<UsuarioAdmin>> {
    Ok(Envelope::ok("Usuario", leer(&state, &id).await?))
}

/// Creates an account with its role, branches and first password.
#[utoipa::path(
    post, path = "/api/v1/admin/users", tag = "usuarios", operation_id = "crear_usuario", security(("token" = [])),
    request_body = DatosUsuario,
    responses(
        (status = 201, description = "Usuario creado", body = Envelope<UsuarioAdmin>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso users.create", body = EnvelopeError),
        (status = 409, description = "Ya existe un usuario con ese correo", body = EnvelopeError),
    )
)]
async fn crear(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::UsersCreate>,
    Json(d): Json<DatosUsuario>,
) -> Result<(StatusCode, Envelope<UsuarioAdmin>)> {
    let v = UsuarioValido::parse(&d, true)?;
    exigir_sucursal(&state, &v).await?;
    let u = NuevoUsuario {
        id: nuevo_id(),
        email: v.email.clone(),
        name: v.name.clone(),
        password_hash: state
            .claves
            .hash(d.password.as_deref().unwrap_or(""))
            .await
            .map_err(|_| ApiError::Ocupado)?,
        rol: String::new(),
        tags: v.tags.iter().map(|t| t.as_str().to_owned()).collect(),
        creado: state.reloj.ahora(),
    };
    let c = cambio(&autor, &u.id, Accion::Crear).despues(&UsuarioEnBitacora {
        name: &u.name,
        email: &u.email,
        role: &v.role,
        tags: &u.tags,
        active: None,
    });
    state
        .store
        .crear_usuario_admin(&u, &v.role, &c)
        .await
        .map_err(sin_sucursal)?;
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Usuario creado", leer(&state, &u.id).await?),
    ))
}

/// Changes an account: name, e-mail, role, branches, active.
#[utoipa::path(
    put, path = "/api/v1/admin/users/{id}", tag = "usuarios", operation_id = "editar_usuario", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del usuario")),
    request_body = DatosUsuario,
    responses(
        (status = 200, description = "Usuario actualizado", body = Envelope<UsuarioAdmin>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso users.edit", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Correo repetido, o dejaría al grupo sin administrador", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::UsersEdit>,
    Path(id): Path<String>,
    Json(d): Json<DatosUsuario>,
) -> Result<Envelope<UsuarioAdmin>> {
    let v = UsuarioValido::parse(&d, false)?;
    exigir_sucursal(&state, &v).await?;
    let antes = leer(&state, &id).await?;
    let activo = d.active.unwrap_or(antes.active);
    if !activo && id == autor.id {
        return Err(ApiError::Conflicto(
            ReglaError::AutoDesactivacion.to_string(),
        ));
    }
    let e = EdicionUsuario {
        name: v.name,
        email: v.email,
        rol_id: v.role,
        tags: v.tags.iter().map(|t| t.as_str().to_owned()).collect(),
        activo,
    };
    let c = cambio(&autor, &id, Accion::Editar)
        .antes(&antes)
        .despues(&UsuarioEnBitacora {
            name: &e.name,
            email: &e.email,
            role: &e.rol_id,
            tags: &e.tags,
            active: Some(e.activo),
        });
    state
        .store
        .editar_usuario(&id, &e, &c)
        .await
        .map_err(sin_sucursal)?;
    Ok(Envelope::ok(
        "Usuario actualizado",
        leer(&state, &id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NuevaClave {
    #[serde(default)]
    #[schema(required = true, min_length = 8)]
    pub password: String,
}

/// Sets a new password (core's length rules) and ends the user's other sessions.
#[utoipa::path(
    put, path = "/api/v1/admin/users/{id}/password", tag = "usuarios", operation_id = "cambiar_clave", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del usuario")),
    request_body = NuevaClave,
    responses(
        (status = 200, description = "Contraseña actualizada", body = Envelope<Option<String>>),
        (status = 400, description = "Contraseña no válida", body = EnvelopeError),
        (status = 403, description = "Sin el permiso users.edit", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn clave(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::UsersEdit>,
    sesion: Autenticado,
    Path(id): Path<String>,
    Json(n): Json<NuevaClave>,
) -> Result<Envelope<Option<String>>> {
    validar_clave_nueva(&n.password)?;
    let hash = state
        .claves
        .hash(&n.password)
        .await
        .map_err(|_| ApiError::Ocupado)?;
    // Every session of the user ends; users changing their own keep the one they are using.
    let conservar = (autor.id == id).then_some(sesion.token_hash.as_str());
    if !state
        .store
        .cambiar_clave(
            &id,
            &hash,
            conservar,
            &cambio(&autor, &id, Accion::CambiarClave),
        )
        .await?
    {
        return Err(ApiError::NoEncontrado("el usuario"));
    }
    Ok(Envelope::ok("Contraseña actualizada", None))
}

/// Deactivates an account and revokes its sessions at once.
#[utoipa::path(
    delete, path = "/api/v1/admin/users/{id}", tag = "usuarios", operation_id = "desactivar_usuario", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del usuario")),
    responses(
        (status = 200, description = "Usuario desactivado", body = Envelope<UsuarioAdmin>),
        (status = 403, description = "Sin el permiso users.delete", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Es el propio usuario, o dejaría al grupo sin administrador", body = EnvelopeError),
    )
)]
async fn desactivar(
    State(state): State<AppState>,
    Con(autor, ..): Con<requiere::UsersDelete>,
    Path(id): Path<String>,
) -> Result<Envelope<UsuarioAdmin>> {
    if id == autor.id {
        return Err(ApiError::Conflicto(
            ReglaError::AutoDesactivacion.to_string(),
        ));
    }
    let u = leer(&state, &id).await?;
    let e = EdicionUsuario {
        name: u.name.clone(),
        email: u.email.clone(),
        rol_id: u.role.id.clone(),
        tags: u.tags.clone(),
        activo: false,
    };
    state
        .store
        .editar_usuario(
            &id,
            &e,
            &cambio(&autor, &id, Accion::Desactivar)
                .antes(&Activo { active: u.active })
                .despues(&Activo { active: false }),
        )
        .await?;
    Ok(Envelope::ok(
        "Usuario desactivado",
        leer(&state, &id).await?,
    ))
}
