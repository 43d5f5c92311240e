import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.x A and AA rules every screen is checked with. */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The rules whose outcome depends on colours: all that a change of theme can change. The rest
 * (names, roles, structure) read the same document in either theme.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Transitions off, so that after a theme change axe reads the final colours, not a blend. */
const NO_TRANSITIONS =
  '*, *::before, *::after { transition: none !important; animation: none !important; }';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What a check looks at: some rules instead of the WCAG tags, or one part of the page. */
interface Scope {
  rules?: string[];
  include?: string;
}

/** The part of axe-core's API a check uses, as it stands on the page's window. */
interface AxeOnWindow {
  axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
}

/**
 * axe-core run in the page itself, configured once for every browser test. The console has no
 * frames, so one `axe.run` on the document sees all of it. axe goes into a document once, and
 * every later check of that document reuses it: the wrapper used before (@axe-core/playwright)
 * put it in again before each check, and parsing axe (about 550 KB) cost more than most checks.
 * Measured on /users on the two-core CI machine: 0.81 to 0.93 s a check through the wrapper,
 * 0.22 to 0.36 s this way, plus 0.34 s once per document. Only violations come back
 * (`resultTypes`): passing rules are counted, not listed with every node they passed.
 */
async function runAxe(page: Page, scope: Scope = {}): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: scope.rules
      ? { type: 'rule', values: scope.rules }
      : { type: 'tag', values: RULE_TAGS },
    resultTypes: ['violations'],
  };
  return page.evaluate(
    ({ include, options }) =>
      (window as unknown as AxeOnWindow).axe.run(
        include ? { include: [include] } : document,
        options,
      ),
    { include: scope.include, options },
  );
}

/** axe's violations of any impact, one line each (rule and help). */
export async function allViolations(
  page: Page,
  only: { include?: string } = {},
): Promise<string[]> {
  const results = await runAxe(page, only);
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

/** axe's serious and critical findings on the page as it is now, one line each. */
export async function seriousFindings(
  page: Page,
  only: { rules?: string[] } = {},
): Promise<string[]> {
  const results = await runAxe(page, only);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
          .join(', ')}`,
    );
}

/** The console's theme follows the system preference: wait until the page shows `scheme`. */
async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  // Pages of the console (with #root) switch their `dark` class; others (the API reference)
  // follow the media query in their CSS, which applies at once.
  await page.waitForFunction(
    (dark) =>
      !document.getElementById('root') ||
      document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
}

/**
 * The page as it stands, checked in both themes: every rule in the light theme, then the colour
 * rules in the dark one (the page is the same, only its colours change). Leaves the page light.
 * Each finding starts with its theme.
 */
export async function findingsInBothThemes(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: NO_TRANSITIONS });
  await showScheme(page, 'light');
  const light = await seriousFindings(page);
  await showScheme(page, 'dark');
  const dark = await seriousFindings(page, { rules: COLOUR_RULES });
  await showScheme(page, 'light');
  return [...light.map((text) => `light: ${text}`), ...dark.map((text) => `dark: ${text}`)];
}

/** The page as it stands has no serious or critical WCAG 2.1 A/AA finding. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await seriousFindings(page)).toEqual([]);
}
