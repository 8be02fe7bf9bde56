import { useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { chatLimits, type Chat } from '../../../../../contracts/chat';
import { appCan, useCurrentApp } from '../../../../kernel/current-app';
import { chatCan } from '../../chat-viewer';
import type { AttachmentMenuProps } from './attachment-menu';
import { uploadForChat } from './chat-upload';
import { noExtras, type MessageExtras } from './message-content';
import { useAttachmentDrafts } from './use-attachment-drafts';
import { useVoiceRecorder } from './use-voice-recorder';

/** A recording's name in the library's "Messages": "Sprachnachricht 2026-11-28 15.04". */
function stamp(now = new Date()): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())} ${two(now.getHours())}.${two(now.getMinutes())}`;
}

/**
 * The composer's attachments (issue 17): the chosen files, the attachment menu (library, device, GIF, poll in
 * group chats) and the voice recorder. A GIF, a poll and a voice message go out at once, each as a message of
 * its own; files wait as chips for the text and go with it.
 */
export function useComposerAttachments(chat: Chat, send: (body: string, extras: MessageExtras) => void) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const scope = useMemo(() => ({ projectId: app.projectId, appId: app.id }), [app.projectId, app.id]);
  const drafts = useAttachmentDrafts(scope);
  // Files and recordings live in the person's library: without the app's `cloud` ability there is none.
  const withFiles = appCan(app, 'cloud');
  const withVoice = withFiles && chatCan(chat, 'voice_messages');

  const sayLeftOut = (leftOut: number) => {
    if (leftOut > 0) {
      notifications.show({
        color: 'orange',
        message: t('chatAttachments.limit', { max: chatLimits.attachments }),
      });
    }
  };

  const voice = useVoiceRecorder({
    fileName: () => `${t('chatAttachments.voice.fileName')} ${stamp()}`,
    deliver: async (file, onProgress, signal) => {
      const recording = await uploadForChat(scope, file, { onProgress, signal });
      send('', { ...noExtras, attachments: [{ id: recording.id, name: recording.name }], isVoice: true });
    },
  });

  const menu: AttachmentMenuProps = {
    appId: app.id,
    projectId: app.projectId,
    withFiles,
    withPoll: chat.kind === 'group',
    full: drafts.room <= 0,
    onPicked: (files) => sayLeftOut(drafts.addPicked(files)),
    onUpload: (files) => sayLeftOut(drafts.upload(files)),
    onGif: (gif) => send('', { ...noExtras, gif }),
    onPoll: (vote) => send('', { ...noExtras, vote: { id: vote.id, question: vote.question } }),
  };

  /** Files pasted or dropped into the composer: uploaded like the device's; false when files are not offered. */
  const takeFiles = (files: File[]): boolean => {
    if (!withFiles || files.length === 0) {
      return false;
    }
    sayLeftOut(drafts.upload(files));
    return true;
  };

  return { drafts, voice, withVoice, withFiles, menu, takeFiles };
}
