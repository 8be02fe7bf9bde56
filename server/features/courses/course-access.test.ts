import { describe, expect, it } from 'vitest';
import {
  courseAction,
  lessonAction,
  type CourseReader,
  type CourseRules,
  type LessonRules,
  type ModuleRules,
  type Paywall,
} from './course-access.ts';

/*
 * The access table (issue 19): each rule of spec/GAPS.md 25 alone, drip by days and by date in two zones across
 * the spring clock change, and the order in which the rules decide when several fail at once.
 */

const course: CourseRules = {
  isPublished: true,
  isDeleted: false,
  access: 'auth',
  isMadeModulesObligatory: false,
  limitAccessByTimeDays: null,
  dripContent: false,
};
const noDrip = { dripDays: null, dripDate: null };
const modules: ModuleRules[] = [
  { id: 'm1', ...noDrip },
  { id: 'm2', ...noDrip },
];
const lessons: LessonRules[] = [
  { id: 'l1', moduleId: 'm1', isActive: true, ...noDrip },
  { id: 'l2', moduleId: 'm1', isActive: false, ...noDrip },
  { id: 'l3', moduleId: 'm1', isActive: true, ...noDrip },
  { id: 'l4', moduleId: 'm2', isActive: true, ...noDrip },
];

/** Anna in Berlin; her access began on Friday 27 March 2026 at 21:00 CET (the clocks spring forward on Sunday). */
const began = new Date('2026-03-27T20:00:00Z');
const member = (input: Partial<Extract<CourseReader, { kind: 'member' }>> = {}): CourseReader => ({
  kind: 'member',
  timeZone: 'Europe/Berlin',
  accessBeganAt: began,
  completedLessonIds: new Set(),
  ...input,
});

function actionOf(
  lessonId: string,
  input: {
    course?: Partial<CourseRules>;
    modules?: ModuleRules[];
    lessons?: LessonRules[];
    reader?: CourseReader;
    paywall?: Paywall;
    now?: string;
  } = {},
) {
  const all = input.lessons ?? lessons;
  return lessonAction({
    course: { ...course, ...input.course },
    modules: input.modules ?? modules,
    lessons: all,
    lesson: all.find((lesson) => lesson.id === lessonId)!,
    reader: input.reader ?? member(),
    paywall: input.paywall ?? 'open',
    now: new Date(input.now ?? '2026-03-28T12:00:00Z'),
  });
}

const withDrip = (lessonId: string, drip: Partial<LessonRules>) =>
  lessons.map((lesson) => (lesson.id === lessonId ? { ...lesson, ...drip } : lesson));

describe('lesson actions, rule by rule', () => {
  it('opens a published, active lesson; completed once completed', () => {
    expect(actionOf('l1')).toEqual({ action: 'continue' });
    expect(actionOf('l1', { reader: member({ completedLessonIds: new Set(['l1']) }) })).toEqual({
      action: 'completed',
    });
  });

  it('denies unpublished and deleted courses and inactive lessons, which managers still preview', () => {
    expect(actionOf('l1', { course: { isPublished: false } })).toEqual({
      action: 'denied',
      reason: 'denied',
    });
    expect(actionOf('l1', { course: { isDeleted: true } })).toEqual({ action: 'denied', reason: 'denied' });
    expect(actionOf('l2')).toEqual({ action: 'denied', reason: 'denied' });
    expect(actionOf('l2', { course: { isPublished: false }, reader: { kind: 'manager' } })).toEqual({
      action: 'continue',
    });
  });

  it('asks a guest to sign in for a members’ course and lets them into a free one', () => {
    expect(actionOf('l1', { reader: { kind: 'guest' } })).toEqual({ action: 'denied', reason: 'login' });
    expect(actionOf('l1', { reader: { kind: 'guest' }, course: { access: 'free' } })).toEqual({
      action: 'continue',
    });
  });

  it('offers the plan that would grant the course, and denies behind a closed paywall', () => {
    expect(actionOf('l1', { paywall: 'buyable' })).toEqual({ action: 'buy' });
    expect(actionOf('l1', { paywall: 'closed' })).toEqual({ action: 'denied', reason: 'denied' });
  });

  it('locks everything once the time limit has passed, on the local clock of the day access began', () => {
    // 3 days after Friday 21:00 CET is Monday 21:00 CEST: 19:00 UTC, not 20:00 (the clocks moved meanwhile).
    const limited = { limitAccessByTimeDays: 3 };
    expect(actionOf('l1', { course: limited, now: '2026-03-30T18:59:59Z' })).toEqual({ action: 'continue' });
    expect(actionOf('l1', { course: limited, now: '2026-03-30T19:00:00Z' })).toEqual({
      action: 'locked',
      reason: 'access_limit_by_time',
      unlocksAt: null,
    });
  });

  it('drips by days at local midnight in the member’s zone, across the clock change', () => {
    const drip = { course: { dripContent: true }, lessons: withDrip('l3', { dripDays: 2 }) };
    // Day 0 is Friday; +2 days is Sunday 00:00 CET in Berlin (before the 02:00 change): Saturday 23:00 UTC.
    expect(actionOf('l3', { ...drip, now: '2026-03-28T22:59:59Z' })).toEqual({
      action: 'locked',
      reason: 'drip_content',
      unlocksAt: new Date('2026-03-28T23:00:00Z'),
    });
    expect(actionOf('l3', { ...drip, now: '2026-03-28T23:00:00Z' })).toEqual({ action: 'continue' });
    // +3 days is Monday 00:00 CEST: Sunday 22:00 UTC.
    expect(actionOf('l3', { ...drip, lessons: withDrip('l3', { dripDays: 3 }) })).toMatchObject({
      unlocksAt: new Date('2026-03-29T22:00:00Z'),
    });
    // The same access in New York began on Friday 16:00 EDT: +2 days is Sunday 00:00 EDT, 04:00 UTC.
    expect(actionOf('l3', { ...drip, reader: member({ timeZone: 'America/New_York' }) })).toMatchObject({
      unlocksAt: new Date('2026-03-29T04:00:00Z'),
    });
    // Without drip switched on for the course, the schedule is ignored.
    expect(actionOf('l3', { lessons: drip.lessons })).toEqual({ action: 'continue' });
  });

  it('drips by date at local midnight, and the later of the module’s and the lesson’s schedule decides', () => {
    const byDate = { course: { dripContent: true }, lessons: withDrip('l1', { dripDate: '2026-04-01' }) };
    expect(actionOf('l1', byDate)).toMatchObject({ unlocksAt: new Date('2026-03-31T22:00:00Z') });
    expect(actionOf('l1', { ...byDate, reader: member({ timeZone: 'Asia/Tokyo' }) })).toMatchObject({
      unlocksAt: new Date('2026-03-31T15:00:00Z'),
    });
    const laterModule = [{ id: 'm1', dripDays: 10, dripDate: null }, modules[1]!];
    expect(actionOf('l1', { ...byDate, modules: laterModule })).toMatchObject({
      unlocksAt: new Date('2026-04-05T22:00:00Z'),
    });
  });

  it('counts drip from today for a member who has not begun yet', () => {
    const drip = { course: { dripContent: true }, lessons: withDrip('l3', { dripDays: 1 }) };
    expect(actionOf('l3', { ...drip, reader: member({ accessBeganAt: null }) })).toMatchObject({
      unlocksAt: new Date('2026-03-28T23:00:00Z'),
    });
  });

  it('keeps the obligatory order: every active lesson before, in earlier modules too', () => {
    const ordered = { course: { isMadeModulesObligatory: true } };
    expect(actionOf('l1', ordered)).toEqual({ action: 'continue' });
    expect(actionOf('l3', ordered)).toEqual({
      action: 'locked',
      reason: 'not_completed_previous_lessons',
      unlocksAt: null,
    });
    // The inactive lesson between them does not count.
    expect(actionOf('l3', { ...ordered, reader: member({ completedLessonIds: new Set(['l1']) }) })).toEqual({
      action: 'continue',
    });
    expect(
      actionOf('l4', { ...ordered, reader: member({ completedLessonIds: new Set(['l1']) }) }),
    ).toMatchObject({
      reason: 'not_completed_previous_lessons',
    });
    expect(
      actionOf('l4', { ...ordered, reader: member({ completedLessonIds: new Set(['l1', 'l3']) }) }),
    ).toEqual({ action: 'continue' });
  });
});

describe('lesson actions, in the order of GAPS 25', () => {
  const everything = {
    course: {
      access: 'auth' as const,
      isMadeModulesObligatory: true,
      limitAccessByTimeDays: 1,
      dripContent: true,
    },
    lessons: withDrip('l3', { dripDays: 5 }),
    now: '2026-04-10T12:00:00Z',
  };

  it('answers the first rule that fails', () => {
    expect(actionOf('l3', { ...everything, reader: { kind: 'guest' } })).toMatchObject({ reason: 'login' });
    expect(actionOf('l3', { ...everything, paywall: 'buyable' })).toEqual({ action: 'buy' });
    expect(actionOf('l3', everything)).toMatchObject({ reason: 'access_limit_by_time' });
    const unlimited = { ...everything, course: { ...everything.course, limitAccessByTimeDays: null } };
    expect(actionOf('l3', { ...unlimited, now: '2026-03-30T12:00:00Z' })).toMatchObject({
      reason: 'drip_content',
    });
    expect(actionOf('l3', unlimited)).toMatchObject({ reason: 'not_completed_previous_lessons' });
  });
});

describe('course actions', () => {
  const of = (reader: CourseReader, paywall: Paywall = 'open') => courseAction({ lessons, reader, paywall });

  it('buy, start, continue, completed', () => {
    expect(of(member(), 'buyable')).toBe('buy');
    expect(of({ kind: 'guest' })).toBe('start');
    expect(of(member({ accessBeganAt: null }))).toBe('start');
    expect(of(member())).toBe('continue');
    expect(of(member({ completedLessonIds: new Set(['l1', 'l3']) }))).toBe('continue');
    // Every active lesson: the inactive one is not needed.
    expect(of(member({ completedLessonIds: new Set(['l1', 'l3', 'l4']) }))).toBe('completed');
    expect(of({ kind: 'manager' })).toBe('continue');
  });
});
