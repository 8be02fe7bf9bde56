-- The team's ticket lists are kept in memory per project, filter and page (server/features/tickets/tickets.service.ts
-- over server/db/change-cache.ts): every change of a ticket — a new one, a status, a message moving it up — is
-- announced as tickets:<project id>, and so is a change of an app's ticket settings (the targets its clocks use).
-- A status change is written with its ticket's row, so the ticket's announcement covers it.
CREATE TRIGGER "tickets_announce" AFTER INSERT OR UPDATE OR DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('tickets', 'project_id');--> statement-breakpoint
CREATE FUNCTION "announce_ticket_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', 'tickets:' || project_id)
    FROM "apps" WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.app_id ELSE NEW.app_id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_settings_announce" AFTER INSERT OR UPDATE OR DELETE ON "ticket_settings"
  FOR EACH ROW EXECUTE FUNCTION "announce_ticket_settings"();
