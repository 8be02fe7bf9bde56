// The chat area's lazy chunk: the layout with the list, the conversation, the create and edit screens.
export { ChatHome, ChatLayout } from './chat-layout';
export { ConversationPage } from './conversation/conversation-page';
export { CreateChatPage } from './create/create-chat-page';
export { ChatEditPage } from './edit/chat-edit-page';
export { MemberMessagesPage } from './member-messages-page';
