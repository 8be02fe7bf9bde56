import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';

describe('contracts index', () => {
  it('re-exports every module, including the error codes', () => {
    for (const name of [
      'errorCodes',
      'paginationMetaSchema',
      'healthSchema',
      'taskStatusValues',
      'pageSizes',
      'validationKeys',
      'requiredString',
      'isValidLink',
      'parseVideoUrl',
      'checkUploadSize',
      'slugify',
      'taskSchema',
      'pickLanguage',
      'abilitiesBySubject',
      'addExtensionChip',
      'mergeById',
      'normaliseRichTextElement',
    ]) {
      expect(contracts, name).toHaveProperty(name);
    }
  });
});
