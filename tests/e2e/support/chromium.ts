/**
 * Which Chromium the browser tests drive, in this order: CHROMIUM_PATH, Debian's /usr/bin/chromium,
 * Playwright's own download. Nothing is ever downloaded by Playwright (no download is possible on
 * the machines this runs on); on a Debian machine where we are root, `ensureChromium` installs
 * Debian's `chromium` package instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The features Playwright (1.65) turns off in every Chromium it launches. Chromium keeps only the
 * last `--disable-features` of its command line, so a list of our own must repeat these.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's popups, which Debian's Chromium (156) draws as web pages of their own: every
 * window, so every browser context a test opens, started two more renderer processes for them,
 * though a headless window never shows its address bar. Off, a new context with a small page
 * cost 0.79 s of CPU instead of 1.2 s (ten in a row, measured on the two-core CI machine).
 */
const ADDRESS_BAR_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** Flags for a headless Chromium in a container: no sandbox, GPU, QUIC or background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
];

export class ChromiumMissingError extends Error {}

function playwrightsOwnChromium(): string | undefined {
  try {
    const candidate = chromium.executablePath();
    return existsSync(candidate) ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** The Chromium to use, or undefined when none is installed. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!existsSync(configured)) {
      throw new ChromiumMissingError(
        `CHROMIUM_PATH is set to ${configured}, but there is no file there.`,
      );
    }
    return configured;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return playwrightsOwnChromium();
}

function mayInstallDebianPackages(): boolean {
  return existsSync('/etc/debian_version') && process.getuid?.() === 0;
}

const HOW_TO_GET_ONE = [
  'The browser tests need Chromium and none was found.',
  'Install one of these and run the tests again:',
  '  - Debian or Ubuntu: sudo apt-get install -y chromium',
  '  - any system: set CHROMIUM_PATH to a Chromium or Chrome executable',
  '  - with internet access: npx playwright install chromium',
].join('\n');

/** Finds Chromium, installing Debian's package when that is possible; throws with advice if not. */
export function ensureChromium(log: (line: string) => void = () => undefined): string {
  const found = findChromium();
  if (found) return found;
  if (!mayInstallDebianPackages()) throw new ChromiumMissingError(HOW_TO_GET_ONE);
  log('No Chromium found: installing Debian’s chromium package (about 30 s)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (!existsSync(SYSTEM_CHROMIUM)) throw new ChromiumMissingError(HOW_TO_GET_ONE);
  return SYSTEM_CHROMIUM;
}
