-- Kitchen printing: the branch's ESC/POS network printers and the queue of tickets sent to them.

-- A printer on the branch's network, reached over raw TCP (port 9100 by default).
CREATE TABLE impresoras (
    id           TEXT PRIMARY KEY,
    sucursal_id  TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    direccion    TEXT NOT NULL,
    ancho        INTEGER NOT NULL DEFAULT 80 CHECK (ancho IN (58, 80)),
    pagina       TEXT NOT NULL DEFAULT 'cp858',
    imprime      TEXT NOT NULL DEFAULT 'ambos' CHECK (imprime IN ('comanda', 'abre', 'ambos')),
    activa       BOOLEAN NOT NULL DEFAULT 1,
    creado_en    TEXT NOT NULL
);
CREATE INDEX impresoras_sucursal ON impresoras (sucursal_id);

-- One ticket for one printer: written in the transaction of the save it prints (or by a reprint),
-- its data as JSON (rendered for the printer when sent), sent by the jobs loop until the printer
-- takes it or it has waited longer than the branch allows, counted from encolado_en.
CREATE TABLE trabajos_impresion (
    id                TEXT PRIMARY KEY,
    sucursal_id       TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    impresora_id      TEXT NOT NULL REFERENCES impresoras(id) ON DELETE CASCADE,
    walkin_id         TEXT REFERENCES walkins(id) ON DELETE CASCADE,
    reservacion_id    TEXT REFERENCES reservaciones(id) ON DELETE CASCADE,
    tipo              TEXT NOT NULL CHECK (tipo IN ('comanda', 'abre')),
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
CREATE INDEX trabajos_impresion_pendientes ON trabajos_impresion (siguiente_intento) WHERE estado = 'pendiente';
CREATE INDEX trabajos_impresion_walkin ON trabajos_impresion (walkin_id);
CREATE INDEX trabajos_impresion_reservacion ON trabajos_impresion (reservacion_id);

-- How long a ticket waits for its printer before it is marked expired (empty: core's default).
ALTER TABLE conf_walkin ADD COLUMN vencer_impresion_min INTEGER;

INSERT INTO permisos (name, descripcion) VALUES
    ('impresion.index', 'Ver la impresión de comandas y abres, reintentar y reimprimir'),
    ('impresoras.edit', 'Configurar las impresoras de la sucursal e imprimir pruebas')
    ON CONFLICT (name) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, 'impresion.index' FROM roles r WHERE r.name IN ('Hostess', 'Gerente')
    ON CONFLICT (rol_id, permiso) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, 'impresoras.edit' FROM roles r WHERE r.name IN ('Sistemas', 'Gerente')
    ON CONFLICT (rol_id, permiso) DO NOTHING;
