//! Users and roles: staff accounts, the roles that hold permissions, and the permission
//! catalogue of core written into the database on start.

use anfitrion_core::permisos::{Inicio, Permiso, RolBase, ROLES};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use anfitrion_core::organizacion::RolValido;
use anfitrion_core::ReglaError;

use super::alcance::Alcance;
use super::bitacora::{Autor, Cambio};
use super::comun::{clave_de_nombre, nuevo_id};
use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;

/// Active users whose role may manage users and roles (core's `administra`: users.edit and
/// role.edit); the group must never be left without one.
const ADMINISTRADORES_ACTIVOS: &str = "SELECT COUNT(*) FROM usuarios u WHERE u.activo AND \
     (SELECT COUNT(*) FROM rol_permisos rp WHERE rp.rol_id = u.rol_id AND rp.permiso IN ('users.edit', 'role.edit')) = 2";

/// A role by id and name.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct RolRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A staff account as the users screen lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UsuarioAdmin {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    pub role: RolRef,
    /// Its own branch tags (a role with `sucursal.todas` works in every branch besides).
    pub tags: Vec<String>,
    pub active: bool,
}

/// A page of staff accounts.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaginaUsuarios {
    pub items: Vec<UsuarioAdmin>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
}

/// A role with its permissions and how many users hold it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RolAdmin {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub permissions: Vec<PermisoRef>,
    pub usuarios: i64,
    /// Where its users land after signing in; null: by the role's name.
    #[schema(example = "/hostes")]
    pub inicio: Option<String>,
}

/// An account's new data, checked by core, with its role by id.
#[derive(Debug, Clone)]
pub struct EdicionUsuario {
    pub name: String,
    pub email: String,
    pub rol_id: String,
    pub tags: Vec<String>,
    pub activo: bool,
}

#[derive(sqlx::FromRow)]
struct FilaUsuarioAdmin {
    id: String,
    name: String,
    email: String,
    activo: bool,
    rol_id: String,
    rol: String,
}

fn regla(e: ReglaError) -> ErrorAlmacen {
    ErrorAlmacen::Regla(e)
}

/// Ids of the branches a user (`$1`) may work in: those of their tags, or every branch when their
/// role holds `sucursal.todas`.
const SUCURSALES_DEL_USUARIO: &str = "SELECT s2.id FROM sucursales s2 \
     WHERE s2.tag IN (SELECT us.tag FROM usuario_sucursales us WHERE us.usuario_id = $1) \
     OR EXISTS (SELECT 1 FROM usuarios u JOIN rol_permisos rp ON rp.rol_id = u.rol_id \
                WHERE u.id = $1 AND rp.permiso = 'sucursal.todas')";

/// A signed-in staff member with the role and branches that decide what they may do.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Usuario {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    /// Tags of the branches the user may work in.
    pub tags: Vec<String>,
    pub role: Rol,
    #[serde(skip)]
    pub activo: bool,
    /// An integration key, not a person: no account, session or password of its own.
    #[serde(skip)]
    pub integracion: bool,
}

impl Usuario {
    pub fn tiene_permiso(&self, permiso: Permiso) -> bool {
        self.role.permissions.iter().any(|p| p.name == permiso)
    }

    pub fn tiene_sucursal(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }

    /// The account behind the caller, for a record that names who made it; none for a key.
    pub fn cuenta_id(&self) -> Option<String> {
        (!self.integracion).then(|| self.id.clone())
    }

    /// What this user's reads of branch-owned records are limited to.
    pub fn alcance(&self) -> Alcance {
        Alcance::de_tags(&self.tags)
    }
}

/// A user as the author of a change.
impl From<&Usuario> for Autor {
    fn from(u: &Usuario) -> Self {
        Autor {
            usuario_id: Some(u.id.clone()),
            usuario_name: u.name.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Rol {
    pub name: String,
    pub permissions: Vec<PermisoRef>,
    /// Where the user lands after signing in; null: by the role's name.
    #[schema(example = "/hostes")]
    pub inicio: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PermisoRef {
    pub name: Permiso,
}

/// What login needs to check a password; never leaves the server.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Credenciales {
    pub usuario_id: String,
    pub password_hash: String,
    pub activo: bool,
}

#[derive(Debug, Clone)]
pub struct NuevoUsuario {
    pub id: String,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    /// Role by name (Sistemas, Gerente, …).
    pub rol: String,
    pub tags: Vec<String>,
    pub creado: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct FilaUsuario {
    id: String,
    name: String,
    email: String,
    activo: bool,
    rol: String,
    inicio: Option<String>,
}

#[async_trait]
pub trait Usuarios {
    /// Writes core's permission catalogue (names and descriptions), and the base roles when no
    /// role exists yet (an administrator's later edits to roles are never undone).
    async fn asegurar_catalogo(&self) -> DbResult<()>;

    /// Whether the database holds no user and no branch.
    async fn esta_vacia(&self) -> DbResult<bool>;

    /// A user with their role (by name) and branch tags; [`ErrorAlmacen::SinReferencia`] when the
    /// role or a tag does not exist, [`super::Clave::CorreoUsuario`] when the e-mail is taken.
    async fn crear_usuario(&self, usuario: &NuevoUsuario) -> DbResult<()>;

    async fn credenciales(&self, email: &str) -> DbResult<Option<Credenciales>>;

    /// The user with role, permissions and tags. A role holding `sucursal.todas` gets every
    /// branch's tag, decided here at read time so branches created later are included.
    async fn usuario(&self, id: &str) -> DbResult<Option<Usuario>>;

    /// Staff accounts by name or e-mail, a page at a time, with the total.
    async fn usuarios_admin(
        &self,
        q: Option<&str>,
        page: u32,
        limit: u32,
    ) -> DbResult<(Vec<UsuarioAdmin>, i64)>;
    async fn usuario_admin(&self, id: &str) -> DbResult<Option<UsuarioAdmin>>;

    /// A new account with its role by id and its audit entry.
    async fn crear_usuario_admin(
        &self,
        usuario: &NuevoUsuario,
        rol_id: &str,
        cambio: &Cambio,
    ) -> DbResult<()>;

    /// Changes an account; deactivating it revokes its sessions in the same transaction. Refused
    /// ([`ReglaError::UltimoAdministrador`]) when it would leave no active administrator.
    async fn editar_usuario(
        &self,
        id: &str,
        edicion: &EdicionUsuario,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    /// A new password hash for an account.
    /// Sets a user's password and, in the same transaction, ends every live session of theirs
    /// but `conservar` (the caller's own, when users change their own password).
    async fn cambiar_clave(
        &self,
        id: &str,
        password_hash: &str,
        conservar: Option<&str>,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    async fn roles_admin(&self) -> DbResult<Vec<RolAdmin>>;
    async fn crear_rol(&self, id: &str, rol: &RolValido, cambio: &Cambio) -> DbResult<()>;
    /// Renames a role and sets its permissions; effective on its users' next call. Refused when it
    /// would leave no active administrator.
    async fn editar_rol(&self, id: &str, rol: &RolValido, cambio: &Cambio) -> DbResult<bool>;
    /// Deletes a role no user holds ([`ReglaError::RolEnUso`] otherwise).
    async fn eliminar_rol(&self, id: &str, cambio: &Cambio) -> DbResult<bool>;
}

para_cada_motor! {
    impl Motor {
        async fn completar_usuario(&self, f: FilaUsuarioAdmin) -> DbResult<UsuarioAdmin> {
            let tags: Vec<String> = sqlx::query_scalar("SELECT tag FROM usuario_sucursales WHERE usuario_id = $1 ORDER BY tag")
                .bind(&f.id)
                .fetch_all(&self.pool)
                .await?;
            Ok(UsuarioAdmin { id: f.id, name: f.name, email: f.email, role: RolRef { id: f.rol_id, name: f.rol }, tags, active: f.activo })
        }
    }

    #[async_trait]
    impl Usuarios for Motor {
        async fn asegurar_catalogo(&self) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            for p in Permiso::TODOS {
                sqlx::query(
                    "INSERT INTO permisos (name, descripcion) VALUES ($1, $2) \
                     ON CONFLICT (name) DO UPDATE SET descripcion = excluded.descripcion",
                )
                .bind(p.nombre())
                .bind(p.descripcion())
                .execute(&mut *tx)
                .await?;
            }
            let hay: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM roles").fetch_one(&mut *tx).await?;
            if hay == 0 {
                let ahora = self.reloj.ahora();
                for RolBase { nombre, permisos, inicio } in ROLES {
                    sqlx::query("INSERT INTO roles (id, name, created_at, nombre_clave, inicio) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING")
                        .bind(nuevo_id())
                        .bind(*nombre)
                        .bind(ahora)
                        .bind(clave_de_nombre(nombre))
                        .bind(inicio.map(Inicio::ruta))
                        .execute(&mut *tx)
                        .await?;
                    for p in *permisos {
                        sqlx::query(
                            "INSERT INTO rol_permisos (rol_id, permiso) SELECT id, $2 FROM roles WHERE name = $1 \
                             ON CONFLICT (rol_id, permiso) DO NOTHING",
                        )
                        .bind(*nombre)
                        .bind(p.nombre())
                        .execute(&mut *tx)
                        .await?;
                    }
                }
            }
            tx.commit().await?;
            Ok(())
        }

        async fn esta_vacia(&self) -> DbResult<bool> {
            let n: i64 = sqlx::query_scalar("SELECT (SELECT COUNT(*) FROM usuarios) + (SELECT COUNT(*) FROM sucursales)")
                .fetch_one(&self.pool)
                .await?;
            Ok(n == 0)
        }

        async fn crear_usuario(&self, u: &NuevoUsuario) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            let hecho = sqlx::query(
                "INSERT INTO usuarios (id, email, name, password_hash, rol_id, activo, created_at, updated_at) \
                 SELECT $1, $2, $3, $4, r.id, $5, $6, $6 FROM roles r WHERE r.name = $7",
            )
            .bind(&u.id)
            .bind(&u.email)
            .bind(&u.name)
            .bind(&u.password_hash)
            .bind(true)
            .bind(u.creado)
            .bind(&u.rol)
            .execute(&mut *tx)
            .await?;
            if hecho.rows_affected() != 1 {
                return Err(ErrorAlmacen::SinReferencia);
            }
            for tag in &u.tags {
                sqlx::query("INSERT INTO usuario_sucursales (usuario_id, tag) VALUES ($1, $2)")
                    .bind(&u.id)
                    .bind(tag)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(())
        }

        async fn credenciales(&self, email: &str) -> DbResult<Option<Credenciales>> {
            Ok(sqlx::query_as::<_, Credenciales>("SELECT id AS usuario_id, password_hash, activo FROM usuarios WHERE email = $1")
                .bind(email)
                .fetch_optional(&self.pool)
                .await?)
        }

        async fn usuarios_admin(&self, q: Option<&str>, page: u32, limit: u32) -> DbResult<(Vec<UsuarioAdmin>, i64)> {
            let patron = q.map(str::trim).filter(|q| !q.is_empty()).map(|q| crate::db::comun::patron_like(&anfitrion_core::texto::plegar(q)));
            let filtro = format!("($1 IS NULL OR {} LIKE $1 ESCAPE '\\' OR lower(u.email) LIKE $1 ESCAPE '\\')", Motor::plegado("u.name"));
            let filas = sqlx::query_as::<_, FilaUsuarioAdmin>(&format!(
                "SELECT u.id, u.name, u.email, u.activo, r.id AS rol_id, r.name AS rol FROM usuarios u JOIN roles r ON r.id = u.rol_id \
                 WHERE {filtro} ORDER BY u.name, u.id LIMIT $2 OFFSET $3"
            ))
            .bind(&patron)
            .bind(i64::from(limit))
            .bind(i64::from(page.saturating_sub(1)) * i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
            let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM usuarios u WHERE {filtro}")).bind(&patron).fetch_one(&self.pool).await?;
            let mut items = Vec::with_capacity(filas.len());
            for f in filas {
                items.push(self.completar_usuario(f).await?);
            }
            Ok((items, total))
        }

        async fn usuario_admin(&self, id: &str) -> DbResult<Option<UsuarioAdmin>> {
            let fila = sqlx::query_as::<_, FilaUsuarioAdmin>(
                "SELECT u.id, u.name, u.email, u.activo, r.id AS rol_id, r.name AS rol FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.id = $1",
            )
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
            match fila {
                Some(f) => Ok(Some(self.completar_usuario(f).await?)),
                None => Ok(None),
            }
        }

        async fn crear_usuario_admin(&self, u: &NuevoUsuario, rol_id: &str, cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            sqlx::query(
                "INSERT INTO usuarios (id, email, name, password_hash, rol_id, activo, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
            )
            .bind(&u.id)
            .bind(&u.email)
            .bind(&u.name)
            .bind(&u.password_hash)
            .bind(rol_id)
            .bind(true)
            .bind(u.creado)
            .execute(&mut *tx)
            .await?;
            for tag in &u.tags {
                sqlx::query("INSERT INTO usuario_sucursales (usuario_id, tag) VALUES ($1, $2)").bind(&u.id).bind(tag).execute(&mut *tx).await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn editar_usuario(&self, id: &str, e: &EdicionUsuario, cambio: &Cambio) -> DbResult<bool> {
            let ahora = self.reloj.ahora();
            let mut tx = self.escribir().await?;
            let hecho = sqlx::query("UPDATE usuarios SET name = $2, email = $3, rol_id = $4, activo = $5, updated_at = $6 WHERE id = $1")
                .bind(id)
                .bind(&e.name)
                .bind(&e.email)
                .bind(&e.rol_id)
                .bind(e.activo)
                .bind(ahora)
                .execute(&mut *tx)
                .await?;
            if hecho.rows_affected() != 1 {
                return Ok(false);
            }
            sqlx::query("DELETE FROM usuario_sucursales WHERE usuario_id = $1").bind(id).execute(&mut *tx).await?;
            for tag in &e.tags {
                sqlx::query("INSERT INTO usuario_sucursales (usuario_id, tag) VALUES ($1, $2)").bind(id).bind(tag).execute(&mut *tx).await?;
            }
            if !e.activo {
                // A deactivated account's tokens stop working at once.
                sqlx::query("UPDATE sesiones SET revoked_at = $2 WHERE usuario_id = $1 AND revoked_at IS NULL").bind(id).bind(ahora).execute(&mut *tx).await?;
            }
            let admins: i64 = sqlx::query_scalar(ADMINISTRADORES_ACTIVOS).fetch_one(&mut *tx).await?;
            if admins == 0 {
                return Err(regla(ReglaError::UltimoAdministrador));
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
        }

        async fn cambiar_clave(&self, id: &str, hash: &str, conservar: Option<&str>, cambio: &Cambio) -> DbResult<bool> {
            let ahora = self.reloj.ahora();
            let mut tx = self.escribir().await?;
            let hecho = sqlx::query("UPDATE usuarios SET password_hash = $2, updated_at = $3 WHERE id = $1").bind(id).bind(hash).bind(ahora).execute(&mut *tx).await?;
            if hecho.rows_affected() != 1 {
                return Ok(false);
            }
            // Whoever knew the old password is signed out everywhere (ASVS V3.3).
            sqlx::query("UPDATE sesiones SET revoked_at = $2 WHERE usuario_id = $1 AND revoked_at IS NULL AND token_hash <> $3")
                .bind(id)
                .bind(ahora)
                .bind(conservar.unwrap_or(""))
                .execute(&mut *tx)
                .await?;
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
        }

        async fn roles_admin(&self) -> DbResult<Vec<RolAdmin>> {
            let roles: Vec<(String, String, i64, Option<String>)> = sqlx::query_as(
                "SELECT r.id, r.name, (SELECT COUNT(*) FROM usuarios u WHERE u.rol_id = r.id), r.inicio FROM roles r ORDER BY r.name",
            )
            .fetch_all(&self.pool)
            .await?;
            let permisos: Vec<(String, String)> = sqlx::query_as("SELECT rol_id, permiso FROM rol_permisos ORDER BY permiso").fetch_all(&self.pool).await?;
            Ok(roles
                .into_iter()
                .map(|(id, name, usuarios, inicio)| RolAdmin {
                    permissions: permisos.iter().filter(|(r, _)| *r == id).filter_map(|(_, p)| Permiso::parse(p)).map(|name| PermisoRef { name }).collect(),
                    id,
                    name,
                    usuarios,
                    inicio,
                })
                .collect())
        }

        async fn crear_rol(&self, id: &str, rol: &RolValido, cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            sqlx::query("INSERT INTO roles (id, name, created_at, nombre_clave, inicio) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(&rol.name)
                .bind(self.reloj.ahora())
                .bind(clave_de_nombre(&rol.name))
                .bind(rol.inicio.map(Inicio::ruta))
                .execute(&mut *tx)
                .await?;
            for p in &rol.permisos {
                sqlx::query("INSERT INTO rol_permisos (rol_id, permiso) VALUES ($1, $2)").bind(id).bind(p.nombre()).execute(&mut *tx).await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn editar_rol(&self, id: &str, rol: &RolValido, cambio: &Cambio) -> DbResult<bool> {
            let mut tx = self.escribir().await?;
            let hecho = sqlx::query("UPDATE roles SET name = $2, nombre_clave = $3, inicio = $4 WHERE id = $1")
                .bind(id)
                .bind(&rol.name)
                .bind(clave_de_nombre(&rol.name))
                .bind(rol.inicio.map(Inicio::ruta))
                .execute(&mut *tx)
                .await?;
            if hecho.rows_affected() != 1 {
                return Ok(false);
            }
            sqlx::query("DELETE FROM rol_permisos WHERE rol_id = $1").bind(id).execute(&mut *tx).await?;
            for p in &rol.permisos {
                sqlx::query("INSERT INTO rol_permisos (rol_id, permiso) VALUES ($1, $2)").bind(id).bind(p.nombre()).execute(&mut *tx).await?;
            }
            let admins: i64 = sqlx::query_scalar(ADMINISTRADORES_ACTIVOS).fetch_one(&mut *tx).await?;
            if admins == 0 {
                return Err(regla(ReglaError::UltimoAdministrador));
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
        }

        async fn eliminar_rol(&self, id: &str, cambio: &Cambio) -> DbResult<bool> {
            let mut tx = self.escribir().await?;
            let en_uso: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM usuarios WHERE rol_id = $1").bind(id).fetch_one(&mut *tx).await?;
            if en_uso > 0 {
                return Err(regla(ReglaError::RolEnUso { usuarios: u64::try_from(en_uso).unwrap_or(0) }));
            }
            let claves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM claves_integracion WHERE rol_id = $1").bind(id).fetch_one(&mut *tx).await?;
            if claves > 0 {
                return Err(regla(ReglaError::RolDeClaves { claves: u64::try_from(claves).unwrap_or(0) }));
            }
            let hecho = sqlx::query("DELETE FROM roles WHERE id = $1").bind(id).execute(&mut *tx).await?;
            if hecho.rows_affected() != 1 {
                return Ok(false);
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
        }

        async fn usuario(&self, id: &str) -> DbResult<Option<Usuario>> {
            let Some(fila) = sqlx::query_as::<_, FilaUsuario>(
                "SELECT u.id, u.name, u.email, u.activo, r.name AS rol, r.inicio FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.id = $1",
            )
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            else {
                return Ok(None);
            };
            let permisos: Vec<String> = sqlx::query_scalar(
                "SELECT rp.permiso FROM rol_permisos rp JOIN usuarios u ON u.rol_id = rp.rol_id WHERE u.id = $1 ORDER BY rp.permiso",
            )
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
            let tags: Vec<String> =
                sqlx::query_scalar(&format!("SELECT s.tag FROM sucursales s WHERE s.id IN ({SUCURSALES_DEL_USUARIO}) ORDER BY s.tag"))
                    .bind(id)
                    .fetch_all(&self.pool)
                    .await?;
            Ok(Some(Usuario {
                integracion: false,
                id: fila.id,
                name: fila.name,
                email: fila.email,
                tags,
                // A permission the catalogue no longer knows grants nothing.
                // A landing screen the catalogue no longer knows lands by the role's name.
                role: Rol {
                    name: fila.rol,
                    permissions: permisos.iter().filter_map(|n| Permiso::parse(n)).map(|name| PermisoRef { name }).collect(),
                    inicio: fila.inicio.filter(|r| Inicio::de_ruta(r).is_some()),
                },
                activo: fila.activo,
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SUCURSALES_DEL_USUARIO;
    use anfitrion_core::permisos::Permiso;

    #[test]
    fn the_every_branch_query_names_the_catalogues_permission() {
        assert!(SUCURSALES_DEL_USUARIO.contains(&format!("'{}'", Permiso::SucursalTodas.nombre())));
    }
}
