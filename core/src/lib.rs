//! Anfitrión's business rules, written once and run both by the server and, compiled to
//! WebAssembly, by the browser. Pure functions only: no I/O, no clock, no database.
//!
//! The modules form layers, and a module uses only its own layer and those above it in this list
//! (no two modules use each other, directly or around a loop: `make test` checks it):
//! - **values**: `campos` (the fields' names), `estado` (a reservation's states and origins),
//!   `permisos`, `referencia`; `error` (every refusal, its message, `codigo` and field); then
//!   `texto` and `tiempo` (the text and time every rule reads);
//! - **aggregates**, one thing's rules each: `personal`, `cuenta`, `clientes`, `telefono`,
//!   `sucursal`, `piso`, `comanda`, `promos`, `reservacion`, `walkin`, `bitacora`,
//!   `recordatorio`, `tablero`, `integracion`, and the printed side: `ticket`, `escpos`,
//!   `impresora`;
//! - **composites**, rules over several aggregates: `organizacion` (a branch's settings, tables,
//!   roles and staff), `disponibilidad`, `espera`, `respuesta` (a guest's text message),
//!   `cocina` (the kitchen's forecast of diners).
//!
//! `qr/` stands apart: the camera's decoder, which uses `error` alone.

pub mod bitacora;
pub mod campos;
pub mod clientes;
pub mod cocina;
pub mod comanda;
pub mod cuenta;
pub mod disponibilidad;
pub mod error;
pub mod escpos;
pub mod espera;
pub mod estado;
pub mod impresora;
pub mod integracion;
pub mod organizacion;
pub mod permisos;
pub mod personal;
pub mod piso;
pub mod promos;
pub mod qr;
pub mod recordatorio;
pub mod referencia;
pub mod reservacion;
pub mod respuesta;
pub mod sucursal;
pub mod tablero;
pub mod telefono;
pub mod texto;
pub mod ticket;
pub mod tiempo;
pub mod walkin;

pub use error::{mensajes, ReglaError};
