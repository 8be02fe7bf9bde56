import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { CropDialog } from './crop-dialog';

const LoadedCropDialog = lazy(() =>
  import('./crop-dialog').then((module) => ({ default: module.CropDialog })),
);

/**
 * The crop dialog, loaded with its cropper (about 20 kB) the first time it opens rather than with the library
 * and every picture picker; mounted from then on, so that it fades out as it closes.
 */
export function LazyCropDialog(props: ComponentProps<typeof CropDialog>) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) {
    setUsed(true);
  }
  return used ? (
    <Suspense fallback={null}>
      <LoadedCropDialog {...props} />
    </Suspense>
  ) : null;
}
