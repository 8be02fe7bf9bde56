/*
 * The geometry of the crop dialog (spec §5 "Cropped image output scaled by a retina factor, png quality 0.8.
 * Aspect ratios offered: 1:1, 3:2, 4:3, 5:2, 16:9, 2:3, 3:4, 2:5, 9:16"). Pure, so it is tested without a canvas.
 */

export const cropRatios = ['1:1', '3:2', '4:3', '5:2', '16:9', '2:3', '3:4', '2:5', '9:16'] as const;
export type CropRatio = (typeof cropRatios)[number];

export const cropOutput = { type: 'image/png', quality: 0.8 } as const;

/** A retina factor of at least 2, so a crop looks sharp on high-density screens even when cut on a plain one. */
export const minRetinaFactor = 2;

export function ratioValue(ratio: CropRatio): number {
  const [width, height] = ratio.split(':').map(Number);
  return (width ?? 1) / (height ?? 1);
}

export function isCropRatio(value: string): value is CropRatio {
  return (cropRatios as readonly string[]).includes(value);
}

/** The offered ratio closest to the picture's own shape (compared on a log scale: 2:1 and 1:2 are equally far from 1:1). */
export function nearestRatio(width: number, height: number): CropRatio {
  if (!(width > 0 && height > 0)) {
    return '1:1';
  }
  const own = Math.log(width / height);
  let best: CropRatio = '1:1';
  for (const ratio of cropRatios) {
    if (Math.abs(Math.log(ratioValue(ratio)) - own) < Math.abs(Math.log(ratioValue(best)) - own)) {
      best = ratio;
    }
  }
  return best;
}

export function retinaFactor(devicePixelRatio: number | undefined): number {
  return Math.max(minRetinaFactor, Number.isFinite(devicePixelRatio) ? (devicePixelRatio ?? 0) : 0);
}

export type Area = { x: number; y: number; width: number; height: number };
export type Size = { width: number; height: number };

/** Where to read in the picture (`source`, its own pixels) and how large the canvas is (`canvas`). */
export type CropPlan = { source: Area; canvas: Size };

/**
 * Turns the cropper's area (in percent of the picture, so it holds for whichever rendition was shown) into
 * a drawing plan. The canvas is the frame as it was on screen times the retina factor, and never larger
 * than the cut-out's own pixels: enlarging would only add file size, not detail.
 */
export function cropPlan(
  areaPercent: Area,
  natural: Size,
  frameOnScreen: Size | null,
  factor: number,
): CropPlan {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  const x = clamp((areaPercent.x / 100) * natural.width, natural.width);
  const y = clamp((areaPercent.y / 100) * natural.height, natural.height);
  const width = Math.max(1, clamp((areaPercent.width / 100) * natural.width, natural.width - x));
  const height = Math.max(1, clamp((areaPercent.height / 100) * natural.height, natural.height - y));
  const scale =
    frameOnScreen && frameOnScreen.width > 0 ? Math.min(1, (frameOnScreen.width * factor) / width) : 1;
  return {
    source: { x, y, width, height },
    canvas: {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    },
  };
}
