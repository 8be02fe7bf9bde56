import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../test/axe';
import { bodyOf, callsTo, json, signInForTest } from '../../../../test/fixtures';
import { anna, chatApp, testChat, testMessage } from '../../chat-test-data';
import { renderConversation, rootId, testEntity } from './attachment-test-data';
import { extensionOf, microphoneProblemOf } from './use-voice-recorder';

vi.mock('socket.io-client', async () => (await import('../../chat-socket.fixture')).fakeSocketModule());

const cloud = vi.hoisted(() => ({ startUpload: vi.fn() }));
vi.mock('../../../cloud', () => ({ CloudPicker: () => null, startUpload: cloud.startUpload }));

const voiceChat = testChat(1, { permissions: { can: ['view', 'messages', 'voice_messages'] } });
const messagesPath = `/api/chats/${voiceChat.id}/messages`;
const field = () => screen.findByRole('textbox', { name: 'Nachricht an Ben Maier' });

/** A recorder that records nothing but a few bytes: started, it runs until stopped. */
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const track = { stop: vi.fn() };

function stubMicrophone(getUserMedia: () => Promise<unknown>) {
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

beforeEach(() => {
  signInForTest();
  cloud.startUpload.mockReset();
  track.stop.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('voice messages', () => {
  it('offer no microphone without the chat’s `voice_messages` ability', async () => {
    renderConversation(testChat(1), [testMessage(1)]);
    await field();
    expect(screen.queryByRole('button', { name: 'Sprachnachricht aufnehmen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
  });

  it('offer no microphone without the app’s cloud ability (the recording is a file of the library)', async () => {
    renderConversation(voiceChat, [testMessage(1)], { app: chatApp });
    await field();
    expect(screen.queryByRole('button', { name: 'Sprachnachricht aufnehmen' })).toBeNull();
  });

  it('show the microphone while the field is empty, the send button once there is text', async () => {
    renderConversation(voiceChat, [testMessage(1)]);
    fireEvent.change(await field(), { target: { value: 'Hallo' } });
    expect(screen.queryByRole('button', { name: 'Sprachnachricht aufnehmen' })).toBeNull();
    fireEvent.change(await field(), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Sprachnachricht aufnehmen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Senden' })).toBeNull();
  });

  it('say clearly when the microphone is refused', async () => {
    stubMicrophone(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    renderConversation(voiceChat, [testMessage(1)]);
    await field();
    fireEvent.click(screen.getByRole('button', { name: 'Sprachnachricht aufnehmen' }));
    const note = await screen.findByRole('alert');
    expect(note.textContent).toContain('Der Zugriff auf das Mikrofon wurde verweigert.');
    fireEvent.click(screen.getByRole('button', { name: 'Hinweis schließen' }));
    expect(screen.queryByTestId('voice-problem')).toBeNull();
  });

  it('record, upload the recording as an audio file and send it with `isVoice`', async () => {
    stubMicrophone(() => Promise.resolve({ getTracks: () => [track] }));
    const recording = testEntity(9, { name: 'Sprachnachricht.webm', type: 'audio', thumbnails: null });
    cloud.startUpload.mockResolvedValue(recording);
    const fetchMock = renderConversation(voiceChat, [testMessage(1)], {
      routes: {
        [`POST ${messagesPath}`]: (init) =>
          json(201, {
            data: testMessage(2, { author: anna, clientId: String(bodyOf(init).clientId), body: '' }),
          }),
      },
    });
    await field();
    fireEvent.click(screen.getByRole('button', { name: 'Sprachnachricht aufnehmen' }));

    const recorder = await screen.findByRole('group', { name: 'Sprachnachricht wird aufgenommen' });
    expect(recorder.textContent).toContain('0:00');
    expect(recorder.textContent).toContain('von höchstens 5:00');
    const stop = screen.getByRole('button', { name: 'Aufnahme beenden und senden' });
    await waitFor(() => expect(document.activeElement).toBe(stop));
    await expectNoAxeViolations(screen.getByTestId('composer'));
    fireEvent.click(stop);

    await waitFor(() => expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(1));
    const [, input] = cloud.startUpload.mock.calls[0] as [unknown, { file: File }];
    expect(input).toMatchObject({ folderId: rootId, hideInCloud: true, source: 'chat' });
    expect(input.file.type).toBe('audio/webm');
    expect(input.file.name).toMatch(/^Sprachnachricht \d{4}-\d\d-\d\d \d\d\.\d\d\.webm$/);
    expect(callsTo(fetchMock, `POST ${messagesPath}`)[0]).toMatchObject({
      body: '',
      isVoice: true,
      attachmentIds: [recording.id],
    });
    expect(track.stop).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('voice-recorder')).toBeNull());
  });

  it('discard a recording without sending anything (the button, or Escape)', async () => {
    stubMicrophone(() => Promise.resolve({ getTracks: () => [track] }));
    const fetchMock = renderConversation(voiceChat, [testMessage(1)]);
    await field();
    fireEvent.click(screen.getByRole('button', { name: 'Sprachnachricht aufnehmen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aufnahme verwerfen' }));
    expect(await field()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sprachnachricht aufnehmen' }));
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Aufnahme beenden und senden' }), {
      key: 'Escape',
    });
    expect(await field()).toBeTruthy();
    expect(track.stop).toHaveBeenCalled();
    expect(cloud.startUpload).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(0);
  });
});

describe('the recorder’s helpers', () => {
  it('names the problem of a refused, missing or failing microphone', () => {
    expect(microphoneProblemOf(new DOMException('', 'NotAllowedError'))).toBe('chatAttachments.voice.denied');
    expect(microphoneProblemOf(new DOMException('', 'NotFoundError'))).toBe('chatAttachments.voice.noDevice');
    expect(microphoneProblemOf(new Error('boom'))).toBe('chatAttachments.voice.failed');
  });

  it('names the file by its recorded type', () => {
    expect(extensionOf('audio/webm;codecs=opus')).toBe('webm');
    expect(extensionOf('audio/ogg;codecs=opus')).toBe('ogg');
    expect(extensionOf('audio/mp4')).toBe('m4a');
  });
});
