import { describe, expect, it } from 'vitest';
import { cropPlan, cropRatios, isCropRatio, nearestRatio, ratioValue, retinaFactor } from './crop-geometry';

describe('crop ratios', () => {
  it('offers the nine ratios of the spec in its order', () => {
    expect(cropRatios).toEqual(['1:1', '3:2', '4:3', '5:2', '16:9', '2:3', '3:4', '2:5', '9:16']);
  });

  it('turns a ratio into width per height', () => {
    expect(ratioValue('16:9')).toBeCloseTo(1.7778, 4);
    expect(ratioValue('2:5')).toBe(0.4);
    expect(isCropRatio('16:9')).toBe(true);
    expect(isCropRatio('21:9')).toBe(false);
  });

  it('starts with the ratio nearest to the picture', () => {
    expect(nearestRatio(1200, 800)).toBe('3:2');
    expect(nearestRatio(1920, 1080)).toBe('16:9');
    expect(nearestRatio(1080, 1920)).toBe('9:16');
    expect(nearestRatio(1000, 1010)).toBe('1:1');
    expect(nearestRatio(3000, 1000)).toBe('5:2');
    expect(nearestRatio(0, 0)).toBe('1:1');
  });
});

describe('retinaFactor', () => {
  it('is the device pixel ratio, but at least 2', () => {
    expect(retinaFactor(1)).toBe(2);
    expect(retinaFactor(undefined)).toBe(2);
    expect(retinaFactor(Number.NaN)).toBe(2);
    expect(retinaFactor(3)).toBe(3);
  });
});

describe('cropPlan', () => {
  const picture = { width: 4000, height: 3000 };

  it('draws the frame as seen on screen times the retina factor', () => {
    const plan = cropPlan(
      { x: 0, y: 12.5, width: 100, height: 75 },
      picture,
      { width: 500, height: 281.25 },
      2,
    );
    expect(plan.source).toEqual({ x: 0, y: 375, width: 4000, height: 2250 });
    expect(plan.canvas).toEqual({ width: 1000, height: 563 });
  });

  it('never enlarges beyond the cut-out’s own pixels', () => {
    const small = { width: 600, height: 400 };
    const plan = cropPlan({ x: 25, y: 25, width: 50, height: 50 }, small, { width: 500, height: 333 }, 3);
    expect(plan.source).toEqual({ x: 150, y: 100, width: 300, height: 200 });
    expect(plan.canvas).toEqual({ width: 300, height: 200 });
  });

  it('keeps the whole cut-out when the frame size is unknown', () => {
    expect(cropPlan({ x: 10, y: 10, width: 20, height: 20 }, picture, null, 2).canvas).toEqual({
      width: 800,
      height: 600,
    });
  });

  it('stays inside the picture when the cropper reports a little beyond its edge', () => {
    const plan = cropPlan({ x: -0.2, y: 50, width: 100.4, height: 60 }, picture, null, 2);
    expect(plan.source).toEqual({ x: 0, y: 1500, width: 4000, height: 1500 });
  });
});
