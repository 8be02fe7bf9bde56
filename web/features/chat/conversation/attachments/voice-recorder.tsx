import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ActionIcon, CloseButton, Loader } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconPlayerStopFilled, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chatLimits } from '../../../../../contracts/chat';
import { clockOf } from './media-time';
import type { VoicePhase } from './use-voice-recorder';
import classes from './composer-tools.module.css';

/** The composer's microphone: starts a voice message (shown only with the chat's `voice_messages`). */
export function VoiceButton({ onStart, starting }: { onStart: () => void; starting: boolean }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      size={40}
      radius="xl"
      variant="light"
      onClick={onStart}
      loading={starting}
      aria-label={t('chatAttachments.voice.record')}
      data-testid="voice-record"
    >
      <IconMicrophone size={20} stroke={1.8} />
    </ActionIcon>
  );
}

type RecordingBarProps = {
  state: Extract<VoicePhase, { phase: 'recording' | 'uploading' }>;
  onStop: () => void;
  onCancel: () => void;
};

/**
 * Instead of the field while a voice message is recorded: the running time against the longest allowed, a
 * button that discards it and one that stops and sends it (which takes the focus); then the upload's progress.
 */
export function RecordingBar({ state, onStop, onCancel }: RecordingBarProps) {
  const { t } = useTranslation();
  const stopRef = useRef<HTMLButtonElement>(null);
  const recording = state.phase === 'recording';
  useEffect(() => {
    if (recording) {
      stopRef.current?.focus();
    }
  }, [recording]);
  const max = clockOf(chatLimits.voiceMaxSeconds * 1000);
  // Escape discards the recording (and stays here: the phone's full-screen conversation does not close).
  const escapeProps = {
    'data-mantine-stop-propagation': 'true',
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCancel();
      }
    },
  };

  return (
    <>
      <div
        className={classes.recorder}
        role="group"
        aria-label={t('chatAttachments.voice.recording')}
        data-testid="voice-recorder"
      >
        {recording ? <span className={classes.recordingDot} aria-hidden="true" /> : <Loader size={14} />}
        <span className={classes.recorderText}>
          {recording ? (
            <>
              <span className={classes.elapsed} data-testid="voice-elapsed">
                {clockOf(state.elapsedMs)}
              </span>
              <span className={classes.recorderLimit}>{t('chatAttachments.voice.limit', { max })}</span>
            </>
          ) : (
            <span className={classes.recorderLimit} data-testid="voice-uploading">
              {t('chatAttachments.voice.uploading', { percent: state.progress })}
            </span>
          )}
        </span>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          radius="xl"
          onClick={onCancel}
          aria-label={t(recording ? 'chatAttachments.voice.discard' : 'chatAttachments.voice.cancelUpload')}
          {...escapeProps}
          data-testid="voice-cancel"
        >
          <IconTrash size={18} stroke={1.8} />
        </ActionIcon>
      </div>
      <ActionIcon
        ref={stopRef}
        size={40}
        radius="xl"
        color="red"
        onClick={onStop}
        disabled={!recording}
        aria-label={t('chatAttachments.voice.stop')}
        {...escapeProps}
        data-testid="voice-stop"
      >
        <IconPlayerStopFilled size={18} />
      </ActionIcon>
    </>
  );
}

/** Why no voice message could be recorded or sent (a refused microphone above all), until dismissed. */
export function VoiceProblemNote({ problem, onDismiss }: { problem: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.voiceNote} role="alert" data-testid="voice-problem">
      <IconMicrophoneOff size={18} stroke={1.8} aria-hidden="true" />
      <span>{t(problem)}</span>
      <CloseButton size="sm" aria-label={t('chatAttachments.voice.dismiss')} onClick={onDismiss} />
    </div>
  );
}
