import { defineArea, type ScenarioRequest } from '../lib/types.ts';
import { seedIdentity } from '../seed/identity.ts';

/**
 * Identity: the account lookup every app start makes, and the refresh-token rotation every client runs when its
 * 15-minute access token runs out.
 */
export const identityArea = defineArea({
  name: 'identity',
  seed: seedIdentity,
  summary: (data) => ({
    accounts: data.accountCount,
    deletedAccounts: data.deletedAccountCount,
    sessions: data.sessionCount,
    refreshTokens: data.refreshTokenCount,
    refreshPool: data.refreshPool.length,
  }),
  scenarios: async (data, context) => {
    // Shared by every connection of the probe, the warm-up and the measured run: each token starts one chain.
    const unused = data.refreshPool.values();
    let exhausted = false;
    const takeToken = (): string => {
      const next = unused.next();
      if (!next.done) {
        return next.value;
      }
      if (!exhausted) {
        exhausted = true;
        console.error('  ! identity: refresh-token pool exhausted; the rest of the run answers 401');
      }
      // Never throw inside autocannon's callbacks: an unknown token is a 401, counted as non-2xx.
      return 'pool-exhausted-0000000000000000000000000000';
    };
    // A different client address for every request: the route allows 60 refreshes a minute per IP, and these
    // requests stand for many clients (the server trusts X-Forwarded-For in the bench, as behind its proxy).
    let client = 0;
    const nextClientIp = () => {
      client = (client + 1) % 16_777_216;
      return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
    };
    /** One connection = one refresh-token family: it sends the token the previous answer gave it. */
    const refreshChain = (): ScenarioRequest[] => {
      let refreshToken = takeToken();
      return [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': nextClientIp() },
            body: JSON.stringify({ refreshToken }),
          }),
          onResponse: (status, body) => {
            const next = status === 200 ? readRefreshToken(body) : undefined;
            // Any other answer broke the chain (it counts as non-2xx); go on with a fresh family.
            refreshToken = next ?? takeToken();
          },
        },
      ];
    };

    return [
      {
        name: 'GET /api/auth/identity',
        method: 'GET',
        path: '/api/auth/identity',
        headers: { authorization: await context.authorization(data.identityAccountId) },
        check: (body) => {
          const id = (body as { account?: { id?: unknown } }).account?.id;
          return id === data.identityAccountId
            ? null
            : `expected account ${data.identityAccountId}, got ${String(id)}`;
        },
        budget: null,
      },
      {
        name: 'POST /api/auth/refresh-token (rotating)',
        method: 'POST',
        path: '/api/auth/refresh-token',
        requests: refreshChain,
        check: (body, sent) => {
          const received = (body as { refreshToken?: unknown }).refreshToken;
          const presented = sent.body ? readRefreshToken(sent.body) : undefined;
          if (typeof received !== 'string' || received.length < 20) {
            return 'expected a new refreshToken';
          }
          return received === presented ? 'the answer repeats the refresh token that was sent' : null;
        },
        budget: null,
      },
    ];
  },
});

function readRefreshToken(json: string): string | undefined {
  try {
    const token = (JSON.parse(json) as { refreshToken?: unknown }).refreshToken;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}
