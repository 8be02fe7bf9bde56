// The cloud feature's public module: what other features may use of the library. Import it lazily (the
// library is its own chunk): `lazy(() => import('../cloud').then(…))`. The library's Mantine styles come along.
import './cloud-styles';

export { PickPictureDialog, type PickPictureDialogProps } from './pick-picture';
export { CloudPicker, type CloudPickerProps } from './cloud-picker';
// The chat uploads its attachments and voice messages as hidden files (`hideInCloud`, source `chat`).
export { startUpload, type UploadCallbacks } from './upload-client';
export type { CropRatio } from './crop-geometry';
