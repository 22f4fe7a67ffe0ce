//! The statements both engines run, written once and expanded into each engine's `Store`
//! implementation, so the SQLite and PostgreSQL paths cannot drift apart. The schemas differ in
//! column types only (TEXT vs TIMESTAMPTZ/DATE/JSONB); sqlx encodes the same Rust types to both.

/// Columns of a branch joined with its brand.
pub(super) const SUCURSAL_SELECT: &str = "SELECT s.id, s.tag, s.name, s.zona, s.direccion, s.telefono, s.activa, \
     m.id AS marca_id, m.name AS marca_name \
     FROM sucursales s JOIN marcas m ON m.id = s.marca_id";

/// Ids of the branches a user (`$1`) may work in: those of their tags, or every branch when their
/// role holds `sucursal.todas` ([`TODAS_LAS_SUCURSALES`](crate::access::catalogo::TODAS_LAS_SUCURSALES)).
pub(super) const SUCURSALES_DEL_USUARIO: &str = "SELECT s2.id FROM sucursales s2 \
     WHERE s2.tag IN (SELECT us.tag FROM usuario_sucursales us WHERE us.usuario_id = $1) \
     OR EXISTS (SELECT 1 FROM usuarios u JOIN rol_permisos rp ON rp.rol_id = u.rol_id \
                WHERE u.id = $1 AND rp.permiso = 'sucursal.todas')";

#[derive(sqlx::FromRow)]
pub(super) struct FilaSucursal {
    pub id: String,
    pub tag: String,
    pub name: String,
    pub zona: String,
    pub direccion: Option<String>,
    pub telefono: Option<String>,
    pub activa: bool,
    pub marca_id: String,
    pub marca_name: String,
}

#[derive(sqlx::FromRow)]
pub(super) struct FilaUsuario {
    pub id: String,
    pub name: String,
    pub email: String,
    pub activo: bool,
    pub rol: String,
}

use super::modelo::{DiaEspecial, DiaHorario, MarcaRef, Mesa, Sucursal, SucursalResumen};

impl FilaSucursal {
    pub(super) fn resumen(self) -> SucursalResumen {
        SucursalResumen { id: self.id, tag: self.tag, name: self.name, marca: MarcaRef { id: self.marca_id, name: self.marca_name } }
    }

    /// Attaches each branch's schedule, tables and days, taken from rows of several branches.
    pub(super) fn completar(filas: Vec<Self>, horario: Vec<DiaHorario>, mesas: Vec<Mesa>, days: Vec<DiaEspecial>) -> Vec<Sucursal> {
        filas
            .into_iter()
            .map(|f| Sucursal {
                horario: horario.iter().filter(|h| h.sucursal_id == f.id).cloned().collect(),
                mesas: mesas.iter().filter(|m| m.sucursal_id == f.id).cloned().collect(),
                days: days.iter().filter(|d| d.sucursal_id == f.id).cloned().collect(),
                id: f.id,
                tag: f.tag,
                name: f.name,
                marca: MarcaRef { id: f.marca_id, name: f.marca_name },
                zona: f.zona,
                direccion: f.direccion,
                telefono: f.telefono,
                activa: f.activa,
            })
            .collect()
    }
}

macro_rules! implementar_store {
    ($tipo:ident, $db:ty) => {
        use async_trait::async_trait;
        use chrono::{DateTime, Utc};

        use super::comun::{FilaSucursal, FilaUsuario, SUCURSALES_DEL_USUARIO, SUCURSAL_SELECT};
        use super::modelo::*;
        use super::{nuevo_id, DbResult, Store};

        type Conexion = <$db as sqlx::Database>::Connection;

        impl $tipo {
            async fn insertar_usuario(con: &mut Conexion, u: &NuevoUsuario) -> DbResult<()> {
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
                .execute(&mut *con)
                .await?;
                if hecho.rows_affected() != 1 {
                    return Err(sqlx::Error::RowNotFound);
                }
                for tag in &u.tags {
                    sqlx::query("INSERT INTO usuario_sucursales (usuario_id, tag) VALUES ($1, $2)")
                        .bind(&u.id)
                        .bind(tag)
                        .execute(&mut *con)
                        .await?;
                }
                Ok(())
            }

            async fn insertar_sucursal(con: &mut Conexion, s: &NuevaSucursal, ahora: DateTime<Utc>) -> DbResult<()> {
                sqlx::query(
                    "INSERT INTO sucursales (id, tag, name, marca_id, zona, direccion, telefono, activa, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(&s.id)
                .bind(&s.tag)
                .bind(&s.name)
                .bind(&s.marca_id)
                .bind(&s.zona)
                .bind(&s.direccion)
                .bind(&s.telefono)
                .bind(true)
                .bind(ahora)
                .execute(&mut *con)
                .await?;
                for h in &s.horario {
                    sqlx::query("INSERT INTO sucursal_horario (sucursal_id, dia, abre, cierra, cerrado) VALUES ($1, $2, $3, $4, $5)")
                        .bind(&s.id)
                        .bind(h.dia)
                        .bind(&h.abre)
                        .bind(&h.cierra)
                        .bind(h.cerrado)
                        .execute(&mut *con)
                        .await?;
                }
                for m in &s.mesas {
                    sqlx::query("INSERT INTO mesas (id, sucursal_id, numero, asientos) VALUES ($1, $2, $3, $4)")
                        .bind(&m.id)
                        .bind(&s.id)
                        .bind(m.numero)
                        .bind(m.asientos)
                        .execute(&mut *con)
                        .await?;
                }
                for d in &s.days {
                    sqlx::query(
                        "INSERT INTO sucursal_dias (id, sucursal_id, fecha, tipo, abre, cierra, motivo) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    )
                    .bind(&d.id)
                    .bind(&s.id)
                    .bind(d.fecha)
                    .bind(&d.tipo)
                    .bind(&d.abre)
                    .bind(&d.cierra)
                    .bind(&d.motivo)
                    .execute(&mut *con)
                    .await?;
                }
                let c = &s.conf;
                sqlx::query(
                    "INSERT INTO conf_walkin (sucursal_id, inicio_regular, inicio_promo, corte_tarde, gracia_min, prefijo_folio, \
                     pie_ticket, correo_requerido, telefono_requerido, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                )
                .bind(&s.id)
                .bind(&c.inicio_regular)
                .bind(&c.inicio_promo)
                .bind(&c.corte_tarde)
                .bind(c.gracia_min)
                .bind(&c.prefijo_folio)
                .bind(&c.pie_ticket)
                .bind(c.correo_requerido)
                .bind(c.telefono_requerido)
                .bind(ahora)
                .execute(&mut *con)
                .await?;
                sqlx::query("INSERT INTO folios (sucursal_id, ultimo) VALUES ($1, 0)").bind(&s.id).execute(&mut *con).await?;
                Ok(())
            }

            async fn insertar_reservacion(con: &mut Conexion, r: &NuevaReservacion) -> DbResult<()> {
                sqlx::query(
                    "INSERT INTO reservaciones (id, sucursal_id, cliente_id, afiliado_id, name, email, phone, fecha_hora, \
                     no_personas, evento, comentarios, status, origin, email_verified, phone_verified, buffet_adulto, \
                     buffet_boy, buffet_promo_adulto, buffet_promo_girl, buffet_promo_boy, folio, comanda, abre, \
                     created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
                     $21, $22, $23, $24, $24)",
                )
                .bind(&r.id)
                .bind(&r.sucursal_id)
                .bind(&r.cliente_id)
                .bind(&r.afiliado_id)
                .bind(&r.name)
                .bind(&r.email)
                .bind(&r.phone)
                .bind(r.fecha_hora)
                .bind(r.no_personas)
                .bind(&r.evento)
                .bind(&r.comentarios)
                .bind(&r.status)
                .bind(&r.origin)
                .bind(r.email_verified)
                .bind(r.phone_verified)
                .bind(r.buffets.adulto)
                .bind(r.buffets.boy)
                .bind(r.buffets.promo_adulto)
                .bind(r.buffets.promo_girl)
                .bind(r.buffets.promo_boy)
                .bind(r.folio)
                .bind(&r.comanda)
                .bind(&r.abre)
                .bind(r.creada)
                .execute(&mut *con)
                .await?;
                Ok(())
            }

            async fn insertar_walkin(con: &mut Conexion, w: &NuevoWalkin) -> DbResult<()> {
                sqlx::query(
                    "INSERT INTO walkins (id, sucursal_id, cliente_id, name, email, phone, fecha_hora, no_personas, evento, \
                     buffet_adulto, buffet_boy, buffet_promo_adulto, buffet_promo_girl, buffet_promo_boy, folio, comanda, \
                     abre, created_by, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
                )
                .bind(&w.id)
                .bind(&w.sucursal_id)
                .bind(&w.cliente_id)
                .bind(&w.name)
                .bind(&w.email)
                .bind(&w.phone)
                .bind(w.fecha_hora)
                .bind(w.no_personas)
                .bind(&w.evento)
                .bind(w.buffets.adulto)
                .bind(w.buffets.boy)
                .bind(w.buffets.promo_adulto)
                .bind(w.buffets.promo_girl)
                .bind(w.buffets.promo_boy)
                .bind(w.folio)
                .bind(&w.comanda)
                .bind(&w.abre)
                .bind(&w.created_by)
                .bind(w.creado)
                .execute(&mut *con)
                .await?;
                Ok(())
            }

            /// Schedules, tables and days of the branches `filtro` selects (`$1` is its parameter).
            async fn detalles(&self, filtro: &str, param: &str) -> DbResult<(Vec<DiaHorario>, Vec<Mesa>, Vec<DiaEspecial>)> {
                let horario = sqlx::query_as::<_, DiaHorario>(&format!(
                    "SELECT sucursal_id, dia, abre, cierra, cerrado FROM sucursal_horario WHERE sucursal_id {filtro} ORDER BY dia"
                ))
                .bind(param)
                .fetch_all(&self.pool)
                .await?;
                let mesas = sqlx::query_as::<_, Mesa>(&format!(
                    "SELECT id, sucursal_id, numero, asientos FROM mesas WHERE sucursal_id {filtro} ORDER BY numero"
                ))
                .bind(param)
                .fetch_all(&self.pool)
                .await?;
                let days = sqlx::query_as::<_, DiaEspecial>(&format!(
                    "SELECT id, sucursal_id, fecha, tipo, abre, cierra, motivo FROM sucursal_dias WHERE sucursal_id {filtro} ORDER BY fecha"
                ))
                .bind(param)
                .fetch_all(&self.pool)
                .await?;
                Ok((horario, mesas, days))
            }
        }

        #[async_trait]
        impl Store for $tipo {
            async fn asegurar_catalogo(&self, permisos: &[PermisoBase], roles: &[RolBase]) -> DbResult<()> {
                let mut tx = self.pool.begin().await?;
                for p in permisos {
                    sqlx::query(
                        "INSERT INTO permisos (name, descripcion) VALUES ($1, $2) \
                         ON CONFLICT (name) DO UPDATE SET descripcion = excluded.descripcion",
                    )
                    .bind(p.name)
                    .bind(p.descripcion)
                    .execute(&mut *tx)
                    .await?;
                }
                let hay: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM roles").fetch_one(&mut *tx).await?;
                if hay == 0 {
                    let ahora = Utc::now();
                    for r in roles {
                        sqlx::query("INSERT INTO roles (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
                            .bind(nuevo_id())
                            .bind(r.name)
                            .bind(ahora)
                            .execute(&mut *tx)
                            .await?;
                        for p in r.permisos {
                            sqlx::query(
                                "INSERT INTO rol_permisos (rol_id, permiso) SELECT id, $2 FROM roles WHERE name = $1 \
                                 ON CONFLICT (rol_id, permiso) DO NOTHING",
                            )
                            .bind(r.name)
                            .bind(*p)
                            .execute(&mut *tx)
                            .await?;
                        }
                    }
                }
                tx.commit().await
            }

            async fn esta_vacia(&self) -> DbResult<bool> {
                let n: i64 = sqlx::query_scalar("SELECT (SELECT COUNT(*) FROM usuarios) + (SELECT COUNT(*) FROM sucursales)")
                    .fetch_one(&self.pool)
                    .await?;
                Ok(n == 0)
            }

            async fn sembrar(&self, s: &Semilla) -> DbResult<bool> {
                let mut tx = self.pool.begin().await?;
                let n: i64 = sqlx::query_scalar("SELECT (SELECT COUNT(*) FROM usuarios) + (SELECT COUNT(*) FROM sucursales)")
                    .fetch_one(&mut *tx)
                    .await?;
                if n != 0 {
                    return Ok(false);
                }
                let ahora = Utc::now();
                for m in &s.marcas {
                    sqlx::query("INSERT INTO marcas (id, name, created_at) VALUES ($1, $2, $3)")
                        .bind(&m.id)
                        .bind(&m.name)
                        .bind(ahora)
                        .execute(&mut *tx)
                        .await?;
                }
                for suc in &s.sucursales {
                    Self::insertar_sucursal(&mut tx, suc, ahora).await?;
                }
                for u in &s.usuarios {
                    Self::insertar_usuario(&mut tx, u).await?;
                }
                for m in &s.meseros {
                    sqlx::query("INSERT INTO meseros (id, sucursal_id, name, activo, created_at) VALUES ($1, $2, $3, $4, $5)")
                        .bind(&m.id)
                        .bind(&m.sucursal_id)
                        .bind(&m.name)
                        .bind(true)
                        .bind(ahora)
                        .execute(&mut *tx)
                        .await?;
                }
                for p in &s.promos {
                    sqlx::query(
                        "INSERT INTO promociones (id, sucursal_id, name, descripcion, activa, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(&p.id)
                    .bind(&p.sucursal_id)
                    .bind(&p.name)
                    .bind(&p.descripcion)
                    .bind(p.activa)
                    .bind(ahora)
                    .execute(&mut *tx)
                    .await?;
                }
                for a in &s.afiliados {
                    sqlx::query(
                        "INSERT INTO afiliados (id, code, name, tipo, contacto, activo, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    )
                    .bind(&a.id)
                    .bind(&a.code)
                    .bind(&a.name)
                    .bind(&a.tipo)
                    .bind(&a.contacto)
                    .bind(true)
                    .bind(ahora)
                    .execute(&mut *tx)
                    .await?;
                }
                for c in &s.clientes {
                    sqlx::query("INSERT INTO clientes (id, name, email, phone, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)")
                        .bind(&c.id)
                        .bind(&c.name)
                        .bind(&c.email)
                        .bind(&c.phone)
                        .bind(ahora)
                        .execute(&mut *tx)
                        .await?;
                }
                for r in &s.reservaciones {
                    Self::insertar_reservacion(&mut tx, r).await?;
                }
                for w in &s.walkins {
                    Self::insertar_walkin(&mut tx, w).await?;
                }
                for n in &s.notificaciones {
                    sqlx::query(
                        "INSERT INTO notificaciones (id, sucursal_id, reservacion_id, title, description, origin, is_read, created_at) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    )
                    .bind(&n.id)
                    .bind(&n.sucursal_id)
                    .bind(&n.reservacion_id)
                    .bind(&n.title)
                    .bind(&n.description)
                    .bind(&n.origin)
                    .bind(n.is_read)
                    .bind(n.creada)
                    .execute(&mut *tx)
                    .await?;
                }
                // The folio sequence continues after the highest folio the load used.
                sqlx::query(
                    "UPDATE folios SET ultimo = COALESCE((SELECT MAX(f) FROM ( \
                       SELECT folio AS f FROM reservaciones WHERE sucursal_id = folios.sucursal_id AND folio IS NOT NULL \
                       UNION ALL SELECT folio AS f FROM walkins WHERE sucursal_id = folios.sucursal_id) AS usados), 0)",
                )
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(true)
            }

            async fn crear_usuario(&self, u: &NuevoUsuario) -> DbResult<()> {
                let mut tx = self.pool.begin().await?;
                Self::insertar_usuario(&mut tx, u).await?;
                tx.commit().await
            }

            async fn credenciales(&self, email: &str) -> DbResult<Option<Credenciales>> {
                sqlx::query_as::<_, Credenciales>("SELECT id AS usuario_id, password_hash, activo FROM usuarios WHERE email = $1")
                    .bind(email)
                    .fetch_optional(&self.pool)
                    .await
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
                    role: Rol { name: fila.rol, permissions: permisos.into_iter().map(|name| PermisoRef { name }).collect() },
                    activo: fila.activo,
                }))
            }

            async fn crear_sesion(&self, s: &NuevaSesion) -> DbResult<()> {
                sqlx::query(
                    "INSERT INTO sesiones (id, token_hash, usuario_id, created_at, expires_at, ip) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(&s.id)
                .bind(&s.token_hash)
                .bind(&s.usuario_id)
                .bind(s.creada)
                .bind(s.expira)
                .bind(&s.ip)
                .execute(&self.pool)
                .await?;
                Ok(())
            }

            async fn sesion(&self, token_hash: &str) -> DbResult<Option<Sesion>> {
                sqlx::query_as::<_, Sesion>("SELECT usuario_id, expires_at, revoked_at FROM sesiones WHERE token_hash = $1")
                    .bind(token_hash)
                    .fetch_optional(&self.pool)
                    .await
            }

            async fn revocar_sesion(&self, token_hash: &str, at: DateTime<Utc>) -> DbResult<bool> {
                let hecho = sqlx::query("UPDATE sesiones SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL")
                    .bind(token_hash)
                    .bind(at)
                    .execute(&self.pool)
                    .await?;
                Ok(hecho.rows_affected() == 1)
            }

            async fn registrar_intento(&self, i: &IntentoLogin) -> DbResult<()> {
                sqlx::query("INSERT INTO intentos_login (id, email, ip, exitoso, at) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&i.id)
                    .bind(&i.email)
                    .bind(&i.ip)
                    .bind(i.exitoso)
                    .bind(i.at)
                    .execute(&self.pool)
                    .await?;
                Ok(())
            }

            async fn marcar_exito(&self, intento_id: &str) -> DbResult<()> {
                sqlx::query("UPDATE intentos_login SET exitoso = TRUE WHERE id = $1").bind(intento_id).execute(&self.pool).await?;
                Ok(())
            }

            async fn fallos_recientes(&self, email: &str, ip: &str, desde: DateTime<Utc>) -> DbResult<Fallos> {
                // The e-mail's failures count from its last success, if that falls within the window.
                sqlx::query_as::<_, Fallos>(
                    "WITH desde_cuenta AS ( \
                       SELECT COALESCE(MAX(at), $3) AS at FROM intentos_login WHERE email = $1 AND exitoso AND at > $3) \
                     SELECT \
                       (SELECT COUNT(*) FROM intentos_login i, desde_cuenta d \
                          WHERE i.email = $1 AND i.ip = $2 AND NOT i.exitoso AND i.at > d.at) AS par, \
                       (SELECT COUNT(*) FROM intentos_login i, desde_cuenta d \
                          WHERE i.email = $1 AND NOT i.exitoso AND i.at > d.at) AS cuenta, \
                       (SELECT COUNT(*) FROM intentos_login WHERE ip = $2 AND NOT exitoso AND at > $3) AS direccion",
                )
                .bind(email)
                .bind(ip)
                .bind(desde)
                .fetch_one(&self.pool)
                .await
            }

            async fn purgar(&self, sesiones_antes: DateTime<Utc>, intentos_antes: DateTime<Utc>) -> DbResult<Purga> {
                let sesiones = sqlx::query("DELETE FROM sesiones WHERE expires_at < $1 OR revoked_at < $1")
                    .bind(sesiones_antes)
                    .execute(&self.pool)
                    .await?
                    .rows_affected();
                let intentos =
                    sqlx::query("DELETE FROM intentos_login WHERE at < $1").bind(intentos_antes).execute(&self.pool).await?.rows_affected();
                Ok(Purga { sesiones, intentos })
            }

            async fn sucursales_de(&self, usuario_id: &str) -> DbResult<Vec<Sucursal>> {
                let filas = sqlx::query_as::<_, FilaSucursal>(&format!("{SUCURSAL_SELECT} WHERE s.id IN ({SUCURSALES_DEL_USUARIO}) ORDER BY s.name"))
                    .bind(usuario_id)
                    .fetch_all(&self.pool)
                    .await?;
                let (horario, mesas, days) = self.detalles(&format!("IN ({SUCURSALES_DEL_USUARIO})"), usuario_id).await?;
                Ok(FilaSucursal::completar(filas, horario, mesas, days))
            }

            async fn resumen_sucursales_de(&self, usuario_id: &str) -> DbResult<Vec<SucursalResumen>> {
                let filas = sqlx::query_as::<_, FilaSucursal>(&format!("{SUCURSAL_SELECT} WHERE s.id IN ({SUCURSALES_DEL_USUARIO}) ORDER BY s.name"))
                    .bind(usuario_id)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(filas.into_iter().map(FilaSucursal::resumen).collect())
            }

            async fn sucursal(&self, id: &str) -> DbResult<Option<Sucursal>> {
                let Some(fila) = sqlx::query_as::<_, FilaSucursal>(&format!("{SUCURSAL_SELECT} WHERE s.id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?
                else {
                    return Ok(None);
                };
                let (horario, mesas, days) = self.detalles("= $1", id).await?;
                Ok(FilaSucursal::completar(vec![fila], horario, mesas, days).pop())
            }
        }
    };
}

pub(super) use implementar_store;

#[cfg(test)]
mod tests {
    use super::SUCURSALES_DEL_USUARIO;
    use crate::access::catalogo::TODAS_LAS_SUCURSALES;

    #[test]
    fn the_every_branch_query_names_the_catalogues_permission() {
        assert!(SUCURSALES_DEL_USUARIO.contains(&format!("'{TODAS_LAS_SUCURSALES}'")));
    }
}
