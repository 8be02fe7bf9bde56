import { lazyDialog } from '../../kernel/lazy-dialog';

/** The crop dialog; its cropper (about 20 kB) loads with its first opening, not with the library and every picker. */
export const LazyCropDialog = lazyDialog(() => import('./crop-dialog').then((module) => module.CropDialog));
