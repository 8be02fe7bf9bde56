-- Committed changes to what an app access is made of, announced to every instance's in-memory cache of it
-- (server/db/changes.ts, server/db/change-cache.ts, server/features/workspace/access.ts). The trigger's arguments are the payload's
-- kind and the columns that follow it, of the row before and after the change: app:<id>, project:<id>,
-- member:<app id>:<account id>, profile:<id>. PostgreSQL sends a payload once per transaction.
CREATE FUNCTION "announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  payload text;
BEGIN
  FOREACH changed IN ARRAY ARRAY[
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END
  ] LOOP
    CONTINUE WHEN changed IS NULL;
    payload := TG_ARGV[0];
    FOR i IN 1 .. TG_NARGS - 1 LOOP
      payload := payload || ':' || coalesce(changed ->> TG_ARGV[i], '');
    END LOOP;
    PERFORM pg_notify('data_changes', payload);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "apps_announce" AFTER UPDATE OR DELETE ON "apps"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('app', 'id');--> statement-breakpoint
CREATE TRIGGER "projects_announce" AFTER UPDATE OR DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('project', 'id');--> statement-breakpoint
CREATE TRIGGER "team_members_announce" AFTER INSERT OR UPDATE OR DELETE ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('project', 'project_id');--> statement-breakpoint
CREATE TRIGGER "profiles_announce" AFTER INSERT OR UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('member', 'app_id', 'account_id');--> statement-breakpoint
CREATE TRIGGER "profile_tags_announce" AFTER INSERT OR UPDATE OR DELETE ON "profile_tags"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('profile', 'profile_id');--> statement-breakpoint
CREATE TRIGGER "tags_announce" AFTER UPDATE OR DELETE ON "tags"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('app', 'app_id');
