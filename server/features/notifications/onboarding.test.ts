import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Onboarding } from '../../../contracts/onboarding.ts';
import { profiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { createCommunityWorld, createOutsider } from '../../test/community-world.ts';
import { apiCaller } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

/* Onboarding (issue 16): the team's checklist and each member's progress, read from what they did. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = apiCaller(() => server);

async function world() {
  const w = await createCommunityWorld(server);
  const member = await w.join('member', { firstName: 'Mia', lastName: 'Neu' });
  return { ...w, member, url: `/api/apps/${w.app.id}/onboarding` };
}

describe(`onboarding (${testDriver})`, () => {
  it('answers 401 signed out, 404 to another project’s reader, 403 to changes without the ability, 400 to bad input', async () => {
    const w = await world();
    const outsider = await createOutsider(server);
    expect((await call('GET', w.url)).statusCode).toBe(401);
    expect((await call('PATCH', w.url, undefined, { isEnabled: false })).statusCode).toBe(401);
    expect((await call('GET', w.url, outsider.token)).statusCode).toBe(404);
    // The app is visible to any signed-in person; changing it needs the ability.
    expect((await call('PATCH', w.url, outsider.token, { isEnabled: false })).statusCode).toBe(403);
    expect((await call('POST', `${w.url}/dismiss`, outsider.token)).statusCode).toBe(404);
    expect((await call('PATCH', w.url, w.member.token, { isEnabled: false })).statusCode).toBe(403);
    for (const body of [
      { isEnabled: 'ja' },
      { welcomeText: 'x'.repeat(1001) },
      { steps: [{ key: 'unknown', isEnabled: true }] },
      {
        steps: [
          { key: 'join_space', isEnabled: true },
          { key: 'join_space', isEnabled: false },
        ],
      },
      { extra: true },
    ]) {
      expect((await call('PATCH', w.url, w.owner.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `/api/apps/${newId()}/onboarding`, w.member.token)).statusCode).toBe(404);
  });

  it('shows each member what they did, and the team’s order and wording', async () => {
    const w = await world();
    const read = async () => (await call('GET', w.url, w.member.token)).json<Onboarding>();
    const fresh = await read();
    expect(fresh.steps.map((step) => [step.key, step.isDone])).toEqual([
      ['complete_profile', false],
      ['join_space', false],
      ['introduce_yourself', false],
      ['first_comment', false],
      ['enable_notifications', false],
    ]);
    expect(fresh.permissions.can).toEqual(['dismiss']);

    const space = await w.space('open');
    await w.addToSpace(space.id, w.member);
    const post = await w.addPost({ spaceId: space.id }, w.member);
    await call('POST', '/api/comments', w.member.token, {
      entityType: 'post',
      entityId: post.id,
      body: '<p>Hallo</p>',
    });
    await server.runtime.database.db
      .update(profiles)
      .set({ bio: 'Ich bin neu hier', avatarId: newId() })
      .where(eq(profiles.id, w.member.profileId!));
    const progressed = await read();
    expect(progressed.steps.filter((step) => step.isDone).map((step) => step.key)).toEqual([
      'complete_profile',
      'join_space',
      'introduce_yourself',
      'first_comment',
    ]);
    expect(progressed.isCompleted).toBe(false);

    const changed = await call('PATCH', w.url, w.owner.token, {
      welcomeText: 'Willkommen bei uns!',
      steps: [
        { key: 'introduce_yourself', isEnabled: true, title: 'Stell dich vor' },
        { key: 'join_space', isEnabled: true },
        { key: 'enable_notifications', isEnabled: false },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Onboarding>().permissions.can).toEqual(['edit', 'dismiss']);
    const after = await read();
    expect(after.welcomeText).toBe('Willkommen bei uns!');
    // Steps left out keep their place after the given ones.
    expect(after.steps.map((step) => [step.key, step.isEnabled, step.title])).toEqual([
      ['introduce_yourself', true, 'Stell dich vor'],
      ['join_space', true, ''],
      ['enable_notifications', false, ''],
      ['complete_profile', true, ''],
      ['first_comment', true, ''],
    ]);
    // Every enabled step done: completed (and no longer shown).
    expect(after).toMatchObject({ isCompleted: true, isDismissed: true });
  });

  it('lets a member hide the checklist', async () => {
    const w = await world();
    expect((await call('POST', `${w.url}/dismiss`, w.member.token)).statusCode).toBe(204);
    expect((await call('POST', `${w.url}/dismiss`, w.member.token)).statusCode).toBe(204);
    expect((await call('GET', w.url, w.member.token)).json<Onboarding>()).toMatchObject({
      isDismissed: true,
      isCompleted: false,
    });
    expect((await call('GET', w.url, w.owner.token)).json<Onboarding>().isDismissed).toBe(false);
  });
});
