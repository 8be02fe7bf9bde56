-- Posts are kept in memory by id and slug for the route scopes (server/features/community/community.access.ts
-- over server/db/change-cache.ts): every change of one is announced as post:<id>. (A plain function:
-- announce_change would turn both versions of a post, its body among them, into JSON on every like.) Spaces are
-- not announced: their version changes with every comment, and each announcement wakes every listening session.
CREATE FUNCTION "announce_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('data_changes', TG_ARGV[0] || ':' || OLD.id);
  ELSE
    PERFORM pg_notify('data_changes', TG_ARGV[0] || ':' || NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_posts_announce" AFTER UPDATE OR DELETE ON "community_posts"
  FOR EACH ROW EXECUTE FUNCTION "announce_row"('post');
