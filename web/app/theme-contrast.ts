import type { CSSVariablesResolver, MantineColorsTuple, MantineTheme } from '@mantine/core';

/** WCAG 2.x AA for normal text (1.4.3). */
export const minimumTextContrast = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1–21). */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** Darkens a `#rrggbb` colour towards black by `amount` (0–1), as Mantine's `darken` does. */
export function darkenHex(hex: string, amount: number): string {
  return `#${rgbOf(hex)
    .map((part) =>
      Math.round(part * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const isHex = (value: string | undefined): value is string => /^#[0-9a-f]{6}$/i.test(value ?? '');

/** The first shade, in the order given, that reads at 4.5:1 on every background; `null` when none does. */
export function readableShade(
  colors: MantineColorsTuple,
  order: readonly number[],
  backgrounds: readonly string[],
): number | null {
  for (const shade of order) {
    const color = colors[shade];
    if (
      isHex(color) &&
      backgrounds.every((background) => contrastRatio(color, background) >= minimumTextContrast)
    ) {
      return shade;
    }
  }
  return null;
}

/** The surfaces text sits on: the body, the page behind cards, and a hovered row. */
const lightSurfaces = ['#ffffff', '#f8f8fc', '#f1f3f5'];
const darkSurfaces = (theme: MantineTheme) => [
  theme.colors.dark[7],
  theme.colors.dark[6],
  theme.colors.dark[5],
];

type Variables = Record<string, string>;

/** `color`, darkened in steps of 5 % until it reads at 4.5:1 on `background`. */
function readableOn(color: string, background: string): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = amount === 0 ? color : darkenHex(color, amount);
    if (contrastRatio(candidate, background) >= minimumTextContrast) {
      return candidate;
    }
  }
  return '#000000';
}

const resolvedVariables = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

/**
 * Colour variables that hold WCAG AA (4.5:1) where Mantine's defaults do not, for every colour of the theme:
 * - `--mantine-color-{c}-text` (`c="red"`, error messages, danger menu items): the first shade from the usual
 *   one towards more contrast that reads on every surface;
 * - `--mantine-color-{c}-filled`: the first shade from the primary shade on that carries white text (danger
 *   buttons); a colour that needs dark text (`autoContrast`) keeps its shade;
 * - `--mantine-color-{c}-light-color`: the light variant's text (shade 9 on shade 1), darkened where needed;
 *   `-outline` (outline buttons and badges) takes the text colour;
 * - `--app-accent-text`: the primary colour as text on its light tint (the active navigation item, the
 *   selected quick-access entry) and on the page;
 * - `--mantine-color-dimmed`: secondary text (#868e96 on white is only 3.3:1), readable also on a selected
 *   tile's tint.
 */
export const contrastVariablesResolver: CSSVariablesResolver = (theme) => {
  // Mantine asks on every render of its provider; the answer depends on the theme alone.
  let variables = resolvedVariables.get(theme);
  if (!variables) {
    variables = contrastVariablesOf(theme);
    resolvedVariables.set(theme, variables);
  }
  return variables;
};

function contrastVariablesOf(theme: MantineTheme): ReturnType<CSSVariablesResolver> {
  const light: Variables = {
    '--mantine-color-dimmed': '#5f6376',
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  };
  const dark: Variables = {
    '--mantine-color-dimmed': '#9a9eb2',
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  };
  const lightPrimary = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const darkPrimary = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.dark;

  for (const [name, colors] of Object.entries(theme.colors)) {
    if (name === 'dark' || !colors || !isHex(colors[0])) {
      continue;
    }
    const lightText = readableShade(colors, [6, 7, 8, 9], lightSurfaces);
    // Orange, yellow, lime: not even shade 9 reads on the page; it is darkened until it does.
    const textColor =
      lightText === null
        ? readableOn(colors[9], lightSurfaces.at(-1)!)
        : `var(--mantine-color-${name}-${lightText})`;
    light[`--mantine-color-${name}-text`] = textColor;
    // Outline buttons and badges draw their text in the outline colour.
    light[`--mantine-color-${name}-outline`] = textColor;
    const darkText = readableShade(colors, [4, 3, 2, 1, 0], darkSurfaces(theme));
    if (darkText !== null) {
      dark[`--mantine-color-${name}-text`] = `var(--mantine-color-${name}-${darkText})`;
    }
    // The light variant (alerts, badges, light buttons): shade 9 on shade 1, darkened where that is below AA
    // (teal, green, orange, yellow, lime).
    const lightColor = readableOn(colors[9], colors[1]);
    if (lightColor !== colors[9]) {
      light[`--mantine-color-${name}-light-color`] = lightColor;
    }
    const keepsFilled = name === theme.primaryColor && theme.autoContrast;
    const filledOrder = (from: number) => Array.from({ length: 10 - from }, (_, index) => from + index);
    const lightFilled = keepsFilled ? null : readableShade(colors, filledOrder(lightPrimary), ['#ffffff']);
    if (lightFilled !== null) {
      light[`--mantine-color-${name}-filled`] = `var(--mantine-color-${name}-${lightFilled})`;
      light[`--mantine-color-${name}-filled-hover`] =
        `var(--mantine-color-${name}-${Math.min(lightFilled + 1, 9)})`;
    }
    const darkFilled = keepsFilled ? null : readableShade(colors, filledOrder(darkPrimary), ['#ffffff']);
    if (darkFilled !== null) {
      dark[`--mantine-color-${name}-filled`] = `var(--mantine-color-${name}-${darkFilled})`;
      dark[`--mantine-color-${name}-filled-hover`] =
        `var(--mantine-color-${name}-${Math.min(darkFilled + 1, 9)})`;
    }
  }

  // The primary colour as text on its own light tint (Mantine's `-light`: shade 1, or shade 9 darkened by
  // half in the dark scheme) and on the page.
  const primary = theme.colors[theme.primaryColor]!;
  const lightAccent = readableShade(primary, [6, 7, 8, 9], [primary[1], ...lightSurfaces]) ?? 9;
  const darkAccent =
    readableShade(primary, [5, 4, 3, 2, 1, 0], [darkenHex(primary[9], 0.5), ...darkSurfaces(theme)]) ?? 0;
  light['--app-accent-text'] = `var(--mantine-color-${theme.primaryColor}-${lightAccent})`;
  dark['--app-accent-text'] = `var(--mantine-color-${theme.primaryColor}-${darkAccent})`;

  return { variables: {}, light, dark };
}
