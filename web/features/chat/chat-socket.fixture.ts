import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The socket of the chat's tests: connected at once, its events sent by the test. The test file replaces
 * `socket.io-client` with `fakeSocketModule` (vi.mock), and the real realtime module reads what it delivers.
 */
export const fakeSocket = {
  deliver: null as ((event: string, payload: unknown) => void) | null,
  connected: null as (() => void) | null,
};

export const fakeSocketModule = () => ({
  io: () => ({
    connected: true,
    recovered: false,
    onAny: (listener: (event: string, payload: unknown) => void) => {
      fakeSocket.deliver = listener;
    },
    on: (event: string, handler: () => void) => {
      if (event === 'connect') {
        fakeSocket.connected = handler;
      }
    },
    emit: () => undefined,
    disconnect: () => {
      fakeSocket.deliver = null;
    },
  }),
});

/** Sends a socket event once the socket listens. */
export async function deliver(event: string, payload: unknown): Promise<void> {
  await waitFor(() => expect(fakeSocket.deliver).not.toBeNull());
  act(() => fakeSocket.deliver?.(event, payload));
}
