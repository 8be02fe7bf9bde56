import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { getAccessToken, tokenStore } from '../api/token-store';

/*
 * The realtime connection (issue 16): one Socket.IO socket per open app, at `/ws`, authenticated with the
 * access token and the app's id. It speaks again with every new access token (`auth`), reconnects with the
 * newest one, and closes when the session ends. Socket.IO's client is loaded only when a member opens an app.
 * Events reach the hooks below; what a screen shows is read again from the API (the events say what changed).
 */

type Listener = (payload: unknown) => void;

/**
 * Sent to the hooks below each time the socket (re)connects: what happened before it was listening (the page
 * read its data, then the socket connected) or while it was away without recovery is read again by whoever
 * shows live data.
 */
export const realtimeConnectedEvent = 'realtime:connected';

let socket: Socket | null = null;
let socketAppId: string | null = null;
/** Counts opens and closes: an open whose client finished loading after a close (or a newer open) gives up. */
let generation = 0;
let stopWatchingTokens: (() => void) | null = null;
const listeners = new Map<string, Set<Listener>>();

function dispatch(event: string, payload: unknown): void {
  for (const listener of listeners.get(event) ?? []) {
    listener(payload);
  }
}

async function open(appId: string): Promise<void> {
  const opening = generation;
  const { io } = await import('socket.io-client');
  if (opening !== generation) {
    // Closed, or opened again, while the client loaded.
    return;
  }
  const opened = io({
    path: '/ws',
    transports: ['websocket', 'polling'],
    // Asked on every (re)connection, so a reconnect presents the newest token.
    auth: (callback) => callback({ token: getAccessToken(), appId }),
  });
  opened.onAny((event: string, payload: unknown) => dispatch(event, payload));
  opened.on('connect', () => {
    // A recovered connection was handed what it missed; only a fresh one may have missed something.
    if (!opened.recovered) {
      dispatch(realtimeConnectedEvent, undefined);
    }
  });
  opened.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    // Refused (the person may not listen here): no retries; anything else Socket.IO retries itself.
    if (error.data?.code && error.data.code !== 'internal' && error.data.code !== 'unauthorized') {
      opened.disconnect();
    }
  });
  stopWatchingTokens = tokenStore.subscribe((session, previous) => {
    if (session.accessToken === previous.accessToken) {
      return;
    }
    if (!session.accessToken) {
      close();
    } else if (opened.connected) {
      opened.emit('auth', { token: session.accessToken });
    }
  });
  socket = opened;
}

function close(): void {
  generation += 1;
  stopWatchingTokens?.();
  stopWatchingTokens = null;
  socket?.disconnect();
  socket = null;
  socketAppId = null;
}

/** Keeps the socket of `appId` open while mounted (null: none, e.g. a guest or a masquerading admin). */
export function useRealtimeConnection(appId: string | null): void {
  // After a reload the account is known before the refreshed access token: connect once the token is there.
  const hasToken = useSyncExternalStore(tokenStore.subscribe, () => getAccessToken() !== null);
  useEffect(() => {
    if (!appId || !hasToken) {
      return undefined;
    }
    if (socketAppId !== appId) {
      close();
      socketAppId = appId;
      void open(appId);
    }
    return () => {
      if (socketAppId === appId) {
        close();
      }
    };
  }, [appId, hasToken]);
}

/** Calls `handler` with every `event` of the open app's socket while mounted. */
export function useRealtimeEvent(event: string, handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Listener = (payload) => latest.current(payload);
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [event]);
}
