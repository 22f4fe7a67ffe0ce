//! Brands and their branches, one file per concern: brands (`marcas`), the branch record and
//! its reads and edits (`sucursal`), schedule and special days (`horario`), tables (`mesas`),
//! walk-in and booking settings (`conf`) and the folio counter each branch starts with
//! (`folios`). Each has its rows, its trait and its statements; this module only composes them.

mod conf;
mod folios;
mod horario;
mod marcas;
mod mesas;
mod sucursal;

pub use conf::{horas_guardadas, ConfSucursales};
pub use horario::{DiaEspecial, DiaHorario, Horarios};
pub use marcas::{Marca, Marcas, NuevaMarca};
pub use mesas::{Mesa, Mesas};
pub use sucursal::{
    EdicionSucursal, MarcaRef, NuevaSucursal, Sucursal, SucursalResumen, Sucursales,
};
