// The post action menu's public module: the reading screens put it on every post card and post page. Its
// dialogs come along; the composer it opens for "edit" loads on first use.
export { PostActionsMenu, type PostActionsMenuProps } from './post-actions-menu';
export { postActionItems, type PostActionKey } from './post-action-items';
