import { describe, expect, it } from 'vitest';
import type { CloudFolderNode } from '../../../contracts/cloud';
import { folderPath, moveRefusal, startFolderId, visibleSubfolders, type MovedItem } from './move-rules';

// My files ─┬─ Reisen ─── Italien ─── Rom
//           ├─ Arbeit
//           └─ archiv 10, archiv 9
const rom: CloudFolderNode = { id: 'rom', name: 'Rom', data: [] };
const italien: CloudFolderNode = { id: 'italien', name: 'Italien', data: [rom] };
const reisen: CloudFolderNode = { id: 'reisen', name: 'Reisen', data: [italien] };
const arbeit: CloudFolderNode = { id: 'arbeit', name: 'Arbeit', data: [] };
const archiv10: CloudFolderNode = { id: 'a10', name: 'archiv 10', data: [] };
const archiv9: CloudFolderNode = { id: 'a9', name: 'archiv 9', data: [] };
const root: CloudFolderNode = { id: 'root', name: 'My files', data: [reisen, archiv10, arbeit, archiv9] };

const file = (id: string, parentId: string): MovedItem => ({ id, isFolder: false, parentId });
const folder = (id: string, parentId: string): MovedItem => ({ id, isFolder: true, parentId });
const pathTo = (id: string) => folderPath(root, id) ?? [];

describe('folderPath', () => {
  it('lists the folders from the root down to the folder', () => {
    expect(folderPath(root, 'rom')?.map((node) => node.id)).toEqual(['root', 'reisen', 'italien', 'rom']);
    expect(folderPath(root, 'root')?.map((node) => node.id)).toEqual(['root']);
  });

  it('is null for a folder that is not in the tree', () => {
    expect(folderPath(root, 'elsewhere')).toBeNull();
  });
});

describe('moveRefusal', () => {
  it('allows a target that holds none of the items', () => {
    expect(moveRefusal([file('f1', 'root'), folder('arbeit', 'root')], pathTo('italien'))).toBeNull();
  });

  it('refuses a target that already holds one of the items', () => {
    expect(moveRefusal([file('f1', 'root'), file('f2', 'italien')], pathTo('italien'))).toBe('already_there');
  });

  it('has nothing to do when all items are already there', () => {
    expect(moveRefusal([file('f1', 'italien'), folder('rom', 'italien')], pathTo('italien'))).toBe(
      'all_there',
    );
  });

  it('refuses a moved folder itself and every folder inside it', () => {
    const items = [folder('reisen', 'root'), file('f1', 'arbeit')];
    expect(moveRefusal(items, pathTo('reisen'))).toBe('into_itself');
    expect(moveRefusal(items, pathTo('rom'))).toBe('into_itself');
    expect(moveRefusal(items, pathTo('arbeit'))).toBe('already_there');
  });

  it('puts "into itself" before "already there"', () => {
    expect(moveRefusal([folder('italien', 'reisen'), file('f1', 'italien')], pathTo('italien'))).toBe(
      'into_itself',
    );
  });

  it('has no opinion without a target or items', () => {
    expect(moveRefusal([file('f1', 'root')], [])).toBeNull();
    expect(moveRefusal([], pathTo('rom'))).toBeNull();
  });
});

describe('visibleSubfolders', () => {
  it('sorts by name, numbers by their value', () => {
    expect(visibleSubfolders(root, [file('f1', 'root')]).map((node) => node.name)).toEqual([
      'Arbeit',
      'archiv 9',
      'archiv 10',
      'Reisen',
    ]);
  });

  it('hides the moved folders when several items move', () => {
    const items = [folder('reisen', 'root'), folder('arbeit', 'root')];
    expect(visibleSubfolders(root, items).map((node) => node.id)).toEqual(['a9', 'a10']);
  });

  it('keeps a single moved folder visible', () => {
    expect(visibleSubfolders(root, [folder('reisen', 'root')]).map((node) => node.id)).toContain('reisen');
  });
});

describe('startFolderId', () => {
  it('opens the folder the items share', () => {
    expect(startFolderId(root, [file('f1', 'italien'), folder('rom', 'italien')])).toBe('italien');
  });

  it('opens the root for items from several folders or a folder outside the tree', () => {
    expect(startFolderId(root, [file('f1', 'italien'), file('f2', 'arbeit')])).toBe('root');
    expect(startFolderId(root, [file('f1', 'someone-elses')])).toBe('root');
    expect(startFolderId(root, [])).toBe('root');
  });
});
