/**
 * A browser's User-Agent string in a few words for a table cell ('Chrome 131 · Linux'); the
 * whole string stays available beside it (a tooltip, a details view). Only the families a
 * moderation team's devices use are named; anything else is shown as it came, cut short.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/(?:Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const MAX_RAW = 32;

export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  let browser: string | undefined;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) {
    return userAgent.length > MAX_RAW ? `${userAgent.slice(0, MAX_RAW - 1)}…` : userAgent;
  }
  return [browser ?? 'Other browser', system].filter(Boolean).join(' · ');
}
