import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { cssVariablesResolver, theme } from '../app/theme';
import { themeVariables, themeVariablesCss, themeVariablesModule } from './theme-variables';

/** The declarations of the rule whose selector list starts with `selector`. */
function block(css: string, selector: string): string {
  const start = css.indexOf(`${selector}`);
  expect(start, `a rule for ${selector}`).toBeGreaterThanOrEqual(0);
  return css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
}

describe('the theme’s style sheet, written by the build', () => {
  const css = themeVariablesCss();
  const raised = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  // What Mantine's own sheet (default-css-variables.css, loaded before this one) already says.
  const mantine = defaultCssVariablesResolver(DEFAULT_THEME) as Record<
    'light' | 'dark',
    Record<string, string>
  >;

  it('holds every colour the contrast resolver raises that differs from Mantine’s, in its colour scheme', () => {
    const light = block(css, ':root[data-mantine-color-scheme="light"]');
    const dark = block(css, ':root[data-mantine-color-scheme="dark"]');
    const changed = (scheme: 'light' | 'dark') =>
      Object.entries(raised[scheme]).filter(([name, value]) => mantine[scheme][name] !== value);
    expect(changed('light').length).toBeGreaterThan(10);
    expect(changed('dark').length).toBeGreaterThan(5);
    for (const [name, value] of changed('light')) {
      expect(light).toContain(`${name}: ${value};`);
    }
    for (const [name, value] of changed('dark')) {
      expect(dark).toContain(`${name}: ${value};`);
    }
    // Secondary text at 4.5:1 instead of Mantine's #868e96 (3.3:1 on white).
    expect(light).toContain('--mantine-color-dimmed: #5f6376;');
  });

  it('holds the theme’s own values and the primary colour', () => {
    const root = block(css, ':root, :host');
    expect(root).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled);');
    expect(root).toContain(`--mantine-radius-md: ${theme.radius!.md};`);
    expect(root).toContain('--mantine-color-brand-6: #6653e6;');
  });

  it('holds the breakpoint classes of hiddenFrom and visibleFrom', () => {
    expect(css).toContain('@media (min-width: 48em) {.mantine-hidden-from-sm {display: none !important;}}');
    expect(css).toContain('.mantine-visible-from-md');
  });

  it('is served to the build under its virtual name only', async () => {
    const plugin = themeVariables();
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (id: string) => string | undefined;
    const id = resolveId(themeVariablesModule);
    expect(id).toBeDefined();
    expect(load(id!)).toBe(css);
    expect(resolveId('./theme.css')).toBeUndefined();
    expect(load('/web/app/global.css')).toBeUndefined();
  });

  it('leaves the app’s provider nothing to compute or insert on its first render', () => {
    const queryClient = new QueryClient();
    const { unmount } = render(
      createElement(AppProviders, {
        queryClient,
        env: 'test',
        children: createElement('span', null, 'Inhalt'),
      }),
    );
    expect(document.querySelectorAll('style[data-mantine-styles]')).toHaveLength(0);
    unmount();
    queryClient.clear();
  });
});
