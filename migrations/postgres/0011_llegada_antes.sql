-- How many minutes before its time a reservation's arrival may be registered at the door (a
-- branch setting; empty means core's default, 120). Until then the lookup says the
-- reservation's date and time instead of seating another day's guest.
ALTER TABLE conf_walkin ADD COLUMN llegada_antes_min INTEGER;
