-- A raised version of an app's events is announced as events:<app id> (server/db/changes.ts), so the month and week
-- views' kept answers (server/features/events/events-kept.ts) read the version from memory instead of asking the
-- database on every request. The announcement leaves with the commit the deferred trigger runs in; PostgreSQL
-- sends one per app and transaction however many rows changed.
CREATE OR REPLACE FUNCTION "raise_event_app_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_TABLE_NAME IN ('events', 'event_categories') THEN
    target := CASE WHEN TG_OP = 'DELETE' THEN OLD.app_id ELSE NEW.app_id END;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT app_id INTO target FROM events WHERE id = OLD.event_id;
  ELSE
    SELECT app_id INTO target FROM events WHERE id = NEW.event_id;
  END IF;
  IF target IS NOT NULL THEN
    INSERT INTO event_app_versions (app_id, version) VALUES (target, 1)
      ON CONFLICT (app_id) DO UPDATE SET version = event_app_versions.version + 1;
    PERFORM pg_notify('data_changes', 'events:' || target::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A member's feed owner (their token's nonce, app and account) is kept in memory per profile too
-- (server/features/events/feeds.service.ts): a new or revoked token is announced as feed:<profile id>, a change
-- of the profile by the member:<app id>:<account id> of migration 0018.
CREATE TRIGGER "event_feed_tokens_announce" AFTER INSERT OR UPDATE OR DELETE ON "event_feed_tokens"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('feed', 'profile_id');
