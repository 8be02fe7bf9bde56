// The realtime measurement's clients, in a process of their own (so the server's numbers are the server's):
// opens `count` Socket.IO connections to the gateway and answers the parent over IPC.
//   argv: baseUrl appId token count
//   → { type: 'connected', connected, failed, seconds }
//   ← { type: 'listen', event, key?, timeoutMs }   → { type: 'listening' }, then { type: 'heard', times: number[] }
//                                              (Date.now() when each socket heard the event; with `key`, only
//                                              an event whose payload has that key counts)
//   ← { type: 'close' }                      → exits
import { io, type Socket } from 'socket.io-client';

type Command = { type: 'listen'; event: string; key?: string; timeoutMs: number } | { type: 'close' };

const [baseUrl, appId, token, countText] = process.argv.slice(2);
const count = Number(countText);
/** Connections opened at once: a stampede of thousands would measure the handshake queue, not the gateway. */
const batch = 200;

function send(message: unknown): void {
  process.send?.(message);
}

function connectOne(): Promise<Socket | null> {
  const socket = io(baseUrl, {
    path: '/ws',
    transports: ['websocket'],
    auth: { token, appId },
    reconnection: false,
    timeout: 30_000,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.disconnect();
      resolve(null);
    });
  });
}

const started = Date.now();
const sockets: Socket[] = [];
let failed = 0;
for (let opened = 0; opened < count; opened += batch) {
  const round = await Promise.all(Array.from({ length: Math.min(batch, count - opened) }, connectOne));
  for (const socket of round) {
    if (socket) {
      sockets.push(socket);
    } else {
      failed += 1;
    }
  }
}
send({ type: 'connected', connected: sockets.length, failed, seconds: (Date.now() - started) / 1000 });

process.on('message', (command: Command) => {
  if (command.type === 'close') {
    for (const socket of sockets) {
      socket.disconnect();
    }
    process.exit(0);
  }
  const times: number[] = [];
  const done = () => {
    clearTimeout(timer);
    for (const socket of sockets) {
      socket.off(command.event);
    }
    send({ type: 'heard', times });
  };
  for (const socket of sockets) {
    const heard = (payload: unknown) => {
      if (command.key && !(typeof payload === 'object' && payload !== null && command.key in payload)) {
        return;
      }
      socket.off(command.event, heard);
      times.push(Date.now());
      if (times.length === sockets.length) {
        done();
      }
    };
    socket.on(command.event, heard);
  }
  const timer = setTimeout(done, command.timeoutMs);
  send({ type: 'listening' });
});
