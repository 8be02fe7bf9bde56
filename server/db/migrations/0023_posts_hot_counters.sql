-- A like or a comment updates its post's counters (likes_count, comments_count, trend_score, version). With
-- trend_score in an index, every such update wrote a new version of the post with all its 12 index entries, the
-- GIN search index's lexemes among them: about 2 ms of PostgreSQL per comment. Without it, and with room left on
-- each page, the update stays on the page and touches no index (a HOT update). A space's trends page sorts the
-- space's published posts instead (its feed index finds them).
DROP INDEX "community_posts_space_trend_idx";--> statement-breakpoint
ALTER TABLE "community_posts" SET (fillfactor = 80);
