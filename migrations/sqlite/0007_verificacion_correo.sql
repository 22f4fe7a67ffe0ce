-- The e-mail check has a secret of its own, which only the e-mail carries: the confirmation
-- token is in the booking's answer, so whoever books could verify an address that is not theirs.
-- Only its SHA-256 is kept. Links sent before this column existed verify nothing.
ALTER TABLE reservaciones ADD COLUMN verificacion_hash TEXT;
