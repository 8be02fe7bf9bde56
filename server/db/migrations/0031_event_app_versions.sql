CREATE TABLE "event_app_versions" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_app_versions" ADD CONSTRAINT "event_app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every change of an app's events raises its version: the events' rows and categories carry the app, the rest
-- find it through their event (gone when the event itself was deleted: then the event's own change raised it).
-- The triggers are deferred to commit so that every writer takes the version row's lock last: joins and leaves
-- lock their occurrence's seats first, and would otherwise deadlock with each other over the two rows.
CREATE FUNCTION "raise_event_app_version"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_version" AFTER INSERT OR UPDATE OR DELETE ON "events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_event_app_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_categories_version" AFTER INSERT OR UPDATE OR DELETE ON "event_categories"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_event_app_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_overrides_version" AFTER INSERT OR UPDATE OR DELETE ON "event_overrides"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_event_app_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_hosts_version" AFTER INSERT OR UPDATE OR DELETE ON "event_hosts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_event_app_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_attachments_version" AFTER INSERT OR UPDATE OR DELETE ON "event_attachments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_event_app_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_occurrence_seats_version" AFTER INSERT OR UPDATE OR DELETE ON "event_occurrence_seats"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_event_app_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_attendees_version" AFTER INSERT OR UPDATE OR DELETE ON "event_attendees"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_event_app_version"();
