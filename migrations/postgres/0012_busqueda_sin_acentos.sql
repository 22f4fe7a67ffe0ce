-- Search ignores accents and case: "Hector" finds "Héctor", "nunez" finds "Ñúñez". A name is
-- searched folded (lower case, the accents of core's texto::PLEGADO_DESDE replaced), and the
-- trigram index is on that same expression, written exactly as the queries write it.
CREATE INDEX reservaciones_busqueda_plegado ON reservaciones
    USING gin ((translate(lower(name), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc')) gin_trgm_ops);
DROP INDEX reservaciones_busqueda_nombre;
CREATE INDEX clientes_busqueda_plegado ON clientes
    USING gin ((translate(lower(name), 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc')) gin_trgm_ops);
DROP INDEX clientes_busqueda_nombre;
