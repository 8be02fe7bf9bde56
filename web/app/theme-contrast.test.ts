import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { appColorTheme, cssVariablesResolver, theme } from './theme';
import { contrastRatio } from './theme-contrast';

const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** A variable's colour: a hex value, or `var(--mantine-color-{name}-{shade})` looked up in the theme. */
function colorOf(value: string, source: MantineTheme = fullTheme): string {
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return shade ? source.colors[shade[1]!]![Number(shade[2])]! : value;
}

describe('the theme’s colours', () => {
  const { light, dark } = cssVariablesResolver(fullTheme);

  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('reads at 4.5:1 for dimmed, coloured and accent text in light and dark mode', () => {
    expect(contrastRatio(colorOf(light['--mantine-color-dimmed']!), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Also on a selected tile's tint.
    expect(
      contrastRatio(colorOf(light['--mantine-color-dimmed']!), fullTheme.colors.brand![1]),
    ).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(colorOf(dark['--mantine-color-dimmed']!), fullTheme.colors.dark[5]),
    ).toBeGreaterThanOrEqual(4.5);
    for (const name of ['red', 'orange', 'teal', 'green', 'blue', 'brand']) {
      expect(
        contrastRatio(colorOf(light[`--mantine-color-${name}-text`]!), '#f8f8fc'),
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(colorOf(dark[`--mantine-color-${name}-text`]!), fullTheme.colors.dark[6]),
      ).toBeGreaterThanOrEqual(4.5);
    }
    // The active navigation item: the primary colour on its own tint.
    expect(
      contrastRatio(colorOf(light['--app-accent-text']!), fullTheme.colors.brand![1]),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('carries white text on red buttons and reads on the light variant of every colour', () => {
    expect(contrastRatio('#ffffff', colorOf(light['--mantine-color-red-filled']!))).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(contrastRatio('#ffffff', colorOf(dark['--mantine-color-red-filled']!))).toBeGreaterThanOrEqual(
      4.5,
    );
    for (const name of ['gray', 'teal', 'orange']) {
      expect(
        contrastRatio(colorOf(light[`--mantine-color-${name}-outline`]!), '#ffffff'),
      ).toBeGreaterThanOrEqual(4.5);
    }
    for (const name of ['teal', 'green', 'orange', 'yellow']) {
      const text = light[`--mantine-color-${name}-light-color`] ?? fullTheme.colors[name]![9];
      expect(contrastRatio(colorOf(text), fullTheme.colors[name]![1])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps an app’s own light colour readable: its accent darkened, its buttons with dark text', () => {
    const mint = mergeMantineTheme(fullTheme, appColorTheme('#63e6be'));
    const variables = cssVariablesResolver(mint);
    expect(
      contrastRatio(colorOf(variables.light['--app-accent-text']!, mint), mint.colors.brand![1]),
    ).toBeGreaterThanOrEqual(4.5);
    // autoContrast: the app's colour stays on its buttons, which get dark text instead.
    expect(variables.light['--mantine-color-brand-filled']).toBeUndefined();
    expect(mint.luminanceThreshold).toBeCloseTo(0.179, 3);
  });
});
