import { useCallback, useEffect, useRef, useState } from 'react';
import { chatLimits } from '../../../../../contracts/chat';
import { isAbortError } from '../../../../api/api-error';
import { errorTextKey } from '../../../../api/notify-error';

/** What the browser records in, best first: Opus in WebM (Chrome, Firefox), Ogg (Firefox), MP4 (Safari). */
export const voiceMimeTypes = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

/** The first recording format the browser supports; '' lets the browser choose. */
export function recordingMimeType(): string {
  const supported = (type: string) =>
    typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(type);
  return voiceMimeTypes.find(supported) ?? '';
}

/** The file name's extension for a recorded type (`audio/ogg;codecs=opus` → `ogg`, `audio/mp4` → `m4a`). */
export function extensionOf(mimeType: string): string {
  const base = mimeType.split(';')[0]?.trim() ?? '';
  return base === 'audio/mp4' ? 'm4a' : base === 'audio/ogg' ? 'ogg' : 'webm';
}

export type VoicePhase =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; elapsedMs: number }
  | { phase: 'uploading'; progress: number };

/** Why there is no voice message: an i18n key of `chatAttachments.voice.*`, or an upload's error key. */
export type VoiceProblem = string;

/** Why the microphone could not be used, as the note's i18n key. */
export function microphoneProblemOf(error: unknown): VoiceProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'chatAttachments.voice.denied';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'chatAttachments.voice.noDevice';
  }
  return 'chatAttachments.voice.failed';
}

type Deliver = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<void>;

const tickMs = 250;

/**
 * Records a voice message with the microphone (MediaRecorder): elapsed time while it runs, stopped by the
 * person or by itself at `chatLimits.voiceMaxSeconds`; then `deliver` uploads and sends it. Cancelling drops
 * the recording (or stops its upload); leaving the conversation does the same and frees the microphone.
 */
export function useVoiceRecorder({ deliver, fileName }: { deliver: Deliver; fileName: () => string }) {
  const [state, setState] = useState<VoicePhase>({ phase: 'idle' });
  const [problem, setProblem] = useState<VoiceProblem | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const alive = useRef(true);

  const release = useCallback(() => {
    if (timer.current !== null) {
      window.clearInterval(timer.current);
      timer.current = null;
    }
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    recorder.current = null;
  }, []);

  const send = useCallback(
    (blob: Blob, mimeType: string) => {
      const type = mimeType.split(';')[0]?.trim() || 'audio/webm';
      const file = new File([blob], `${fileName()}.${extensionOf(mimeType)}`, { type });
      const controller = new AbortController();
      upload.current = controller;
      setState({ phase: 'uploading', progress: 0 });
      const onProgress = (progress: number) => {
        if (alive.current) {
          setState({ phase: 'uploading', progress });
        }
      };
      void deliver(file, onProgress, controller.signal)
        .then(() => {
          if (alive.current) {
            setState({ phase: 'idle' });
          }
        })
        .catch((error: unknown) => {
          if (alive.current) {
            setState({ phase: 'idle' });
            if (!isAbortError(error)) {
              setProblem(errorTextKey(error));
            }
          }
        })
        .finally(() => {
          upload.current = null;
        });
    },
    [deliver, fileName],
  );

  /** Stops the recording and sends it. */
  const stop = useCallback(() => {
    const active = recorder.current;
    if (!active || active.state === 'inactive') {
      return;
    }
    active.onstop = () => {
      const mimeType = active.mimeType || recordingMimeType() || 'audio/webm';
      release();
      send(new Blob(chunks.current, { type: mimeType }), mimeType);
      chunks.current = [];
    };
    active.stop();
  }, [release, send]);

  const start = useCallback(async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setProblem('chatAttachments.voice.unsupported');
      return;
    }
    setState({ phase: 'starting' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState({ phase: 'idle' });
      setProblem(microphoneProblemOf(error));
      return;
    }
    if (!alive.current) {
      media.getTracks().forEach((track) => track.stop());
      return;
    }
    const mimeType = recordingMimeType();
    let active: MediaRecorder;
    try {
      active = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      media.getTracks().forEach((track) => track.stop());
      setState({ phase: 'idle' });
      setProblem('chatAttachments.voice.unsupported');
      return;
    }
    chunks.current = [];
    active.ondataavailable = (event) => {
      if (event.data.size > 0) {
        chunks.current.push(event.data);
      }
    };
    stream.current = media;
    recorder.current = active;
    const startedAt = Date.now();
    active.start(1000);
    setState({ phase: 'recording', elapsedMs: 0 });
    timer.current = window.setInterval(() => {
      const elapsedMs = Date.now() - startedAt;
      if (elapsedMs >= chatLimits.voiceMaxSeconds * 1000) {
        // The longest voice message: it stops and goes out by itself.
        setState({ phase: 'recording', elapsedMs: chatLimits.voiceMaxSeconds * 1000 });
        stop();
      } else {
        setState({ phase: 'recording', elapsedMs });
      }
    }, tickMs);
  }, [stop]);

  /** Drops the recording, or stops its upload. */
  const cancel = useCallback(() => {
    const active = recorder.current;
    if (active) {
      active.onstop = null;
      if (active.state !== 'inactive') {
        active.stop();
      }
    }
    release();
    upload.current?.abort();
    setState({ phase: 'idle' });
  }, [release]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      const active = recorder.current;
      if (active) {
        active.onstop = null;
        if (active.state !== 'inactive') {
          active.stop();
        }
      }
      release();
      upload.current?.abort();
    };
  }, [release]);

  return { state, problem, dismissProblem: () => setProblem(null), start, stop, cancel };
}
