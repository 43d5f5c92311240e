/**
 * First-load JavaScript budgets per route, in bytes of brotli (what the server sends: the
 * build's .br twins). A route's first load is the entry chunk with its static imports plus the
 * route's lazy chunk(s) with theirs (scripts/check-bundle-size.ts walks the build manifest).
 *
 * Budgets are the weights measured on 25 November 2026 plus about 4 KB, so a change that makes a
 * route noticeably heavier has to raise its budget here, on purpose.
 *
 * The target for the operator's screens, the signed-out pages and the public trial pages is 100 KB: they are the first
 * load of people who use the console all day, often on weak connections. It is not met (they
 * weigh 210 to 219 KB), and the check prints how far off each of them is. The entry alone is
 * about 210 KB: React and ReactDOM (58 KB), kept by the project's choice of libraries; router and
 * query (34 KB); zod (23 KB); socket.io (15 KB); and the console's own entry chunk (64 KB), which
 * holds the signed-in frame with its Headless UI menu, popover and disclosure, the date
 * formatting (date-fns-tz) and the contract modules the list routes' search validation pulls in.
 *
 * 27 November 2026: operators' wellbeing added about 0.6 KB to the entry (the wellbeing contract:
 * the current user's choices, the settings catalogue's new group, the items' protection), which
 * pushed ten routes that sat within 1 KB of their budget over it; those got 1 to 2 KB more.
 * The same day the channel views, the SLA timer and the wellbeing choices together added about
 * 1.5 KB to the entry (channel names in the socket contract, the items' SLA and protection
 * fields, the shared clock); every route over its budget then got its weight plus about 1 KB.
 *
 * Every budget keeps at least 1 KB above its route's weight. The build embeds its own id (a
 * timestamp), and brotli's output moves by a few bytes from one build to the next: a budget
 * equal to the weight failed CI at random (/trial/$brand/public, 223.0 KB against 223 KB).
 */
const KB = 1000;

/** A route not listed below (a new one): about the entry plus a small page. */
export const DEFAULT_BUDGET_BYTES = 220 * KB;

export const ROUTE_BUDGET_BYTES: Readonly<Record<string, number>> = {
  '/': 217 * KB,
  '/aggregator': 242 * KB,
  '/ai-moderation': 241 * KB,
  '/aicontent': 247 * KB,
  '/aiservices': 222 * KB,
  // The item's channel and its context fields (about 1 KB), on the shared form's nested fields.
  '/content-sender': 225 * KB,
  // The timeline's contract (a union of ten event shapes) and its icons.
  '/content-tool': 233 * KB,
  // The sample table (TanStack Table), as on the list screens; a chunk it shares with the
  // moderation screen carries the cards' focus keeper (about 0.1 KB).
  '/discard': 246 * KB,
  // The moderation screen's tag chips for the developer's decision, and the API samples.
  '/sandbox': 228 * KB,
  '/charts': 256 * KB,
  // Channels: the channel names of request-content's payload in the entry's socket contract
  // (about 0.3 KB on every route); /modhistory and /customer-moderation's viewer also carries the
  // lazy audio player's loader; /moderation the channel views' context panel and heading.
  '/customer-moderation': 251 * KB,
  '/dashboard': 240 * KB,
  '/forgot-password': 221 * KB,
  '/login': 221 * KB,
  // Beside the channel views: the cards' SLA timer on one shared clock and the held items' image
  // prefetch (about 1 KB), and operators' wellbeing: the card's media treatment, masking, reveal
  // and break reminder.
  '/moderation': 235 * KB,
  '/modhistory': 251 * KB,
  '/my-profile': 232 * KB,
  '/online-users': 243 * KB,
  '/park': 219 * KB,
  '/pools': 245 * KB,
  '/reports': 247 * KB,
  '/reset-password': 221 * KB,
  '/roles-and-permissions': 248 * KB,
  '/service-tokens': 247 * KB,
  '/services': 258 * KB,
  '/settings': 229 * KB,
  '/subscriber': 251 * KB,
  '/user-login-history': 239 * KB,
  '/user-logs': 244 * KB,
  '/users': 262 * KB,
  // The demo and trial routes, measured when they were added plus about 4 KB. The public ones
  // (strangers' first visit) carry the entry and their page only: no table kit, no admin
  // screen; the sandbox's question dialog loads when asked.
  '/demo-v2': 242 * KB,
  // The shared form's nested fields (subField) added about 0.1 KB to its form.
  '/trial-brands': 252 * KB,
  '/trial-page': 235 * KB,
  '/trial/$brand': 244 * KB,
  '/trial/$brand/public': 224 * KB,
  '/trial/$brand/text': 225 * KB,
  '/trial/regcomplete': 223 * KB,
};

/** The goal for the first load of the operator's screens and the signed-out pages. */
export const FIRST_LOAD_TARGET_BYTES = 100 * KB;

/** The routes held to FIRST_LOAD_TARGET_BYTES (reported beside their budget, not enforced). */
export const TARGET_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/moderation',
  '/park',
  '/trial/$brand',
  '/trial/$brand/text',
  '/trial/$brand/public',
  '/trial/regcomplete',
  '/demo-v2',
]);
