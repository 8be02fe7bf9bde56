// The chat measurement's clients, in a process of their own (so the server's numbers are the server's): one
// Socket.IO connection per member, each with the member's own token, and every `chat:message` each one hears.
//   argv: baseUrl appId
//   ← { type: 'open', tokens }   → { type: 'connected', connected, failed, seconds }
//   ← { type: 'collect' }        → { type: 'collected', heard: [clientId, memberIndex, Date.now()][] } (and forgets them)
//   ← { type: 'close' }          → exits
import { io, type Socket } from 'socket.io-client';

type Command = { type: 'open'; tokens: string[] } | { type: 'collect' } | { type: 'close' };

const [baseUrl, appId] = process.argv.slice(2);
/** Connections opened at once: a stampede of thousands would measure the handshake queue, not the gateway. */
const batch = 200;
const sockets: Socket[] = [];
let heard: [string, number, number][] = [];

function connect(token: string, index: number): Promise<Socket | null> {
  const socket = io(baseUrl, {
    path: '/ws',
    transports: ['websocket'],
    auth: { token, appId },
    reconnection: false,
    timeout: 60_000,
  });
  socket.on('chat:message', (message: { clientId?: string | null }) => {
    if (message.clientId) {
      heard.push([message.clientId, index, Date.now()]);
    }
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.disconnect();
      resolve(null);
    });
  });
}

async function open(tokens: string[]): Promise<void> {
  const started = Date.now();
  let failed = 0;
  for (let opened = 0; opened < tokens.length; opened += batch) {
    const round = await Promise.all(
      tokens.slice(opened, opened + batch).map((token, offset) => connect(token, opened + offset)),
    );
    for (const socket of round) {
      if (socket) {
        sockets.push(socket);
      } else {
        failed += 1;
      }
    }
  }
  process.send?.({
    type: 'connected',
    connected: sockets.length,
    failed,
    seconds: (Date.now() - started) / 1000,
  });
}

process.on('message', (command: Command) => {
  if (command.type === 'open') {
    void open(command.tokens);
  } else if (command.type === 'collect') {
    process.send?.({ type: 'collected', heard });
    heard = [];
  } else {
    for (const socket of sockets) {
      socket.disconnect();
    }
    process.exit(0);
  }
});
