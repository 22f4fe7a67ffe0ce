-- Integration keys: other systems (a CRM, a POS, a booking channel) call the API as a key, with
-- exactly its role's permissions and only its branches. Only the SHA-256 of the secret is kept.
CREATE TABLE claves_integracion (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    nombre_clave  TEXT NOT NULL UNIQUE,
    rol_id        TEXT NOT NULL REFERENCES roles(id) ON DELETE RESTRICT,
    hash          TEXT NOT NULL UNIQUE,
    -- The secret's first characters, so staff can tell which key a partner holds.
    prefijo       TEXT NOT NULL,
    creada_por    TEXT NOT NULL,
    creada_en     TEXT NOT NULL,
    expira_en     TEXT,
    revocada_en   TEXT,
    usada_en      TEXT,
    usada_desde   TEXT
);

CREATE TABLE clave_sucursales (
    clave_id  TEXT NOT NULL REFERENCES claves_integracion(id) ON DELETE CASCADE,
    tag       TEXT NOT NULL REFERENCES sucursales(tag) ON DELETE CASCADE ON UPDATE CASCADE,
    PRIMARY KEY (clave_id, tag)
);

-- Where the group's changes are sent: a webhook endpoint or the group's CRM.
CREATE TABLE webhook_destinos (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    url              TEXT NOT NULL,
    tipo             TEXT NOT NULL DEFAULT 'webhook' CHECK (tipo IN ('webhook', 'crm')),
    secreto          TEXT NOT NULL,
    -- The secret a rotation replaced, still signing beside the new one until `anterior_hasta`.
    secreto_anterior TEXT,
    anterior_hasta   TEXT,
    activo           BOOLEAN NOT NULL DEFAULT 1,
    desactivado_en   TEXT,
    creado_por       TEXT NOT NULL,
    creado_en        TEXT NOT NULL,
    -- "Sincronizar todo" of a CRM: every client of its branches, a page at a time, resumed from
    -- the last client sent after a restart.
    sync_estado      TEXT NOT NULL DEFAULT 'ninguna' CHECK (sync_estado IN ('ninguna', 'en_curso', 'terminada')),
    sync_cursor      TEXT,
    sync_total       INTEGER NOT NULL DEFAULT 0,
    sync_enviados    INTEGER NOT NULL DEFAULT 0,
    sync_desde       TEXT
);

CREATE TABLE webhook_destino_eventos (
    destino_id  TEXT NOT NULL REFERENCES webhook_destinos(id) ON DELETE CASCADE,
    evento      TEXT NOT NULL,
    PRIMARY KEY (destino_id, evento)
);

CREATE TABLE webhook_destino_sucursales (
    destino_id   TEXT NOT NULL REFERENCES webhook_destinos(id) ON DELETE CASCADE,
    sucursal_id  TEXT NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    PRIMARY KEY (destino_id, sucursal_id)
);

-- The webhook outbox: one row per event and endpoint, written in the transaction of the change
-- it reports, its body fixed then, so every try sends the same bytes under the same id. An
-- endpoint's deliveries leave in `secuencia` order.
CREATE TABLE webhook_entregas (
    secuencia         INTEGER PRIMARY KEY AUTOINCREMENT,
    id                TEXT NOT NULL UNIQUE,
    destino_id        TEXT NOT NULL REFERENCES webhook_destinos(id) ON DELETE CASCADE,
    evento            TEXT NOT NULL,
    cuerpo            TEXT NOT NULL,
    estado            TEXT NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'entregado', 'fallido')),
    intentos          INTEGER NOT NULL DEFAULT 0,
    siguiente_intento TEXT NOT NULL,
    primer_fallo      TEXT,
    ultimo_codigo     INTEGER,
    ultimo_error      TEXT,
    ultimo_en         TEXT,
    creado_en         TEXT NOT NULL,
    -- The lease of the instance sending it now.
    enviando_hasta    TEXT
);
CREATE INDEX webhook_entregas_destino ON webhook_entregas (destino_id, estado, secuencia);

INSERT INTO permisos (name, descripcion) VALUES
    ('integraciones.index', 'Administrar las claves de integración y los webhooks')
    ON CONFLICT (name) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, 'integraciones.index' FROM roles r WHERE r.name = 'Sistemas'
    ON CONFLICT (rol_id, permiso) DO NOTHING;
