-- Guests join the waitlist from their phone. "Lista en línea: abierta/cerrada" per branch (closed
-- for every branch until a manager opens it); a party that joined online is marked so, and its
-- guest page is reached by a secret of which only the SHA-256 is kept.
ALTER TABLE conf_walkin ADD COLUMN espera_en_linea BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE lista_espera ADD COLUMN en_linea BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE lista_espera ADD COLUMN token_hash TEXT;
