-- Names staff tell apart only by their letters: "capitán" is the role "Capitán", "juan pérez" the
-- waiter "Juan Pérez". Roles, brands, active waiters and live promotions are unique by their name
-- folded as core's texto::plegar folds it (trimmed, without accents, in lower case), kept in a
-- column of its own that the server writes with every name (`nombre_clave`), besides the
-- exact-name keys they already had. A column, not an index on the folded expression: the
-- expression nests too deep for other SQLite tools to read the schema.

ALTER TABLE marcas ADD COLUMN nombre_clave TEXT;
UPDATE marcas SET nombre_clave = translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc');
CREATE UNIQUE INDEX marcas_nombre_plegado ON marcas (nombre_clave);

ALTER TABLE roles ADD COLUMN nombre_clave TEXT;
UPDATE roles SET nombre_clave = translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc');
CREATE UNIQUE INDEX roles_nombre_plegado ON roles (nombre_clave);

ALTER TABLE meseros ADD COLUMN nombre_clave TEXT;
UPDATE meseros SET nombre_clave = translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc');
CREATE UNIQUE INDEX meseros_nombre_plegado ON meseros (sucursal_id, nombre_clave) WHERE activo;

ALTER TABLE promociones ADD COLUMN nombre_clave TEXT;
UPDATE promociones SET nombre_clave = translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc');
CREATE UNIQUE INDEX promociones_nombre_plegado ON promociones (sucursal_id, nombre_clave) WHERE NOT eliminada;
