-- Fewer no-shows and no lost walk-ins: reminders with links to confirm or cancel, the guest's
-- answer kept on the reservation, messages to phones, and the branch's waitlist.

-- When the guest confirmed (from a reminder's link or their own page); empty: not confirmed.
ALTER TABLE reservaciones ADD COLUMN confirmada TIMESTAMPTZ;

-- The hours before a reservation its reminders go, as "24,3" (empty or NULL: none).
ALTER TABLE conf_walkin ADD COLUMN recordatorios_horas TEXT;

-- A reminder sent (or skipped, without a way to reach the guest): one row per reservation and
-- hour, written with its message in one transaction, so of several instances one sends it.
CREATE TABLE recordatorios (
    reservacion_id  TEXT NOT NULL REFERENCES reservaciones(id) ON DELETE CASCADE,
    horas           INTEGER NOT NULL,
    canal           TEXT NOT NULL CHECK (canal IN ('correo', 'telefono', 'ninguno')),
    creado_en       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (reservacion_id, horas)
);

-- A guest's single-purpose link: only the token's SHA-256 is kept; it works once and not after
-- the reservation's time.
CREATE TABLE enlaces_reservacion (
    hash            TEXT PRIMARY KEY,
    reservacion_id  TEXT NOT NULL REFERENCES reservaciones(id) ON DELETE CASCADE,
    proposito       TEXT NOT NULL CHECK (proposito IN ('confirmar', 'cancelar')),
    vence           TIMESTAMPTZ NOT NULL,
    usado_en        TIMESTAMPTZ,
    creado_en       TIMESTAMPTZ NOT NULL
);
CREATE INDEX enlaces_reservacion_reservacion ON enlaces_reservacion (reservacion_id);

-- The branch's waitlist: a party waiting for a table, until it is seated (its walk-in) or leaves.
CREATE TABLE lista_espera (
    id              TEXT PRIMARY KEY,
    sucursal_id     TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    phone           TEXT,
    personas        INTEGER NOT NULL CHECK (personas > 0),
    notas           TEXT NOT NULL DEFAULT '',
    cotizada_min    INTEGER,
    estado          TEXT NOT NULL DEFAULT 'esperando' CHECK (estado IN ('esperando', 'sentado', 'se_fue')),
    motivo          TEXT,
    walkin_id       TEXT REFERENCES walkins(id) ON DELETE SET NULL,
    avisado_en      TIMESTAMPTZ,
    creado_en       TIMESTAMPTZ NOT NULL,
    cerrado_en      TIMESTAMPTZ,
    autor           TEXT NOT NULL
);
CREATE INDEX lista_espera_sucursal ON lista_espera (sucursal_id, estado, creado_en);

-- Messages to guests' phones (SMS or WhatsApp through the group's provider), sent by the jobs
-- loop as the e-mail outbox is: a lease per try, back-off, every state in the table.
CREATE TABLE mensajes_salida (
    id                TEXT PRIMARY KEY,
    sucursal_id       TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    reservacion_id    TEXT REFERENCES reservaciones(id) ON DELETE CASCADE,
    espera_id         TEXT REFERENCES lista_espera(id) ON DELETE CASCADE,
    tipo              TEXT NOT NULL,
    destinatario      TEXT NOT NULL,
    texto             TEXT NOT NULL,
    estado            TEXT NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'enviado', 'fallido')),
    intentos          INTEGER NOT NULL DEFAULT 0,
    ultimo_error      TEXT,
    proveedor_id      TEXT,
    siguiente_intento TIMESTAMPTZ NOT NULL,
    creado_en         TIMESTAMPTZ NOT NULL,
    enviado_en        TIMESTAMPTZ
);
CREATE INDEX mensajes_salida_pendientes ON mensajes_salida (siguiente_intento) WHERE estado = 'pendiente';
CREATE INDEX mensajes_salida_espera ON mensajes_salida (espera_id);

-- The waitlist's permission, held by the roles that seat guests in a database seeded before it.
INSERT INTO permisos (name, descripcion) VALUES
    ('espera.index', 'Llevar la lista de espera: anotar, avisar, sentar y quitar grupos')
    ON CONFLICT (name) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, 'espera.index' FROM roles r WHERE r.name IN ('Hostess', 'Gerente')
    ON CONFLICT (rol_id, permiso) DO NOTHING;
