import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voteOptions, votes } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityApp, postsCaller, writePost } from '../../test/community-posts.ts';
import { signedInTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);
const db = () => server.runtime.database.db;

type VoteJson = {
  id: string;
  isClosed: boolean;
  votersCount: number;
  options: { id: string; text: string; answersCount: number }[];
  answeredOptionIds: string[];
  permissions: { can: string[] };
};

async function outsider() {
  const stranger = await signedInTestAccount(server);
  await createAppWithProfile(server, { id: stranger.id }, { as: 'owner' });
  return stranger.token;
}

async function setUp() {
  const community = await communityApp(server);
  const open = await community.space('open');
  const [author, reader] = [await community.person(), await community.person()];
  await community.join(open, author);
  await community.join(open, reader);
  const makePoll = async (body: object = {}, who = author) => {
    const response = await call('POST', `/api/apps/${community.app.id}/votes`, who.token, {
      question: 'Wann treffen wir uns?',
      options: ['Montag', 'Dienstag', 'Mittwoch'],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: VoteJson }>().data;
  };
  return { ...community, open, author, reader, makePoll };
}

describe(`polls (${testDriver})`, () => {
  it('makes a poll: 401, 404 outside the app, 403 read-only, 400 for bad forms', async () => {
    const { app, author, person, sanction, makePoll } = await setUp();
    const url = `/api/apps/${app.id}/votes`;
    const form = { question: 'Frage?', options: ['Ja', 'Nein'] };
    expect((await call('POST', url, undefined, form)).statusCode).toBe(401);
    expect((await call('POST', url, await outsider(), form)).statusCode).toBe(404);
    expect((await call('POST', `/api/apps/${newId()}/votes`, author.token, form)).statusCode).toBe(404);
    const punished = await person();
    await sanction(punished, 'punished');
    expect((await call('POST', url, punished.token, form)).statusCode).toBe(403);
    const errorsOf = async (body: object) =>
      (await call('POST', url, author.token, body)).json<{ errors?: Record<string, string> }>().errors;
    expect(await errorsOf({ question: 'Frage?', options: ['Ja'] })).toEqual({
      options: 'validation.validateMinLength',
    });
    expect(await errorsOf({ question: 'Frage?', options: ['Ja', 'ja'] })).toEqual({
      'options.1': 'validation.unique',
    });
    expect(await errorsOf({ ...form, options: Array.from({ length: 11 }, (_, i) => `O${i}`) })).toEqual({
      options: 'validation.validateMaxLength',
    });
    expect(await errorsOf({ ...form, endsAt: new Date(Date.now() - 1000).toISOString() })).toEqual({
      endsAt: 'validation.invalidValue',
    });
    expect(await errorsOf({ ...form, question: '' })).toMatchObject({ question: 'validation.required' });
    const poll = await makePoll({ isMultiple: true });
    expect(poll).toMatchObject({
      question: 'Wann treffen wir uns?',
      isMultiple: true,
      isClosed: false,
      endsAt: null,
      votersCount: 0,
      answeredOptionIds: [],
      options: [
        { text: 'Montag', answersCount: 0 },
        { text: 'Dienstag', answersCount: 0 },
        { text: 'Mittwoch', answersCount: 0 },
      ],
      permissions: { can: ['view'] },
    });
  });

  it('attaches a poll to one post of its author; whoever sees the post sees the poll', async () => {
    const { app, author, reader, open, makePoll, space, person, join } = await setUp();
    const poll = await makePoll();
    // Before it is posted, the poll is its author's alone.
    expect((await call('GET', `/api/votes/${poll.id}`, author.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/votes/${poll.id}`, reader.token)).statusCode).toBe(404);
    // Someone else's poll cannot be attached.
    const refused = await call('POST', `/api/spaces/${open}/posts`, reader.token, {
      name: 'X',
      voteId: poll.id,
    });
    expect(refused.json()).toMatchObject({ errors: { voteId: 'validation.invalidValue' } });
    const post = await writePost(server, author, { spaceId: open }, { voteId: poll.id });
    expect(post.vote).toMatchObject({ id: poll.id, permissions: { can: ['view', 'answer'] } });
    const again = await call('POST', `/api/spaces/${open}/posts`, author.token, {
      name: 'Y',
      voteId: poll.id,
    });
    expect(again.json()).toMatchObject({ errors: { voteId: 'validation.invalidValue' } });
    const seen = await call('GET', `/api/votes/${poll.id}`, reader.token);
    expect(seen.json().data.permissions.can).toEqual(['view', 'answer']);
    // In a private space only its members see it.
    const closed = await space('private');
    await join(closed, author);
    const hidden = await makePoll();
    await writePost(server, author, { spaceId: closed }, { voteId: hidden.id });
    expect((await call('GET', `/api/votes/${hidden.id}`, reader.token)).statusCode).toBe(404);
    const insider = await person();
    await join(closed, insider);
    expect((await call('GET', `/api/votes/${hidden.id}`, insider.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/votes/${hidden.id}`, await outsider())).statusCode).toBe(404);
    expect((await call('GET', `/api/votes/${newId()}`, reader.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/votes/kein-id`, reader.token)).statusCode).toBe(400);
    expect(app.id).toBeTruthy();
  });

  it('takes one answer per member, changeable; single choice takes exactly one option; counts add up', async () => {
    const { author, reader, open, makePoll, person, join, sanction } = await setUp();
    const poll = await makePoll();
    await writePost(server, author, { spaceId: open }, { voteId: poll.id });
    const [monday, tuesday, wednesday] = poll.options.map((option) => option.id);
    const answer = (token: string | undefined, optionIds: string[], id = poll.id) =>
      call('PUT', `/api/votes/${id}/answers`, token, { optionIds });
    expect((await answer(undefined, [monday!])).statusCode).toBe(401);
    expect((await answer(await outsider(), [monday!])).statusCode).toBe(404);
    expect((await answer(reader.token, [monday!, tuesday!])).json()).toMatchObject({
      errors: { optionIds: 'validation.invalidValue' },
    });
    expect((await answer(reader.token, [])).json()).toMatchObject({
      errors: { optionIds: 'validation.required' },
    });
    expect((await answer(reader.token, [newId()])).json()).toMatchObject({
      errors: { 'optionIds.0': 'validation.invalidValue' },
    });
    expect((await answer(reader.token, ['kaputt'])).statusCode).toBe(400);
    const first = await answer(reader.token, [monday!]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ votersCount: 1, answeredOptionIds: [monday] });
    await answer(author.token, [monday!]);
    const changed = (await answer(reader.token, [wednesday!])).json<{ data: VoteJson }>().data;
    expect(changed.votersCount).toBe(2);
    expect(changed.answeredOptionIds).toEqual([wednesday]);
    expect(changed.options.map((option) => option.answersCount)).toEqual([1, 0, 1]);
    const punished = await person();
    await join(open, punished);
    await sanction(punished, 'punished');
    expect((await answer(punished.token, [monday!])).statusCode).toBe(403);
    // Several answers of one member at once still count once.
    await Promise.all([answer(reader.token, [monday!]), answer(reader.token, [tuesday!])]);
    const [row] = await db().select().from(votes).where(eq(votes.id, poll.id));
    expect(row!.votersCount).toBe(2);
    const counts = await db().select().from(voteOptions).where(eq(voteOptions.voteId, poll.id));
    expect(counts.reduce((sum, option) => sum + option.answersCount, 0)).toBe(2);
  });

  it('takes several options in a multiple-choice poll, and no answers once it ended', async () => {
    const { author, reader, open, makePoll } = await setUp();
    const poll = await makePoll({ isMultiple: true, endsAt: new Date(Date.now() + 3_600_000).toISOString() });
    await writePost(server, author, { spaceId: open }, { voteId: poll.id });
    const ids = poll.options.map((option) => option.id);
    const answered = await call('PUT', `/api/votes/${poll.id}/answers`, reader.token, {
      optionIds: ids.slice(0, 2),
    });
    expect(answered.json().data).toMatchObject({
      votersCount: 1,
      answeredOptionIds: expect.arrayContaining(ids.slice(0, 2)),
    });
    await db()
      .update(votes)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(votes.id, poll.id));
    const late = await call('PUT', `/api/votes/${poll.id}/answers`, reader.token, { optionIds: [ids[2]] });
    expect(late.statusCode).toBe(403);
    const closed = (await call('GET', `/api/votes/${poll.id}`, reader.token)).json<{ data: VoteJson }>().data;
    expect(closed).toMatchObject({ isClosed: true, permissions: { can: ['view'] } });
    expect(closed.options.map((option) => option.answersCount)).toEqual([1, 1, 0]);
  });
});
