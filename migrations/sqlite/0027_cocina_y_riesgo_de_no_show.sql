-- The kitchen's forecast (/cocina): its permission, held by the roles that seat guests and run
-- the branch in a database seeded before it.
INSERT INTO permisos (name, descripcion) VALUES
    ('cocina.index', 'Ver el pronóstico de comensales de la cocina e imprimirlo')
    ON CONFLICT (name) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, 'cocina.index' FROM roles r WHERE r.name IN ('Hostess', 'Gerente')
    ON CONFLICT (rol_id, permiso) DO NOTHING;

-- The forecast prints on the kitchen's printer through the same queue as the tickets. SQLite
-- cannot change a CHECK: the queue is copied into a table that allows it, with its indexes.
CREATE TABLE trabajos_impresion_nueva (
    id                TEXT PRIMARY KEY,
    sucursal_id       TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    impresora_id      TEXT NOT NULL REFERENCES impresoras(id) ON DELETE CASCADE,
    walkin_id         TEXT REFERENCES walkins(id) ON DELETE CASCADE,
    reservacion_id    TEXT REFERENCES reservaciones(id) ON DELETE CASCADE,
    tipo              TEXT NOT NULL CHECK (tipo IN ('comanda', 'abre', 'pronostico')),
    reimpresion       BOOLEAN NOT NULL DEFAULT 0,
    ticket            TEXT NOT NULL,
    estado            TEXT NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'impreso', 'vencido')),
    intentos          INTEGER NOT NULL DEFAULT 0,
    ultimo_error      TEXT,
    siguiente_intento TEXT NOT NULL,
    encolado_en       TEXT NOT NULL,
    creado_en         TEXT NOT NULL,
    impreso_en        TEXT
);
INSERT INTO trabajos_impresion_nueva SELECT id, sucursal_id, impresora_id, walkin_id, reservacion_id, tipo,
    reimpresion, ticket, estado, intentos, ultimo_error, siguiente_intento, encolado_en, creado_en, impreso_en
    FROM trabajos_impresion;
DROP TABLE trabajos_impresion;
ALTER TABLE trabajos_impresion_nueva RENAME TO trabajos_impresion;
CREATE INDEX trabajos_impresion_pendientes ON trabajos_impresion (siguiente_intento) WHERE estado = 'pendiente';
CREATE INDEX trabajos_impresion_walkin ON trabajos_impresion (walkin_id);
CREATE INDEX trabajos_impresion_reservacion ON trabajos_impresion (reservacion_id);
CREATE INDEX trabajos_impresion_pronostico ON trabajos_impresion (sucursal_id, creado_en) WHERE tipo = 'pronostico';

-- Each quarter-hour's forecast as made an hour before it (what the kitchen cooked by), kept
-- once, to be scored against who came.
CREATE TABLE pronosticos_cocina (
    sucursal_id TEXT    NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    cuarto      TEXT    NOT NULL,
    esperados   INTEGER NOT NULL CHECK (esperados >= 0),
    hecho_en    TEXT    NOT NULL,
    PRIMARY KEY (sucursal_id, cuarto)
);

-- The forecast may print by itself every 30 minutes while the branch is open (off until a
-- manager turns it on).
ALTER TABLE conf_walkin ADD COLUMN pronostico_automatico BOOLEAN NOT NULL DEFAULT 0;

-- No-shows in the last 90 days that mark a guest «Riesgo de no-show» (empty: core's default, 2).
ALTER TABLE conf_walkin ADD COLUMN umbral_no_show INTEGER;
