import { describe, expect, it } from 'vitest';
import { postFixture } from './post.fixture';
import {
  composerIssuesOf,
  composerServerIssuesOf,
  composerValuesOf,
  emptyComposerValues,
  postCreateBodyOf,
  postPatchBodyOf,
  startPoll,
  type ComposerValues,
} from './composer-values';

const now = Date.parse('2027-05-01T10:00:00Z');
const zone = 'Europe/Berlin';
const fileA = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e01';
const fileB = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e02';

const written = (extra: Partial<ComposerValues> = {}): ComposerValues => ({
  ...emptyComposerValues(zone),
  name: '  Willkommen im Kurs  ',
  body: '<p>Hallo zusammen</p>',
  ...extra,
});

describe('the composer’s request bodies', () => {
  it('sends a new post with its pictures, files, flags and only the meta texts written', () => {
    const body = postCreateBodyOf(
      written({
        cover: { id: fileA, url: null },
        media: [{ id: fileB, url: null, type: 'video', name: 'intro.mp4' }],
        isCommentsDisabled: true,
        slug: ' Mein-Beitrag ',
        ogTitle: ' Teilen Sie das ',
      }),
      '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e77',
    );
    expect(body).toEqual({
      name: 'Willkommen im Kurs',
      body: '<p>Hallo zusammen</p>',
      coverId: fileA,
      mediaIds: [fileB],
      voteId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e77',
      publishAt: null,
      timeZone: null,
      isCommentsDisabled: true,
      isLikesDisabled: false,
      isShareDisabled: false,
      ogImageId: null,
      slug: 'mein-beitrag',
      ogTitle: 'Teilen Sie das',
    });
  });

  it('sends a schedule as the instant and the zone it was picked in', () => {
    const body = postCreateBodyOf(
      written({
        schedule: { enabled: true, date: '2027-05-04', time: '09:00', timeZone: 'America/New_York' },
      }),
    );
    expect(body.publishAt).toBe('2027-05-04T13:00:00.000Z');
    expect(body.timeZone).toBe('America/New_York');
  });

  it('edits with only what changed, and a cleared meta text as empty', () => {
    const post = postFixture({ metaTitle: 'Alt' });
    const initial = composerValuesOf(post, zone);
    expect(postPatchBodyOf(initial, initial)).toEqual({});
    expect(postPatchBodyOf(initial, { ...initial, name: 'Neu', metaTitle: '', cover: null })).toEqual({
      name: 'Neu',
      metaTitle: '',
      coverId: null,
    });
  });

  it('reschedules with the zone, and keeps a new poll’s id', () => {
    const post = postFixture({
      isScheduled: true,
      publishedAt: null,
      publishAt: '2027-06-01T07:00:00.000Z',
      timeZone: zone,
    });
    const initial = composerValuesOf(post, 'UTC');
    expect(initial.schedule).toEqual({ enabled: true, date: '2027-06-01', time: '09:00', timeZone: zone });
    const moved = { ...initial, schedule: { ...initial.schedule, time: '10:30' } };
    expect(postPatchBodyOf(initial, moved, 'vote-1')).toEqual({
      publishAt: '2027-06-01T08:30:00.000Z',
      timeZone: zone,
      voteId: 'vote-1',
    });
  });
});

describe('the composer’s checks', () => {
  const options = { needsTarget: false, hasTarget: true, now };

  it('asks for a title and, from a feed, for a target', () => {
    expect(composerIssuesOf(written({ name: ' ' }), options).issues).toEqual({
      name: { key: 'validation.required' },
    });
    expect(composerIssuesOf(written(), { ...options, needsTarget: true, hasTarget: false }).issues).toEqual({
      target: { key: 'communityComposer.target.required' },
    });
  });

  it('refuses a bad slug and a schedule that is incomplete or past', () => {
    expect(composerIssuesOf(written({ slug: 'Mit Leerzeichen' }), options).issues.slug?.key).toBe(
      'validation.allowedSymbols.slug',
    );
    const schedule = { enabled: true, date: '2027-05-01', time: '', timeZone: zone };
    expect(composerIssuesOf(written({ schedule }), options).issues.publishAt?.key).toBe(
      'validation.required',
    );
    expect(
      composerIssuesOf(written({ schedule: { ...schedule, time: '11:00' } }), options).issues.publishAt?.key,
    ).toBe('communityComposer.schedule.inPast');
    expect(composerIssuesOf(written({ schedule: { ...schedule, time: '13:00' } }), options).issues).toEqual(
      {},
    );
  });

  it('checks a poll being built as part of the form', () => {
    const check = composerIssuesOf(startPoll(written()), options);
    expect(check.issues).toEqual({});
    expect(Object.keys(check.pollIssues).sort()).toEqual(['options.0', 'options.1', 'question']);
  });

  it('puts the server’s field errors on the fields', () => {
    expect(
      composerServerIssuesOf({ name: 'validation.required', 'mediaIds.2': 'validation.invalidValue' }),
    ).toEqual({
      name: { key: 'validation.required' },
      mediaIds: { key: 'validation.invalidValue' },
    });
  });
});
