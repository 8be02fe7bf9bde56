import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/routes';
import { installSessionHandling } from '../../kernel/session/session';
import { callsTo, json, signInForTest, stubFetch } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { appPath, inboxServer, moderatorApp, reportedComment, testItem } from './moderation-test-data';

// A socket that is connected at once and whose events the test sends: the real realtime module reads them.
const socket = vi.hoisted(() => ({
  deliver: null as ((event: string, payload: unknown) => void) | null,
}));
vi.mock('socket.io-client', () => ({
  io: () => ({
    connected: true,
    onAny: (listener: (event: string, payload: unknown) => void) => {
      socket.deliver = listener;
    },
    on: () => undefined,
    emit: () => undefined,
    disconnect: () => {
      socket.deliver = null;
    },
  }),
}));

async function send(event: string, payload: unknown) {
  await waitFor(() => expect(socket.deliver).not.toBeNull());
  act(() => socket.deliver?.(event, payload));
}

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
  signInForTest();
});
afterEach(() => {
  uninstall();
});

describe('moderation inbox, live', () => {
  it('reads counters and list again on `counters` { moderation: true }, and only then', async () => {
    const server = inboxServer([testItem(1)]);
    const fetchMock = stubFetch({
      'GET /api/router': () => json(200, { type: 'app', entity: null, app: moderatorApp }),
      ...server.routes,
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/moderation', host: 'app' });
    await screen.findByTestId(`moderation-item-${testItem(1).id}`);
    await waitFor(() => expect(screen.getByTestId('count-inbox').textContent).toBe('1'));
    const listCalls = () => callsTo(fetchMock, `GET ${appPath}/moderation`).length;
    const before = listCalls();

    // The community's post counters are not the inbox's business.
    await send('counters', { posts: true });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(listCalls()).toBe(before);

    // Someone reported a comment meanwhile.
    const comment = reportedComment(2);
    server.state.items.push(comment);
    await send('counters', { moderation: true });
    expect(await screen.findByTestId(`moderation-item-${comment.id}`)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count-inbox').textContent).toBe('2'));
    expect(listCalls()).toBe(before + 1);
  });
});
