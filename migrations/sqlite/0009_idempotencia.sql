-- The answer to each write a client marked with an `Idempotency-Key`: a repeat of that write (a
-- double tap, a retry after the network dropped) gets this answer back instead of saving twice.
-- `alcance` is whose key it is (`usuario:<id>`, or `publico`); `huella` the hash
-- of the method, path and body, so one key cannot stand for two different writes. A row without
-- `status` is a write still running; rows older than a day are purged.
CREATE TABLE idempotencia (
    alcance     TEXT NOT NULL,
    clave       TEXT NOT NULL,
    huella      TEXT NOT NULL,
    status      INTEGER,
    cuerpo      TEXT,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (alcance, clave)
);
CREATE INDEX idempotencia_created_at ON idempotencia (created_at);
