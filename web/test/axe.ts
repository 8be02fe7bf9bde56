import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core over a rendered part of a screen in jsdom: WCAG 2.x A and AA. jsdom has no layout, so what needs
 * one (colour contrast, target sizes) is left to the browser journeys (e2e/support/axe.ts).
 */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const results = await axe.run(element, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
  });
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
