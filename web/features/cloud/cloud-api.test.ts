import { describe, expect, it } from 'vitest';
import { listCall } from './cloud-api';
import type { CloudScope } from './cloud-scope';

const projectId = 'p1';
const appPage: CloudScope = { projectId, appId: 'a1', basePath: '/gemeinde/cloud' };
const appPicker: CloudScope = { projectId, appId: 'a1', basePath: null };
const servicePage: CloudScope = { projectId, appId: null, basePath: `/projects/${projectId}/cloud` };
const messages = { kind: 'pseudo', folder: 'messages' } as const;

describe('listCall', () => {
  it('asks for the files the chats share (isAnother) in the messages folder of an app’s library page', () => {
    expect(listCall(appPage, messages)).toEqual({
      path: `/projects/${projectId}/cloud/files`,
      type: 'messages',
      isAnother: true,
    });
  });

  it('keeps to the person’s own files in a picker, on the service host and in the other folders', () => {
    for (const scope of [appPicker, servicePage]) {
      expect(listCall(scope, messages)).toEqual({
        path: `/projects/${projectId}/cloud/files`,
        type: 'messages',
      });
    }
    expect(listCall(appPage, { kind: 'pseudo', folder: 'photo' })).toEqual({
      path: `/projects/${projectId}/cloud/files`,
      type: 'photo',
    });
    expect(listCall(appPage, { kind: 'pseudo', folder: 'latest' })).toEqual({
      path: `/projects/${projectId}/cloud/folders/content`,
      type: 'latest',
    });
  });
});
