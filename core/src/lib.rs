//! Anfitrión's business rules, written once and run both by the server and, compiled to
//! WebAssembly, by the browser. Pure functions only: no I/O, no clock, no database.

pub mod bitacora;
pub mod campos;
pub mod clientes;
pub mod comanda;
pub mod cuenta;
pub mod disponibilidad;
pub mod error;
pub mod escpos;
pub mod espera;
pub mod estado;
pub mod impresora;
pub mod organizacion;
pub mod permisos;
pub mod personal;
pub mod piso;
pub mod promos;
pub mod qr;
pub mod recordatorio;
pub mod referencia;
pub mod reservacion;
pub mod sucursal;
pub mod tablero;
pub mod telefono;
pub mod texto;
pub mod ticket;
pub mod tiempo;
pub mod walkin;

pub use error::{mensajes, ReglaError};
