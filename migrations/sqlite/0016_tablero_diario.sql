-- The dashboard's figures kept as the visits change: per branch, day and hour, reservations by
-- state and origin and walk-ins, with their guests. Triggers keep them in the same transaction
-- as the write that changes a visit, whichever path writes it, so the 30-day series reads a few
-- hundred rows instead of every visit. A row whose visits fall to zero stays (and is skipped).
CREATE TABLE tablero_reservas (
    sucursal_id TEXT    NOT NULL,
    dia         TEXT    NOT NULL,
    hora        INTEGER NOT NULL,
    estado      TEXT    NOT NULL,
    origen      TEXT    NOT NULL,
    visitas     INTEGER NOT NULL,
    personas    INTEGER NOT NULL,
    PRIMARY KEY (sucursal_id, dia, hora, estado, origen)
) WITHOUT ROWID;

CREATE TABLE tablero_walkins (
    sucursal_id TEXT    NOT NULL,
    dia         TEXT    NOT NULL,
    hora        INTEGER NOT NULL,
    visitas     INTEGER NOT NULL,
    personas    INTEGER NOT NULL,
    PRIMARY KEY (sucursal_id, dia, hora)
) WITHOUT ROWID;

-- The Pendientes tab counts what is still to come from these sums too (a year ahead is a few
-- thousand rows, not every pending reservation); the index holds the visits, so the count reads
-- it alone.
CREATE INDEX tablero_reservas_estado ON tablero_reservas (sucursal_id, estado, dia, hora, visitas);

-- `fecha_hora` is stored `YYYY-MM-DD HH:MM:SS`: the day is its first ten characters, the hour
-- the two after the separator.
INSERT INTO tablero_reservas (sucursal_id, dia, hora, estado, origen, visitas, personas)
SELECT sucursal_id, substr(fecha_hora, 1, 10), CAST(substr(fecha_hora, 12, 2) AS INTEGER),
       status, origin, COUNT(*), SUM(no_personas)
FROM reservaciones
GROUP BY 1, 2, 3, 4, 5;

INSERT INTO tablero_walkins (sucursal_id, dia, hora, visitas, personas)
SELECT sucursal_id, substr(fecha_hora, 1, 10), CAST(substr(fecha_hora, 12, 2) AS INTEGER),
       COUNT(*), SUM(no_personas)
FROM walkins
GROUP BY 1, 2, 3;

CREATE TRIGGER tablero_reservas_alta AFTER INSERT ON reservaciones BEGIN
    INSERT INTO tablero_reservas (sucursal_id, dia, hora, estado, origen, visitas, personas)
    VALUES (NEW.sucursal_id, substr(NEW.fecha_hora, 1, 10), CAST(substr(NEW.fecha_hora, 12, 2) AS INTEGER),
            NEW.status, NEW.origin, 1, NEW.no_personas)
    ON CONFLICT (sucursal_id, dia, hora, estado, origen)
    DO UPDATE SET visitas = visitas + 1, personas = personas + excluded.personas;
END;

CREATE TRIGGER tablero_reservas_cambio
AFTER UPDATE OF sucursal_id, fecha_hora, no_personas, status, origin ON reservaciones BEGIN
    UPDATE tablero_reservas SET visitas = visitas - 1, personas = personas - OLD.no_personas
    WHERE sucursal_id = OLD.sucursal_id AND dia = substr(OLD.fecha_hora, 1, 10)
      AND hora = CAST(substr(OLD.fecha_hora, 12, 2) AS INTEGER)
      AND estado = OLD.status AND origen = OLD.origin;
    INSERT INTO tablero_reservas (sucursal_id, dia, hora, estado, origen, visitas, personas)
    VALUES (NEW.sucursal_id, substr(NEW.fecha_hora, 1, 10), CAST(substr(NEW.fecha_hora, 12, 2) AS INTEGER),
            NEW.status, NEW.origin, 1, NEW.no_personas)
    ON CONFLICT (sucursal_id, dia, hora, estado, origen)
    DO UPDATE SET visitas = visitas + 1, personas = personas + excluded.personas;
END;

CREATE TRIGGER tablero_reservas_baja AFTER DELETE ON reservaciones BEGIN
    UPDATE tablero_reservas SET visitas = visitas - 1, personas = personas - OLD.no_personas
    WHERE sucursal_id = OLD.sucursal_id AND dia = substr(OLD.fecha_hora, 1, 10)
      AND hora = CAST(substr(OLD.fecha_hora, 12, 2) AS INTEGER)
      AND estado = OLD.status AND origen = OLD.origin;
END;

CREATE TRIGGER tablero_walkins_alta AFTER INSERT ON walkins BEGIN
    INSERT INTO tablero_walkins (sucursal_id, dia, hora, visitas, personas)
    VALUES (NEW.sucursal_id, substr(NEW.fecha_hora, 1, 10), CAST(substr(NEW.fecha_hora, 12, 2) AS INTEGER),
            1, NEW.no_personas)
    ON CONFLICT (sucursal_id, dia, hora)
    DO UPDATE SET visitas = visitas + 1, personas = personas + excluded.personas;
END;

CREATE TRIGGER tablero_walkins_cambio
AFTER UPDATE OF sucursal_id, fecha_hora, no_personas ON walkins BEGIN
    UPDATE tablero_walkins SET visitas = visitas - 1, personas = personas - OLD.no_personas
    WHERE sucursal_id = OLD.sucursal_id AND dia = substr(OLD.fecha_hora, 1, 10)
      AND hora = CAST(substr(OLD.fecha_hora, 12, 2) AS INTEGER);
    INSERT INTO tablero_walkins (sucursal_id, dia, hora, visitas, personas)
    VALUES (NEW.sucursal_id, substr(NEW.fecha_hora, 1, 10), CAST(substr(NEW.fecha_hora, 12, 2) AS INTEGER),
            1, NEW.no_personas)
    ON CONFLICT (sucursal_id, dia, hora)
    DO UPDATE SET visitas = visitas + 1, personas = personas + excluded.personas;
END;

CREATE TRIGGER tablero_walkins_baja AFTER DELETE ON walkins BEGIN
    UPDATE tablero_walkins SET visitas = visitas - 1, personas = personas - OLD.no_personas
    WHERE sucursal_id = OLD.sucursal_id AND dia = substr(OLD.fecha_hora, 1, 10)
      AND hora = CAST(substr(OLD.fecha_hora, 12, 2) AS INTEGER);
END;
