-- Public booking (DESIGN §4): the confirmation link's token, kept as its SHA-256 only, and the
-- outbox of confirmation e-mails, written in the booking's transaction and sent by a job.
ALTER TABLE reservaciones ADD COLUMN confirmacion_hash TEXT;

CREATE TABLE correos_salida (
    id                TEXT PRIMARY KEY,
    reservacion_id    TEXT NOT NULL REFERENCES reservaciones(id) ON DELETE CASCADE,
    tipo              TEXT NOT NULL,
    destinatario      TEXT NOT NULL,
    asunto            TEXT NOT NULL,
    texto             TEXT NOT NULL,
    html              TEXT NOT NULL,
    estado            TEXT NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'enviado', 'fallido')),
    intentos          INTEGER NOT NULL DEFAULT 0,
    ultimo_error      TEXT,
    siguiente_intento TEXT NOT NULL,
    creado_en         TEXT NOT NULL,
    enviado_en        TEXT
);
CREATE INDEX correos_salida_pendientes ON correos_salida(siguiente_intento) WHERE estado = 'pendiente';
CREATE INDEX correos_salida_reservacion ON correos_salida(reservacion_id);
