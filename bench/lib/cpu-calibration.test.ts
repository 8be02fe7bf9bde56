import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from './cpu-calibration.ts';

describe('calibratedCpuSlowdown', () => {
  it('keeps the profile’s 4× for the desktop Lighthouse assumes', () => {
    expect(calibratedCpuSlowdown(1533)).toBe(4);
  });

  it('meets each segment at its ends', () => {
    expect(calibratedCpuSlowdown(2000)).toBe(6);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(150)).toBe(1);
  });

  it('slows a host between the ends down in proportion', () => {
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(475)).toBe(1.5);
  });

  it('does not slow down a host that is already as slow as the target phone', () => {
    expect(calibratedCpuSlowdown(100)).toBe(1);
  });

  it('refuses an index that is no measurement', () => {
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(/positive number/);
    expect(() => calibratedCpuSlowdown(0)).toThrow(/positive number/);
  });
});
