-- When a reservation's table was opened (its attendance registered), at the branch's wall time:
-- its comanda and abre print this, not the time it was booked for. Reservations seated before
-- this column existed keep it empty, and their tickets show the booked time as before.
ALTER TABLE reservaciones ADD COLUMN abierta_en TEXT;
