-- "El buffet se cobra según la hora de llegada": when set, a party that joined the waitlist or
-- checked in before the promo buffet starts keeps the regular buffet when seated after it. Off
-- for every branch, which keeps charging by the time of seating.
ALTER TABLE conf_walkin ADD COLUMN cobro_por_llegada BOOLEAN NOT NULL DEFAULT FALSE;

-- `HH:MM`, branch-local: when a walk-in's party arrived (it joined the waitlist), kept when the
-- branch charged its buffet by it; its comanda and abre print it.
ALTER TABLE walkins ADD COLUMN llegada TEXT;
