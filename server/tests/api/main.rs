//! The server's integration tests, one binary; every test runs on SQLite and on PostgreSQL.

mod helpers;
mod plantilla;

mod acceso;
mod apagado;
mod bitacoras;
mod cantidades;
mod catalogo;
mod clientes;
mod conexiones;
mod confianza;
mod correo;
mod demo;
mod errores;
mod espera;
mod ida_y_vuelta;
mod idempotencia;
mod impresion;
mod integraciones;
mod jobs;
mod mejora;
mod metricas;
mod ordenes;
mod organizacion;
mod publico;
mod recordatorios;
mod registro;
mod reloj;
mod reservaciones;
mod respaldo;
mod salon;
mod salud;
mod sesion;
mod sucursales;
mod viajes;
mod web;
