import type { Db } from '../../db/client.ts';
import type { TokenService } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Authorize, RealtimeRefusal } from '../../platform/realtime.ts';
import { chatRoomsOf } from '../chat/public.ts';
import { loadAppAccess } from '../workspace/public.ts';

/*
 * Who may listen (issue 16): a handshake names an app and carries an access token (`{ token, appId }`). The
 * permission engine decides as for any request of that app: the person needs a live profile there and the
 * ability to read its content (an invited person and a blocked member have not). The socket then joins the
 * app's room, the profile's own and the rooms of the person's chats (later chats are joined as they come,
 * server/features/chat/chat.events.ts).
 */

const refuse = (refused: RealtimeRefusal['refused']): RealtimeRefusal => ({ refused });

export function gatewayAuthorizer(deps: { db: Db; tokens: TokenService }): Authorize {
  return async (auth) => {
    const { token, appId } = auth;
    if (typeof token !== 'string' || token.length === 0) {
      return refuse('unauthorized');
    }
    if (typeof appId !== 'string' || !isUuid(appId)) {
      return refuse('bad_request');
    }
    const claims = await deps.tokens.verifyAccessToken(token);
    if (!claims) {
      return refuse('unauthorized');
    }
    const actor = { kind: 'account', accountId: claims.accountId, sessionId: claims.sessionId } as const;
    let access;
    try {
      access = await loadAppAccess(deps.db, actor, appId.toLowerCase());
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        return refuse('not_found');
      }
      throw error;
    }
    if (!access.profile || !access.can.includes('view_posts')) {
      return refuse('forbidden');
    }
    return {
      accountId: claims.accountId,
      appId: access.app.id,
      profileId: access.profile.id,
      rooms: [
        `app:${access.app.id}`,
        `profile:${access.profile.id}`,
        ...(access.can.includes('view_chats') ? await chatRoomsOf(deps.db, access.profile.id) : []),
      ],
      expiresAt: claims.expiresAt,
    };
  };
}
