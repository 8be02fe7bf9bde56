import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityApp, postsCaller, writePost } from '../../test/community-posts.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { AppError } from '../../platform/errors.ts';
import { assertWithinHourlyLimit } from './rate-limits.ts';

/*
 * The moderation settings' hourly limits (issue 16): posts, comments and reports per member and hour answer
 * 429 with the kind's error code and `Retry-After` once used up; 0 is no limit; whoever moderates is not
 * limited in what they moderate.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);

async function setUp(settings: Record<string, number>) {
  const community = await communityApp(server);
  const space = await community.space('open');
  const member = await community.person();
  await community.join(space, member);
  const saved = await call(
    'PATCH',
    `/api/apps/${community.app.id}/moderation/settings`,
    community.owner.token,
    settings,
  );
  expect(saved.statusCode).toBe(200);
  return { ...community, space, member };
}

describe(`hourly limits (${testDriver})`, () => {
  it('limits a member’s posts; moderators of the space are not limited', async () => {
    const { space, member, owner } = await setUp({ postsPerHour: 2 });
    const first = await writePost(server, member, { spaceId: space });
    await writePost(server, member, { spaceId: space });
    // Deleting one's posts makes no room: what was written in the hour counts.
    expect((await call('DELETE', `/api/posts/${first.id}`, member.token)).statusCode).toBeLessThan(300);
    const third = await call('POST', `/api/spaces/${space}/posts`, member.token, { name: 'Dritter' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'POST_RATE_LIMITED', details: { limit: 2 } });
    const retryAfter = Number(third.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    for (let index = 0; index < 3; index += 1) {
      await writePost(server, owner, { spaceId: space });
    }
  });

  it('limits comments and reports, each with its own code', async () => {
    const { space, member, person, app, owner } = await setUp({ commentsPerHour: 1, reportsPerHour: 1 });
    const post = await writePost(server, owner, { spaceId: space });
    const other = await writePost(server, owner, { spaceId: space });
    const comment = (postId: string) =>
      call('POST', '/api/comments', member.token, {
        entityType: 'post',
        entityId: postId,
        body: '<p>Hallo</p>',
      });
    expect((await comment(post.id)).statusCode).toBe(201);
    const limited = await comment(other.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('COMMENT_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const reporter = await person();
    const report = (postId: string) =>
      call('POST', `/api/posts/${postId}/report`, reporter.token, { reason: 'spam' });
    expect((await report(post.id)).statusCode).toBe(204);
    const tooMany = await report(other.id);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().code).toBe('REPORT_RATE_LIMITED');
    expect(tooMany.headers['retry-after']).toBeDefined();
    // Raising the limit lets them go on at once; 0 switches it off.
    await call('PATCH', `/api/apps/${app.id}/moderation/settings`, owner.token, {
      reportsPerHour: 0,
      commentsPerHour: 0,
    });
    expect((await report(other.id)).statusCode).toBe(204);
    expect((await comment(other.id)).statusCode).toBe(201);
  });
});

describe('assertWithinHourlyLimit', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);

  it('lets through until the limit, then waits for the oldest counted row to leave the hour', () => {
    expect(() => assertWithinHourlyLimit('post', [minutesAgo(1)], 2, now)).not.toThrow();
    expect(() => assertWithinHourlyLimit('post', [minutesAgo(1), minutesAgo(50)], 0, now)).not.toThrow();
    try {
      assertWithinHourlyLimit('comment', [minutesAgo(1), minutesAgo(50)], 2, now);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(429);
      expect((error as AppError).code).toBe('COMMENT_RATE_LIMITED');
      expect((error as AppError).details).toEqual({ retryAfterSeconds: 600, limit: 2 });
    }
  });
});
