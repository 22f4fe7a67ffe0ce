-- The screen a role's users land on after signing in (`/hostes`, `/salon`, …); NULL: by the role's
-- name, as before. The base Hostess role works at the host stand, so it lands there when it may
-- still open it.
ALTER TABLE roles ADD COLUMN inicio TEXT;
UPDATE roles SET inicio = '/hostes'
WHERE name = 'Hostess'
  AND EXISTS (SELECT 1 FROM rol_permisos rp WHERE rp.rol_id = roles.id AND rp.permiso IN ('reservacion.asistio', 'walkin.index', 'espera.index'));
