-- Names staff tell apart only by their letters: "capitán" is the role "Capitán", "juan pérez" the
-- waiter "Juan Pérez". Roles, brands, active waiters and live promotions are unique by their name
-- folded as core's texto::plegar folds it (without accents, in lower case; the expression is the
-- one the queries write, server/src/db `plegado`), besides the exact-name keys they already had.
CREATE UNIQUE INDEX marcas_nombre_plegado ON marcas ((translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc')));
CREATE UNIQUE INDEX roles_nombre_plegado ON roles ((translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc')));
CREATE UNIQUE INDEX meseros_nombre_plegado ON meseros (sucursal_id, (translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc'))) WHERE activo;
CREATE UNIQUE INDEX promociones_nombre_plegado ON promociones (sucursal_id, (translate(lower(trim(name)), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc'))) WHERE NOT eliminada;
