import {
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { contrastVariablesResolver } from './theme-contrast';

/** Indigo leaning towards violet; shade 6 carries white text at AA contrast. */
const brand: MantineColorsTuple = [
  '#f1f0ff',
  '#e3e1fe',
  '#c6c1fc',
  '#a79ff9',
  '#8d81f5',
  '#7a6cf2',
  '#6653e6',
  '#5542cc',
  '#4637a6',
  '#392f82',
];

/** A cool, slightly blue dark palette instead of Mantine's neutral grey. */
const dark: MantineColorsTuple = [
  '#d5d7e0',
  '#b4b7c6',
  '#8e92a6',
  '#6a6e82',
  '#3d4152',
  '#2c2f3d',
  '#20222d',
  '#16171f',
  '#111218',
  '#0b0c10',
];

// 'Inter Fallback' (global.css) is a local Arial sized to Inter's metrics: text laid out before the web font
// arrives keeps its place when it does.
const fontFamily =
  "'Inter Variable', 'Inter Fallback', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand, dark },
  fontFamily,
  fontFamilyMonospace: "ui-monospace, 'SF Mono', 'JetBrains Mono', Menlo, Consolas, monospace",
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '14px', xl: '20px' },
  spacing: { xs: '10px', sm: '14px', md: '18px', lg: '24px', xl: '36px' },
  fontSizes: { xs: '12px', sm: '14px', md: '15px', lg: '17px', xl: '20px' },
  lineHeights: { xs: '1.4', sm: '1.5', md: '1.55', lg: '1.6', xl: '1.65' },
  headings: {
    fontFamily,
    fontWeight: '700',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: '34px', lineHeight: '1.15' },
      h2: { fontSize: '26px', lineHeight: '1.2' },
      h3: { fontSize: '21px', lineHeight: '1.3' },
      h4: { fontSize: '18px', lineHeight: '1.35' },
    },
  },
  shadows: {
    xs: '0 1px 2px rgba(17, 19, 35, 0.06)',
    sm: '0 1px 2px rgba(17, 19, 35, 0.06), 0 2px 6px rgba(17, 19, 35, 0.05)',
    md: '0 2px 4px rgba(17, 19, 35, 0.05), 0 8px 20px rgba(17, 19, 35, 0.07)',
    lg: '0 4px 8px rgba(17, 19, 35, 0.05), 0 18px 40px rgba(17, 19, 35, 0.10)',
    xl: '0 8px 16px rgba(17, 19, 35, 0.06), 0 32px 64px rgba(17, 19, 35, 0.14)',
  },
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  defaultGradient: { from: 'brand.5', to: 'violet.7', deg: 135 },
  components: {
    Button: { defaultProps: { radius: 'md' }, styles: { root: { fontWeight: 600 } } },
    TextInput: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Opening a menu focuses its first item, so the arrows move through the items at once (WAI-ARIA menu
    // button); Mantine's focus placeholder instead is a focusable non-item inside the menu (axe
    // aria-required-children).
    Menu: { defaultProps: { radius: 'md', shadow: 'lg', withInitialFocusPlaceholder: false } },
    Modal: {
      defaultProps: { radius: 'lg', overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      styles: { title: { fontWeight: 700, fontSize: 18 } },
    },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    Notification: { defaultProps: { radius: 'md' } },
  },
});

/**
 * What the theme says in the person's language: the name of the close buttons of dialogs, drawers, alerts and
 * notifications (an icon button without one is nameless to screen readers). Dialog and drawer headers are
 * plain blocks: a `<header>` outside `main` would be a second banner landmark.
 */
export function localizedTheme(closeLabel: string): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      ModalHeader: { defaultProps: { component: 'div' } },
      DrawerHeader: { defaultProps: { component: 'div' } },
      ModalCloseButton: { defaultProps: { 'aria-label': closeLabel } },
      DrawerCloseButton: { defaultProps: { 'aria-label': closeLabel } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Alert: { defaultProps: { closeButtonLabel: closeLabel } },
    },
  });
}

// ---------- the app's own colour (app host) ----------

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((index) => color[index]! + (target[index]! - color[index]!) * amount) as Rgb;
}

const white: Rgb = [255, 255, 255];
const black: Rgb = [0, 0, 0];
/** How far each shade moves from the app's colour towards white (0–5) or black (7–9). */
const towardsWhite = [0.94, 0.85, 0.68, 0.5, 0.32, 0.15];
const towardsBlack = [0.16, 0.32, 0.46];

export const hexColorPattern = /^#[0-9a-f]{6}$/i;

/**
 * A Mantine colour tuple around an app's primary colour: the colour itself is shade 6 (the light scheme's
 * primary shade), lighter shades mix in white, darker ones black.
 */
export function colorTupleOf(hex: string): MantineColorsTuple {
  const base = rgbOf(hex);
  return [
    ...towardsWhite.map((amount) => hexOf(mix(base, white, amount))),
    hexOf(base).toLowerCase(),
    ...towardsBlack.map((amount) => hexOf(mix(base, black, amount))),
  ] as unknown as MantineColorsTuple;
}

/** The theme's CSS variables: Mantine's, with the colours raised to WCAG AA (theme-contrast.ts). */
export const cssVariablesResolver: CSSVariablesResolver = contrastVariablesResolver;

/**
 * White text reads at 4.5:1 on colours darker than this luminance, black text on lighter ones (WCAG:
 * (1 + 0.05) / (L + 0.05) = 4.5 at L ≈ 0.183; (L + 0.05) / 0.05 = 4.5 at L = 0.175).
 */
const luminanceThreshold = 0.179;

/** The theme override of an app with its own primary colour: `brand` becomes the app's colour. */
export function appColorTheme(hex: string): MantineThemeOverride {
  // A light colour (yellow, mint) would leave white button text unreadable: such buttons get dark text.
  return { colors: { brand: colorTupleOf(hex) }, autoContrast: true, luminanceThreshold };
}

/**
 * The CSS variables of the app's colour (`--mantine-color-brand-*`, the primary colour and anchor), computed
 * by Mantine's own resolver. They go on `:root` with a stronger selector than the provider's, so portals
 * (menus, dialogs) take the colour too.
 */
export function appColorCss(hex: string): string {
  const appTheme = mergeMantineTheme(mergeMantineTheme(DEFAULT_THEME, theme), appColorTheme(hex));
  const base = defaultCssVariablesResolver(appTheme);
  const raised = cssVariablesResolver(appTheme);
  const resolved = {
    variables: { ...base.variables, ...raised.variables },
    light: { ...base.light, ...raised.light },
    dark: { ...base.dark, ...raised.dark },
  };
  const pick = (variables: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(variables).filter(
        ([name]) =>
          name.startsWith('--mantine-color-brand-') ||
          name.startsWith('--mantine-primary-color-') ||
          name === '--mantine-color-anchor' ||
          name === '--app-accent-text',
      ),
    ) as Record<`--${string}`, string>;
  return convertCssVariables(
    { variables: pick(resolved.variables), light: pick(resolved.light), dark: pick(resolved.dark) },
    ':root:root',
  );
}
