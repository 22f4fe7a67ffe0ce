-- A reservation's origin as the guest claimed it: a partner origin (Whatsapp, Airbnb, …) sent by
-- the public widget without an affiliate's code is what the booker said, not something the
-- group knows. Reports by origin tell the two apart.
ALTER TABLE reservaciones ADD COLUMN origin_declarado BOOLEAN NOT NULL DEFAULT FALSE;
