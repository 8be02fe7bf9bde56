-- Spaces by id and the home feed's stamp of its containers' versions are kept in memory too
-- (server/features/community/community.access.ts, kept-answers.ts): a post's announcement names its containers
-- beside itself, one payload of tags separated by spaces (server/db/change-cache.ts): post:<id> space:<id> for a
-- groups post, post:<id> categories:<app id> for a communities post; the space or category it left as well when
-- it moves. New posts are announced too (they raise their container's version). A container's own changes are
-- announced apart from the version raised by its posts: space:<id>, categories:<app id>. Still one announcement
-- per changed post, as before: a comment, a like or a follow costs no more than it did.
CREATE FUNCTION "announce_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
  post_row "community_posts";
BEGIN
  IF TG_OP = 'DELETE' THEN post_row := OLD; ELSE post_row := NEW; END IF;
  payload := 'post:' || post_row.id;
  IF post_row.space_id IS NOT NULL THEN
    payload := payload || ' space:' || post_row.space_id;
  END IF;
  IF post_row.category_id IS NOT NULL THEN
    payload := payload || ' categories:' || post_row.app_id;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.space_id IS NOT NULL AND OLD.space_id IS DISTINCT FROM NEW.space_id THEN
      payload := payload || ' space:' || OLD.space_id;
    END IF;
    IF OLD.category_id IS NOT NULL AND NEW.category_id IS NULL THEN
      payload := payload || ' categories:' || OLD.app_id;
    END IF;
  END IF;
  PERFORM pg_notify('data_changes', payload);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "community_posts_announce" ON "community_posts";--> statement-breakpoint
CREATE TRIGGER "community_posts_announce" AFTER INSERT OR UPDATE OR DELETE ON "community_posts"
  FOR EACH ROW EXECUTE FUNCTION "announce_post"();--> statement-breakpoint
-- A space's or category's own change: any column but the version its posts raise (those are announced above).
CREATE TRIGGER "community_spaces_row_announce" AFTER UPDATE ON "community_spaces"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'version') IS DISTINCT FROM (to_jsonb(NEW) - 'version'))
  EXECUTE FUNCTION "announce_change"('space', 'id');--> statement-breakpoint
CREATE TRIGGER "community_spaces_row_gone" AFTER DELETE ON "community_spaces"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('space', 'id');--> statement-breakpoint
CREATE TRIGGER "community_categories_row_announce" AFTER UPDATE ON "community_categories"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'version') IS DISTINCT FROM (to_jsonb(NEW) - 'version'))
  EXECUTE FUNCTION "announce_change"('categories', 'app_id');--> statement-breakpoint
CREATE TRIGGER "community_categories_set_announce" AFTER INSERT OR DELETE ON "community_categories"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('categories', 'app_id');
