import { instantToWall, wallToInstant } from '../../platform/time-zone.ts';

/*
 * Who may open which lesson of a course, and what the course's button says: one pure function used by every read
 * (lists, the course and lesson pages, recent lessons, the podcast feed), evaluated on the server in the order of
 * spec/GAPS.md 25 — published and active, the course's access form (free, or signed in), a paywall, the time
 * limit, drip, the obligatory order (a level of the rewards stands beside the paywall) — the first rule that fails decides (docs/decisions/courses.md "Access").
 */

const dayMs = 86_400_000;

/** The course's rules that decide access. */
export type CourseRules = {
  isPublished: boolean;
  isDeleted: boolean;
  /** `free`: anyone the app's courses are open to, guests too; `auth`: signed-in members. */
  access: 'free' | 'auth';
  /** A lesson opens only when every active lesson before it (in course order) is completed. */
  isMadeModulesObligatory: boolean;
  /** Access ends this many days after it began; null: never. */
  limitAccessByTimeDays: number | null;
  /** Whether the modules' and lessons' drip schedules apply. */
  dripContent: boolean;
};

/** When a module or lesson opens: days after the member's access began (local midnight), or on a local date. */
export type Drip = { dripDays: number | null; dripDate: string | null };

export type ModuleRules = Drip & { id: string };

export type LessonRules = Drip & { id: string; moduleId: string; isActive: boolean };

/** Who reads: a manager previews everything; a member carries their access and progress. */
export type CourseReader =
  | { kind: 'manager' }
  | { kind: 'guest' }
  | {
      kind: 'member';
      /** The member's IANA zone: drip days and dates open at local midnight there. */
      timeZone: string;
      /** When the member's access to the course began (drip and the time limit count from it); null: not yet. */
      accessBeganAt: Date | null;
      completedLessonIds: ReadonlySet<string>;
    };

/**
 * A paywall in front of the course (access plans, points, promo codes arrive later): `open` when none applies or
 * the reader holds what it asks, `buyable` when a plan the reader could buy would grant it, `closed` otherwise.
 */
export type Paywall = 'open' | 'buyable' | 'closed';

export type LockReason = 'access_limit_by_time' | 'drip_content' | 'not_completed_previous_lessons' | 'level';

/** A level of the rewards the course asks for (issue 21): its number, name and points. */
export type CourseLevel = { level: number; name: string; points: number };

export type LessonAction =
  | { action: 'continue' | 'completed' }
  | { action: 'buy' }
  /** `unlocksAt`: when drip opens it (null for the other reasons); `level`: the level that opens it. */
  | { action: 'locked'; reason: LockReason; unlocksAt: Date | null; level?: CourseLevel }
  /** `login`: a guest on a members' course; `denied`: unpublished, inactive, or behind a closed paywall. */
  | { action: 'denied'; reason: 'login' | 'denied' };

export type CourseAction = 'buy' | 'start' | 'continue' | 'completed';

/** The instant a local wall time (ms of its fields, as `Date.UTC` gives) is in `zone`. */
const localMidnight = (zone: string, wallDay: number) => new Date(wallToInstant(zone, wallDay));

/** The local midnight the days count from: the day access began (or today, for who has not begun yet). */
function dayOneOf(zone: string, beganAt: Date): number {
  const wall = instantToWall(zone, beganAt.getTime());
  return Math.floor(wall / dayMs) * dayMs;
}

/** When a drip schedule opens for the reader, or null when it has none. */
function opensAt(drip: Drip, zone: string, beganAt: Date): Date | null {
  if (drip.dripDate !== null) {
    const [year, month, day] = drip.dripDate.split('-').map(Number) as [number, number, number];
    return localMidnight(zone, Date.UTC(year, month - 1, day));
  }
  if (drip.dripDays !== null && drip.dripDays > 0) {
    return localMidnight(zone, dayOneOf(zone, beganAt) + drip.dripDays * dayMs);
  }
  return null;
}

/** When drip opens a lesson: the later of its module's and its own schedule (null: no schedule). */
export function lessonOpensAt(
  modules: readonly ModuleRules[],
  lesson: LessonRules,
  zone: string,
  beganAt: Date,
): Date | null {
  const module = modules.find((candidate) => candidate.id === lesson.moduleId);
  return (
    [module && opensAt(module, zone, beganAt), opensAt(lesson, zone, beganAt)]
      .filter((at): at is Date => at instanceof Date)
      .sort((a, b) => b.getTime() - a.getTime())[0] ?? null
  );
}

/** The instant access ends: the same local clock time `days` later. */
function accessEndsAt(zone: string, beganAt: Date, days: number): Date {
  return new Date(wallToInstant(zone, instantToWall(zone, beganAt.getTime()) + days * dayMs));
}

type LessonsInput = {
  course: CourseRules;
  modules: readonly ModuleRules[];
  /** The course's lessons in course order (modules in their order, then lessons in theirs). */
  lessons: readonly LessonRules[];
  reader: CourseReader;
  paywall: Paywall;
  /**
   * The level the reader lacks (the course's level gate, per reader: their points are not part of the course's
   * cached outline); null or absent: none asked, or reached, or a manager.
   */
  missingLevel?: CourseLevel | null;
  now: Date;
};

/** The action of one lesson of `lessons` for the reader at `now`. */
export function lessonAction(input: LessonsInput & { lesson: LessonRules }): LessonAction {
  const at = input.lessons.findIndex((candidate) => candidate.id === input.lesson.id);
  if (at < 0) {
    throw new Error(`lesson ${input.lesson.id} is not one of the course's lessons`);
  }
  return decide(input, input.lesson, earlierAllDone(input.lessons.slice(0, at), input.reader));
}

/** Every lesson's action, by id, in one pass (the course page). */
export function lessonActions(input: LessonsInput): Map<string, LessonAction> {
  const actions = new Map<string, LessonAction>();
  let allDone = true;
  for (const lesson of input.lessons) {
    actions.set(lesson.id, decide(input, lesson, allDone));
    allDone = allDone && earlierAllDone([lesson], input.reader);
  }
  return actions;
}

const earlierAllDone = (lessons: readonly LessonRules[], reader: CourseReader) =>
  reader.kind !== 'member' ||
  lessons.every((earlier) => !earlier.isActive || reader.completedLessonIds.has(earlier.id));

/** The rules in the order of GAPS 25; `earlierDone`: every active lesson before this one is completed. */
function decide(input: LessonsInput, lesson: LessonRules, earlierDone: boolean): LessonAction {
  const { course, reader, now } = input;
  if (reader.kind === 'manager') {
    return { action: 'continue' };
  }
  if (!course.isPublished || course.isDeleted || !lesson.isActive) {
    return { action: 'denied', reason: 'denied' };
  }
  if (course.access === 'auth' && reader.kind === 'guest') {
    return { action: 'denied', reason: 'login' };
  }
  if (input.paywall !== 'open') {
    return input.paywall === 'buyable' ? { action: 'buy' } : { action: 'denied', reason: 'denied' };
  }
  // The level gate (issue 21) stands beside the paywall: after the access form, before time, drip and order.
  if (input.missingLevel) {
    return { action: 'locked', reason: 'level', unlocksAt: null, level: input.missingLevel };
  }
  if (reader.kind === 'guest') {
    // A free course for guests: nothing of theirs is kept, so no time, drip or order applies.
    return { action: 'continue' };
  }
  const zone = reader.timeZone;
  const beganAt = reader.accessBeganAt ?? now;
  if (
    course.limitAccessByTimeDays !== null &&
    now >= accessEndsAt(zone, beganAt, course.limitAccessByTimeDays)
  ) {
    return { action: 'locked', reason: 'access_limit_by_time', unlocksAt: null };
  }
  if (course.dripContent) {
    const opens = lessonOpensAt(input.modules, lesson, zone, beganAt);
    if (opens && now < opens) {
      return { action: 'locked', reason: 'drip_content', unlocksAt: opens };
    }
  }
  if (course.isMadeModulesObligatory && !earlierDone) {
    return { action: 'locked', reason: 'not_completed_previous_lessons', unlocksAt: null };
  }
  return { action: reader.completedLessonIds.has(lesson.id) ? 'completed' : 'continue' };
}

/** When access ends for a member (the time limit), or null when it never does. */
export function accessEndOf(course: CourseRules, reader: CourseReader): Date | null {
  if (reader.kind !== 'member' || reader.accessBeganAt === null || course.limitAccessByTimeDays === null) {
    return null;
  }
  return accessEndsAt(reader.timeZone, reader.accessBeganAt, course.limitAccessByTimeDays);
}

/** The course's button: buy it, start it, go on, or done (every active lesson completed). */
export function courseAction(input: {
  lessons: readonly LessonRules[];
  reader: CourseReader;
  paywall: Paywall;
}): CourseAction {
  const { reader } = input;
  if (input.paywall === 'buyable') {
    return 'buy';
  }
  if (reader.kind !== 'member' || reader.accessBeganAt === null) {
    return reader.kind === 'manager' ? 'continue' : 'start';
  }
  const active = input.lessons.filter((lesson) => lesson.isActive);
  if (active.length > 0 && active.every((lesson) => reader.completedLessonIds.has(lesson.id))) {
    return 'completed';
  }
  return 'continue';
}
