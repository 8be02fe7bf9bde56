ALTER TABLE "chats" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change of a chat's row raises its version (sending raises last_seq, a settings change the row itself) ...
CREATE FUNCTION "raise_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "chats_version" BEFORE UPDATE ON "chats"
  FOR EACH ROW EXECUTE FUNCTION "raise_version"();--> statement-breakpoint
-- ... and so does a change of one of its messages (edited, deleted) or of its members (joined, left, role).
CREATE FUNCTION "chat_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "chats" SET "version" = "version" WHERE "id" = OLD.chat_id;
  ELSE
    UPDATE "chats" SET "version" = "version" WHERE "id" = NEW.chat_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_touch" AFTER UPDATE ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION "chat_touch"();--> statement-breakpoint
CREATE TRIGGER "chat_members_touch" AFTER INSERT OR DELETE OR UPDATE OF "role" ON "chat_members"
  FOR EACH ROW EXECUTE FUNCTION "chat_touch"();
