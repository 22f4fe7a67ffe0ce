-- Guests answer by SMS, and the waitlist's quote learns. A waiting party that answered "1" is on
-- its way (when it said so); every message a guest sent to the group's number is kept once (the
-- provider's id), with what it did and the party or reservation it concerns: the host reads it
-- there and answers from it.
ALTER TABLE lista_espera ADD COLUMN viene_en TIMESTAMPTZ;
-- The wait the floor's stay alone (today's, or the setting) would have quoted, kept beside the
-- one told (learned from the same weekday and hour of the last weeks): the dashboard compares
-- both against the wait.
ALTER TABLE lista_espera ADD COLUMN cotizada_fija_min INTEGER;

CREATE TABLE mensajes_entrantes (
    sid             TEXT PRIMARY KEY,
    sucursal_id     TEXT REFERENCES sucursales(id) ON DELETE CASCADE,
    espera_id       TEXT REFERENCES lista_espera(id) ON DELETE CASCADE,
    reservacion_id  TEXT REFERENCES reservaciones(id) ON DELETE CASCADE,
    -- Digits with the country code, as guests' phones are kept.
    remitente       TEXT NOT NULL,
    texto           TEXT NOT NULL,
    -- si, no, mensaje, elegir or nada.
    decision        TEXT NOT NULL,
    creado_en       TIMESTAMPTZ NOT NULL
);
CREATE INDEX mensajes_entrantes_espera ON mensajes_entrantes (espera_id, creado_en);
CREATE INDEX mensajes_entrantes_reservacion ON mensajes_entrantes (reservacion_id, creado_en);
