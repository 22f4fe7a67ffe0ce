-- The kitchen's forecast (/cocina): its permission, held by the roles that seat guests and run
-- the branch in a database seeded before it.
INSERT INTO permisos (name, descripcion) VALUES
    ('cocina.index', 'Ver el pronóstico de comensales de la cocina e imprimirlo')
    ON CONFLICT (name) DO NOTHING;
INSERT INTO rol_permisos (rol_id, permiso)
    SELECT r.id, 'cocina.index' FROM roles r WHERE r.name IN ('Hostess', 'Gerente')
    ON CONFLICT (rol_id, permiso) DO NOTHING;

-- The forecast prints on the kitchen's printer through the same queue as the tickets.
ALTER TABLE trabajos_impresion DROP CONSTRAINT trabajos_impresion_tipo_check;
ALTER TABLE trabajos_impresion ADD CONSTRAINT trabajos_impresion_tipo_check
    CHECK (tipo IN ('comanda', 'abre', 'pronostico'));
CREATE INDEX trabajos_impresion_pronostico ON trabajos_impresion (sucursal_id, creado_en) WHERE tipo = 'pronostico';

-- Each quarter-hour's forecast as made an hour before it (what the kitchen cooked by), kept
-- once, to be scored against who came.
CREATE TABLE pronosticos_cocina (
    sucursal_id TEXT        NOT NULL REFERENCES sucursales(id) ON DELETE CASCADE,
    cuarto      TIMESTAMP   NOT NULL,
    esperados   INTEGER     NOT NULL CHECK (esperados >= 0),
    hecho_en    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (sucursal_id, cuarto)
);

-- The forecast may print by itself every 30 minutes while the branch is open (off until a
-- manager turns it on).
ALTER TABLE conf_walkin ADD COLUMN pronostico_automatico BOOLEAN NOT NULL DEFAULT FALSE;

-- No-shows in the last 90 days that mark a guest «Riesgo de no-show» (empty: core's default, 2).
ALTER TABLE conf_walkin ADD COLUMN umbral_no_show INTEGER;
