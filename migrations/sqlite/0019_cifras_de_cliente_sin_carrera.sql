-- Numbered alike on both engines. SQLite writes one transaction at a time, so the race this
-- migration closes on PostgreSQL (two recomputations of a guest's figures at a branch at once)
-- cannot happen here: nothing to change.
SELECT 1;
