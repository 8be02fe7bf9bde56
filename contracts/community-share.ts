import { z } from 'zod';
import { postResponseSchema } from './community-posts.ts';

/*
 * Share links of posts (issue 15 "Share links and previews"): `/{appSlug}/groups/g/{spaceSlug}/share/{shareHash}`
 * and `/{appSlug}/communities/c/{categorySlug}/share/{shareHash}` (web-routes ROUTE-59, ROUTE-60). The page
 * opens the post through `GET /apps/{appId}/community/share/{shareHash}` (inferred), which answers the post to
 * anyone who may read it (401 to a visitor without a session who may not, so the page asks them to sign in; 404
 * otherwise); the server writes the preview tags into the page's HTML itself.
 */

/** A post's share hash: 128 random bits, base64url. */
export const shareHashSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const shareParamsSchema = z.object({ appId: z.uuid(), shareHash: shareHashSchema });
export type ShareParams = z.infer<typeof shareParamsSchema>;

/** The shared post, as `GET /posts/{slug}` answers it. */
export const sharedPostResponseSchema = postResponseSchema;

/** Longest description a preview carries (plain text of the body, cut at a word). */
export const sharePreviewDescriptionLength = 200;
