//! Users and roles: staff accounts, the roles that hold permissions, and the permission
//! catalogue of core written into the database on start.

use anfitrion_core::permisos::{Permiso, RolBase, ROLES};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::{nuevo_id, para_cada_motor, Alcance, DbResult, ErrorAlmacen};

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
}

impl Usuario {
    pub fn tiene_permiso(&self, permiso: Permiso) -> bool {
        self.role.permissions.iter().any(|p| p.name == permiso)
    }

    pub fn tiene_sucursal(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }

    /// What this user's reads of branch-owned records are limited to.
    pub fn alcance(&self) -> Alcance {
        Alcance::de_tags(&self.tags)
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Rol {
    pub name: String,
    pub permissions: Vec<PermisoRef>,
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
}

para_cada_motor! {
    #[async_trait]
    impl Usuarios for Motor {
        async fn asegurar_catalogo(&self) -> DbResult<()> {
            let mut tx = self.pool.begin().await?;
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
                let ahora = Utc::now();
                for RolBase { nombre, permisos } in ROLES {
                    sqlx::query("INSERT INTO roles (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
                        .bind(nuevo_id())
                        .bind(*nombre)
                        .bind(ahora)
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
            let mut tx = self.pool.begin().await?;
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

        async fn usuario(&self, id: &str) -> DbResult<Option<Usuario>> {
            let Some(fila) = sqlx::query_as::<_, FilaUsuario>(
                "SELECT u.id, u.name, u.email, u.activo, r.name AS rol FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.id = $1",
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
                id: fila.id,
                name: fila.name,
                email: fila.email,
                tags,
                // A permission the catalogue no longer knows grants nothing.
                role: Rol { name: fila.rol, permissions: permisos.iter().filter_map(|n| Permiso::parse(n)).map(|name| PermisoRef { name }).collect() },
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
