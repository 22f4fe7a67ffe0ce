-- The floor: where each table stands in the room, and which tables are seated now.

-- The plan: the table's area (Salón, Terraza, Privado…), its shape, and its place in the room as
-- a percentage of the plan's width and height (empty: laid out in numbering order).
ALTER TABLE mesas ADD COLUMN area TEXT NOT NULL DEFAULT 'Salón';
ALTER TABLE mesas ADD COLUMN forma TEXT NOT NULL DEFAULT 'cuadrada';
ALTER TABLE mesas ADD COLUMN x INTEGER;
ALTER TABLE mesas ADD COLUMN y INTEGER;

-- How long a seated party is expected to stay before its table shows overdue (empty: core's default).
ALTER TABLE conf_walkin ADD COLUMN estancia_mesa_min INTEGER;

-- A turn: one party at one table or join, from its opening (the walk-in's or the attendance's
-- save) until it is freed. Kept after freeing: opening and freeing are the turn times.
CREATE TABLE turnos (
    id              TEXT PRIMARY KEY,
    sucursal_id     TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    mesa            TEXT NOT NULL,
    walkin_id       TEXT REFERENCES walkins(id) ON DELETE CASCADE,
    reservacion_id  TEXT REFERENCES reservaciones(id) ON DELETE CASCADE,
    personas        INTEGER NOT NULL,
    abierta_en      TEXT NOT NULL,
    liberada_en     TEXT,
    abierta_por     TEXT,
    liberada_por    TEXT
);
CREATE INDEX turnos_sucursal_abierta ON turnos (sucursal_id, abierta_en);
CREATE INDEX turnos_walkin ON turnos (walkin_id);
CREATE INDEX turnos_reservacion ON turnos (reservacion_id);

-- The tables seated now, one row each: the key is what makes two hosts opening one table at
-- once end with one seat.
CREATE TABLE mesas_ocupadas (
    sucursal_id TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    numero      INTEGER NOT NULL,
    turno_id    TEXT NOT NULL REFERENCES turnos(id) ON DELETE CASCADE,
    PRIMARY KEY (sucursal_id, numero)
);
CREATE INDEX mesas_ocupadas_turno ON mesas_ocupadas (turno_id);

-- The floor's permissions, held by the roles that seat guests in a database seeded before them.
INSERT INTO permisos (name, descripcion) VALUES
    ('salon.index', 'Ver el salón: el estado de las mesas'),
    ('salon.edit', 'Liberar mesas y cambiar a un grupo de mesa')
    ON CONFLICT (name) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, p.name FROM roles r, permisos p
    WHERE r.name IN ('Hostess', 'Gerente') AND p.name IN ('salon.index', 'salon.edit')
    ON CONFLICT (rol_id, permiso) DO NOTHING;
