-- Administration of the organisation: which tables may be joined, and a branch's booking
-- settings (DESIGN §4). A NULL setting means core's default, which lives in core alone.
ALTER TABLE mesas ADD COLUMN combinable BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE conf_walkin ADD COLUMN paso_min INTEGER;
ALTER TABLE conf_walkin ADD COLUMN estancia_min INTEGER;
ALTER TABLE conf_walkin ADD COLUMN anticipacion_min INTEGER;
ALTER TABLE conf_walkin ADD COLUMN horizonte_dias INTEGER;
ALTER TABLE conf_walkin ADD COLUMN cubiertos_por_turno INTEGER;
