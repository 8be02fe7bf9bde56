import { describe, expect, it } from 'vitest';
import * as enums from './enums.ts';

describe('enums of spec §3', () => {
  it('hold the values of GAPS.md §3 in spec order', () => {
    expect(enums.accessPlanStatusValues).toEqual(['active', 'disable', 'draft']);
    expect(enums.defaultAccessPlanStatus).toBe('active');
    expect(enums.accessPlanTypeValues).toEqual(['paid', 'private', 'free']);
    expect(enums.appEntityKindValues).toHaveLength(13);
    expect(enums.memberTypeValues).toEqual(['member', 'invited', 'moderator', 'admin']);
    expect(enums.routerActionValues).toHaveLength(10);
    expect(enums.lockScreenTypeValues.every((type) => enums.routerActionValues.includes(type))).toBe(true);
    expect(enums.paywallLevels).toEqual({ app: 1, service: 2, item: 3 });
    expect(enums.ticketStatusValues).toEqual(['completed', 'new', 'on_pause', 'work']);
    expect(enums.defaultArticleStatus).toBe('active');
    expect(enums.sortTypeValues).toEqual(['latest', 'oldest', 'name', 'trends', 'first_name']);
    expect(enums.aspectRatioValues).toEqual([1, 2.5, 4, 5]);
    expect(enums.integrationTypeValues).toHaveLength(11);
    expect(enums.currencyValues).toEqual(['EUR', 'USD']);
    expect(enums.quotaNameValues).toEqual(['ownDomains', 'teams', 'apps', 'members']);
    expect(enums.widgetTypeValues).toHaveLength(19);
    expect(enums.menuItemTypeValues).toEqual(['legal_page', 'custom', 'external', 'system']);
    expect(enums.cloudEntityKindValues).toEqual(['file', 'folder']);
    expect(enums.cloudFileTypeValues).toEqual(['audio', 'image', 'other', 'video']);
    expect(enums.cloudFileStatusValues).toEqual(['error', 'process']);
    expect(enums.postDiscriminatorValues).toEqual(['groups', 'communities']);
    expect(enums.cloudPseudoFolderValues).toHaveLength(10);
    expect(enums.pageRowLayoutValues).toHaveLength(8);
    expect(enums.themeEditorTabValues).toEqual(['colors', 'layout', 'code']);
    expect(enums.previewDeviceValues).toEqual(['desktop', 'tablet', 'mobile']);
    expect(enums.moderationInboxTabValues).toEqual(['post', 'ticket']);
  });

  it('every payment provider is an integration type', () => {
    for (const provider of enums.paymentProviderValues) {
      expect(enums.integrationTypeValues).toContain(provider);
    }
  });

  it('every `xxxValues` list has no duplicates and a matching schema that accepts exactly its values', () => {
    const entries = Object.entries(enums).filter(
      ([name]) => name.endsWith('Values') && !name.startsWith('known'),
    );
    expect(entries.length).toBeGreaterThanOrEqual(45);
    for (const [name, values] of entries) {
      const list = values as readonly (string | number)[];
      expect(new Set(list).size, name).toBe(list.length);
      const schema = (enums as Record<string, unknown>)[name.replace(/Values$/, 'Schema')] as {
        safeParse: (value: unknown) => { success: boolean };
      };
      expect(schema, `${name} has a schema`).toBeDefined();
      for (const value of list) {
        expect(schema.safeParse(value).success, `${name}: ${value}`).toBe(true);
      }
      expect(schema.safeParse('not-a-value').success, name).toBe(false);
    }
  });

  it('open enumerations accept unknown values (GAPS 40)', () => {
    expect(enums.pointActionTypeSchema.parse('reward_spent')).toBe('reward_spent');
    expect(enums.notificationActionSchema.parse('post_like_flagged')).toBe('post_like_flagged');
    expect(enums.notificationActionSchema.safeParse('').success).toBe(false);
  });
});
