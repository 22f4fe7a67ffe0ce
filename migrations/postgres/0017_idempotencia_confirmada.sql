-- A key's write says, in its own transaction, that it committed (`confirmada`), and only the
-- request holding the key (`dueno`, random per request) may say so. A key left unanswered by an
-- instance that died can then be told apart: committed (a retry hears that it was saved) or not
-- (a retry past a bound takes the key over and saves it once).
ALTER TABLE idempotencia ADD COLUMN dueno TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotencia ADD COLUMN confirmada BOOLEAN NOT NULL DEFAULT FALSE;
