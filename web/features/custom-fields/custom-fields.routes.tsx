import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./custom-fields-screens'));

/** GAPS 31: the edit route's id is the custom field's. */
export const customFieldsFeature: WebFeature = {
  name: 'custom-fields',
  routes: {
    appSettings: [
      { path: 'custom-fields', lazy: async () => ({ Component: (await screens()).CustomFieldsPage }) },
      {
        path: 'custom-fields/create',
        lazy: async () => ({ Component: (await screens()).CustomFieldCreatePage }),
      },
      {
        path: 'custom-fields/:customFieldId/edit',
        lazy: async () => ({ Component: (await screens()).CustomFieldEditPage }),
      },
    ],
  },
};
