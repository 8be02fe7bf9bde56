import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { chatLimits, chatPersonSchema } from './chat.ts';
import { cloudFileTypeValues } from './cloud-enums.ts';
import { voteAnswerBodySchema, voteSchema } from './community-posts.ts';
import { paginated } from './pagination.ts';
import { maxLength } from './validation/index.ts';

/*
 * The messages of a chat (issue 17, spec §3 "Message"): what they carry, their lists and the bodies that send,
 * edit and answer them. The chats themselves: chat.ts.
 */

/**
 * A file of the cloud library attached to a message. The addresses are signed (valid 6–12 h): `url` shows it
 * (a picture's large preview, a video's mp4 once converted, else the file as uploaded), `thumbUrl` is a
 * picture's or video's tile, `downloadUrl` the file as uploaded. Only the chat's members ever receive them.
 */
export const chatAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  type: z.enum(cloudFileTypeValues),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Audio and video: the length measured by the server (null until processed). */
  durationMs: z.number().int().nullable(),
  url: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  downloadUrl: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** A GIF of the GIF service, as the server looked it up by id. */
export const chatGifSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
});
export type ChatGif = z.infer<typeof chatGifSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  chatId: z.uuid(),
  seq: z.number().int().min(1),
  /** The sender's own id for this message: a retry with the same one answers the stored message. */
  clientId: z.uuid().nullable(),
  /** Null for a deleted message or a member who left the app. */
  author: chatPersonSchema.nullable(),
  /** Sanitized rich text (the community's allow-list); "" when deleted. */
  body: z.string(),
  replyTo: z
    .object({
      id: z.uuid(),
      excerpt: z.string(),
      author: chatPersonSchema.nullable(),
      isDeleted: z.boolean(),
    })
    .nullable(),
  /** Files of the cloud library, in the order the sender chose ([] when deleted). */
  attachments: z.array(chatAttachmentSchema),
  /** A voice message: `attachments[0]` is the recording. */
  isVoice: z.boolean(),
  gif: chatGifSchema.nullable(),
  /**
   * A poll (group chats only). In the room's copy of an event `answeredOptionIds` is empty and its permissions
   * are every member's (answer while it runs): each member keeps their own choice and permissions from their
   * own reads and answers.
   */
  vote: voteSchema.nullable(),
  isDeleted: z.boolean(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  permissions: z.object({ can: z.array(z.enum(abilitiesBySubject.chat_message)) }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessageResponseSchema = z.object({ data: chatMessageSchema });
export const chatMessageListSchema = paginated(chatMessageSchema);
export type ChatMessageList = z.infer<typeof chatMessageListSchema>;

/**
 * `GET /chats/{id}/messages`: newest first (`-createdAt`, the only sort), 30 per page; or, with `afterSeq`, the
 * messages after that sequence oldest first (a reconnecting client's catch-up, at most 100; `meta.pages` > 1
 * says more are waiting).
 */
export const chatMessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  sort: z.literal('-createdAt').default('-createdAt'),
  afterSeq: z.coerce.number().int().min(0).optional(),
});
export type ChatMessageListQuery = z.output<typeof chatMessageListQuerySchema>;

const body = z.string().check(maxLength(chatLimits.body));

/**
 * `POST /chats/{id}/messages` (GAPS 15). The body may be empty when the message carries something else. Checked
 * on the server: `attachmentIds` are live files of the sender in the app's project (`attachmentIds.N:
 * validation.invalidValue`); `isVoice` needs the chat's `voice_messages` ability and exactly one audio file;
 * `gifId` is looked up at the GIF service (`gifId: validation.invalidValue` when it has no such GIF); `voteId`
 * is a poll of the sender that nothing carries yet, in a group chat only (`voteId: validation.invalidValue`).
 */
export const chatMessageCreateBodySchema = z.strictObject({
  clientId: z.uuid(),
  body: body.default(''),
  replyToMessageId: z.uuid().nullable().optional(),
  attachmentIds: z.array(z.uuid()).check(maxLength(chatLimits.attachments)).default([]),
  isVoice: z.boolean().default(false),
  gifId: z.string().trim().min(1).check(maxLength(chatLimits.gifId)).optional(),
  voteId: z.uuid().optional(),
});
export type ChatMessageCreateBody = z.output<typeof chatMessageCreateBodySchema>;

/** `PATCH /chat-messages/{id}`: the author's new body. */
export const chatMessagePatchBodySchema = z.strictObject({ body });

/**
 * `PUT /chat-messages/{id}/vote` (an addition): the caller's whole choice in the message's poll (replaces an
 * earlier one), by the rules of `PUT /votes/{id}/answers`. Answers the message; the room hears `chat:update`.
 */
export const chatVoteAnswerBodySchema = voteAnswerBodySchema;
