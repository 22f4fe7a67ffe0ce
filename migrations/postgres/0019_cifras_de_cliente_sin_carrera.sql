-- A guest's figures at a branch are recomputed by deleting their row and inserting it again.
-- Two transactions doing it at once for the same guest and branch (two instances booking for
-- one guest, the no-show job beside a booking) both deleted the old row, and the second insert
-- then met the first's new one: the booking failed on the primary key. Now each transaction
-- waits for the other's commit on a lock of that guest and branch before it recomputes, and so
-- reads (each statement of the function takes its own snapshot) what the other wrote.
CREATE OR REPLACE FUNCTION clientes_sucursal_recalcular(c TEXT, s TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF c IS NULL THEN
        RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext(c), hashtext(s));
    DELETE FROM clientes_sucursal WHERE cliente_id = c AND sucursal_id = s;
    INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita)
        SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) FROM clientes_visitas
        WHERE cliente_id = c AND sucursal_id = s GROUP BY cliente_id, sucursal_id;
END;
$$;
