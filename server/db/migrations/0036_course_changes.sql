-- A course's row and its lessons' rows are kept in memory per instance (server/features/courses/courses.access.ts
-- over server/db/change-cache.ts): the player saves its position every few seconds and the course page is read by
-- every member, and both resolve the course (and the lesson) first. Every committed change of a course or a lesson
-- is announced as course:<id> or lesson:<id>; a new row needs no announcement (nothing kept can hold it).
CREATE TRIGGER "courses_announce" AFTER UPDATE OR DELETE ON "courses"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('course', 'id');--> statement-breakpoint
CREATE TRIGGER "course_lessons_announce" AFTER UPDATE OR DELETE ON "course_lessons"
  FOR EACH ROW EXECUTE FUNCTION "announce_change"('lesson', 'id');
