import AxeBuilder from '@axe-core/playwright';
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

/**
 * An axe run on the page as it is now, configured once for every browser test:
 * - `axe.run` in the page itself (AxeBuilder's legacy mode). Its default runs each frame apart
 *   and merges the results in a new blank page, a page (and a renderer process) per check; the
 *   console has no frames, and a new process cost more than the whole check on the two-core CI
 *   machine. Measured on eight admin screens: 1.99 s a check by default, 0.90 s this way.
 * - Passing rules are counted, not listed with every node they passed (`resultTypes`): the
 *   violations are reported in full either way.
 */
function axeOn(page: Page, only: { rules?: string[]; include?: string } = {}) {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (only.include) builder.include(only.include);
  return only.rules ? builder.withRules(only.rules) : builder.withTags(RULE_TAGS);
}

/** axe's violations of any impact, one line each (rule and help). */
export async function allViolations(
  page: Page,
  only: { include?: string } = {},
): Promise<string[]> {
  const results = await axeOn(page, only).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

/** axe's serious and critical findings on the page as it is now, one line each. */
export async function seriousFindings(
  page: Page,
  only: { rules?: string[] } = {},
): Promise<string[]> {
  const results = await axeOn(page, only).analyze();
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
