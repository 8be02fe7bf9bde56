import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';

/*
 * The realtime gateway (DESIGN §8, spec GAPS 6): Socket.IO at `/ws`. Every process has one: a web process
 * attaches it to its HTTP server and lets people connect, a worker only emits. With Redis the events travel
 * through a Redis stream to every instance (@socket.io/redis-streams-adapter), which also keeps the sessions
 * for connection-state recovery; without Redis (the embedded mode, one process) they stay in the process.
 *
 * Who may join which room is not decided here: `attach` takes an `authorize` function (the permission engine's,
 * server/features/realtime/gateway.ts) that answers the rooms of a handshake or refuses it.
 */

export const realtimePath = '/ws';
/** A client that reconnects within this time gets the events it missed, in order, once. */
export const recoveryWindowMs = 2 * 60_000;

export type Room = `app:${string}` | `profile:${string}` | `chat:${string}`;

/** Who a socket speaks for, and until when its access token holds. */
export type SocketIdentity = {
  accountId: string;
  appId: string;
  profileId: string;
  rooms: Room[];
  /** Epoch milliseconds: the socket is closed then unless the client sent a newer token (`auth` event). */
  expiresAt: number;
};

/** Answers who a handshake (or a newer token of a connected socket) speaks for, or refuses it with a code. */
export type Authorize = (auth: Record<string, unknown>) => Promise<SocketIdentity | RealtimeRefusal>;

export type RealtimeRefusal = { refused: 'unauthorized' | 'forbidden' | 'not_found' | 'bad_request' };

export type Realtime = {
  /**
   * Sends an event to a room on every instance. Call it after the write it tells about has committed: a
   * client that hears of a change reads it at once.
   */
  emit(room: Room, event: string, payload: unknown): void;
  /** Closes every socket of a profile, on every instance (removed, banned): it stops receiving at once. */
  disconnectProfile(profileId: string): void;
  /**
   * Puts every socket in room `of` into `rooms`, on every instance (a person's sockets into a chat they joined:
   * `joinRooms('profile:x', ['chat:y'])`). Sockets that connect later get their rooms at the handshake.
   */
  joinRooms(of: Room, rooms: Room[]): void;
  /** Takes every socket in room `of` out of `rooms`, on every instance (a person left a chat, a chat is gone). */
  leaveRooms(of: Room, rooms: Room[]): void;
  /**
   * Whether a room has a socket on any instance (push goes only to people without an open app). Answers false
   * when the instances do not answer in time: a push too many beats a missed one.
   */
  isOccupied(room: Room): Promise<boolean>;
  /** Lets people connect through `server` (web role). */
  attach(server: HttpServer, authorize: Authorize): void;
  /**
   * Closes this instance's sockets and stops taking new ones (before the HTTP server closes: an open socket
   * would keep it waiting). They reconnect to another instance and recover there.
   */
  detach(): void;
  close(): Promise<void>;
};

/** Kept with the session for recovery (with Redis, in Redis): plain data only. */
type SocketData = { identity: SocketIdentity };
type GatewaySocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

const isRefusal = (answer: SocketIdentity | RealtimeRefusal): answer is RealtimeRefusal =>
  'refused' in answer;

export function createRealtime(options: { redis: Redis | undefined; logger: Logger }): Realtime {
  const { logger } = options;
  // The adapter's reads block their connection (XREAD BLOCK): a connection of its own, not the shared one.
  const streams = options.redis?.duplicate();
  streams?.on('error', (error) => logger.warn({ err: error }, 'realtime: redis connection problem'));
  const io = new Server({
    path: realtimePath,
    serveClient: false,
    // A phone's connection that drops in a tunnel comes back within the window and misses nothing.
    connectionStateRecovery: { maxDisconnectionDuration: recoveryWindowMs, skipMiddlewares: false },
    ...(streams ? { adapter: createAdapter(streams, { streamName: 'gemeinde:realtime' }) } : {}),
  });

  let attached = false;
  const expiries = new Map<string, NodeJS.Timeout>();
  const closeAtExpiry = (socket: GatewaySocket) => {
    clearTimeout(expiries.get(socket.id));
    const wait = socket.data.identity.expiresAt - Date.now();
    // setTimeout's limit is about 24.8 days; access tokens live 15 minutes.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(wait, 2 ** 31 - 1)));
    expiry.unref();
    expiries.set(socket.id, expiry);
  };

  const detach = () => {
    for (const expiry of expiries.values()) {
      clearTimeout(expiry);
    }
    expiries.clear();
    // `local`: with the Redis adapter, `io.disconnectSockets` would close every instance's sockets.
    io.local.disconnectSockets(true);
    if (attached) {
      io.engine.close();
      attached = false;
    }
  };

  return {
    emit(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    disconnectProfile(profileId) {
      io.in(`profile:${profileId}`).disconnectSockets(true);
    },
    joinRooms(of, rooms) {
      io.in(of).socketsJoin(rooms);
    },
    leaveRooms(of, rooms) {
      io.in(of).socketsLeave(rooms);
    },
    async isOccupied(room) {
      try {
        const sockets = await io.in(room).fetchSockets();
        return sockets.length > 0;
      } catch (error) {
        logger.warn({ err: error, room }, 'realtime: presence check failed');
        return false;
      }
    },
    attach(server, authorize) {
      io.use((socket: GatewaySocket, next) => {
        const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
        authorize(auth).then(
          (answer) => {
            if (isRefusal(answer)) {
              next(Object.assign(new Error(answer.refused), { data: { code: answer.refused } }));
              return;
            }
            socket.data.identity = answer;
            next();
          },
          (error: unknown) => {
            logger.error({ err: error }, 'realtime: handshake failed');
            next(Object.assign(new Error('internal'), { data: { code: 'internal' } }));
          },
        );
      });
      io.on('connection', (socket: GatewaySocket) => {
        const { identity } = socket.data;
        // A recovered socket is back in its rooms already; joining again is harmless.
        void socket.join(identity.rooms);
        closeAtExpiry(socket);
        // A refreshed access token keeps the socket open; it must speak for the same profile of the same app.
        socket.on('auth', (auth: unknown, ack: unknown) => {
          const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => undefined;
          const given = typeof auth === 'object' && auth !== null ? (auth as Record<string, unknown>) : {};
          authorize({ ...given, appId: identity.appId }).then(
            (answer) => {
              if (isRefusal(answer) || answer.profileId !== identity.profileId) {
                reply({ ok: false, code: isRefusal(answer) ? answer.refused : 'forbidden' });
                socket.disconnect(true);
                return;
              }
              socket.data.identity = answer;
              closeAtExpiry(socket);
              reply({ ok: true, expiresAt: new Date(answer.expiresAt).toISOString() });
            },
            (error: unknown) => {
              logger.error({ err: error }, 'realtime: re-authentication failed');
              reply({ ok: false, code: 'internal' });
            },
          );
        });
        socket.on('disconnect', () => {
          clearTimeout(expiries.get(socket.id));
          expiries.delete(socket.id);
        });
      });
      io.attach(server);
      attached = true;
    },
    detach,
    async close() {
      detach();
      await io.of('/').adapter.close();
      await streams?.quit().catch(() => undefined);
    },
  };
}
