import { describe, expect, it } from 'vitest';
import type { CloudEntity } from '../../../contracts/cloud';
import { initialPickerTab, inPickOrder, pickerTabs } from './picker-state';

const entity = (id: string, name = id): CloudEntity => ({ id, name }) as CloudEntity;
const ids = (items: readonly CloudEntity[]) => items.map((item) => item.id);

describe('initialPickerTab', () => {
  it('starts on the cloud tab with cloud access and no GIF wish', () => {
    expect(initialPickerTab(true, undefined)).toBe('cloud');
    expect(initialPickerTab(true, 'cloud')).toBe('cloud');
  });

  it('starts on the GIF tab when GIFs are asked for or the person has no cloud access', () => {
    expect(initialPickerTab(true, 'gif')).toBe('gif');
    expect(initialPickerTab(false, 'cloud')).toBe('gif');
    expect(initialPickerTab(false, undefined)).toBe('gif');
  });

  it('falls back to the tab on offer', () => {
    expect(initialPickerTab(true, 'gif', ['cloud'])).toBe('cloud');
    expect(initialPickerTab(false, undefined, [])).toBe('gif');
  });
});

describe('pickerTabs', () => {
  it('offers the library only with cloud access and GIFs only to a caller that takes one', () => {
    expect(pickerTabs(true, true)).toEqual(['cloud', 'gif']);
    expect(pickerTabs(true, false)).toEqual(['cloud']);
    expect(pickerTabs(false, true)).toEqual(['gif']);
    expect(pickerTabs(false, false)).toEqual([]);
  });
});

describe('inPickOrder', () => {
  it('keeps the order of picking although the library reports list order', () => {
    let picked = inPickOrder([], [entity('titelbild')]);
    // The list shows kursplan first (newest first); it was picked second.
    picked = inPickOrder(picked, [entity('kursplan'), entity('titelbild')]);
    expect(ids(picked)).toEqual(['titelbild', 'kursplan']);
    picked = inPickOrder(picked, [entity('kursplan'), entity('skript'), entity('titelbild')]);
    expect(ids(picked)).toEqual(['titelbild', 'kursplan', 'skript']);
  });

  it('drops what was unselected and takes the library’s newer copy of an item', () => {
    const picked = inPickOrder([entity('a', 'alt.png'), entity('b')], [entity('a', 'neu.png')]);
    expect(picked).toEqual([entity('a', 'neu.png')]);
    expect(inPickOrder(picked, [])).toEqual([]);
  });
});
