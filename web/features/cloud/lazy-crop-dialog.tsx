import { lazyDialog } from '../../kernel/lazy-dialog';

/**
 * The crop dialog; its chunk (about 37 kB with the cropper) loads with its first opening, not with the library
 * and every picture picker.
 */
export const LazyCropDialog = lazyDialog(() => import('./crop-dialog').then((module) => module.CropDialog));
