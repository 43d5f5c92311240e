/**
 * First-load JavaScript budgets per route, in bytes of brotli (what the server sends: the
 * build's .br twins). A route's first load is the entry chunk with its static imports plus the
 * route's lazy chunk(s) with theirs (scripts/check-bundle-size.ts walks the build manifest).
 *
 * The operator's screens and the sign-in page are held at 100 KB: they are the first load of the
 * people who use the console all day, often on weak connections. Administrator screens get a
 * little room above their measured weight, so a change that makes one of them noticeably heavier
 * has to raise its budget here on purpose.
 */
const KB = 1000;

/** Every route not listed below. */
export const DEFAULT_BUDGET_BYTES = 100 * KB;

export const ROUTE_BUDGET_BYTES: Readonly<Record<string, number>> = {};
