-- A caller's standing in every space of an app (the community's view) is kept in memory like the app access
-- (server/features/community/community.access.ts): announced are the spaces' own changes that the view reads
-- (community:<app id>) and a person's memberships and group moderation (community-member:<app id>:<profile id>).
CREATE TRIGGER "community_spaces_announce" AFTER INSERT OR DELETE OR UPDATE OF "access", "group_id", "position", "app_id"
  ON "community_spaces" FOR EACH ROW EXECUTE FUNCTION "announce_change"('community', 'app_id');--> statement-breakpoint
CREATE TRIGGER "community_space_members_announce" AFTER INSERT OR UPDATE OR DELETE ON "community_space_members"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('community-member', 'app_id', 'profile_id');--> statement-breakpoint
CREATE TRIGGER "community_group_moderators_announce" AFTER INSERT OR UPDATE OR DELETE ON "community_group_moderators"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('community-member', 'app_id', 'profile_id');
