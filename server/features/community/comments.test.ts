import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentList } from '../../../contracts/community-comments.ts';
import { comments, communityPostFollows, mentions } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { apiCaller } from '../../test/identity.ts';
import { createCommunityWorld, createOutsider, type TestPerson } from '../../test/community-world.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = apiCaller(() => server);
const as = (person: TestPerson | undefined) => person?.token;

/** An app with an open space (post by `author`), a private one `member` belongs to, and callers of each kind. */
async function world() {
  const w = await createCommunityWorld(server);
  const author = await w.join('member', { firstName: 'Anna', lastName: 'Autorin' });
  const member = await w.join('member', { firstName: 'Ben', lastName: 'Mitglied' });
  const other = await w.join('member', { firstName: 'Clara', lastName: 'Andere' });
  const moderator = await w.join('moderator');
  const open = await w.space('open');
  const closed = await w.space('private');
  const secret = await w.space('secret');
  await w.addToSpace(closed.id, member);
  await w.addToSpace(secret.id, member);
  const post = await w.addPost({ spaceId: open.id }, author);
  const privatePost = await w.addPost({ spaceId: closed.id }, member);
  const secretPost = await w.addPost({ spaceId: secret.id }, member);
  return { ...w, author, member, other, moderator, open, closed, secret, post, privatePost, secretPost };
}

type World = Awaited<ReturnType<typeof world>>;

const listUrl = (entityId: string, extra = '', entityType = 'post') =>
  `/api/comments?entityType=${entityType}&entityId=${entityId}${extra}`;

async function comment(
  person: TestPerson,
  entityId: string,
  body: string,
  extra: { parentCommentId?: string; entityType?: string } = {},
): Promise<Comment> {
  const response = await call('POST', '/api/comments', as(person), {
    entityType: 'post',
    entityId,
    body,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Comment }>().data;
}

const list = async (person: TestPerson | undefined, url: string) => {
  const response = await call('GET', url, as(person));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CommentList>();
};

const bodies = (items: { body: string }[]) => items.map((item) => item.body);

describe(`comments: who may do what (${testDriver})`, () => {
  let w: World;
  let first: Comment;
  let outsider: TestPerson;
  beforeAll(async () => {
    w = await world();
    first = await comment(w.author, w.post.id, '<p>Erster</p>');
    outsider = await createOutsider(server);
  });

  it('answers 401 without a session on every writing route', async () => {
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['POST', '/api/comments', { entityType: 'post', entityId: w.post.id, body: '<p>x</p>' }],
      ['PATCH', `/api/comments/${first.id}`, { body: '<p>x</p>' }],
      ['DELETE', `/api/comments/${first.id}`],
      ['POST', `/api/comments/${first.id}/like`],
      ['DELETE', `/api/comments/${first.id}/like`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 to a member of another project, as for ids that do not exist', async () => {
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', listUrl(w.post.id)],
      ['GET', listUrl(w.member.profileId!, '', 'profile')],
      ['POST', '/api/comments', { entityType: 'post', entityId: w.post.id, body: '<p>x</p>' }],
      ['PATCH', `/api/comments/${first.id}`, { body: '<p>x</p>' }],
      ['DELETE', `/api/comments/${first.id}`],
      ['POST', `/api/comments/${first.id}/like`],
      ['DELETE', `/api/comments/${first.id}/like`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(method, url, as(outsider), payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Erster');
    }
    expect((await call('GET', listUrl(newId()), as(w.member))).statusCode).toBe(404);
    expect((await call('DELETE', `/api/comments/${newId()}`, as(w.author))).statusCode).toBe(404);
  });

  it('lets guests read comments only where the app lets guests into the community', async () => {
    expect((await call('GET', listUrl(w.post.id))).statusCode).toBe(404);
    await w.setService('community', true, true);
    try {
      const seen = await list(undefined, listUrl(w.post.id));
      expect(bodies(seen.data)).toEqual(['<p>Erster</p>']);
      expect(seen.data[0]!.permissions.can).toEqual(['view']);
      expect(seen.data[0]!.isLiked).toBe(false);
      // Guests still see neither private posts' comments nor members' lists.
      expect((await call('GET', listUrl(w.privatePost.id))).statusCode).toBe(404);
      expect((await call('GET', listUrl(w.author.profileId!, '', 'profile'))).statusCode).toBe(404);
    } finally {
      await w.setService('community', true, false);
    }
  });

  it('answers 403 to members without the ability, and keeps edits to the author', async () => {
    const punished = await w.sanctioned('punished');
    const blocked = await w.sanctioned('blocked');
    // Punished members read but do not write.
    expect((await call('GET', listUrl(w.post.id), as(punished))).statusCode).toBe(200);
    const refusedCreate = await call('POST', '/api/comments', as(punished), {
      entityType: 'post',
      entityId: w.post.id,
      body: '<p>Darf ich?</p>',
    });
    expect(refusedCreate.statusCode).toBe(403);
    expect((await call('POST', `/api/comments/${first.id}/like`, as(punished))).statusCode).toBe(403);
    // Blocked members see no post at all, and no member's list.
    expect((await call('GET', listUrl(w.post.id), as(blocked))).statusCode).toBe(404);
    expect((await call('GET', listUrl(w.author.profileId!, '', 'profile'), as(blocked))).statusCode).toBe(
      403,
    );
    // Only the author edits; the author or a moderator deletes.
    for (const person of [w.member, w.moderator, w.owner]) {
      const edit = await call('PATCH', `/api/comments/${first.id}`, as(person), { body: '<p>x</p>' });
      expect(edit.statusCode).toBe(403);
    }
    expect((await call('DELETE', `/api/comments/${first.id}`, as(w.member))).statusCode).toBe(403);
    // Comments switched off on the post.
    const quiet = await w.addPost({ spaceId: w.open.id }, w.author, { isCommentsDisabled: true });
    const disabled = await call('POST', '/api/comments', as(w.member), {
      entityType: 'post',
      entityId: quiet.id,
      body: '<p>Hallo</p>',
    });
    expect(disabled.statusCode).toBe(403);
    // A team member managing the app reads and moderates, but has no profile to comment with.
    const team = await w.teamManager();
    expect(
      (await call('GET', listUrl(w.post.id), as(team))).json<CommentList>().data[0]!.permissions.can,
    ).toEqual(['view', 'delete']);
    const teamCreate = await call('POST', '/api/comments', as(team), {
      entityType: 'post',
      entityId: w.post.id,
      body: '<p>Team</p>',
    });
    expect(teamCreate.statusCode).toBe(403);
  });

  it('refuses bad input with 400 and field errors', async () => {
    const bad = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const response = await call(method, url, as(w.author), payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      return response.json<{ code: string; errors?: Record<string, string> }>();
    };
    await bad('GET', '/api/comments?entityType=article&entityId=' + w.post.id);
    await bad('GET', '/api/comments?entityType=post&entityId=kein-uuid');
    await bad('GET', listUrl(w.post.id, '&sort=newest'));
    await bad('GET', listUrl(w.post.id, '&page=0'));
    expect(
      (await bad('POST', '/api/comments', { entityType: 'post', entityId: w.post.id, body: '<p> </p>' }))
        .errors,
    ).toEqual({ body: 'validation.required' });
    expect(
      (
        await bad('POST', '/api/comments', {
          entityType: 'post',
          entityId: w.post.id,
          body: '<script>alert(1)</script><img src=x onerror=alert(1)>',
        })
      ).errors,
    ).toEqual({ body: 'validation.required' });
    await bad('POST', '/api/comments', { entityType: 'post', entityId: w.post.id });
    await bad('POST', '/api/comments', {
      entityType: 'post',
      entityId: w.post.id,
      body: `<p>${'x'.repeat(20_001)}</p>`,
    });
    await bad('POST', '/api/comments', {
      entityType: 'post',
      entityId: w.post.id,
      body: '<p>x</p>',
      extra: 1,
    });
    for (const [method, url] of [
      ['PATCH', '/api/comments/kein-uuid'],
      ['DELETE', '/api/comments/kein-uuid'],
      ['POST', '/api/comments/kein-uuid/like'],
      ['DELETE', '/api/comments/kein-uuid/like'],
    ] as const) {
      const response = await call(
        method,
        url,
        as(w.author),
        method === 'PATCH' ? { body: '<p>x</p>' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
    await bad('PATCH', `/api/comments/${first.id}`, { body: '' });
    await bad('PATCH', `/api/comments/${first.id}`, { body: 1 });
    // The entity type must be the post's: a groups post is not a communities post.
    const mismatch = await call('POST', '/api/comments', as(w.author), {
      entityType: 'communities_post',
      entityId: w.post.id,
      body: '<p>x</p>',
    });
    expect(mismatch.statusCode).toBe(404);
    expect((await call('GET', listUrl(w.post.id, '', 'communities_post'), as(w.author))).statusCode).toBe(
      404,
    );
  });
});

describe(`comments: conversations (${testDriver})`, () => {
  it('creates comments and replies one level deep, counts them on the post and follows it', async () => {
    const w = await world();
    const created = await comment(
      w.member,
      w.post.id,
      `<p onclick="x()">Hallo <span data-type="mention" data-id="${w.author.profileId}" data-label="Anna">@Anna</span><script>alert(1)</script></p>`,
    );
    expect(created).toMatchObject({
      entityType: 'post',
      entityId: w.post.id,
      parentCommentId: null,
      body: `<p>Hallo <span data-type="mention" data-id="${w.author.profileId}" data-label="Anna">@Anna</span></p>`,
      author: { profileId: w.member.profileId, name: 'Ben Mitglied', avatarUrl: null },
      editedAt: null,
      isDeleted: false,
      isLiked: false,
      likesCount: 0,
      repliesCount: 0,
      replies: [],
      post: null,
      permissions: { can: ['view', 'like', 'reply', 'edit', 'delete'] },
    });
    const [stored] = await w.db.select().from(comments).where(eq(comments.id, created.id));
    expect(stored!.bodyHtml).toBe(created.body);
    expect(stored!.bodyText).toBe('Hallo @Anna');
    expect(
      await w.db
        .select({ profileId: mentions.profileId })
        .from(mentions)
        .where(eq(mentions.sourceId, created.id)),
    ).toEqual([{ profileId: w.author.profileId }]);
    const follows = await w.db
      .select()
      .from(communityPostFollows)
      .where(
        and(
          eq(communityPostFollows.postId, w.post.id),
          eq(communityPostFollows.profileId, w.member.profileId!),
        ),
      );
    expect(follows).toHaveLength(1);

    const reply = await comment(w.author, w.post.id, '<p>Antwort</p>', { parentCommentId: created.id });
    expect(reply.parentCommentId).toBe(created.id);
    expect(reply.permissions.can).toEqual(['view', 'like', 'edit', 'delete']);
    // A reply to a reply, a reply on another post, a reply to nothing: 400.
    const other = await w.addPost({ spaceId: w.open.id }, w.author);
    for (const [entityId, parentCommentId] of [
      [w.post.id, reply.id],
      [other.id, created.id],
      [w.post.id, newId()],
    ] as const) {
      const refused = await call('POST', '/api/comments', as(w.member), {
        entityType: 'post',
        entityId,
        body: '<p>tief</p>',
        parentCommentId,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ parentCommentId: 'validation.invalidValue' });
    }
    const post = await w.postRow(w.post.id);
    expect({ comments: post.commentsCount, trend: post.trendScore }).toEqual({ comments: 2, trend: 4 });

    const page = await list(w.other, listUrl(w.post.id));
    expect(page.meta).toEqual({ page: 1, pages: 1, total: 1 });
    expect(page.data[0]).toMatchObject({ id: created.id, repliesCount: 1 });
    expect(page.data[0]!.replies.map((item) => [item.id, item.body, item.author?.name])).toEqual([
      [reply.id, '<p>Antwort</p>', 'Anna Autorin'],
    ]);
    // Others' comments can be reported to the moderators (issue 16).
    expect(page.data[0]!.permissions.can).toEqual(['view', 'like', 'reply', 'report']);
    expect(page.data[0]!.replies[0]!.permissions.can).toEqual(['view', 'like', 'report']);
  });

  it('pages top-level comments by 10, oldest first, and replies inline up to 50 and then by parent', async () => {
    const w = await world();
    const rows = Array.from({ length: 12 }, (_, index) => ({
      id: newId(),
      appId: w.app.id,
      entityType: 'post',
      entityId: w.post.id,
      authorProfileId: w.member.profileId!,
      bodyHtml: `<p>Nr. ${index + 1}</p>`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
    }));
    await w.db.insert(comments).values(rows);
    const parent = rows[0]!;
    const replies = Array.from({ length: 53 }, (_, index) => ({
      id: newId(),
      appId: w.app.id,
      entityType: 'post',
      entityId: w.post.id,
      parentCommentId: parent.id,
      authorProfileId: w.author.profileId!,
      bodyHtml: `<p>Antwort ${index + 1}</p>`,
      createdAt: new Date(Date.UTC(2026, 0, 2, 0, index)),
    }));
    await w.db.insert(comments).values(replies);
    await w.db.update(comments).set({ repliesCount: 53 }).where(eq(comments.id, parent.id));

    const first = await list(w.member, listUrl(w.post.id));
    expect(first.meta).toEqual({ page: 1, pages: 2, total: 12 });
    expect(bodies(first.data)).toEqual(rows.slice(0, 10).map((row) => row.bodyHtml));
    expect(first.data[0]!.replies).toHaveLength(50);
    expect(first.data[0]!.replies[0]!.body).toBe('<p>Antwort 1</p>');
    expect(first.data[0]!.replies[49]!.body).toBe('<p>Antwort 50</p>');
    const second = await list(w.member, listUrl(w.post.id, '&page=2'));
    expect(bodies(second.data)).toEqual(['<p>Nr. 11</p>', '<p>Nr. 12</p>']);
    expect((await list(w.member, listUrl(w.post.id, '&page=3'))).data).toEqual([]);

    const more = await list(w.member, listUrl(w.post.id, `&parentCommentId=${parent.id}&page=2`));
    expect(more.meta).toEqual({ page: 2, pages: 2, total: 53 });
    expect(bodies(more.data)).toEqual(['<p>Antwort 51</p>', '<p>Antwort 52</p>', '<p>Antwort 53</p>']);
    // The parent must be a top-level comment of this post.
    expect(
      (await call('GET', listUrl(w.post.id, `&parentCommentId=${replies[0]!.id}`), as(w.member))).statusCode,
    ).toBe(404);
    const elsewhere = await w.addPost({ spaceId: w.open.id }, w.author);
    expect(
      (await call('GET', listUrl(elsewhere.id, `&parentCommentId=${parent.id}`), as(w.member))).statusCode,
    ).toBe(404);
  });

  it('sorts by trends: most liked first, then oldest', async () => {
    const w = await world();
    const a = await comment(w.member, w.post.id, '<p>A</p>');
    const b = await comment(w.member, w.post.id, '<p>B</p>');
    const c = await comment(w.member, w.post.id, '<p>C</p>');
    for (const person of [w.author, w.other]) {
      expect((await call('POST', `/api/comments/${c.id}/like`, as(person))).statusCode).toBe(200);
    }
    await call('POST', `/api/comments/${b.id}/like`, as(w.author));
    expect(bodies((await list(w.member, listUrl(w.post.id))).data)).toEqual([
      '<p>A</p>',
      '<p>B</p>',
      '<p>C</p>',
    ]);
    const trends = await list(w.author, listUrl(w.post.id, '&sort=trends'));
    expect(bodies(trends.data)).toEqual(['<p>C</p>', '<p>B</p>', '<p>A</p>']);
    expect(trends.data.map((item) => [item.likesCount, item.isLiked])).toEqual([
      [2, true],
      [1, true],
      [0, false],
    ]);
    expect(a.id).toBeTruthy();
  });

  it('likes idempotently, keeping the count in step', async () => {
    const w = await world();
    const target = await comment(w.author, w.post.id, '<p>Gefällt?</p>');
    const like = () => call('POST', `/api/comments/${target.id}/like`, as(w.member));
    const unlike = () => call('DELETE', `/api/comments/${target.id}/like`, as(w.member));
    expect((await like()).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    expect((await like()).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    expect((await list(w.member, listUrl(w.post.id))).data[0]).toMatchObject({
      isLiked: true,
      likesCount: 1,
    });
    expect((await unlike()).json()).toEqual({ data: { isLiked: false, likesCount: 0 } });
    expect((await unlike()).json()).toEqual({ data: { isLiked: false, likesCount: 0 } });
  });

  it('edits the author’s body, marks it edited and follows its mentions', async () => {
    const w = await world();
    const own = await comment(
      w.member,
      w.post.id,
      `<p><span data-type="mention" data-id="${w.author.profileId}" data-label="Anna">@Anna</span></p>`,
    );
    const edited = await call('PATCH', `/api/comments/${own.id}`, as(w.member), {
      body: `<p>Neu <span data-type="mention" data-id="${w.other.profileId}" data-label="Clara">@Clara</span><img src=x onerror=alert(1)></p>`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const data = edited.json<{ data: Comment }>().data;
    expect(data.body).toBe(
      `<p>Neu <span data-type="mention" data-id="${w.other.profileId}" data-label="Clara">@Clara</span></p>`,
    );
    expect(data.editedAt).not.toBeNull();
    expect(
      await w.db
        .select({ profileId: mentions.profileId })
        .from(mentions)
        .where(eq(mentions.sourceId, own.id)),
    ).toEqual([{ profileId: w.other.profileId }]);
  });

  it('keeps a deleted comment with replies as a placeholder and counts stay right', async () => {
    const w = await world();
    const parent = await comment(w.member, w.post.id, '<p>Oben</p>');
    const lonely = await comment(w.member, w.post.id, '<p>Allein</p>');
    const r1 = await comment(w.author, w.post.id, '<p>R1</p>', { parentCommentId: parent.id });
    const r2 = await comment(w.other, w.post.id, '<p>R2</p>', { parentCommentId: parent.id });
    await call('POST', `/api/comments/${parent.id}/like`, as(w.author));
    expect((await w.postRow(w.post.id)).commentsCount).toBe(4);

    // Without replies a comment goes; a moderator may delete anyone's.
    const gone = await call('DELETE', `/api/comments/${lonely.id}`, as(w.moderator));
    expect(gone.json()).toEqual({ data: { id: lonely.id, isRemoved: true } });
    const kept = await call('DELETE', `/api/comments/${parent.id}`, as(w.member));
    expect(kept.json()).toEqual({ data: { id: parent.id, isRemoved: false } });
    let post = await w.postRow(w.post.id);
    expect({ comments: post.commentsCount, trend: post.trendScore }).toEqual({ comments: 2, trend: 4 });

    const page = await list(w.other, listUrl(w.post.id));
    expect(page.meta.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: parent.id,
      isDeleted: true,
      body: '',
      author: null,
      likesCount: 0,
      repliesCount: 2,
      permissions: { can: ['view'] },
    });
    expect(page.data[0]!.replies.map((reply) => reply.body)).toEqual(['<p>R1</p>', '<p>R2</p>']);
    expect(JSON.stringify(page)).not.toContain('Oben');
    // A placeholder takes no edits, likes, replies or second deletes.
    expect(
      (await call('PATCH', `/api/comments/${parent.id}`, as(w.member), { body: '<p>x</p>' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/comments/${parent.id}/like`, as(w.member))).statusCode).toBe(403);
    expect((await call('DELETE', `/api/comments/${parent.id}`, as(w.owner))).statusCode).toBe(403);
    const replyToDeleted = await call('POST', '/api/comments', as(w.member), {
      entityType: 'post',
      entityId: w.post.id,
      body: '<p>noch da?</p>',
      parentCommentId: parent.id,
    });
    expect(replyToDeleted.statusCode).toBe(400);

    // Its last reply gone, the placeholder goes too.
    expect((await call('DELETE', `/api/comments/${r1.id}`, as(w.author))).json().data.isRemoved).toBe(true);
    expect((await list(w.other, listUrl(w.post.id))).data[0]!.repliesCount).toBe(1);
    expect((await call('DELETE', `/api/comments/${r2.id}`, as(w.owner))).json().data.isRemoved).toBe(true);
    expect((await list(w.other, listUrl(w.post.id))).data).toEqual([]);
    expect(await w.db.select().from(comments).where(eq(comments.entityId, w.post.id))).toEqual([]);
    post = await w.postRow(w.post.id);
    expect({ comments: post.commentsCount, trend: post.trendScore }).toEqual({ comments: 0, trend: 0 });
  });
});

describe(`comments: visibility (${testDriver})`, () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    await comment(w.member, w.privatePost.id, '<p>Privat</p>');
    await comment(w.member, w.secretPost.id, '<p>Geheim</p>');
    await comment(w.member, w.post.id, '<p>Offen</p>');
  });

  it('answers 404 for the comments of a private or secret post to non-members, and shows them to members', async () => {
    for (const post of [w.privatePost, w.secretPost]) {
      const refused = await call('GET', listUrl(post.id), as(w.other));
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toMatch(/Privat|Geheim/);
      const write = await call('POST', '/api/comments', as(w.other), {
        entityType: 'post',
        entityId: post.id,
        body: '<p>rein?</p>',
      });
      expect(write.statusCode).toBe(404);
    }
    expect(bodies((await list(w.member, listUrl(w.privatePost.id))).data)).toEqual(['<p>Privat</p>']);
    // Moderators of the app read every space.
    expect(bodies((await list(w.moderator, listUrl(w.secretPost.id))).data)).toEqual(['<p>Geheim</p>']);
  });

  it('lists a member’s comments newest first, only on posts the caller may read', async () => {
    const url = listUrl(w.member.profileId!, '', 'profile');
    const own = await list(w.member, url);
    expect(bodies(own.data)).toEqual(['<p>Offen</p>', '<p>Geheim</p>', '<p>Privat</p>']);
    expect(own.data[0]!.post).toEqual({
      id: w.post.id,
      name: w.post.name,
      slug: w.post.slug,
      discriminator: 'groups',
      containerSlug: w.open.slug,
    });
    expect(own.data[0]!.permissions.can).toEqual(['view']);
    const seenByOther = await list(w.other, url);
    expect(seenByOther.meta).toEqual({ page: 1, pages: 1, total: 1 });
    expect(bodies(seenByOther.data)).toEqual(['<p>Offen</p>']);
    expect((await call('GET', listUrl(newId(), '', 'profile'), as(w.other))).statusCode).toBe(404);
    expect((await call('GET', `${url}&parentCommentId=${newId()}`, as(w.other))).statusCode).toBe(400);
  });

  it('serves the comments of a communities post under its own entity type', async () => {
    const category = await w.addPost({ categoryId: w.categoryId }, w.author);
    const body = { entityType: 'communities_post', entityId: category.id, body: '<p>Kategorie</p>' };
    // The communities service is off by default: its posts are not there for members.
    expect((await call('POST', '/api/comments', as(w.member), body)).statusCode).toBe(404);
    await w.setService('communities', true);
    const created = await call('POST', '/api/comments', as(w.member), body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.entityType).toBe('communities_post');
    const seen = await list(w.other, listUrl(category.id, '', 'communities_post'));
    expect(bodies(seen.data)).toEqual(['<p>Kategorie</p>']);
    expect((await call('GET', listUrl(category.id), as(w.other))).statusCode).toBe(404);
    const profile = await list(w.other, listUrl(w.member.profileId!, '', 'profile'));
    expect(profile.data[0]!.post).toMatchObject({ discriminator: 'communities' });
  });
});
