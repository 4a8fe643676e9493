-- The word indexes' statistics (docs/decisions/009-flat-cost-at-scale.md), PostgreSQL only: a
-- search reads the range of words starting with what was typed ("word" >= 'robotica' AND
-- "word" < 'robotica\uffff'), and PostgreSQL estimates such a range from the column's most common
-- values and histogram. With the default 100 of each, a word in 2 700 of 100 000 courses is in
-- neither list, the range is estimated at one row, and the planner reads all 2 700 matches and
-- sorts them (36 ms) instead of walking the newest courses until a page is found (a few ms).
-- With 1 000 (ANALYZE samples 300 000 rows), every word common enough to matter is a most
-- common value and its range is estimated from its real share. SQLite's planner needs no hint
-- here (its searches read the same ranges by rule).
ALTER TABLE "CourseWord" ALTER COLUMN "word" SET STATISTICS 1000;
ALTER TABLE "UserWord" ALTER COLUMN "word" SET STATISTICS 1000;
ALTER TABLE "BookWord" ALTER COLUMN "word" SET STATISTICS 1000;
