-- A branch's business day ends at this hour of the next morning (`HH:00`): until then the night's
-- guests still belong to the day they came in, in every "today" of the product. Every branch
-- starts at 05:00.
ALTER TABLE conf_walkin ADD COLUMN fin_dia TEXT NOT NULL DEFAULT '05:00';
