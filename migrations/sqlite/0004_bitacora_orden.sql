-- A log reads newest first a batch at a time, each batch starting below the last one read
-- ((at, id) < (…)): this index gives that order for a branch without sorting.
CREATE INDEX bitacora_orden ON bitacora(sucursal_id, at, id);
