/**
 * Operators' browser tabs, simulated in one Node process with the console's own code: the
 * moderation state machine (moderation-machine.ts), the assigned-content store
 * (content-store.ts), the result builder (moderation-rules.ts), the outbox (src/features/outbox)
 * on IndexedDB (fake-indexeddb) and the HTTP transport through the one API client
 * (src/lib/api-client.ts). Only the React glue is re-enacted here, following
 * moderation-session.tsx, use-submit-items.ts and outbox-instance.ts.
 *
 * What a browser gives each tab and Node lacks, the bench supplies:
 * - BrowserEnvironment: the page's origin, a fetch that sends the right operator's cookies, and
 *   a network that dies with the page. All operators share the API client module, so each call
 *   runs inside its page's AsyncLocalStorage context and the fetch shim reads whose it is. The
 *   CSRF secret cookie is shared (the token is not bound to a session), like one origin's jar.
 * - Each operator has its own IndexedDB (its own fake-indexeddb factory), kept across reloads.
 *
 * Two simplifications, both to fit a hundred tabs on two cores: a tab opens only the
 * /online-users socket (the one moderation runs on; the console also opens the statistics
 * namespaces), and that socket starts on WebSocket instead of long-polling first. A cut drops it
 * all the same.
 *
 * A reload kills the page the way a browser does: its requests are aborted (an answer in flight
 * is lost even if the server acted on it), its socket closes, its outbox and IndexedDB
 * connection are dropped, and everything in memory is forgotten. The new page opens the same
 * IndexedDB, so the outbox must send what was waiting.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { IDBFactory } from 'fake-indexeddb';
import { io, type Socket } from 'socket.io-client';
import { moderationEndpoints, type AssignedContent } from '../../src/contract/content';
import { httpOutboxTransport } from '../../src/features/outbox/api/outbox-transport';
import { createOutbox, type Outbox, type OutboxTransport } from '../../src/features/outbox/outbox';
import { ContentStore } from '../../src/features/moderation/content-store';
import {
  MODERATION_PATH,
  initialMachineState,
  transition,
  type MachineEvent,
  type MachineState,
} from '../../src/features/moderation/moderation-machine';
import {
  buildResult,
  canSubmitBatch,
  hasSelection,
} from '../../src/features/moderation/moderation-rules';
import { api } from '../../src/lib/api-client';
import { openLocalDb, type AttentionEntry, type LocalDb } from '../../src/lib/local-db';

const SESSION_COOKIE = 'mc_session';
const CSRF_COOKIE = 'mc_csrf';
/** The console's poll for content while below max_content (moderation-session.tsx). */
const REQUEST_CONTENT_INTERVAL_MS = 3_000;
/** A safety net only: a request the proxy neither answers nor cuts would stall a tab. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface OperatorAccount {
  id: number;
  username: string;
  session: string;
  isBatch: boolean;
  maxContent: number;
}

/** One page load's network: dead pages send nothing and get no answers. */
interface PageNetwork {
  account: OperatorAccount;
  controller: AbortController;
  alive: boolean;
}

export interface NetworkStats {
  requests: number;
  failed: number;
  timedOut: number;
  deadPage: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class BrowserEnvironment {
  private readonly context = new AsyncLocalStorage<PageNetwork>();
  private readonly networkFetch: typeof fetch = globalThis.fetch;
  private csrfCookie: string | null = null;
  private installed = false;
  readonly stats: NetworkStats = { requests: 0, failed: 0, timedOut: 0, deadPage: 0 };

  constructor(readonly origin: string) {}

  /** Runs `work` as the given page: its fetches carry that operator's cookies. */
  run<T>(page: PageNetwork, work: () => Promise<T>): Promise<T> {
    return this.context.run(page, work);
  }

  /** The fetch of Node itself, for the bench's own calls. */
  get rawFetch(): typeof fetch {
    return this.networkFetch;
  }

  install(): void {
    if (this.installed) return;
    this.installed = true;
    Object.defineProperty(globalThis, 'window', {
      value: { location: { origin: this.origin } },
      configurable: true,
    });
    const networkFetch = this.networkFetch;
    globalThis.fetch = async (input, init) => {
      const page = this.context.getStore();
      if (!page) return networkFetch(input, init);
      if (!page.alive) {
        this.stats.deadPage += 1;
        throw new TypeError('Failed to fetch');
      }
      this.stats.requests += 1;
      const url = typeof input === 'string' ? new URL(input, this.origin) : input;
      const headers = new Headers(init?.headers);
      const cookies = [`${SESSION_COOKIE}=${page.account.session}`];
      if (this.csrfCookie) cookies.push(`${CSRF_COOKIE}=${this.csrfCookie}`);
      headers.set('cookie', cookies.join('; '));
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const signals = [page.controller.signal, timeout, ...(init?.signal ? [init.signal] : [])];
      let response: Response;
      try {
        response = await networkFetch(url, { ...init, headers, signal: AbortSignal.any(signals) });
      } catch {
        // As a browser reports it: no answer, whatever the cause.
        this.stats.failed += 1;
        if (timeout.aborted) this.stats.timedOut += 1;
        throw new TypeError('Failed to fetch');
      }
      this.keepCookies(response);
      return response;
    };
  }

  /** Node again (PGlite takes a global `window` for a browser). */
  uninstall(): void {
    if (!this.installed) return;
    this.installed = false;
    globalThis.fetch = this.networkFetch;
    Reflect.deleteProperty(globalThis, 'window');
  }

  /** Fetches the CSRF secret cookie once, before the tabs start, so they all share one. */
  async primeCsrf(): Promise<void> {
    // Through the proxy, which may drop this answer too: a few tries.
    for (let attempt = 1; !this.csrfCookie; attempt += 1) {
      try {
        const response = await this.networkFetch(`${this.origin}/api/csrf-token`);
        this.keepCookies(response);
        await response.body?.cancel();
      } catch (error) {
        if (attempt >= 10) throw error;
        await sleep(200 * attempt);
      }
    }
  }

  private keepCookies(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const equals = pair.indexOf('=');
      if (equals > 0 && pair.slice(0, equals) === CSRF_COOKIE) {
        this.csrfCookie = pair.slice(equals + 1);
      }
    }
  }
}

export interface OperatorOptions {
  /** Time an operator looks at one item before deciding it. */
  reviewMs: [number, number];
  random: () => number;
  /** Every per-item answer the server gave to this operator's submissions. */
  onAnswer: (contentId: number, status: string) => void;
}

/** What one operator did, across all its page loads. */
export interface OperatorLog {
  /** Idempotency key -> content id, for every result the outbox accepted (stored on device). */
  resultKeys: Map<string, number>;
  moderatedTimeKeys: Set<string>;
  pageLoads: number;
  enqueueFailures: number;
  signOuts: number;
}

interface Page {
  network: PageNetwork;
  db: Promise<LocalDb> | null;
  outbox: Outbox;
  store: ContentStore;
  socket: Socket;
  machine: MachineState;
  timers: NodeJS.Timeout[];
  /** When the operator last saw the server say another tab moderates. */
  elsewhereSince: number | null;
  wake: () => void;
}

export class SimulatedOperator {
  private readonly indexedDb = new IDBFactory();
  private page: Page | null = null;
  private working = true;
  private closed = false;
  readonly log: OperatorLog = {
    resultKeys: new Map(),
    moderatedTimeKeys: new Set(),
    pageLoads: 0,
    enqueueFailures: 0,
    signOuts: 0,
  };

  constructor(
    private readonly env: BrowserEnvironment,
    readonly account: OperatorAccount,
    private readonly options: OperatorOptions,
  ) {}

  /** Loads the console on /moderation (a new page on the same IndexedDB). */
  open(): void {
    if (this.closed || this.page) return;
    this.log.pageLoads += 1;
    const network: PageNetwork = {
      account: this.account,
      controller: new AbortController(),
      alive: true,
    };
    const inPage = <T>(work: () => Promise<T>) => this.env.run(network, work);
    const openDb = (): Promise<LocalDb> => {
      if (!network.alive) return Promise.reject(new Error('the page is gone'));
      page.db ??= this.openIndexedDb();
      return page.db;
    };
    const onAnswer = this.options.onAnswer;
    const transport: OutboxTransport = {
      async submitResults(results) {
        const answers = await inPage(() => httpOutboxTransport.submitResults(results));
        for (const answer of answers) onAnswer(answer.content_id, answer.status);
        return answers;
      },
      logMedia: (payload) => inPage(() => httpOutboxTransport.logMedia(payload)),
      updateModeratedTime: (payload) =>
        inPage(() => httpOutboxTransport.updateModeratedTime(payload)),
    };
    const socket = io(`${this.env.origin}/online-users`, {
      forceNew: true,
      transports: ['websocket'],
      extraHeaders: { cookie: `${SESSION_COOKIE}=${this.account.session}` },
      // As the console's socket manager.
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
    });
    const store = new ContentStore({
      fetchItems: (refs: AssignedContent[]) =>
        inPage(() => api.call(moderationEndpoints.contentUpdate, { body: refs })).then(
          (answer) => answer.data,
        ),
      unmap: (content, reason) => socket.emit('unmap-content', { content, reason }),
    });
    const page: Page = {
      network,
      db: null,
      // No Web Locks and no cross-tab channel: one tab per operator.
      outbox: createOutbox({ openDb, transport, locks: null, channel: null }),
      store,
      socket,
      machine: initialMachineState(MODERATION_PATH),
      timers: [],
      elsewhereSince: null,
      wake: () => undefined,
    };
    this.page = page;
    page.outbox.setUser(this.account.id);
    this.dispatch(page, { type: 'user_loaded', userId: this.account.id });

    socket.on('connect', () => {
      if (socket.id) this.dispatch(page, { type: 'socket_connected', socketId: socket.id });
      // outbox-instance.ts: every (re)connect of the online-users socket starts a replay.
      void page.outbox.replay();
    });
    socket.on('disconnect', () => this.dispatch(page, { type: 'socket_lost' }));
    socket.on('moderation-status', ({ moderatingSocket }: { moderatingSocket: string | null }) =>
      this.dispatch(page, { type: 'moderation_status', moderatingSocket }),
    );
    socket.on('kick-me', () => this.dispatch(page, { type: 'kick' }));
    socket.on('park-me', () => this.dispatch(page, { type: 'server_park' }));
    socket.on('reset-content', () => store.reset());
    socket.on('set-content', (refs: AssignedContent[]) => {
      if (page.machine.phase !== 'moderating') {
        for (const content of refs) socket.emit('unmap-content', { content, reason: 'parked' });
        return;
      }
      void store.assign(refs).then(() => page.wake());
    });

    // The poll for content while moderating below max_content, and the operator's own clicks:
    // Resume when parked, or when the server keeps saying another (dead) tab moderates.
    page.timers.push(setInterval(() => this.askForContent(page), REQUEST_CONTENT_INTERVAL_MS));
    page.timers.push(setInterval(() => this.operatorTick(page), 500));
    void this.reviewLoop(page);
  }

  /** The page dies (reload, tab closed): nothing in memory survives, IndexedDB does. */
  closePage(): void {
    const page = this.page;
    if (!page) return;
    this.page = null;
    page.network.alive = false;
    page.network.controller.abort();
    for (const timer of page.timers) clearInterval(timer);
    page.socket.removeAllListeners();
    page.socket.disconnect();
    page.outbox.dispose();
    page.wake();
    void page.db?.then((db) => db.close()).catch(() => undefined);
  }

  async reload(pauseMs: number): Promise<void> {
    this.closePage();
    await sleep(pauseMs);
    this.open();
  }

  /** The shift ends: no more content is asked for; items on screen are still decided. */
  stopWorking(): void {
    this.working = false;
  }

  get hasPage(): boolean {
    return this.page !== null;
  }

  /** Starts a replay now (as the browser's online event does). */
  replay(): Promise<void> {
    return this.page?.outbox.replay() ?? Promise.resolve();
  }

  /** Entries still waiting in this operator's outbox, after any pass in flight. */
  async waiting(): Promise<number> {
    const page = this.page;
    if (!page) return Number.NaN;
    await page.outbox.whenIdle();
    return page.outbox.getSnapshot().waiting;
  }

  /** Items on screen or being fetched. */
  get onScreen(): number {
    return this.page?.store.heldCount() ?? 0;
  }

  attention(): readonly AttentionEntry[] {
    return this.page?.outbox.getSnapshot().attention ?? [];
  }

  close(): void {
    this.closed = true;
    this.closePage();
  }

  private openIndexedDb(): Promise<LocalDb> {
    // idb's openDB calls indexedDB.open synchronously: this operator's factory is the one used.
    const shared = globalThis.indexedDB;
    globalThis.indexedDB = this.indexedDb;
    try {
      return openLocalDb();
    } finally {
      globalThis.indexedDB = shared;
    }
  }

  private dispatch(page: Page, event: MachineEvent): void {
    if (this.page !== page) return;
    const before = page.machine.phase;
    const step = transition(page.machine, event);
    page.machine = step.state;
    for (const effect of step.effects) {
      switch (effect.type) {
        case 'navigate':
          // The router moves, then the session sees the new route.
          queueMicrotask(() => this.dispatch(page, { type: 'route_changed', pathname: effect.to }));
          break;
        case 'emit_park':
          page.socket.emit('park-me');
          break;
        case 'emit_moderate':
          page.socket.emit('moderate-me', { user: { id: effect.userId } });
          break;
        case 'clear_content':
          page.store.reset();
          break;
        case 'exit_picture_in_picture':
          break;
        case 'sign_out':
          this.log.signOuts += 1;
          break;
      }
    }
    if (page.machine.phase === 'moderating' && before !== 'moderating') {
      this.askForContent(page);
    }
  }

  private askForContent(page: Page): void {
    if (!this.working || page.machine.phase !== 'moderating') return;
    if (page.machine.pathname !== MODERATION_PATH || !page.socket.connected) return;
    const count = this.account.maxContent - page.store.heldCount();
    if (count > 0) {
      page.socket.emit('request-content', { user: { id: this.account.id }, count });
    }
  }

  private operatorTick(page: Page): void {
    if (!this.working || page.machine.socketId === null) return;
    const { phase } = page.machine;
    if (phase === 'parked') {
      this.dispatch(page, { type: 'resume' });
    } else if (phase === 'already_moderating') {
      page.elsewhereSince ??= Date.now();
      // The other tab is this operator's own dead page; the server lets a live tab take over.
      if (Date.now() - page.elsewhereSince > 3_000) {
        page.elsewhereSince = null;
        this.dispatch(page, { type: 'resume' });
      }
    } else {
      page.elsewhereSince = null;
    }
  }

  private waitForWork(page: Page, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        page.wake = () => undefined;
        resolve();
      }
      page.wake = done;
    });
  }

  private reviewTime(): number {
    const [min, max] = this.options.reviewMs;
    return min + this.options.random() * (max - min);
  }

  /** The operator at the screen: looks at items, tags them, submits (single or batch). */
  private async reviewLoop(page: Page): Promise<void> {
    const { store } = page;
    while (page.network.alive) {
      const { items, submitting } = store.getSnapshot();
      const open = items.filter((item) => !submitting.has(item.id));
      if (open.length === 0) {
        await this.waitForWork(page, 250);
        continue;
      }
      for (const item of open) {
        // A text item counts as loaded once shown: the moderated time is recorded once.
        if (store.markLoaded(item.id)) {
          page.outbox
            .enqueue('moderated-time', { user_id: this.account.id, content_id: item.id })
            .then(
              (key) => this.log.moderatedTimeKeys.add(key),
              () => (this.log.enqueueFailures += 1),
            );
        }
      }
      const chosen = (this.account.isBatch ? open : open.slice(0, 1)).map((item) => item.id);
      for (let n = 0; n < chosen.length; n += 1) await sleep(this.reviewTime());
      if (!page.network.alive) return;
      // The operator tags what is still on screen (the store may have been reset and refilled
      // meanwhile), and Submit is enabled only when every item meets the tag rule.
      const onScreen = () => store.getSnapshot().items.filter((item) => chosen.includes(item.id));
      for (const item of onScreen()) {
        if (hasSelection(item)) continue;
        const name = item.tags[Math.floor(this.options.random() * item.tags.length)]?.name;
        if (name) store.toggleTag(item.id, name);
      }
      const ready = onScreen();
      if (ready.length > 0 && canSubmitBatch(ready, false)) {
        await this.submit(
          page,
          ready.map((item) => item.id),
        );
      }
    }
  }

  /** use-submit-items.ts: results into the outbox, then the cards leave the screen. */
  private async submit(page: Page, ids: number[]): Promise<void> {
    const { store } = page;
    const items = store.beginSubmit(ids);
    if (items.length === 0) return;
    const user = {
      id: this.account.id,
      username: this.account.username,
      is_batch_moderator: this.account.isBatch,
    };
    const now = new Date();
    const results = items.map((item) => buildResult(item, user, items.length, now));
    const taken = items.map((item) => item.id);
    try {
      const keys = await page.outbox.enqueueAll('result', results);
      // Recorded whether or not the page still lives: the entries are on the device now.
      keys.forEach((key, index) => this.log.resultKeys.set(key, results[index]?.content_id ?? 0));
      store.completeSubmit(taken);
    } catch {
      this.log.enqueueFailures += 1;
      store.failSubmit(taken, 'could not keep the submission on this device');
    }
  }
}
