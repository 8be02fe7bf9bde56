import { describe, expect, it } from 'vitest';
import {
  cloudDefaults,
  defaultCodeLimits,
  eventDefaults,
  imageCrop,
  layoutPx,
  legacyDateCutoff,
  localeDefaults,
  pageSizes,
  polling,
  smtpDefaults,
  usageLimits,
} from './constants.ts';

describe('constants of spec §9', () => {
  it('event durations are 15…1425 minutes in steps of 15 plus a full day (GAPS 32)', () => {
    const options = eventDefaults.durationOptionsMinutes;
    expect(options).toHaveLength(96);
    expect(options[0]).toBe(15);
    expect(options[94]).toBe(1425);
    expect(options[95]).toBe(1440);
    expect(options.slice(0, 95).every((minutes, index) => minutes === (index + 1) * 15)).toBe(true);
    expect(eventDefaults.participantsNumberLimit).toBe(10);
  });

  it('RULE-100 cropped images are written with quality 0.8', () => {
    expect(imageCrop.quality).toBe(0.8);
  });

  it('RULE-101 the crop dialog offers exactly 1:1, 3:2, 4:3, 5:2, 16:9, 2:3, 3:4, 2:5, 9:16', () => {
    expect(imageCrop.aspectRatios.map((ratio) => ratio.label)).toEqual([
      '1:1',
      '3:2',
      '4:3',
      '5:2',
      '16:9',
      '2:3',
      '3:4',
      '2:5',
      '9:16',
    ]);
    for (const { label, value } of imageCrop.aspectRatios) {
      const [width, height] = label.split(':').map(Number);
      expect(value, label).toBeCloseTo((width ?? 0) / (height ?? 1), 10);
    }
  });

  it('page sizes, layout and defaults match spec §9 and GAPS', () => {
    expect(pageSizes).toEqual({
      default: 20,
      dropdown: 15,
      statuses: 100,
      customStuff: 10,
      communityCategories: 100,
      eventCategories: 100,
      calendarEvents: 100,
      tagsDropdown: 15,
      accessPlans: 25,
      orders: 10,
      comments: 10,
      searchTable: 10,
      cloud: 50,
    });
    expect(layoutPx.containerWidth).toBe(1160);
    expect(localeDefaults.defaultLanguage).toBe('de');
    expect(localeDefaults.defaultCurrency).toBe('EUR');
    expect(smtpDefaults.port).toBe(587);
    expect(usageLimits.unlimited).toBe(-1);
    expect(usageLimits.disabled).toBe(0);
    expect(usageLimits.displayOrder).toEqual(['apps', 'contacts', 'domains', 'teamMembers']);
    expect(defaultCodeLimits).toEqual({ sendAgainAfter: 60, codeExpired: 600, codeCheckLimit: 5 });
    expect(polling).toEqual({ fileProcessingMs: 5000, tasksMs: 3000, maxDurationMs: 600000 });
    expect(cloudDefaults.removedPurgeDays).toBe(30);
    expect(cloudDefaults.bulkBarMinSelected).toBe(2);
  });

  it('the legacy cutoff is midnight UTC of 2025-07-14 (GAPS 37)', () => {
    expect(new Date(legacyDateCutoff).toISOString()).toBe('2025-07-14T00:00:00.000Z');
  });
});
