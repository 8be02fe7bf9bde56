import type { CloudEntity } from '../../../contracts/cloud';

/**
 * The library's lazy module as the chat's picture field sees it in tests: a picture dialog that hands over the
 * cut-out the test put into `pictureDialog.picture`.
 *   vi.mock('../../cloud', async () => (await import('../picture-dialog.fixture')).fakeCloudModule());
 */
export const pictureDialog = { picture: null as CloudEntity | null };

export function fakeCloudModule() {
  return {
    PickPictureDialog: (props: {
      opened: boolean;
      title: string;
      onPicked: (picture: CloudEntity) => Promise<void> | void;
      onClose: () => void;
    }) =>
      props.opened ? (
        <div role="dialog" aria-label={props.title}>
          <button
            type="button"
            onClick={async () => {
              await props.onPicked(pictureDialog.picture!);
              props.onClose();
            }}
          >
            Zuschneiden und übernehmen
          </button>
          <button type="button" onClick={props.onClose}>
            Abbrechen
          </button>
        </div>
      ) : null,
  };
}
