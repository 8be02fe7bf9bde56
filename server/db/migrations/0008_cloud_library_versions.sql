-- The cloud library's version counters (schema: cloud_library_versions). Statement-level triggers with
-- transition tables raise the counter of every person whose folders, files or favourites a statement
-- touched, once per statement, so bulk moves and deletes stay cheap.
CREATE FUNCTION cloud_bump_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'cloud_favorites' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO cloud_library_versions AS v (project_id, account_id, version)
        SELECT DISTINCT project_id, account_id, 1 FROM new_rows
        ON CONFLICT (project_id, account_id) DO UPDATE SET version = v.version + 1;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO cloud_library_versions AS v (project_id, account_id, version)
        SELECT DISTINCT project_id, account_id, 1 FROM old_rows
        ON CONFLICT (project_id, account_id) DO UPDATE SET version = v.version + 1;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO cloud_library_versions AS v (project_id, account_id, version)
      SELECT DISTINCT project_id, owner_account_id, 1 FROM new_rows
      ON CONFLICT (project_id, account_id) DO UPDATE SET version = v.version + 1;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO cloud_library_versions AS v (project_id, account_id, version)
      SELECT DISTINCT project_id, owner_account_id, 1 FROM old_rows
      ON CONFLICT (project_id, account_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cloud_files_version_insert AFTER INSERT ON cloud_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
--> statement-breakpoint
CREATE TRIGGER cloud_files_version_update AFTER UPDATE ON cloud_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
--> statement-breakpoint
CREATE TRIGGER cloud_files_version_delete AFTER DELETE ON cloud_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
--> statement-breakpoint
CREATE TRIGGER cloud_folders_version_insert AFTER INSERT ON cloud_folders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
--> statement-breakpoint
CREATE TRIGGER cloud_folders_version_update AFTER UPDATE ON cloud_folders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
--> statement-breakpoint
CREATE TRIGGER cloud_folders_version_delete AFTER DELETE ON cloud_folders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
--> statement-breakpoint
CREATE TRIGGER cloud_favorites_version_insert AFTER INSERT ON cloud_favorites
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
--> statement-breakpoint
CREATE TRIGGER cloud_favorites_version_delete AFTER DELETE ON cloud_favorites
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cloud_bump_versions();
