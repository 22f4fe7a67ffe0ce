-- The phone channel's guards. A branch takes guests' typed numbers only from the countries it
-- allows (ISO codes, "MX,US"): every branch starts Mexico-only. The caps on messages per number
-- and per rolling hour count the outbox's rows by recipient and time.
ALTER TABLE conf_walkin ADD COLUMN paises_telefono TEXT NOT NULL DEFAULT 'MX';

CREATE INDEX mensajes_salida_destinatario ON mensajes_salida (destinatario, creado_en);
