/** The chat's screen addresses (spec §2 chat, chat/create, chat/{chatId}, chat edit). */
export const chatScreenPaths = {
  list: (slug: string) => `/${slug}/chat`,
  create: (slug: string) => `/${slug}/chat/create`,
  chat: (slug: string, chatId: string) => `/${slug}/chat/${encodeURIComponent(chatId)}`,
  edit: (slug: string, chatId: string) => `/${slug}/chat/${encodeURIComponent(chatId)}/edit`,
};
