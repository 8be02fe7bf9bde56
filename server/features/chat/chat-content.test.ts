import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessageList } from '../../../contracts/chat-messages.ts';
import type { Vote } from '../../../contracts/community-posts.ts';
import { eq } from 'drizzle-orm';
import { cloudFiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { createCommunityWorld, createOutsider, type TestPerson } from '../../test/community-world.ts';
import { startFakeGiphy, type FakeGiphy } from '../../test/fake-giphy.ts';
import { apiCaller } from '../../test/identity.ts';
import { testDriver } from '../../test/test-server.ts';
import { createChatWorld, nextEvent, useChatTestServer } from '../../test/chat-world.ts';
import { fileProcessedListeners } from '../../worker.ts';

/*
 * What a chat message carries besides its text (issue 17): files of the cloud library, voice messages, GIFs of
 * the GIF service (a local server speaking Giphy's API) and polls in group chats — each checked on the server,
 * shown to the chat's members, answered by them. One server per file, one app per test.
 */

let giphy: FakeGiphy;
beforeAll(async () => {
  giphy = await startFakeGiphy();
});
afterAll(async () => {
  await giphy?.close();
});
const chat = useChatTestServer({
  listen: true,
  options: async () => ({ env: { GIF_API_KEY: giphy.apiKey, GIF_API_URL: giphy.url } }),
});
const server = () => chat.server();
const call = apiCaller(server);
const { ok } = chat;

async function world() {
  const w = await createChatWorld(server(), 'Dateiecke');
  /** A file of the person's library (a chat upload: hidden in the cloud). */
  const file = (person: TestPerson, values: Partial<Parameters<typeof insertCloudFile>[1]> = {}) =>
    insertCloudFile(w.db, {
      projectId: w.project.id,
      ownerAccountId: person.accountId,
      hiddenInCloud: true,
      source: 'chat',
      ...values,
    });
  return { ...w, file };
}
type World = Awaited<ReturnType<typeof world>>;

async function chatOf(w: World, by: TestPerson, body: object) {
  return (await ok<{ data: { id: string } }>('POST', `/api/apps/${w.app.id}/chats`, by, body, 201)).data;
}
const privateChat = (w: World, from: TestPerson, to: TestPerson) =>
  chatOf(w, from, { kind: 'private', profileId: to.profileId });
const groupChat = (w: World, by: TestPerson, members: TestPerson[], extra: object = {}) =>
  chatOf(w, by, {
    kind: 'group',
    name: 'Umfragegruppe',
    profileIds: members.map((m) => m.profileId),
    ...extra,
  });

const post = (chatId: string, by: TestPerson, payload: object) =>
  call('POST', `/api/chats/${chatId}/messages`, by.token, { clientId: newId(), ...payload });
const send = async (chatId: string, by: TestPerson, payload: object) => {
  const response = await post(chatId, by, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ChatMessage }>().data;
};
const history = async (chatId: string, person: TestPerson) =>
  (await ok<ChatMessageList>('GET', `/api/chats/${chatId}/messages`, person)).data;
const errorsOf = (response: { json: <T>() => T }) =>
  response.json<{ errors?: Record<string, string> }>().errors;

const makePoll = async (w: World, by: TestPerson, extra: object = {}) =>
  (
    await ok<{ data: Vote }>(
      'POST',
      `/api/apps/${w.app.id}/votes`,
      by,
      { question: 'Wohin wandern wir?', options: ['Berge', 'See'], ...extra },
      201,
    )
  ).data;

describe(`chat attachments (${testDriver})`, () => {
  it('carries the sender’s files to the chat’s members, with signed addresses, in the sender’s order', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    const photo = await w.file(w.anna, {
      name: 'gipfel.jpg',
      mimeType: 'image/jpeg',
      type: 'image',
      variants: { tile: 'k1', preview: 'k2' },
    });
    const pdf = await w.file(w.anna, { name: 'route.pdf' });
    const sent = await send(chat.id, w.anna, { body: '', attachmentIds: [pdf.id, photo.id] });
    expect(sent.body).toBe('');
    expect(sent.attachments.map((file) => [file.name, file.type])).toEqual([
      ['route.pdf', 'other'],
      ['gipfel.jpg', 'image'],
    ]);
    const [pdfSeen, photoSeen] = (await history(chat.id, w.ben))[0]!.attachments;
    expect(photoSeen!.thumbUrl).toContain(`/api/cloud/blobs/${photo.id}/tile`);
    expect(photoSeen!.url).toContain(`/api/cloud/blobs/${photo.id}/preview`);
    expect(pdfSeen!.thumbUrl).toBeNull();
    expect(pdfSeen!.downloadUrl).toContain(`/api/cloud/blobs/${pdf.id}/original`);
    // Without its signature the address opens nothing: only the chat's members were given signed ones.
    const blob = await server().app.inject({
      method: 'GET',
      url: new URL(pdfSeen!.downloadUrl, 'http://x').pathname,
    });
    expect(blob.statusCode).toBe(404);
    // Clara, in the app but not in the chat, gets neither the message nor the file's address.
    expect((await call('GET', `/api/chats/${chat.id}/messages`, w.clara.token)).statusCode).toBe(404);
  });

  it('refuses files that are not the sender’s live files of the project, and an empty message', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    const bens = await w.file(w.ben);
    const removed = await w.file(w.anna, { deletedAt: new Date() });
    const other = await createCommunityWorld(server(), { appName: 'Anderes Projekt' });
    const elsewhere = await w.file(w.anna, { projectId: other.project.id });
    const mine = await w.file(w.anna);
    const refused = await post(chat.id, w.anna, {
      attachmentIds: [mine.id, bens.id, removed.id, elsewhere.id, newId()],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({
      'attachmentIds.1': 'validation.invalidValue',
      'attachmentIds.2': 'validation.invalidValue',
      'attachmentIds.3': 'validation.invalidValue',
      'attachmentIds.4': 'validation.invalidValue',
    });
    const twice = await post(chat.id, w.anna, { attachmentIds: [mine.id, mine.id] });
    expect(errorsOf(twice)).toEqual({ 'attachmentIds.1': 'validation.unique' });
    const tooMany = await post(chat.id, w.anna, {
      attachmentIds: Array.from({ length: 11 }, () => newId()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(errorsOf(await post(chat.id, w.anna, { body: '<p> </p>' }))).toEqual({
      body: 'validation.required',
    });
    // Nothing of that was stored.
    expect(await history(chat.id, w.anna)).toEqual([]);
    // A file-only message keeps its file when edited to text, and may be edited back to no text.
    const sent = await send(chat.id, w.anna, { attachmentIds: [mine.id] });
    const edited = await ok<{ data: ChatMessage }>('PATCH', `/api/chat-messages/${sent.id}`, w.anna, {
      body: '<p>Die Karte</p>',
    });
    expect(edited.data.attachments.map((file) => file.id)).toEqual([mine.id]);
    await ok('PATCH', `/api/chat-messages/${sent.id}`, w.anna, { body: '' });
    // Deleted: the message no longer shows its files.
    expect((await call('DELETE', `/api/chat-messages/${sent.id}`, w.anna.token)).statusCode).toBe(204);
    expect((await history(chat.id, w.ben))[0]).toMatchObject({ isDeleted: true, attachments: [] });
  });

  it('sends voice messages only with the app’s setting, as exactly one audio file', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    const recording = await w.file(w.anna, {
      name: 'sprachnachricht.webm',
      mimeType: 'audio/webm',
      type: 'audio',
    });
    const picture = await w.file(w.anna, { type: 'image', mimeType: 'image/png', name: 'bild.png' });
    const voice = { isVoice: true, attachmentIds: [recording.id] };
    // Off by default: the chat grants nobody `voice_messages`.
    const off = await post(chat.id, w.anna, voice);
    expect(off.statusCode).toBe(403);
    await ok('PATCH', `/api/apps/${w.app.id}/chat-settings`, w.owner, { voiceMessages: true });
    const sent = await send(chat.id, w.anna, voice);
    expect(sent).toMatchObject({ isVoice: true, attachments: [{ id: recording.id, type: 'audio' }] });
    expect(errorsOf(await post(chat.id, w.anna, { isVoice: true, attachmentIds: [picture.id] }))).toEqual({
      attachmentIds: 'validation.invalidValue',
    });
    expect(errorsOf(await post(chat.id, w.anna, { isVoice: true, attachmentIds: [] }))).toEqual({
      attachmentIds: 'validation.invalidValue',
    });
  });

  it('tells the chat once an attached file is processed, as the worker hears of it from the cloud', async () => {
    const w = await world();
    const room = await privateChat(w, w.anna, w.ben);
    const clip = await w.file(w.anna, { name: 'ansage.m4a', mimeType: 'audio/mp4', type: 'audio' });
    const sent = await send(room.id, w.anna, { body: '<p>Hör mal</p>', attachmentIds: [clip.id] });
    expect(sent.attachments[0]!.durationMs).toBeNull();
    const bensSocket = await chat.connect(w.ben, w.app.id);
    const heard = nextEvent<ChatMessage>(bensSocket, 'chat:update');
    // What the processing job writes, then what it tells the worker's listeners.
    await w.db.update(cloudFiles).set({ durationMs: 4200 }).where(eq(cloudFiles.id, clip.id));
    await fileProcessedListeners(server().workerDeps())(clip.id);
    const update = await heard;
    expect(update).toMatchObject({ id: sent.id, permissions: { can: [] } });
    expect(update.attachments).toMatchObject([{ id: clip.id, durationMs: 4200 }]);
    expect(update.attachments[0]!.downloadUrl).toContain(`/api/cloud/blobs/${clip.id}/original`);
    // A file no message carries tells nobody, and a listener's failure never reaches the cloud's job.
    await fileProcessedListeners(server().workerDeps())(newId());
  });
});

describe(`chat GIFs (${testDriver})`, () => {
  it('stores the GIF as the GIF service knows it, and refuses an id it does not know', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    const sent = await send(chat.id, w.anna, { gifId: 'trend3' });
    expect(sent.gif).toEqual({
      id: 'trend3',
      title: 'Katze 3 GIF',
      url: 'https://media1.giphy.com/media/trend3/giphy-downsized.gif?cid=abc&rid=giphy-downsized.gif&ct=g',
      width: 320,
      height: 240,
    });
    expect(giphy.callsMatching('/v1/gifs/trend3')).toHaveLength(1);
    expect((await history(chat.id, w.ben))[0]!.gif?.id).toBe('trend3');
    // The list names what a message without text carries.
    const list = await ok<{ data: { id: string; lastMessage: { content: string | null } }[] }>(
      'GET',
      `/api/apps/${w.app.id}/chats`,
      w.ben,
    );
    expect(list.data.find((item) => item.id === chat.id)?.lastMessage.content).toBe('gif');
    const unknown = await post(chat.id, w.anna, { gifId: 'erfunden' });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)).toEqual({ gifId: 'validation.invalidValue' });
    // The client cannot smuggle its own address in.
    expect((await post(chat.id, w.anna, { gif: { url: 'https://evil.example/x.gif' } })).statusCode).toBe(
      400,
    );
  });
});

describe(`chat polls (${testDriver})`, () => {
  it('carries a poll in group chats only; the members answer it, everyone sees the counts', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben], { isMemberAllowToChat: false });
    const direct = await privateChat(w, w.anna, w.ben);
    const poll = await makePoll(w, w.anna);
    expect(errorsOf(await post(direct.id, w.anna, { voteId: poll.id }))).toEqual({
      voteId: 'validation.invalidValue',
    });
    // Someone else's poll is not Ben's to send.
    const talk = await groupChat(w, w.anna, [w.ben]);
    expect(errorsOf(await post(talk.id, w.ben, { voteId: poll.id }))).toEqual({
      voteId: 'validation.invalidValue',
    });
    const bensSocket = await chat.connect(w.ben, w.app.id);
    const heard = nextEvent<ChatMessage>(bensSocket, 'chat:message');
    const sent = await send(group.id, w.anna, { body: '<p>Abstimmen bitte</p>', voteId: poll.id });
    expect(sent.vote).toMatchObject({ id: poll.id, votersCount: 0 });
    // The room's copy: nobody's choice, and answering offered to the members who hear it.
    expect((await heard).vote).toMatchObject({
      answeredOptionIds: [],
      permissions: { can: ['view', 'answer'] },
    });
    // Once carried, it is carried: not by a second message, not by a post.
    expect(errorsOf(await post(group.id, w.anna, { voteId: poll.id }))).toEqual({
      voteId: 'validation.invalidValue',
    });
    const space = await w.space('open');
    await w.addToSpace(space.id, w.anna);
    const onPost = await call('POST', `/api/spaces/${space.id}/posts`, w.anna.token, {
      name: 'X',
      voteId: poll.id,
    });
    expect(errorsOf(onPost)).toMatchObject({ voteId: 'validation.invalidValue' });

    // Ben only reads this channel, but answers the poll.
    const seen = (await history(group.id, w.ben))[0]!;
    expect(seen.permissions.can).toEqual(['answer']);
    expect(seen.vote!.permissions.can).toEqual(['view', 'answer']);
    const [berge, see] = seen.vote!.options;
    const answered = await ok<{ data: ChatMessage }>('PUT', `/api/chat-messages/${sent.id}/vote`, w.ben, {
      optionIds: [see!.id],
    });
    expect(answered.data.vote).toMatchObject({ votersCount: 1, answeredOptionIds: [see!.id] });
    // A changed mind replaces the answer; Anna sees the counts, not Ben's choice.
    await ok('PUT', `/api/chat-messages/${sent.id}/vote`, w.ben, { optionIds: [berge!.id] });
    const annas = (await history(group.id, w.anna))[0]!.vote!;
    expect(annas.votersCount).toBe(1);
    expect(annas.options.map((option) => option.answersCount)).toEqual([1, 0]);
    expect(annas.answeredOptionIds).toEqual([]);
    // Bad input: two options in a single-choice poll, an option of nothing.
    const url = `/api/chat-messages/${sent.id}/vote`;
    expect((await call('PUT', url, w.ben.token, { optionIds: [berge!.id, see!.id] })).statusCode).toBe(400);
    expect((await call('PUT', url, w.ben.token, { optionIds: [newId()] })).statusCode).toBe(400);
    expect((await call('PUT', url, w.ben.token, { optionIds: 'Berge' })).statusCode).toBe(400);
    // Outside the chat, another project, signed out; a message without a poll.
    const outsider = await createOutsider(server());
    expect((await call('PUT', url, w.clara.token, { optionIds: [berge!.id] })).statusCode).toBe(404);
    expect((await call('PUT', url, outsider.token, { optionIds: [berge!.id] })).statusCode).toBe(404);
    expect((await call('PUT', url, undefined, { optionIds: [berge!.id] })).statusCode).toBe(401);
    const plain = await send(group.id, w.anna, { body: '<p>ohne Umfrage</p>' });
    const noPoll = await call('PUT', `/api/chat-messages/${plain.id}/vote`, w.ben.token, {
      optionIds: [berge!.id],
    });
    expect(noPoll.statusCode).toBe(403);
    // A punished member reads the poll but does not answer it.
    const punished = await w.sanctioned('punished');
    await ok('POST', `/api/chats/${group.id}/join/profiles`, w.anna, { profileIds: [punished.profileId] });
    expect((await call('PUT', url, punished.token, { optionIds: [berge!.id] })).statusCode).toBe(403);
  });
});
