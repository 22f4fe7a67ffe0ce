//! Brands and their branches: schedule (horario), tables (mesas), special days, walk-in
//! settings and the folio counter each branch starts with.

use std::collections::HashMap;

use anfitrion_core::organizacion::{ConfSucursal, DatosDia, DatosMesa, DiaEspecialValido};
use anfitrion_core::sucursal::{SucursalNueva, Tag};
use anfitrion_core::tiempo::ConfigHorario;
use anfitrion_core::tiempo::{formato_hora, parse_hora, ReglasHorario};
use anfitrion_core::walkin::ConfWalkin;
use async_trait::async_trait;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::alcance::{Alcance, EnAlcance};
use super::bitacora::Cambio;
use super::comun::clave_de_nombre;
use super::error::DbResult;
use super::motores::para_cada_motor;

/// Brand reference as branches carry it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MarcaRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A branch with its schedule, tables and special days: what /marcas/{id} edits and the booking
/// availability reads.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Sucursal {
    #[serde(rename = "_id")]
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca: MarcaRef,
    /// IANA time zone of the branch.
    #[schema(example = "America/Mexico_City")]
    pub zona: String,
    pub direccion: Option<String>,
    pub telefono: Option<String>,
    pub activa: bool,
    pub horario: Vec<DiaHorario>,
    pub mesas: Vec<Mesa>,
    pub days: Vec<DiaEspecial>,
}

/// A branch as the selector lists it, with the time settings the order forms need (core reads
/// them in the browser to suggest the buffet mode).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SucursalResumen {
    #[serde(rename = "_id")]
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca: MarcaRef,
    pub horario: ConfigHorario,
    /// The closing line of the branch's tickets (its walk-in settings); empty for the default.
    pub pie_ticket: String,
}

/// Opening hours of one weekday (1 = Monday … 7 = Sunday).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct DiaHorario {
    #[serde(skip)]
    pub sucursal_id: String,
    pub dia: i32,
    #[schema(example = "14:00")]
    pub abre: String,
    #[schema(example = "22:00")]
    pub cierra: String,
    pub cerrado: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct Mesa {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(skip)]
    pub sucursal_id: String,
    pub numero: i32,
    pub asientos: i32,
    /// May be joined with the next table by number that may be joined too.
    pub combinable: bool,
}

/// A closure (`cerrado`) or special opening hours (`especial`) on one date.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct DiaEspecial {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(skip)]
    pub sucursal_id: String,
    pub fecha: NaiveDate,
    pub tipo: String,
    pub abre: Option<String>,
    pub cierra: Option<String>,
    pub motivo: String,
}

#[derive(Debug, Clone)]
pub struct NuevaMarca {
    pub id: String,
    pub name: String,
}

/// A branch to create: core's checked data, its first schedule, tables and days, and its walk-in
/// settings (core's defaults unless the caller has others).
#[derive(Debug, Clone)]
pub struct NuevaSucursal {
    pub id: String,
    pub datos: SucursalNueva,
    pub horario: Vec<DiaHorario>,
    pub mesas: Vec<Mesa>,
    pub days: Vec<DiaEspecial>,
    pub conf: ConfWalkin,
}

#[derive(sqlx::FromRow)]
struct FilaSucursal {
    id: String,
    tag: String,
    name: String,
    zona: String,
    direccion: Option<String>,
    telefono: Option<String>,
    activa: bool,
    marca_id: String,
    marca_name: String,
    inicio_regular: Option<String>,
    inicio_promo: Option<String>,
    corte_tarde: Option<String>,
    pie_ticket: Option<String>,
    /// Whether the branch is among the caller's.
    en_alcance: bool,
}

#[derive(sqlx::FromRow)]
struct FilaConf {
    inicio_regular: String,
    inicio_promo: String,
    corte_tarde: String,
    gracia_min: i32,
    llegada_antes_min: Option<i32>,
    prefijo_folio: String,
    pie_ticket: String,
    correo_requerido: bool,
    telefono_requerido: bool,
    zona: String,
    paso_min: Option<i32>,
    estancia_min: Option<i32>,
    anticipacion_min: Option<i32>,
    horizonte_dias: Option<i32>,
    cubiertos_por_turno: Option<i32>,
}

impl FilaConf {
    /// All the branch's settings; an unset booking value is core's default.
    fn conf_sucursal(self) -> ConfSucursal {
        let d = ConfSucursal::default();
        let v = |x: Option<i32>, def: u32| x.and_then(|n| u32::try_from(n).ok()).unwrap_or(def);
        ConfSucursal {
            paso_min: v(self.paso_min, d.paso_min),
            estancia_min: v(self.estancia_min, d.estancia_min),
            anticipacion_min: v(self.anticipacion_min, d.anticipacion_min),
            horizonte_dias: v(self.horizonte_dias, d.horizonte_dias),
            cubiertos_por_turno: v(self.cubiertos_por_turno, d.cubiertos_por_turno),
            walkin: self.conf(),
        }
    }

    /// Stored settings as core reads them; a value that no longer parses falls back to core's default.
    fn conf(self) -> ConfWalkin {
        let d = ConfWalkin::default();
        let hora = |s: &str, def| parse_hora(s).unwrap_or(def);
        ConfWalkin {
            horario: ReglasHorario {
                zona: self.zona.parse().unwrap_or(d.horario.zona),
                inicio_regular: hora(&self.inicio_regular, d.horario.inicio_regular),
                inicio_promo: hora(&self.inicio_promo, d.horario.inicio_promo),
                corte_tarde: hora(&self.corte_tarde, d.horario.corte_tarde),
            },
            gracia_min: u32::try_from(self.gracia_min).unwrap_or(d.gracia_min),
            llegada_antes_min: self
                .llegada_antes_min
                .and_then(|n| u32::try_from(n).ok())
                .unwrap_or(d.llegada_antes_min),
            prefijo_folio: self.prefijo_folio,
            pie_ticket: self.pie_ticket,
            correo_requerido: self.correo_requerido,
            telefono_requerido: self.telefono_requerido,
        }
    }
}

/// The columns of a branch's settings (`s` the branch, `c` its `conf_walkin` row), selected.
macro_rules! select_columnas_conf {
    () => {
        "SELECT c.inicio_regular, c.inicio_promo, c.corte_tarde, c.gracia_min, c.llegada_antes_min, c.prefijo_folio, c.pie_ticket, \
     c.correo_requerido, c.telefono_requerido, s.zona, c.paso_min, c.estancia_min, c.anticipacion_min, c.horizonte_dias, \
     c.cubiertos_por_turno"
    };
}

/// What [`FilaConf`] reads, and more columns after it.
const COLUMNAS_CONF: &str = select_columnas_conf!();

/// A branch's settings; the condition on `s` follows.
const SELECT_CONF: &str = concat!(
    select_columnas_conf!(),
    " FROM sucursales s JOIN conf_walkin c ON c.sucursal_id = s.id"
);

/// A branch as its creation entry holds it.
#[derive(Serialize)]
struct RegistroSucursal<'a> {
    tag: &'a str,
    name: &'a str,
    marca: &'a str,
    zona: &'a str,
    direccion: Option<&'a str>,
    telefono: Option<&'a str>,
    prefijo_folio: &'a str,
}

/// A brand with its branches.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Marca {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub sucursales: Vec<SucursalResumen>,
}

/// A branch's own data as its form edits it, checked by core.
#[derive(Debug, Clone)]
pub struct EdicionSucursal {
    pub datos: SucursalNueva,
    pub activa: bool,
}

/// Columns of a branch joined with its brand, and whether it is in the scope bound as `$1`.
fn select_sucursal<D: crate::db::comun::Dialecto>() -> String {
    format!(
        "SELECT s.id, s.tag, s.name, s.zona, s.direccion, s.telefono, s.activa, m.id AS marca_id, m.name AS marca_name, \
         c.inicio_regular, c.inicio_promo, c.corte_tarde, c.pie_ticket, ({}) AS en_alcance \
         FROM sucursales s JOIN marcas m ON m.id = s.marca_id LEFT JOIN conf_walkin c ON c.sucursal_id = s.id",
        D::en_lista_json("s.tag", 1)
    )
}

impl FilaSucursal {
    fn horario(&self) -> ConfigHorario {
        ConfigHorario {
            zona: Some(self.zona.clone()),
            inicio_regular: self.inicio_regular.clone(),
            inicio_promo: self.inicio_promo.clone(),
            corte_tarde: self.corte_tarde.clone(),
        }
    }

    fn clone_resumen(&self) -> SucursalResumen {
        SucursalResumen {
            id: self.id.clone(),
            tag: self.tag.clone(),
            name: self.name.clone(),
            marca: MarcaRef {
                id: self.marca_id.clone(),
                name: self.marca_name.clone(),
            },
            horario: self.horario(),
            pie_ticket: self.pie_ticket.clone().unwrap_or_default(),
        }
    }

    fn resumen(self) -> SucursalResumen {
        self.clone_resumen()
    }

    fn completa(
        self,
        horario: Vec<DiaHorario>,
        mesas: Vec<Mesa>,
        days: Vec<DiaEspecial>,
    ) -> Sucursal {
        Sucursal {
            id: self.id,
            tag: self.tag,
            name: self.name,
            marca: MarcaRef {
                id: self.marca_id,
                name: self.marca_name,
            },
            zona: self.zona,
            direccion: self.direccion,
            telefono: self.telefono,
            activa: self.activa,
            horario,
            mesas,
            days,
        }
    }
}

#[async_trait]
pub trait Sucursales {
    /// Every branch's id and walk-in settings (the no-show job's input).
    async fn confs_de_sucursales(&self) -> DbResult<Vec<(String, ConfWalkin)>>;

    /// [`super::Clave::NombreMarca`] when the name is taken.
    async fn crear_marca(&self, marca: &NuevaMarca) -> DbResult<()>;

    /// The branch with everything it starts with, and its audit entry, in one transaction.
    /// [`super::Clave::TagSucursal`] when the tag is taken, [`super::error::ErrorAlmacen::SinReferencia`]
    /// when the brand does not exist.
    async fn crear_sucursal(&self, sucursal: &NuevaSucursal, cambio: &Cambio) -> DbResult<()>;

    /// The branches in `alcance`, in full; `tag` narrows to one.
    async fn sucursales_en(&self, alcance: &Alcance, tag: Option<&Tag>) -> DbResult<Vec<Sucursal>>;

    /// The branches in `alcance`, for the selector.
    async fn resumen_sucursales_en(&self, alcance: &Alcance) -> DbResult<Vec<SucursalResumen>>;

    /// One branch in full, if it is in `alcance`.
    async fn sucursal_en(&self, alcance: &Alcance, id: &str) -> DbResult<EnAlcance<Sucursal>>;

    /// The id of the branch with this tag, if it is in `alcance`.
    async fn sucursal_id_en(&self, alcance: &Alcance, tag: &Tag) -> DbResult<EnAlcance<String>>;

    /// Every brand with its branches (brands are the organisation's, not a branch's).
    async fn marcas(&self) -> DbResult<Vec<Marca>>;
    async fn marca(&self, id: &str) -> DbResult<Option<Marca>>;
    async fn editar_marca(&self, id: &str, name: &str, cambio: &Cambio) -> DbResult<bool>;

    /// A branch's own data (tag, name, zone, contact, active), with its audit entry.
    async fn editar_sucursal(
        &self,
        id: &str,
        edicion: &EdicionSucursal,
        cambio: &Cambio,
    ) -> DbResult<bool>;
    /// Replaces a branch's weekly schedule.
    async fn reemplazar_horario(
        &self,
        id: &str,
        dias: &[DatosDia],
        cambio: &Cambio,
    ) -> DbResult<()>;
    /// Replaces a branch's tables.
    async fn reemplazar_mesas(
        &self,
        id: &str,
        mesas: &[DatosMesa],
        cambio: &Cambio,
    ) -> DbResult<()>;
    /// Replaces a branch's closures and special days.
    async fn reemplazar_dias(
        &self,
        id: &str,
        dias: &[DiaEspecialValido],
        cambio: &Cambio,
    ) -> DbResult<()>;

    /// The branch's settings (walk-in and booking) by tag, with its id, if it is in `alcance`.
    async fn conf_sucursal_en(
        &self,
        alcance: &Alcance,
        tag: &Tag,
    ) -> DbResult<EnAlcance<(String, ConfSucursal)>>;
    async fn guardar_conf(
        &self,
        sucursal_id: &str,
        conf: &ConfSucursal,
        cambio: &Cambio,
    ) -> DbResult<()>;

    /// The walk-in settings of the branch with this tag, if it is in `alcance`.
    async fn conf_walkin_en(&self, alcance: &Alcance, tag: &Tag)
        -> DbResult<EnAlcance<ConfWalkin>>;
}

para_cada_motor! {
    impl Motor {
        /// The branch's next folio, taken inside the caller's transaction: the counter row stays
        /// locked until it commits, so concurrent saves get distinct folios and a rollback
        /// gives its folio back (no gaps).
        pub(in crate::db) async fn siguiente_folio(con: &mut Conexion, sucursal_id: &str) -> DbResult<Option<u64>> {
            let folio: Option<i64> =
                sqlx::query_scalar("UPDATE folios SET ultimo = ultimo + 1 WHERE sucursal_id = $1 RETURNING ultimo")
                    .bind(sucursal_id)
                    .fetch_optional(&mut *con)
                    .await?;
            Ok(folio.and_then(|f| u64::try_from(f).ok()))
        }

        /// A folio as its ticket prints it, with the branch's prefix, read inside the caller's
        /// transaction (what an audit entry records of a new comanda).
        pub(in crate::db) async fn folio_impreso(con: &mut Conexion, sucursal_id: &str, folio: u64) -> DbResult<String> {
            let prefijo: Option<String> = sqlx::query_scalar("SELECT prefijo_folio FROM conf_walkin WHERE sucursal_id = $1")
                .bind(sucursal_id)
                .fetch_optional(&mut *con)
                .await?;
            Ok(anfitrion_core::walkin::formato_folio(prefijo.as_deref().unwrap_or(""), folio))
        }

        /// Schedules, tables and days of the branches whose ids are the JSON array `ids`.
        pub(in crate::db) async fn detalles(&self, ids: &[String]) -> DbResult<(Vec<DiaHorario>, Vec<Mesa>, Vec<DiaEspecial>)> {
            let ids = serde_json::to_string(ids).expect("ids en JSON");
            let filtro = Motor::en_lista_json("sucursal_id", 1);
            let horario = sqlx::query_as::<_, DiaHorario>(&format!(
                "SELECT sucursal_id, dia, abre, cierra, cerrado FROM sucursal_horario WHERE {filtro} ORDER BY dia"
            ))
            .bind(&ids)
            .fetch_all(&self.pool)
            .await?;
            let mesas = sqlx::query_as::<_, Mesa>(&format!(
                "SELECT id, sucursal_id, numero, asientos, combinable FROM mesas WHERE {filtro} ORDER BY numero"
            ))
            .bind(&ids)
            .fetch_all(&self.pool)
            .await?;
            let days = sqlx::query_as::<_, DiaEspecial>(&format!(
                "SELECT id, sucursal_id, fecha, tipo, abre, cierra, motivo FROM sucursal_dias WHERE {filtro} ORDER BY fecha"
            ))
            .bind(&ids)
            .fetch_all(&self.pool)
            .await?;
            Ok((horario, mesas, days))
        }

        async fn completar(&self, filas: Vec<FilaSucursal>) -> DbResult<Vec<Sucursal>> {
            let ids: Vec<String> = filas.iter().map(|f| f.id.clone()).collect();
            let (horario, mesas, days) = self.detalles(&ids).await?;
            Ok(filas
                .into_iter()
                .map(|f| {
                    let de = |id: &str| id == f.id;
                    let h = horario.iter().filter(|x| de(&x.sucursal_id)).cloned().collect();
                    let m = mesas.iter().filter(|x| de(&x.sucursal_id)).cloned().collect();
                    let d = days.iter().filter(|x| de(&x.sucursal_id)).cloned().collect();
                    f.completa(h, m, d)
                })
                .collect())
        }
    }

    impl Motor {
        /// Every setting of a branch, booking ones included (core's defaults where unset).
        pub(in crate::db) async fn conf_sucursal_de(&self, sucursal_id: &str) -> DbResult<ConfSucursal> {
            let conf = sqlx::query_as::<_, FilaConf>(&format!("{SELECT_CONF} WHERE s.id = $1"))
                .bind(sucursal_id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(conf.map(FilaConf::conf_sucursal).unwrap_or_default())
        }

        async fn conf_de(&self, sucursal_id: &str) -> DbResult<ConfWalkin> {
            let conf = sqlx::query_as::<_, FilaConf>(&format!("{SELECT_CONF} WHERE s.id = $1"))
            .bind(sucursal_id)
            .fetch_optional(&self.pool)
            .await?;
            Ok(conf.map(FilaConf::conf).unwrap_or_default())
        }
    }

    #[async_trait]
    impl Sucursales for Motor {
        async fn confs_de_sucursales(&self) -> DbResult<Vec<(String, ConfWalkin)>> {
            let ids: Vec<String> = sqlx::query_scalar("SELECT id FROM sucursales ORDER BY id").fetch_all(&self.pool).await?;
            let mut confs = Vec::with_capacity(ids.len());
            for id in ids {
                let conf = self.conf_de(&id).await?;
                confs.push((id, conf));
            }
            Ok(confs)
        }

        async fn crear_marca(&self, m: &NuevaMarca) -> DbResult<()> {
            sqlx::query("INSERT INTO marcas (id, name, created_at, nombre_clave) VALUES ($1, $2, $3, $4)")
                .bind(&m.id)
                .bind(&m.name)
                .bind(self.reloj.ahora())
                .bind(clave_de_nombre(&m.name))
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn crear_sucursal(&self, s: &NuevaSucursal, cambio: &Cambio) -> DbResult<()> {
            let ahora = self.reloj.ahora();
            let d = &s.datos;
            let mut tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            sqlx::query(
                "INSERT INTO sucursales (id, tag, name, marca_id, zona, direccion, telefono, activa, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&s.id)
            .bind(d.tag.as_str())
            .bind(&d.name)
            .bind(&d.marca)
            .bind(d.zona.name())
            .bind(&d.direccion)
            .bind(&d.telefono)
            .bind(true)
            .bind(ahora)
            .execute(&mut *tx)
            .await?;
            for h in &s.horario {
                sqlx::query("INSERT INTO sucursal_horario (sucursal_id, dia, abre, cierra, cerrado) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&s.id)
                    .bind(h.dia)
                    .bind(&h.abre)
                    .bind(&h.cierra)
                    .bind(h.cerrado)
                    .execute(&mut *tx)
                    .await?;
            }
            for m in &s.mesas {
                sqlx::query("INSERT INTO mesas (id, sucursal_id, numero, asientos, combinable) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&m.id)
                    .bind(&s.id)
                    .bind(m.numero)
                    .bind(m.asientos)
                    .bind(m.combinable)
                    .execute(&mut *tx)
                    .await?;
            }
            for dia in &s.days {
                sqlx::query(
                    "INSERT INTO sucursal_dias (id, sucursal_id, fecha, tipo, abre, cierra, motivo) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(&dia.id)
                .bind(&s.id)
                .bind(dia.fecha)
                .bind(&dia.tipo)
                .bind(&dia.abre)
                .bind(&dia.cierra)
                .bind(&dia.motivo)
                .execute(&mut *tx)
                .await?;
            }
            let c = &s.conf;
            sqlx::query(
                "INSERT INTO conf_walkin (sucursal_id, inicio_regular, inicio_promo, corte_tarde, gracia_min, prefijo_folio, \
                 pie_ticket, correo_requerido, telefono_requerido, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(&s.id)
            .bind(formato_hora(c.horario.inicio_regular))
            .bind(formato_hora(c.horario.inicio_promo))
            .bind(formato_hora(c.horario.corte_tarde))
            .bind(i32::try_from(c.gracia_min).unwrap_or(i32::MAX))
            .bind(&c.prefijo_folio)
            .bind(&c.pie_ticket)
            .bind(c.correo_requerido)
            .bind(c.telefono_requerido)
            .bind(ahora)
            .execute(&mut *tx)
            .await?;
            sqlx::query("INSERT INTO folios (sucursal_id, ultimo) VALUES ($1, 0)").bind(&s.id).execute(&mut *tx).await?;
            // The entry holds the branch created, whatever the caller wrote.
            let registro = RegistroSucursal {
                tag: d.tag.as_str(), name: &d.name, marca: &d.marca, zona: d.zona.name(),
                direccion: d.direccion.as_deref(), telefono: d.telefono.as_deref(), prefijo_folio: &c.prefijo_folio,
            };
            self.anotar(&mut tx, &cambio.con_registro(&registro)).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn sucursales_en(&self, alcance: &Alcance, tag: Option<&Tag>) -> DbResult<Vec<Sucursal>> {
            let filas = sqlx::query_as::<_, FilaSucursal>(&format!(
                "{} WHERE {} AND ($2 IS NULL OR s.tag = $2) ORDER BY s.name",
                select_sucursal::<Motor>(),
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(tag.map(Tag::as_str))
            .fetch_all(&self.pool)
            .await?;
            self.completar(filas).await
        }

        async fn resumen_sucursales_en(&self, alcance: &Alcance) -> DbResult<Vec<SucursalResumen>> {
            let filas = sqlx::query_as::<_, FilaSucursal>(&format!(
                "{} WHERE {} ORDER BY s.name",
                select_sucursal::<Motor>(),
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .fetch_all(&self.pool)
            .await?;
            Ok(filas.into_iter().map(FilaSucursal::resumen).collect())
        }

        async fn sucursal_en(&self, alcance: &Alcance, id: &str) -> DbResult<EnAlcance<Sucursal>> {
            let fila = sqlx::query_as::<_, FilaSucursal>(&format!("{} WHERE s.id = $2", select_sucursal::<Motor>()))
                .bind(alcance.json())
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(match EnAlcance::de(fila.map(|f| { let dentro = f.en_alcance; (f, dentro) })) {
                EnAlcance::Si(f) => EnAlcance::Si(self.completar(vec![f]).await?.remove(0)),
                EnAlcance::Ajeno => EnAlcance::Ajeno,
                EnAlcance::NoExiste => EnAlcance::NoExiste,
            })
        }

        async fn marcas(&self) -> DbResult<Vec<Marca>> {
            let marcas: Vec<(String, String)> = sqlx::query_as("SELECT id, name FROM marcas ORDER BY name").fetch_all(&self.pool).await?;
            let sucursales = sqlx::query_as::<_, FilaSucursal>(&format!("{} ORDER BY s.name", select_sucursal::<Motor>()))
                .bind("[]")
                .fetch_all(&self.pool)
                .await?;
            Ok(marcas
                .into_iter()
                .map(|(id, name)| Marca {
                    sucursales: sucursales.iter().filter(|s| s.marca_id == id).map(|s| s.clone_resumen()).collect(),
                    id,
                    name,
                })
                .collect())
        }

        async fn marca(&self, id: &str) -> DbResult<Option<Marca>> {
            Ok(self.marcas().await?.into_iter().find(|m| m.id == id))
        }

        async fn editar_marca(&self, id: &str, name: &str, cambio: &Cambio) -> DbResult<bool> {
            self.cambiar_con_bitacora(sqlx::query("UPDATE marcas SET name = $2, nombre_clave = $3 WHERE id = $1").bind(id).bind(name).bind(clave_de_nombre(name)), cambio).await
        }

        async fn editar_sucursal(&self, id: &str, e: &EdicionSucursal, cambio: &Cambio) -> DbResult<bool> {
            let d = &e.datos;
            let consulta = sqlx::query(
                "UPDATE sucursales SET tag = $2, name = $3, marca_id = $4, zona = $5, direccion = $6, telefono = $7, activa = $8 WHERE id = $1",
            )
            .bind(id)
            .bind(d.tag.as_str())
            .bind(&d.name)
            .bind(&d.marca)
            .bind(d.zona.name())
            .bind(&d.direccion)
            .bind(&d.telefono)
            .bind(e.activa);
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn reemplazar_horario(&self, id: &str, dias: &[DatosDia], cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            sqlx::query("DELETE FROM sucursal_horario WHERE sucursal_id = $1").bind(id).execute(&mut *tx).await?;
            for d in dias {
                sqlx::query("INSERT INTO sucursal_horario (sucursal_id, dia, abre, cierra, cerrado) VALUES ($1, $2, $3, $4, $5)")
                    .bind(id)
                    // i32 as in crear_sucursal: PostgreSQL keeps one prepared statement per text.
                    .bind(i32::try_from(d.dia).unwrap_or(0))
                    .bind(&d.abre)
                    .bind(&d.cierra)
                    .bind(d.cerrado)
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn reemplazar_mesas(&self, id: &str, mesas: &[DatosMesa], cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            // A table keeps its `_id` while its number stays: saving the list unchanged changes nothing.
            let previas: HashMap<i32, String> = sqlx::query_as::<_, (i32, String)>("SELECT numero, id FROM mesas WHERE sucursal_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .collect();
            sqlx::query("DELETE FROM mesas WHERE sucursal_id = $1").bind(id).execute(&mut *tx).await?;
            for m in mesas {
                let numero = i32::try_from(m.numero).unwrap_or(0);
                sqlx::query("INSERT INTO mesas (id, sucursal_id, numero, asientos, combinable) VALUES ($1, $2, $3, $4, $5)")
                    .bind(previas.get(&numero).cloned().unwrap_or_else(crate::db::comun::nuevo_id))
                    .bind(id)
                    .bind(numero)
                    .bind(i32::try_from(m.asientos).unwrap_or(0))
                    .bind(m.combinable)
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn reemplazar_dias(&self, id: &str, dias: &[DiaEspecialValido], cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            // A day keeps its `_id` while its date stays: saving the list unchanged changes nothing.
            let previos: HashMap<NaiveDate, String> = sqlx::query_as::<_, (NaiveDate, String)>("SELECT fecha, id FROM sucursal_dias WHERE sucursal_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .collect();
            sqlx::query("DELETE FROM sucursal_dias WHERE sucursal_id = $1").bind(id).execute(&mut *tx).await?;
            for d in dias {
                sqlx::query("INSERT INTO sucursal_dias (id, sucursal_id, fecha, tipo, abre, cierra, motivo) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                    .bind(previos.get(&d.fecha).cloned().unwrap_or_else(crate::db::comun::nuevo_id))
                    .bind(id)
                    .bind(d.fecha)
                    .bind(if d.cerrado { "cerrado" } else { "especial" })
                    .bind(&d.abre)
                    .bind(&d.cierra)
                    .bind(&d.motivo)
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn conf_sucursal_en(&self, alcance: &Alcance, tag: &Tag) -> DbResult<EnAlcance<(String, ConfSucursal)>> {
            // One statement: the branch, whether it is in scope, and its settings (a branch
            // without its row yet reads core's defaults).
            use sqlx::{FromRow as _, Row as _};
            let fila = sqlx::query(&format!(
                "{} , s.id AS sucursal, ({}) AS en_alcance, c.sucursal_id IS NOT NULL AS con_conf \
                 FROM sucursales s LEFT JOIN conf_walkin c ON c.sucursal_id = s.id WHERE s.tag = $2",
                COLUMNAS_CONF,
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(tag.as_str())
            .fetch_optional(&self.pool)
            .await?;
            let Some(fila) = fila else { return Ok(EnAlcance::NoExiste) };
            if !fila.try_get::<bool, _>("en_alcance")? {
                return Ok(EnAlcance::Ajeno);
            }
            let conf = if fila.try_get::<bool, _>("con_conf")? { FilaConf::from_row(&fila)?.conf_sucursal() } else { ConfSucursal::default() };
            Ok(EnAlcance::Si((fila.try_get("sucursal")?, conf)))
        }

        async fn guardar_conf(&self, sucursal_id: &str, c: &ConfSucursal, cambio: &Cambio) -> DbResult<()> {
            let w = &c.walkin;
            let n = |v: u32| i64::from(v);
            let mut tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            sqlx::query(
                "UPDATE conf_walkin SET inicio_regular = $2, inicio_promo = $3, corte_tarde = $4, gracia_min = $5, prefijo_folio = $6, \
                 pie_ticket = $7, correo_requerido = $8, telefono_requerido = $9, paso_min = $10, estancia_min = $11, \
                 anticipacion_min = $12, horizonte_dias = $13, cubiertos_por_turno = $14, updated_at = $15, llegada_antes_min = $16 \
                 WHERE sucursal_id = $1",
            )
            .bind(sucursal_id)
            .bind(formato_hora(w.horario.inicio_regular))
            .bind(formato_hora(w.horario.inicio_promo))
            .bind(formato_hora(w.horario.corte_tarde))
            .bind(n(w.gracia_min))
            .bind(&w.prefijo_folio)
            .bind(&w.pie_ticket)
            .bind(w.correo_requerido)
            .bind(w.telefono_requerido)
            .bind(n(c.paso_min))
            .bind(n(c.estancia_min))
            .bind(n(c.anticipacion_min))
            .bind(n(c.horizonte_dias))
            .bind(n(c.cubiertos_por_turno))
            .bind(self.reloj.ahora())
            .bind(n(w.llegada_antes_min))
            .execute(&mut *tx)
            .await?;
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn sucursal_id_en(&self, alcance: &Alcance, tag: &Tag) -> DbResult<EnAlcance<String>> {
            let fila = sqlx::query_as::<_, (String, bool)>(&format!("SELECT s.id, {} FROM sucursales s WHERE s.tag = $2", Motor::en_lista_json("s.tag", 1)))
                .bind(alcance.json())
                .bind(tag.as_str())
                .fetch_optional(&self.pool)
                .await?;
            Ok(EnAlcance::de(fila))
        }

        async fn conf_walkin_en(&self, alcance: &Alcance, tag: &Tag) -> DbResult<EnAlcance<ConfWalkin>> {
            Ok(match self.conf_sucursal_en(alcance, tag).await? {
                EnAlcance::Si((_, conf)) => EnAlcance::Si(conf.walkin),
                EnAlcance::Ajeno => EnAlcance::Ajeno,
                EnAlcance::NoExiste => EnAlcance::NoExiste,
            })
        }
    }
}
