-- The help desk's search answers are kept in memory per app and query (server/features/helpdesk/search.service.ts
-- over server/db/change-cache.ts): every change of what a hit shows or whether it is found is announced as
-- helpdesk:<app id> — an article's name, slug, text, category or publication, and any change of a category
-- (hits show their category's name and slug). Views and votes, which change on every read, are not announced.
CREATE TRIGGER "helpdesk_articles_announce" AFTER INSERT OR DELETE
  ON "helpdesk_articles" FOR EACH ROW EXECUTE FUNCTION "announce_change"('helpdesk', 'app_id');--> statement-breakpoint
CREATE TRIGGER "helpdesk_articles_content_announce"
  AFTER UPDATE OF "name", "slug", "body_text", "is_published", "category_id", "app_id"
  ON "helpdesk_articles" FOR EACH ROW EXECUTE FUNCTION "announce_change"('helpdesk', 'app_id');--> statement-breakpoint
CREATE TRIGGER "helpdesk_categories_announce" AFTER INSERT OR UPDATE OR DELETE
  ON "helpdesk_categories" FOR EACH ROW EXECUTE FUNCTION "announce_change"('helpdesk', 'app_id');
