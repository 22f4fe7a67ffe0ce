pub mod cuadros;
