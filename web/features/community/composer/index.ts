// The composer's public module: what the community's screens use to write and edit posts. Light: the composer
// itself loads on first opening.
export {
  closeComposer,
  ComposerHost,
  openComposer,
  PostComposer,
  type ComposerRequest,
} from './lazy-post-composer';
export type { PostComposerProps } from './post-composer';
export type { ComposerTarget } from './composer-values';
