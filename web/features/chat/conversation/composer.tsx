import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, CloseButton, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chatLimits, type Chat } from '../../../../contracts/chat';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import { chatApi } from '../chat-api';
import { excerptOf } from '../chat-cache';
import { AttachmentChips } from './attachments/attachment-chips';
import { AttachmentMenu } from './attachments/attachment-menu';
import { noExtras, type MessageExtras } from './attachments/message-content';
import { useComposerAttachments } from './attachments/use-composer-attachments';
import { useFileDrop } from './attachments/use-file-drop';
import { RecordingBar, VoiceButton, VoiceProblemNote } from './attachments/voice-recorder';
import { bodyOfText, textOfBody } from './message-text';
import { useMentionPicker } from './use-mention-picker';
import classes from './conversation.module.css';

type ComposerProps = {
  chat: Chat;
  /** The caller's profile (not offered for mentions). */
  viewerId: string | null;
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  onCancel: () => void;
  /** A message: its text (may be empty when it carries files, a recording, a GIF or a poll). */
  onSend: (body: string, replyTo: ChatMessage | null, extras: MessageExtras) => void;
  onSaveEdit: (message: ChatMessage, body: string) => Promise<void>;
  /** Opening the conversation puts the focus here (the desktop; a phone would raise its keyboard). */
  autoFocus?: boolean;
};

/** Tells the others that the person types: at most every 3 s, never in chats too big to show it. */
function useTypingSignal(chat: Chat) {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (now - last.current < chatLimits.typingIntervalMs || chat.membersCount > chatLimits.typingMaxMembers) {
      return;
    }
    last.current = now;
    void chatApi.typing(chat.id).catch(() => undefined);
  };
}

/**
 * The message field: Enter sends, Shift+Enter breaks the line. The text goes out as paragraphs with its
 * markup escaped; `@` offers the chat's members to mention. Above it, the message being answered or edited
 * (Escape lets go of it).
 */
export function Composer({
  chat,
  viewerId,
  replyTo,
  editing,
  onCancel,
  onSend,
  onSaveEdit,
  autoFocus = false,
}: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const signalTyping = useTypingSignal(chat);
  const mentions = useMentionPicker({ chat, viewerId, field: fieldRef, text, setText });
  const body = bodyOfText(text, mentions.mentions);
  const tooLong = body.length > chatLimits.body;
  const tools = useComposerAttachments(chat, (extraBody, extras) => onSend(extraBody, replyTo, extras));
  const { drafts, voice } = tools;
  // Files go with the text once uploaded; a failed one waits to be removed, so nothing is left out unseen.
  const files = drafts.files;
  const sendable = editing
    ? body.length > 0
    : (body.length > 0 || files.length > 0) && !drafts.uploading && !drafts.failed;

  useEffect(() => {
    if (autoFocus) {
      fieldRef.current?.focus({ preventScroll: true });
    }
  }, [autoFocus]);

  // Editing puts the message's text into the field; answering and editing both bring the focus here.
  useEffect(() => {
    if (editing) {
      setText(textOfBody(editing.body));
      mentions.startFrom(editing.body);
    }
    // Only a new message to edit fills the field; the picker's functions change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);
  useEffect(() => {
    if (editing || replyTo) {
      fieldRef.current?.focus();
    }
  }, [editing, replyTo]);

  const submit = () => {
    if (!sendable || tooLong || saving) {
      return;
    }
    if (editing) {
      setSaving(true);
      onSaveEdit(editing, body)
        .then(() => {
          setText('');
          mentions.reset();
        })
        .catch(() => undefined)
        .finally(() => setSaving(false));
      return;
    }
    onSend(body, replyTo, files.length > 0 ? { ...noExtras, attachments: files } : noExtras);
    setText('');
    mentions.reset();
    drafts.clear();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.handleKey(event)) {
      // The list's key: not a send, and Escape closes only the list (not the phone's dialog around it).
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && (editing || replyTo)) {
      event.preventDefault();
      if (editing) {
        setText('');
      }
      onCancel();
    }
  };

  const { dragging, dropProps } = useFileDrop(!editing && tools.withFiles, tools.takeFiles);

  const context = editing ?? replyTo;
  return (
    <div
      className={classes.composer}
      data-testid="composer"
      data-dragging={dragging || undefined}
      {...dropProps}
    >
      {dragging ? (
        <div className={classes.dropHint} aria-hidden="true">
          {t('chatAttachments.drop')}
        </div>
      ) : null}
      {context ? (
        <div className={classes.context} data-testid={editing ? 'composer-editing' : 'composer-reply'}>
          {editing ? (
            <IconPencil size={16} stroke={1.8} aria-hidden="true" />
          ) : (
            <IconArrowBackUp size={16} stroke={1.8} aria-hidden="true" />
          )}
          <div className={classes.contextText}>
            <span className={classes.contextTitle}>
              {editing
                ? t('chat.composer.editing')
                : t('chat.composer.replyTo', {
                    name: context.author?.name ?? t('chat.message.unknownAuthor'),
                  })}
            </span>
            <span className={classes.contextExcerpt}>{excerptOf(context.body, 120)}</span>
          </div>
          <CloseButton
            size="sm"
            aria-label={t(editing ? 'chat.composer.cancelEdit' : 'chat.composer.cancelReply')}
            onClick={() => {
              if (editing) {
                setText('');
              }
              onCancel();
            }}
          />
        </div>
      ) : null}
      {mentions.menu}
      {editing ? null : <AttachmentChips drafts={drafts.drafts} onRemove={drafts.remove} />}
      {voice.problem ? <VoiceProblemNote problem={voice.problem} onDismiss={voice.dismissProblem} /> : null}
      <div className={classes.composerRow}>
        {voice.state.phase === 'recording' || voice.state.phase === 'uploading' ? (
          <RecordingBar state={voice.state} onStop={voice.stop} onCancel={voice.cancel} />
        ) : (
          <>
            {editing ? null : <AttachmentMenu {...tools.menu} />}
            <Textarea
              ref={fieldRef}
              className={classes.field}
              label={t('chat.composer.label', { name: chat.name })}
              labelProps={{ className: classes.srOnly }}
              placeholder={t('chat.composer.placeholder')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                mentions.follow(event.currentTarget.value, event.currentTarget.selectionStart);
                if (!editing && event.currentTarget.value.trim()) {
                  signalTyping();
                }
              }}
              onKeyDown={handleKeyDown}
              onPaste={(event) => {
                const pasted = Array.from(event.clipboardData.files);
                if (!editing && pasted.length > 0 && tools.takeFiles(pasted)) {
                  event.preventDefault();
                }
              }}
              onClick={(event) => mentions.follow(text, event.currentTarget.selectionStart)}
              {...mentions.fieldProps}
              autosize
              minRows={1}
              maxRows={6}
              radius="lg"
              error={tooLong ? t('chat.composer.tooLong') : undefined}
              // Escape lets go of the reply or the edit only: the phone's full-screen dialog stays open.
              data-mantine-stop-propagation={editing || replyTo ? 'true' : undefined}
              data-testid="composer-field"
            />
            {tools.withVoice && !editing && !body && drafts.drafts.length === 0 ? (
              <VoiceButton onStart={() => void voice.start()} starting={voice.state.phase === 'starting'} />
            ) : (
              <ActionIcon
                size={40}
                radius="xl"
                onClick={submit}
                disabled={!sendable || tooLong}
                loading={saving}
                aria-label={t(editing ? 'chat.composer.save' : 'chat.composer.send')}
                data-testid="composer-send"
              >
                <IconSend size={19} stroke={1.8} />
              </ActionIcon>
            )}
          </>
        )}
      </div>
    </div>
  );
}
