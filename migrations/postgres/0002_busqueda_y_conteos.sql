-- Reservation lists at scale (a million in one branch): page indexes that end in the id, so
-- "ORDER BY fecha_hora, id" reads in index order; a count per branch and status kept by
-- triggers, so a tab's total is not a scan; and trigram indexes for searching by part of a name,
-- an e-mail or a phone. migrations/sqlite/0002 is the same in SQLite's dialect.

DROP INDEX reservaciones_dia;
DROP INDEX reservaciones_status;
CREATE INDEX reservaciones_dia ON reservaciones(sucursal_id, fecha_hora, id);
CREATE INDEX reservaciones_status ON reservaciones(sucursal_id, status, fecha_hora, id);

CREATE TABLE reservaciones_conteo (
    sucursal_id TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    status      TEXT NOT NULL,
    n           BIGINT NOT NULL,
    PRIMARY KEY (sucursal_id, status)
);
INSERT INTO reservaciones_conteo (sucursal_id, status, n)
    SELECT sucursal_id, status, COUNT(*) FROM reservaciones GROUP BY sucursal_id, status;

CREATE FUNCTION reservaciones_contar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE reservaciones_conteo SET n = n - 1 WHERE sucursal_id = OLD.sucursal_id AND status = OLD.status;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO reservaciones_conteo (sucursal_id, status, n) VALUES (NEW.sucursal_id, NEW.status, 1)
            ON CONFLICT (sucursal_id, status) DO UPDATE SET n = reservaciones_conteo.n + 1;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER reservaciones_conteo_alta_baja AFTER INSERT OR DELETE ON reservaciones
    FOR EACH ROW EXECUTE FUNCTION reservaciones_contar();
CREATE TRIGGER reservaciones_conteo_cambio AFTER UPDATE OF status, sucursal_id ON reservaciones
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.sucursal_id IS DISTINCT FROM NEW.sucursal_id)
    EXECUTE FUNCTION reservaciones_contar();

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX reservaciones_busqueda_nombre ON reservaciones USING gin (name gin_trgm_ops);
CREATE INDEX reservaciones_busqueda_contacto ON reservaciones USING gin ((coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops);
