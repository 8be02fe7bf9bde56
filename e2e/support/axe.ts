import { expect, test, type Page } from '@playwright/test';
import axe, { type ContextObject, type Result, type RunOptions } from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (what EN 301 549 and the Barrierefreiheitsstärkungsgesetz ask for). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const failingImpacts = new Set(['serious', 'critical']);
/**
 * Best-practice rules held as strictly as WCAG, whatever their impact: every page has one `h1`, one `main`,
 * one banner and content inside landmarks, so screen reader users can find their way by headings and regions.
 */
const structureRules = [
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-main-is-top-level',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-unique',
  'region',
];

const popupSelector = '[role="menu"], [role="listbox"]';

type AxeOptions = {
  /** Check only this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
  /** Check the dark colour scheme too (the page follows the system's scheme). */
  dark?: boolean;
};

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation of WCAG 2.x A/AA and
 * on any violation of the page-structure rules, naming the rule, its impact and the elements. Call it once per
 * screen state a journey reaches, not after every click: each run costs a few hundred milliseconds.
 */
export async function expectAccessible(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  await checkPage(page, label, options);
  if (options.dark) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkPage(page, `${label} (dark)`, options);
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

async function checkPage(page: Page, label: string, options: AxeOptions): Promise<void> {
  await test.step(`axe: ${label}`, async () => {
    const violations = await analyzeSettled(page, options);
    const failing = violations.filter(
      (violation) =>
        structureRules.includes(violation.id) ||
        (failingImpacts.has(violation.impact ?? '') && violation.tags.some((tag) => wcagTags.includes(tag))),
    );
    const report = failing.map((violation) => {
      const targets = violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `    ${node.target.join(' ')}: ${node.html.slice(0, 160)}${node.failureSummary ? `\n      ${firstLines(node.failureSummary)}` : ''}`,
        )
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${targets}${more}`;
    });
    expect(
      failing.map((violation) => violation.id),
      `axe found violations on "${label}":\n${report.join('\n')}`,
    ).toEqual([]);
  });
}

/**
 * Runs axe once the page's animations have settled. Dialogs, menus and notifications slide in, and read while
 * half-transparent their colours would not be real; a notification whose stack loads lazily may only start its
 * entrance while axe reads the page, so any transition or animation that starts during the run makes it settle
 * and read again (at most three times).
 */
async function analyzeSettled(page: Page, options: AxeOptions) {
  for (let attempt = 1; ; attempt++) {
    await settleAnimations(page);
    await page.evaluate(() => {
      const marker = window as unknown as { axeSawMotion?: boolean };
      marker.axeSawMotion = false;
      const saw = () => (marker.axeSawMotion = true);
      for (const type of ['transitionstart', 'animationstart']) {
        document.addEventListener(type, saw, { capture: true, once: true });
      }
    });
    // A menu or a combobox's list is a popup of the control that opened it (which sits in a landmark) and is
    // announced by its role; like a dialog it may live in a portal outside the landmarks. While one is open,
    // the landmark rule runs apart, without the popups.
    const popupOpen = (await page.locator(popupSelector).count()) > 0;
    const violations = await runAxe(
      page,
      { include: options.include },
      {
        runOnly: { type: 'tag', values: [...wcagTags, 'best-practice'] },
        rules: popupOpen ? { region: { enabled: false } } : {},
      },
    );
    if (popupOpen) {
      violations.push(
        ...(await runAxe(
          page,
          { include: options.include, exclude: popupSelector },
          { runOnly: { type: 'rule', values: ['region'] } },
        )),
      );
    }
    const moved = await page.evaluate(() => (window as unknown as { axeSawMotion?: boolean }).axeSawMotion);
    if (!moved || attempt === 3) {
      return violations;
    }
  }
}

/**
 * Runs axe-core in the page itself (`axe.run`), putting it into the page's frames first where a navigation has
 * dropped it. @axe-core/playwright put it in again on every call and finished each run in a new blank page,
 * 2–13 s a check on a slow two-core machine, 40 % of the browser journeys' time.
 */
async function runAxe(
  page: Page,
  scope: { include?: string; exclude?: string },
  options: RunOptions,
): Promise<Result[]> {
  await Promise.all(
    page.frames().map(async (frame) => {
      try {
        if (!(await frame.evaluate('typeof window.axe === "object"'))) {
          await frame.evaluate(axe.source);
        }
      } catch {
        // A frame that navigated away or belongs to another site (an embedded video) is left out, as
        // @axe-core/playwright leaves it: axe skips a frame that does not answer within half a second.
      }
    }),
  );
  return page.evaluate(
    ({ include, exclude, runOptions }) => {
      const context: ContextObject = {
        include: include ? [include] : [document],
        exclude: exclude ? [exclude] : [],
      };
      const runner = (window as unknown as { axe: typeof axe }).axe;
      return runner
        .run(context, { ...runOptions, resultTypes: ['violations'] })
        .then((results) => results.violations);
    },
    { ...scope, runOptions: options },
  );
}

/** The part of axe's failure summary that says what is wrong ("Fix any of the following: …"). */
function firstLines(summary: string): string {
  return summary
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ');
}

/**
 * Waits for finite animations (fades, slides) to end, at most 1.5 s; spinners run forever and are skipped. Looks
 * again after each wait (two frames later): a notification that mounts while a dialog fades out starts its own
 * fade only then, and axe must not read its half-transparent text.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 1500;
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
    await frames();
    for (let now = running(); now.length > 0 && performance.now() < deadline; now = running()) {
      await Promise.race([
        Promise.all(now.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
      await frames();
    }
  });
}
