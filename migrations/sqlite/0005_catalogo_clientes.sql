-- The catalogue and the guest book (waiters, promotions, clients, affiliates).
-- migrations/postgres/0005 is the same in PostgreSQL's dialect.

-- Promotions gain a validity window (dates and weekdays), whether the order asks the celebrants'
-- names, and soft deletion: past tickets keep the promotion's name in their abre, and a deleted
-- name may be used again. SQLite cannot drop the table's UNIQUE (sucursal_id, name), so the table
-- is rebuilt (nothing references it by key).
CREATE TABLE promociones_nueva (
    id           TEXT PRIMARY KEY,
    sucursal_id  TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    descripcion  TEXT NOT NULL DEFAULT '',
    activa       BOOLEAN NOT NULL DEFAULT 1,
    desde        TEXT,
    hasta        TEXT,
    -- JSON list of weekdays, 1 (Monday) to 7 (Sunday); NULL is every day.
    dias         TEXT,
    pide_nombres BOOLEAN NOT NULL DEFAULT 0,
    eliminada    BOOLEAN NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL
);
INSERT INTO promociones_nueva (id, sucursal_id, name, descripcion, activa, pide_nombres, created_at)
    SELECT id, sucursal_id, name, descripcion, activa, name = 'Cumpleaños', created_at FROM promociones;
DROP TABLE promociones;
ALTER TABLE promociones_nueva RENAME TO promociones;
CREATE UNIQUE INDEX promociones_nombre ON promociones(sucursal_id, name) WHERE NOT eliminada;

-- A branch has one active waiter by each name; a deactivated one keeps theirs on old tickets.
CREATE UNIQUE INDEX meseros_nombre ON meseros(sucursal_id, name) WHERE activo;

-- Clients are matched by e-mail (lower-case) and phone (digits, without Mexico's 52 in front of
-- ten digits): the columns hold those forms, and their unique indexes make one record per guest.
UPDATE clientes SET email = NULLIF(lower(trim(email)), '');
UPDATE clientes SET phone = NULLIF(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '');
UPDATE clientes SET phone = substr(phone, 3) WHERE length(phone) = 12 AND phone LIKE '52%';

CREATE INDEX walkins_cliente ON walkins(cliente_id, sucursal_id);
DROP INDEX reservaciones_cliente;
CREATE INDEX reservaciones_cliente ON reservaciones(cliente_id, sucursal_id);
CREATE INDEX reservaciones_afiliado ON reservaciones(afiliado_id, fecha_hora);

-- Each client's visits to each branch, kept by triggers: the client list of a branch pages
-- through this table in the order of the last visit instead of grouping every visit.
CREATE TABLE clientes_sucursal (
    cliente_id    TEXT NOT NULL REFERENCES clientes(id) ON DELETE CASCADE,
    sucursal_id   TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    visitas       INTEGER NOT NULL,
    no_shows      INTEGER NOT NULL,
    -- The latest reservation or walk-in, whatever its status: the list's order.
    ultima_actividad TEXT NOT NULL,
    -- The latest time the guest came (Asistio or a walk-in); none while they never have.
    ultima_visita TEXT,
    PRIMARY KEY (sucursal_id, cliente_id)
);
CREATE INDEX clientes_sucursal_orden ON clientes_sucursal(sucursal_id, ultima_actividad, cliente_id);
CREATE INDEX clientes_sucursal_cliente ON clientes_sucursal(cliente_id);
-- Every visit of a known client: its reservations and its walk-ins. The triggers below recount
-- one (client, branch) from it; their WHERE on cliente_id and sucursal_id goes down into both arms
-- of the UNION, so a recount reads the two (cliente_id, sucursal_id) indexes. (A view that also
-- grouped would not do: SQLite then filters the grouped rows, after reading every visit.)
CREATE VIEW clientes_visitas AS
    SELECT cliente_id, sucursal_id, fecha_hora, CASE WHEN status = 'Vencido' THEN 1 ELSE 0 END AS no_show,
           CASE WHEN status = 'Asistio' THEN 1 ELSE 0 END AS vino FROM reservaciones WHERE cliente_id IS NOT NULL
    UNION ALL
    SELECT cliente_id, sucursal_id, fecha_hora, 0, 1 FROM walkins WHERE cliente_id IS NOT NULL;
INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
    SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas GROUP BY cliente_id, sucursal_id;

CREATE TRIGGER reservaciones_clientes_alta AFTER INSERT ON reservaciones WHEN new.cliente_id IS NOT NULL BEGIN
    DELETE FROM clientes_sucursal WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id GROUP BY cliente_id, sucursal_id;
END;
CREATE TRIGGER reservaciones_clientes_baja AFTER DELETE ON reservaciones WHEN old.cliente_id IS NOT NULL BEGIN
    DELETE FROM clientes_sucursal WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id GROUP BY cliente_id, sucursal_id;
END;
CREATE TRIGGER reservaciones_clientes_cambio AFTER UPDATE OF cliente_id, sucursal_id, status, fecha_hora ON reservaciones BEGIN
    DELETE FROM clientes_sucursal WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id GROUP BY cliente_id, sucursal_id;
    DELETE FROM clientes_sucursal WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id GROUP BY cliente_id, sucursal_id;
END;
CREATE TRIGGER walkins_clientes_alta AFTER INSERT ON walkins WHEN new.cliente_id IS NOT NULL BEGIN
    DELETE FROM clientes_sucursal WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id GROUP BY cliente_id, sucursal_id;
END;
CREATE TRIGGER walkins_clientes_baja AFTER DELETE ON walkins WHEN old.cliente_id IS NOT NULL BEGIN
    DELETE FROM clientes_sucursal WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id GROUP BY cliente_id, sucursal_id;
END;
CREATE TRIGGER walkins_clientes_cambio AFTER UPDATE OF cliente_id, sucursal_id, fecha_hora ON walkins BEGIN
    DELETE FROM clientes_sucursal WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = old.cliente_id AND sucursal_id = old.sucursal_id GROUP BY cliente_id, sucursal_id;
    DELETE FROM clientes_sucursal WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = new.cliente_id AND sucursal_id = new.sucursal_id GROUP BY cliente_id, sucursal_id;
END;

-- How many guests each branch's list holds, kept by triggers: the list's total is not a count
-- of 200 000 rows.
CREATE TABLE clientes_conteo (
    sucursal_id TEXT PRIMARY KEY REFERENCES sucursales(id) ON DELETE CASCADE,
    n           INTEGER NOT NULL
);
INSERT INTO clientes_conteo (sucursal_id, n) SELECT sucursal_id, COUNT(*) FROM clientes_sucursal GROUP BY sucursal_id;
CREATE TRIGGER clientes_conteo_alta AFTER INSERT ON clientes_sucursal BEGIN
    INSERT OR IGNORE INTO clientes_conteo (sucursal_id, n) VALUES (new.sucursal_id, 0);
    UPDATE clientes_conteo SET n = n + 1 WHERE sucursal_id = new.sucursal_id;
END;
CREATE TRIGGER clientes_conteo_baja AFTER DELETE ON clientes_sucursal BEGIN
    UPDATE clientes_conteo SET n = n - 1 WHERE sucursal_id = old.sucursal_id;
END;

-- Trigrams of a client's name, e-mail and phone: a MATCH of a quoted phrase finds it anywhere.
CREATE VIRTUAL TABLE clientes_busqueda USING fts5(
    name, email, phone, content = 'clientes', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO clientes_busqueda (rowid, name, email, phone) SELECT rowid, name, email, phone FROM clientes;
CREATE TRIGGER clientes_busqueda_alta AFTER INSERT ON clientes BEGIN
    INSERT INTO clientes_busqueda (rowid, name, email, phone) VALUES (new.rowid, new.name, new.email, new.phone);
END;
CREATE TRIGGER clientes_busqueda_baja AFTER DELETE ON clientes BEGIN
    INSERT INTO clientes_busqueda (clientes_busqueda, rowid, name, email, phone) VALUES ('delete', old.rowid, old.name, old.email, old.phone);
END;
CREATE TRIGGER clientes_busqueda_cambio AFTER UPDATE OF name, email, phone ON clientes BEGIN
    INSERT INTO clientes_busqueda (clientes_busqueda, rowid, name, email, phone) VALUES ('delete', old.rowid, old.name, old.email, old.phone);
    INSERT INTO clientes_busqueda (rowid, name, email, phone) VALUES (new.rowid, new.name, new.email, new.phone);
END;
