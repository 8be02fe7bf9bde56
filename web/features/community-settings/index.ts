// The community settings' public module: the addresses of its screens, the link icons the community's
// navigation shows, and the picture field (cloud picker and crop) the settings and the composer share; the
// member picker, the sortable list and the item menu serve the events' editor and settings too.
export { communitySettingsPaths } from './community-settings-paths';
export { ItemMenu } from './item-menu';
export { ModeratorPicker } from './moderator-picker';
export { dropItem, moveItem, type Reorder } from './reorder';
export { SortableItem, SortableList, useSortableSensors } from './sortable-list';
export { communityLinkIconNames, communityLinkIcons } from './link-icons';
export {
  coverRatios,
  mobileCoverRatios,
  ogImageRatios,
  PictureField,
  pictureOf,
  type Picture,
} from './picture-field';
