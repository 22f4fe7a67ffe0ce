//! Rows as the storage layer hands them out and takes them in. Types that travel in the API
//! serialize with the spec's field names (`_id`, `tag`, `marca.name`, …).

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use utoipa::ToSchema;

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
    pub fn tiene_permiso(&self, nombre: &str) -> bool {
        self.role.permissions.iter().any(|p| p.name == nombre)
    }

    pub fn tiene_sucursal(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Rol {
    pub name: String,
    pub permissions: Vec<PermisoRef>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PermisoRef {
    pub name: String,
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

/// A stored session, found by the hash of its token.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Sesion {
    pub usuario_id: String,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct NuevaSesion {
    pub id: String,
    pub token_hash: String,
    pub usuario_id: String,
    pub creada: DateTime<Utc>,
    pub expira: DateTime<Utc>,
    pub ip: Option<String>,
}

#[derive(Debug, Clone)]
pub struct IntentoLogin {
    pub id: String,
    pub email: String,
    pub ip: String,
    pub exitoso: bool,
    pub at: DateTime<Utc>,
}

/// Failed logins counted for throttling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Fallos {
    /// For the account from this address, since the account's last successful login.
    pub par: i64,
    /// For the account from any address, since its last successful login.
    pub cuenta: i64,
    /// From the address, for any account.
    pub direccion: i64,
}

/// What a purge deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Purga {
    pub sesiones: u64,
    pub intentos: u64,
}

/// A permission of the catalogue, with a Spanish description for the roles screen.
#[derive(Debug, Clone, Copy)]
pub struct PermisoBase {
    pub name: &'static str,
    pub descripcion: &'static str,
}

/// A role seeded on first start, with its permission names.
#[derive(Debug, Clone, Copy)]
pub struct RolBase {
    pub name: &'static str,
    pub permisos: &'static [&'static str],
}

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

/// A branch as the selector lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SucursalResumen {
    #[serde(rename = "_id")]
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca: MarcaRef,
}

/// Opening hours of one weekday (1 = Monday … 7 = Sunday).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct DiaHorario {
    #[serde(skip)]
    pub sucursal_id: String,
    pub dia: i32,
    #[schema(example = "13:00")]
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

/// Per-branch walk-in settings (conf-walkin).
#[derive(Debug, Clone)]
pub struct ConfWalkin {
    pub inicio_regular: String,
    pub inicio_promo: String,
    pub corte_tarde: String,
    pub gracia_min: i32,
    pub prefijo_folio: String,
    pub pie_ticket: String,
    pub correo_requerido: bool,
    pub telefono_requerido: bool,
}

// Rows for a first load of data (the demo). ---------------------------------------------------

#[derive(Debug, Clone)]
pub struct NuevaMarca {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct NuevaSucursal {
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca_id: String,
    pub zona: String,
    pub direccion: String,
    pub telefono: String,
    pub horario: Vec<DiaHorario>,
    pub mesas: Vec<Mesa>,
    pub days: Vec<DiaEspecial>,
    pub conf: ConfWalkin,
}

#[derive(Debug, Clone)]
pub struct NuevoMesero {
    pub id: String,
    pub sucursal_id: String,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct NuevaPromo {
    pub id: String,
    pub sucursal_id: String,
    pub name: String,
    pub descripcion: String,
    pub activa: bool,
}

#[derive(Debug, Clone)]
pub struct NuevoAfiliado {
    pub id: String,
    pub code: String,
    pub name: String,
    pub tipo: String,
    pub contacto: String,
}

#[derive(Debug, Clone)]
pub struct NuevoCliente {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// Buffet counts as stored on reservations and walk-ins.
#[derive(Debug, Clone, Copy, Default)]
pub struct Buffets {
    pub adulto: i32,
    pub boy: i32,
    pub promo_adulto: i32,
    pub promo_girl: i32,
    pub promo_boy: i32,
}

#[derive(Debug, Clone)]
pub struct NuevaReservacion {
    pub id: String,
    pub sucursal_id: String,
    pub cliente_id: Option<String>,
    pub afiliado_id: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Branch-local wall time.
    pub fecha_hora: NaiveDateTime,
    pub no_personas: i32,
    pub evento: String,
    pub comentarios: String,
    pub status: String,
    pub origin: String,
    pub email_verified: bool,
    pub phone_verified: bool,
    pub buffets: Buffets,
    pub folio: Option<i64>,
    pub comanda: Option<Json<serde_json::Value>>,
    pub abre: Option<Json<serde_json::Value>>,
    pub creada: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct NuevoWalkin {
    pub id: String,
    pub sucursal_id: String,
    pub cliente_id: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub fecha_hora: NaiveDateTime,
    pub no_personas: i32,
    pub evento: String,
    pub buffets: Buffets,
    pub folio: i64,
    pub comanda: Json<serde_json::Value>,
    pub abre: Json<serde_json::Value>,
    pub created_by: Option<String>,
    pub creado: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct NuevaNotificacion {
    pub id: String,
    pub sucursal_id: String,
    pub reservacion_id: Option<String>,
    pub title: String,
    pub description: String,
    pub origin: String,
    pub is_read: bool,
    pub creada: DateTime<Utc>,
}

/// Everything a first load writes, in one transaction.
#[derive(Debug, Clone, Default)]
pub struct Semilla {
    pub marcas: Vec<NuevaMarca>,
    pub sucursales: Vec<NuevaSucursal>,
    pub usuarios: Vec<NuevoUsuario>,
    pub meseros: Vec<NuevoMesero>,
    pub promos: Vec<NuevaPromo>,
    pub afiliados: Vec<NuevoAfiliado>,
    pub clientes: Vec<NuevoCliente>,
    pub reservaciones: Vec<NuevaReservacion>,
    pub walkins: Vec<NuevoWalkin>,
    pub notificaciones: Vec<NuevaNotificacion>,
}
