/**
 * First-load JavaScript budgets per route, in bytes of brotli (what the server sends: the
 * build's .br twins). A route's first load is the entry chunk with its static imports plus the
 * route's lazy chunk(s) with theirs (scripts/check-bundle-size.ts walks the build manifest).
 *
 * The goal for the operator's screens and the signed-out pages is 100 KB: they are the first
 * load of people who use the console all day, often on weak connections. They are at about
 * 125 to 133 KB, of which the libraries every screen needs are about 81 KB (router and query
 * 34, zod 23, socket.io 15, Preact 9); the budget holds them where they are until the rest of
 * the entry (the contract modules the list routes' search validation pulls in, about 12 KB) is
 * split. Administrator screens get a little room above their measured weight, so a change that
 * makes one noticeably heavier has to raise its budget here, on purpose.
 */
const KB = 1000;

/** Every route not listed below: the signed-out pages, /, /moderation, /park. */
export const DEFAULT_BUDGET_BYTES = 135 * KB;

export const ROUTE_BUDGET_BYTES: Readonly<Record<string, number>> = {
  '/aggregator': 165 * KB,
  '/ai-moderation': 180 * KB,
  '/aicontent': 185 * KB,
  '/aiservices': 135 * KB,
  '/charts': 170 * KB,
  '/customer-moderation': 190 * KB,
  '/dashboard': 150 * KB,
  '/modhistory': 190 * KB,
  '/my-profile': 150 * KB,
  '/online-users': 165 * KB,
  '/pools': 165 * KB,
  '/reports': 170 * KB,
  '/roles-and-permissions': 175 * KB,
  '/service-tokens': 185 * KB,
  '/services': 200 * KB,
  '/settings': 150 * KB,
  '/subscriber': 190 * KB,
  '/user-login-history': 175 * KB,
  '/user-logs': 185 * KB,
  '/users': 205 * KB,
};
