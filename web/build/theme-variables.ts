import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../app/theme.ts';

/** The module web/app/mantine-styles.ts imports; its content is written by the build. */
export const themeVariablesModule = 'virtual:theme-variables.css';
const resolvedId = `\0${themeVariablesModule}`;

/**
 * The style sheets Mantine's provider writes into the page for the app's theme (its colours raised to WCAG AA by
 * theme-contrast.ts, and the breakpoints' `hiddenFrom`/`visibleFrom` classes), taken from the provider itself
 * rendered on the server: the same CSS, without computing it in every visitor's browser. There it cost every page's
 * first render Mantine's variables twice over, the contrast arithmetic for fourteen colours and a restyling of the
 * whole page once the style element was inserted; as part of the start style sheet it also reaches the pages painted
 * before the scripts (their dimmed text read at 3.3:1 until the app had run).
 */
export function themeVariablesCss(): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: 'auto' }),
  );
  const sheets = [...markup.matchAll(/<style data-mantine-styles="[^"]*"[^>]*>([\s\S]*?)<\/style>/g)].map(
    (match) => match[1]!,
  );
  if (sheets.length !== 2) {
    throw new Error(`expected Mantine's provider to write two style sheets, found ${sheets.length}`);
  }
  // The provider writes them with dangerouslySetInnerHTML, so the markup holds the CSS unescaped.
  return `${sheets.join('\n')}\n`;
}

/** Serves {@link themeVariablesModule} to the build and the dev server. */
export function themeVariables(): Plugin {
  return {
    name: 'gemeinde:theme-variables',
    resolveId(id) {
      return id === themeVariablesModule ? resolvedId : undefined;
    },
    load(id) {
      return id === resolvedId ? themeVariablesCss() : undefined;
    },
  };
}
