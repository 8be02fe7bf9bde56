// The community settings' public module: the addresses of its screens, the link icons the community's
// navigation shows, and the picture field (cloud picker and crop) the settings and the composer share.
export { communitySettingsPaths } from './community-settings-paths';
export { communityLinkIconNames, communityLinkIcons } from './link-icons';
export {
  coverRatios,
  mobileCoverRatios,
  ogImageRatios,
  PictureField,
  pictureOf,
  type Picture,
} from './picture-field';
