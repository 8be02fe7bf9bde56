-- An app's moderation settings are read on every post, comment and report and kept in memory
-- (server/features/moderation/settings.repo.ts over server/db/change-cache.ts): their changes are announced.
CREATE TRIGGER "moderation_settings_announce" AFTER INSERT OR UPDATE OR DELETE ON "moderation_settings"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('moderation', 'app_id');
