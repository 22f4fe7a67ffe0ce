-- Search ignores accents and case: "Hector" finds "Héctor", "nunez" finds "Ñúñez". The trigram
-- indexes are built again with diacritics removed (the queries keep their shape; case was already
-- ignored). The rest of the lists fold their columns in the query (server/src/db, `plegado`).
DROP TABLE reservaciones_busqueda;
CREATE VIRTUAL TABLE reservaciones_busqueda USING fts5(
    name, email, phone, content = 'reservaciones', content_rowid = 'rowid', tokenize = 'trigram remove_diacritics 1'
);
INSERT INTO reservaciones_busqueda (reservaciones_busqueda) VALUES ('rebuild');

DROP TABLE clientes_busqueda;
CREATE VIRTUAL TABLE clientes_busqueda USING fts5(
    name, email, phone, content = 'clientes', content_rowid = 'rowid', tokenize = 'trigram remove_diacritics 1'
);
INSERT INTO clientes_busqueda (clientes_busqueda) VALUES ('rebuild');
