-- Trigram matching for name and address search (DESIGN §4). PGlite loads the extension in server/db/client.ts;
-- on PostgreSQL the migrating role needs the right to create it (the contrib package ships it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
