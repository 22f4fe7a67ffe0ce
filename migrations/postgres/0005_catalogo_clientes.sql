-- The catalogue and the guest book (waiters, promotions, clients, affiliates).
-- migrations/sqlite/0005 is the same in SQLite's dialect.

-- Promotions gain a validity window (dates and weekdays), whether the order asks the celebrants'
-- names, and soft deletion: past tickets keep the promotion's name in their abre, and a deleted
-- name may be used again (the unique name holds among the ones not deleted).
ALTER TABLE promociones ADD COLUMN desde DATE;
ALTER TABLE promociones ADD COLUMN hasta DATE;
-- JSON list of weekdays, 1 (Monday) to 7 (Sunday); NULL is every day.
ALTER TABLE promociones ADD COLUMN dias TEXT;
ALTER TABLE promociones ADD COLUMN pide_nombres BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE promociones ADD COLUMN eliminada BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE promociones SET pide_nombres = TRUE WHERE name = 'Cumpleaños';
ALTER TABLE promociones DROP CONSTRAINT promociones_sucursal_id_name_key;
CREATE UNIQUE INDEX promociones_nombre ON promociones(sucursal_id, name) WHERE NOT eliminada;

-- A branch has one active waiter by each name; a deactivated one keeps theirs on old tickets.
CREATE UNIQUE INDEX meseros_nombre ON meseros(sucursal_id, name) WHERE activo;

-- Clients are matched by e-mail (lower-case) and phone (digits, without Mexico's 52 in front of
-- ten digits): the columns hold those forms, and their unique indexes make one record per guest.
UPDATE clientes SET email = NULLIF(lower(trim(email)), '');
UPDATE clientes SET phone = NULLIF(regexp_replace(phone, '[^0-9]', '', 'g'), '');
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
    visitas       BIGINT NOT NULL,
    no_shows      BIGINT NOT NULL,
    -- The latest reservation or walk-in, whatever its status: the list's order.
    ultima_actividad TIMESTAMP NOT NULL,
    -- The latest time the guest came (Asistio or a walk-in); none while they never have.
    ultima_visita TIMESTAMP,
    PRIMARY KEY (sucursal_id, cliente_id)
);
CREATE INDEX clientes_sucursal_orden ON clientes_sucursal(sucursal_id, ultima_actividad, cliente_id);
CREATE INDEX clientes_sucursal_cliente ON clientes_sucursal(cliente_id);
-- Every visit of a known client: its reservations and its walk-ins. A recount of one (client,
-- branch) filters it on cliente_id and sucursal_id, which reaches both tables' indexes.
CREATE VIEW clientes_visitas AS
    SELECT cliente_id, sucursal_id, fecha_hora, CASE WHEN status = 'Vencido' THEN 1 ELSE 0 END AS no_show,
           CASE WHEN status = 'Asistio' THEN 1 ELSE 0 END AS vino FROM reservaciones WHERE cliente_id IS NOT NULL
    UNION ALL
    SELECT cliente_id, sucursal_id, fecha_hora, 0, 1 FROM walkins WHERE cliente_id IS NOT NULL;
INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
    SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas GROUP BY cliente_id, sucursal_id;

CREATE FUNCTION clientes_sucursal_recalcular(c TEXT, s TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF c IS NULL THEN
        RETURN;
    END IF;
    DELETE FROM clientes_sucursal WHERE cliente_id = c AND sucursal_id = s;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = c AND sucursal_id = s GROUP BY cliente_id, sucursal_id;
END;
$$;

CREATE FUNCTION clientes_sucursal_visita() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        PERFORM clientes_sucursal_recalcular(OLD.cliente_id, OLD.sucursal_id);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM clientes_sucursal_recalcular(NEW.cliente_id, NEW.sucursal_id);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER reservaciones_clientes AFTER INSERT OR DELETE OR UPDATE OF cliente_id, sucursal_id, status, fecha_hora ON reservaciones
    FOR EACH ROW EXECUTE FUNCTION clientes_sucursal_visita();
CREATE TRIGGER walkins_clientes AFTER INSERT OR DELETE OR UPDATE OF cliente_id, sucursal_id, fecha_hora ON walkins
    FOR EACH ROW EXECUTE FUNCTION clientes_sucursal_visita();

-- How many guests each branch's list holds, kept by triggers: the list's total is not a count
-- of 200 000 rows.
CREATE TABLE clientes_conteo (
    sucursal_id TEXT PRIMARY KEY REFERENCES sucursales(id) ON DELETE CASCADE,
    n           BIGINT NOT NULL
);
INSERT INTO clientes_conteo (sucursal_id, n) SELECT sucursal_id, COUNT(*) FROM clientes_sucursal GROUP BY sucursal_id;
CREATE FUNCTION clientes_contar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE clientes_conteo SET n = n - 1 WHERE sucursal_id = OLD.sucursal_id;
    ELSE
        INSERT INTO clientes_conteo (sucursal_id, n) VALUES (NEW.sucursal_id, 1)
            ON CONFLICT (sucursal_id) DO UPDATE SET n = clientes_conteo.n + 1;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER clientes_conteo_alta_baja AFTER INSERT OR DELETE ON clientes_sucursal
    FOR EACH ROW EXECUTE FUNCTION clientes_contar();

-- Trigram indexes for searching clients by part of a name, an e-mail or a phone.
CREATE INDEX clientes_busqueda_nombre ON clientes USING gin (name gin_trgm_ops);
CREATE INDEX clientes_busqueda_contacto ON clientes USING gin ((coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops);
