ALTER TABLE "community_categories" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_spaces" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change of a space, category or post raises its own version (raise_version: migration 0019) ...
CREATE TRIGGER "community_spaces_version" BEFORE UPDATE ON "community_spaces"
  FOR EACH ROW EXECUTE FUNCTION "raise_version"();--> statement-breakpoint
CREATE TRIGGER "community_categories_version" BEFORE UPDATE ON "community_categories"
  FOR EACH ROW EXECUTE FUNCTION "raise_version"();--> statement-breakpoint
CREATE TRIGGER "community_posts_version" BEFORE UPDATE ON "community_posts"
  FOR EACH ROW EXECUTE FUNCTION "raise_version"();--> statement-breakpoint
-- ... a post's change (new, edited, liked, commented, pinned, published, deleted, moved) its containers' ...
CREATE FUNCTION "community_post_touch_containers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.space_id IS NOT NULL THEN
      UPDATE "community_spaces" SET "version" = "version" WHERE "id" = OLD.space_id;
    END IF;
    IF OLD.category_id IS NOT NULL THEN
      UPDATE "community_categories" SET "version" = "version" WHERE "id" = OLD.category_id;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.space_id IS NOT DISTINCT FROM OLD.space_id
      AND NEW.category_id IS NOT DISTINCT FROM OLD.category_id) THEN
    RETURN NULL;
  END IF;
  IF NEW.space_id IS NOT NULL THEN
    UPDATE "community_spaces" SET "version" = "version" WHERE "id" = NEW.space_id;
  END IF;
  IF NEW.category_id IS NOT NULL THEN
    UPDATE "community_categories" SET "version" = "version" WHERE "id" = NEW.category_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_posts_touch" AFTER INSERT OR UPDATE OR DELETE ON "community_posts"
  FOR EACH ROW EXECUTE FUNCTION "community_post_touch_containers"();--> statement-breakpoint
-- ... and a change of its comments (edited, liked, hidden, deleted; a new one raises the post's count) or of
-- its followers raises the post's.
CREATE FUNCTION "community_touch_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'comments' THEN
    UPDATE "community_posts" SET "version" = "version"
      WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD.entity_id ELSE NEW.entity_id END);
  ELSE
    UPDATE "community_posts" SET "version" = "version"
      WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_touch_post" AFTER UPDATE OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "community_touch_post"();--> statement-breakpoint
CREATE TRIGGER "community_post_follows_touch_post" AFTER INSERT OR DELETE ON "community_post_follows"
  FOR EACH ROW EXECUTE FUNCTION "community_touch_post"();
