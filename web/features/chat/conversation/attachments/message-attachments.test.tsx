import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../test/axe';
import { callsTo, json, signInForTest, stubFetch } from '../../../../test/fixtures';
import { deliver } from '../../chat-socket.fixture';
import { anna, ben, chatApp, pageOf, renderChat, testChat, testMessage } from '../../chat-test-data';
import {
  groupChat,
  renderConversation,
  testAttachment,
  testGif,
  testPicture,
  testVote,
} from './attachment-test-data';
import { contentOf, keepOwnVote } from './message-content';

vi.mock('socket.io-client', async () => (await import('../../chat-socket.fixture')).fakeSocketModule());

beforeEach(() => {
  signInForTest();
});

const messageOf = (id: string) =>
  screen.getAllByTestId('chat-message').find((item) => item.dataset.messageId === id)!;

describe('a message’s attachments', () => {
  it('shows pictures as tiles that open large, videos, audio and voice with their length, files, a GIF', async () => {
    const pictures = testMessage(1, {
      body: '',
      attachments: [testPicture(1), testPicture(2, { name: 'Strand.jpg' }), testPicture(3)],
    });
    const media = testMessage(2, {
      body: '<p>Das Video und das Lied</p>',
      attachments: [
        testAttachment(4, {
          name: 'Ausflug.mp4',
          type: 'video',
          mimeType: 'video/mp4',
          width: 1280,
          height: 720,
          durationMs: 12_000,
          url: 'https://files.test/4/video.mp4',
          thumbUrl: 'https://files.test/4/tile.webp',
        }),
        testAttachment(5, { name: 'Lied.mp3', type: 'audio', mimeType: 'audio/mpeg', durationMs: 65_000 }),
        testAttachment(6, { name: 'Plan.pdf', size: 2_621_440 }),
      ],
    });
    const voice = testMessage(3, {
      body: '',
      isVoice: true,
      attachments: [
        testAttachment(7, {
          name: 'Sprachnachricht.webm',
          type: 'audio',
          mimeType: 'audio/webm',
          durationMs: 7_400,
        }),
      ],
    });
    const gif = testMessage(4, { author: anna, body: '', gif: testGif });
    renderConversation(testChat(1), [pictures, media, voice, gif]);
    await screen.findByRole('log', { name: 'Nachrichten in Ben Maier' });

    const tiles = within(messageOf(pictures.id)).getAllByRole('button', { name: /groß anzeigen$/ });
    expect(tiles).toHaveLength(3);
    expect(tiles[0]!.querySelector('img')?.getAttribute('src')).toBe('https://files.test/1/tile.webp');
    expect(within(messageOf(pictures.id)).queryByTestId('chat-message-body')).toBeNull();

    const video = within(messageOf(media.id)).getByTestId('message-video');
    expect(video.getAttribute('src')).toBe('https://files.test/4/video.mp4');
    expect(video.getAttribute('poster')).toBe('https://files.test/4/tile.webp');
    const [song] = within(messageOf(media.id)).getAllByTestId('message-audio');
    expect(song!.textContent).toContain('Lied.mp3');
    expect(song!.textContent).toContain('1:05');
    const file = within(messageOf(media.id)).getByRole('link', {
      name: /^Plan\.pdf, 2,5 MB – herunterladen$/,
    });
    expect(file.getAttribute('href')).toBe('https://files.test/6?download=1');
    expect(file.textContent).toContain('2,5 MB');
    expect(within(messageOf(media.id)).getByTestId('chat-message-body').textContent).toBe(
      'Das Video und das Lied',
    );

    const recording = within(messageOf(voice.id)).getByTestId('message-audio');
    expect(recording.textContent).toContain('Sprachnachricht');
    expect(recording.textContent).toContain('0:07');
    expect(recording.querySelector('audio')?.getAttribute('src')).toBe('https://files.test/7');

    const gifImage = within(messageOf(gif.id)).getByRole('img', { name: 'Winkende Katze' });
    expect(gifImage.getAttribute('src')).toBe(testGif.url);
    expect(gifImage.getAttribute('width')).toBe('480');
    await expectNoAxeViolations(screen.getByTestId('chat-layout'));

    // A tile opens the pictures large; the arrows go through them.
    fireEvent.click(tiles[1]!);
    const lightbox = await screen.findByRole('dialog', { name: 'Strand.jpg (2 von 3)' });
    expect(within(lightbox).getByRole('img', { name: 'Strand.jpg' }).getAttribute('src')).toBe(
      'https://files.test/2/preview.webp',
    );
    fireEvent.click(within(lightbox).getByRole('button', { name: 'Nächstes Bild' }));
    expect(await screen.findByRole('dialog', { name: 'Bild 3.jpg (3 von 3)' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('image-lightbox'));
  });
});

describe('a poll in a message', () => {
  it('answers with `PUT /chat-messages/{id}/vote` and keeps the own choice when the room’s copy comes', async () => {
    const vote = testVote();
    const message = testMessage(1, { body: '', vote });
    const [monday, tuesday] = vote.options;
    const answered = {
      ...message,
      vote: {
        ...vote,
        votersCount: 2,
        answeredOptionIds: [tuesday!.id],
        options: [monday!, { ...tuesday!, answersCount: 1 }],
      },
    };
    const fetchMock = renderConversation(groupChat(), [message], {
      routes: { [`PUT /api/chat-messages/${message.id}/vote`]: () => json(200, { data: answered }) },
    });
    const card = await screen.findByRole('region', { name: 'Wann treffen wir uns?' });
    await expectNoAxeViolations(card);
    fireEvent.click(within(card).getByRole('button', { name: 'Dienstag' }));

    await waitFor(() => expect(within(card).getByTestId('vote-results')).toBeTruthy());
    expect(callsTo(fetchMock, `PUT /api/chat-messages/${message.id}/vote`)).toEqual([
      { optionIds: [tuesday!.id] },
    ]);
    await waitFor(() => expect(within(card).getByTestId('vote-facts').textContent).toContain('2 Stimmen'));
    expect(within(card).getByRole('img', { name: 'Ihre Wahl' })).toBeTruthy();

    // The room's copy after Cleo's answer: new counts, no one's own choice.
    await deliver('chat:update', {
      ...answered,
      vote: {
        ...answered.vote,
        votersCount: 3,
        answeredOptionIds: [],
        options: [
          { ...monday!, answersCount: 2 },
          { ...tuesday!, answersCount: 1 },
        ],
      },
    });
    await waitFor(() => expect(within(card).getByTestId('vote-facts').textContent).toContain('3 Stimmen'));
    expect(within(card).getByRole('img', { name: 'Ihre Wahl' })).toBeTruthy();
    expect(within(card).getByTestId('vote-results').textContent).toContain('67 %');
  });

  it('answers a multiple-choice poll with its checkboxes', async () => {
    const vote = testVote({ isMultiple: true });
    const message = testMessage(1, { body: '', vote });
    const fetchMock = renderConversation(groupChat(), [message], {
      routes: {
        [`PUT /api/chat-messages/${message.id}/vote`]: () =>
          json(200, {
            data: { ...message, vote: { ...vote, answeredOptionIds: vote.options.map((o) => o.id) } },
          }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Wann treffen wir uns?' });
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Montag' }));
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Dienstag' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Abstimmen' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PUT /api/chat-messages/${message.id}/vote`)).toEqual([
        { optionIds: vote.options.map((o) => o.id) },
      ]),
    );
  });
});

describe('the list’s last message without text', () => {
  it('names what it carries', async () => {
    const last = (n: number, content: 'voice' | 'gif' | 'vote' | 'attachment' | null) =>
      testChat(n, {
        name: `Chat ${n}`,
        lastMessage: { ...testChat(n).lastMessage!, author: ben, excerpt: '', content },
      });
    stubFetch({
      [`GET /api/apps/${chatApp.id}/chats`]: () =>
        json(
          200,
          pageOf([last(1, 'voice'), last(2, 'gif'), last(3, 'vote'), last(4, 'attachment'), last(5, null)]),
        ),
    });
    renderChat('/akademie/chat');
    const list = await screen.findByRole('list', { name: 'Meine Chats' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('Sprachnachricht'),
      expect.stringContaining('GIF'),
      expect.stringContaining('Umfrage'),
      expect.stringContaining('Anhang'),
      expect.stringContaining('Anhang'),
    ]);
  });
});

describe('message content', () => {
  it('names a message by what it carries, a voice message before its file', () => {
    expect(contentOf(testMessage(1))).toBeNull();
    expect(
      contentOf(testMessage(1, { isVoice: true, attachments: [testAttachment(1, { type: 'audio' })] })),
    ).toBe('voice');
    expect(contentOf(testMessage(1, { gif: testGif }))).toBe('gif');
    expect(contentOf(testMessage(1, { vote: testVote() }))).toBe('vote');
    expect(contentOf(testMessage(1, { attachments: [testAttachment(1)] }))).toBe('attachment');
    expect(contentOf(testMessage(1, { attachments: [testAttachment(1)], isDeleted: true }))).toBeNull();
  });

  it('keeps the own poll choice when the new copy has none, and the own permissions always', () => {
    const readOnly = { can: ['view' as const] };
    const mine = testMessage(1, {
      vote: testVote({ answeredOptionIds: [testVote().options[0]!.id], permissions: readOnly }),
    });
    const roomCopy = testMessage(1, { vote: testVote({ votersCount: 5 }) });
    expect(keepOwnVote(mine, roomCopy).vote).toMatchObject({
      votersCount: 5,
      answeredOptionIds: [testVote().options[0]!.id],
      permissions: readOnly,
    });
    const changed = testMessage(1, { vote: testVote({ answeredOptionIds: [testVote().options[1]!.id] }) });
    expect(keepOwnVote(mine, changed).vote?.answeredOptionIds).toEqual([testVote().options[1]!.id]);
    // A poll that arrives live (nothing before it) is taken as it comes.
    expect(keepOwnVote(testMessage(1), roomCopy)).toBe(roomCopy);
  });
});
