-- The dashboard's figures kept as the visits change: per branch, day and hour, reservations by
-- state and origin and walk-ins, with their guests. Triggers keep them in the same transaction
-- as the write that changes a visit, whichever path writes it, so the 30-day series reads a few
-- hundred rows instead of every visit. A row whose visits fall to zero stays (and is skipped).
CREATE TABLE tablero_reservas (
    sucursal_id TEXT     NOT NULL,
    dia         DATE     NOT NULL,
    hora        SMALLINT NOT NULL,
    estado      TEXT     NOT NULL,
    origen      TEXT     NOT NULL,
    visitas     INTEGER  NOT NULL,
    personas    INTEGER  NOT NULL,
    PRIMARY KEY (sucursal_id, dia, hora, estado, origen)
);

CREATE TABLE tablero_walkins (
    sucursal_id TEXT     NOT NULL,
    dia         DATE     NOT NULL,
    hora        SMALLINT NOT NULL,
    visitas     INTEGER  NOT NULL,
    personas    INTEGER  NOT NULL,
    PRIMARY KEY (sucursal_id, dia, hora)
);

-- The Pendientes tab counts what is still to come from these sums too (a year ahead is a few
-- thousand rows, not every pending reservation); the index holds the visits, so the count reads
-- it alone.
CREATE INDEX tablero_reservas_estado ON tablero_reservas (sucursal_id, estado, dia, hora, visitas);

INSERT INTO tablero_reservas (sucursal_id, dia, hora, estado, origen, visitas, personas)
SELECT sucursal_id, fecha_hora::date, EXTRACT(HOUR FROM fecha_hora)::smallint,
       status, origin, COUNT(*), SUM(no_personas)
FROM reservaciones
GROUP BY 1, 2, 3, 4, 5;

INSERT INTO tablero_walkins (sucursal_id, dia, hora, visitas, personas)
SELECT sucursal_id, fecha_hora::date, EXTRACT(HOUR FROM fecha_hora)::smallint,
       COUNT(*), SUM(no_personas)
FROM walkins
GROUP BY 1, 2, 3;

CREATE FUNCTION tablero_reservas_contar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE tablero_reservas SET visitas = visitas - 1, personas = personas - OLD.no_personas
        WHERE sucursal_id = OLD.sucursal_id AND dia = OLD.fecha_hora::date
          AND hora = EXTRACT(HOUR FROM OLD.fecha_hora) AND estado = OLD.status AND origen = OLD.origin;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO tablero_reservas AS t (sucursal_id, dia, hora, estado, origen, visitas, personas)
        VALUES (NEW.sucursal_id, NEW.fecha_hora::date, EXTRACT(HOUR FROM NEW.fecha_hora)::smallint,
                NEW.status, NEW.origin, 1, NEW.no_personas)
        ON CONFLICT (sucursal_id, dia, hora, estado, origen)
        DO UPDATE SET visitas = t.visitas + 1, personas = t.personas + EXCLUDED.personas;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER tablero_reservas_contar
AFTER INSERT OR DELETE OR UPDATE OF sucursal_id, fecha_hora, no_personas, status, origin ON reservaciones
FOR EACH ROW EXECUTE FUNCTION tablero_reservas_contar();

CREATE FUNCTION tablero_walkins_contar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE tablero_walkins SET visitas = visitas - 1, personas = personas - OLD.no_personas
        WHERE sucursal_id = OLD.sucursal_id AND dia = OLD.fecha_hora::date
          AND hora = EXTRACT(HOUR FROM OLD.fecha_hora);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO tablero_walkins AS t (sucursal_id, dia, hora, visitas, personas)
        VALUES (NEW.sucursal_id, NEW.fecha_hora::date, EXTRACT(HOUR FROM NEW.fecha_hora)::smallint,
                1, NEW.no_personas)
        ON CONFLICT (sucursal_id, dia, hora)
        DO UPDATE SET visitas = t.visitas + 1, personas = t.personas + EXCLUDED.personas;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER tablero_walkins_contar
AFTER INSERT OR DELETE OR UPDATE OF sucursal_id, fecha_hora, no_personas ON walkins
FOR EACH ROW EXECUTE FUNCTION tablero_walkins_contar();
