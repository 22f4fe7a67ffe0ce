-- The kitchen's forecast (/cocina): its permission, held by the roles that seat guests and run
-- the branch in a database seeded before it.
INSERT INTO permisos (name, descripcion) VALUES
    ('cocina.index', 'Ver el pronóstico de comensales de la cocina e imprimirlo')
    ON CONFLICT (name) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, 'cocina.index' FROM roles r WHERE r.name IN ('Hostess', 'Gerente')
    ON CONFLICT (rol_id, permiso) DO NOTHING;
