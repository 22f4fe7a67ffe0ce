-- Reservation lists at scale (a million in one branch): page indexes that end in the id, so
-- "ORDER BY fecha_hora, id" reads in index order; a count per branch and status kept by
-- triggers, so a tab's total is not a scan; and a trigram index for searching by part of a name,
-- an e-mail or a phone. migrations/postgres/0002 is the same in PostgreSQL's dialect.

DROP INDEX reservaciones_dia;
DROP INDEX reservaciones_status;
CREATE INDEX reservaciones_dia ON reservaciones(sucursal_id, fecha_hora, id);
CREATE INDEX reservaciones_status ON reservaciones(sucursal_id, status, fecha_hora, id);

CREATE TABLE reservaciones_conteo (
    sucursal_id TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    status      TEXT NOT NULL,
    n           INTEGER NOT NULL,
    PRIMARY KEY (sucursal_id, status)
);
INSERT INTO reservaciones_conteo (sucursal_id, status, n)
    SELECT sucursal_id, status, COUNT(*) FROM reservaciones GROUP BY sucursal_id, status;

CREATE TRIGGER reservaciones_conteo_alta AFTER INSERT ON reservaciones BEGIN
    INSERT OR IGNORE INTO reservaciones_conteo (sucursal_id, status, n) VALUES (new.sucursal_id, new.status, 0);
    UPDATE reservaciones_conteo SET n = n + 1 WHERE sucursal_id = new.sucursal_id AND status = new.status;
END;
CREATE TRIGGER reservaciones_conteo_baja AFTER DELETE ON reservaciones BEGIN
    UPDATE reservaciones_conteo SET n = n - 1 WHERE sucursal_id = old.sucursal_id AND status = old.status;
END;
CREATE TRIGGER reservaciones_conteo_cambio AFTER UPDATE OF status, sucursal_id ON reservaciones
    WHEN old.status IS NOT new.status OR old.sucursal_id IS NOT new.sucursal_id BEGIN
    UPDATE reservaciones_conteo SET n = n - 1 WHERE sucursal_id = old.sucursal_id AND status = old.status;
    INSERT OR IGNORE INTO reservaciones_conteo (sucursal_id, status, n) VALUES (new.sucursal_id, new.status, 0);
    UPDATE reservaciones_conteo SET n = n + 1 WHERE sucursal_id = new.sucursal_id AND status = new.status;
END;

-- Trigrams of name, e-mail and phone: a MATCH of a quoted phrase finds it anywhere in them (3+ characters).
CREATE VIRTUAL TABLE reservaciones_busqueda USING fts5(
    name, email, phone, content = 'reservaciones', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO reservaciones_busqueda (rowid, name, email, phone) SELECT rowid, name, email, phone FROM reservaciones;

CREATE TRIGGER reservaciones_busqueda_alta AFTER INSERT ON reservaciones BEGIN
    INSERT INTO reservaciones_busqueda (rowid, name, email, phone) VALUES (new.rowid, new.name, new.email, new.phone);
END;
CREATE TRIGGER reservaciones_busqueda_baja AFTER DELETE ON reservaciones BEGIN
    INSERT INTO reservaciones_busqueda (reservaciones_busqueda, rowid, name, email, phone)
        VALUES ('delete', old.rowid, old.name, old.email, old.phone);
END;
CREATE TRIGGER reservaciones_busqueda_cambio AFTER UPDATE OF name, email, phone ON reservaciones BEGIN
    INSERT INTO reservaciones_busqueda (reservaciones_busqueda, rowid, name, email, phone)
        VALUES ('delete', old.rowid, old.name, old.email, old.phone);
    INSERT INTO reservaciones_busqueda (rowid, name, email, phone) VALUES (new.rowid, new.name, new.email, new.phone);
END;
