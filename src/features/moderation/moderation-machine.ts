/**
 * The operator moderation state machine of SPEC §4, as a pure function: (state, event) ->
 * (state, effects). It never touches the socket, the router or the DOM; the session hook runs
 * the effects. Rules:
 * - fetching_user until the user is loaded, then connecting until the online-users socket is up
 *   and the server has said which connection moderates (moderation-status).
 * - moderation-status: this socket -> moderating and go to /moderation; another socket ->
 *   already_moderating (stay put, show the banner); none -> parked, and if the user is on
 *   /moderation or /park go to /park; a parked user who opens /moderation is sent to /park.
 * - Entering /park sends park-me once (at once if connected, else as soon as it connects).
 * - Leaving /moderation while moderating parks (park-me) and exits picture-in-picture.
 * - Resume sends moderate-me with the user, only while connected.
 * - Losing the socket while moderating clears the assigned content and goes to /park; any loss
 *   moves to reconnecting until the socket is back. When it comes back and the operator is still
 *   waiting on /park, moderate-me goes out by itself: the server kept the items through the lease
 *   grace period and hands them back, so a network blip costs no work. Parking or leaving /park
 *   meanwhile is the operator's own decision and cancels that.
 * - kick-me signs out to /dashboard; the server's park-me goes to /park.
 * - The channel views (/chat, /inbox, /social, /calls, /voice) are moderation pages too: each
 *   rule about /moderation holds for them (`isModerationPath`). Moderating on one stays there;
 *   leaving one, for another one as well, parks, so a view never shows another scope's items. A
 *   parked user who opens one is sent to /park and comes back to it on Resume (`returnTo`).
 */
export const MODERATION_PHASES = [
  'fetching_user',
  'connecting',
  'moderating',
  'already_moderating',
  'reconnecting',
  'parked',
] as const;
export type ModerationPhase = (typeof MODERATION_PHASES)[number];

export const MODERATION_PATH = '/moderation';
export const PARK_PATH = '/park';
/** The channel views: the moderation page for one channel's items (contract/channels.ts). */
export const CHANNEL_MODERATION_PATHS: readonly string[] = [
  '/chat',
  '/inbox',
  '/social',
  '/calls',
  '/voice',
];

export function isModerationPath(pathname: string): boolean {
  return pathname === MODERATION_PATH || CHANNEL_MODERATION_PATHS.includes(pathname);
}

export interface MachineState {
  phase: ModerationPhase;
  userId: number | null;
  /** This tab's online-users socket id; null while disconnected. */
  socketId: string | null;
  /** What the server last said holds moderation for this user. */
  moderatingSocket: string | null;
  pathname: string;
  /** park-me is owed for the current visit of /park (sent once the socket is up). */
  parkOwed: boolean;
  /** The socket dropped while moderating: moderate-me is owed once it is back. */
  resumeOwed: boolean;
  /** The moderation page to go to when moderation starts (the last one opened, or left). */
  returnTo?: string;
}

export type MachineEvent =
  | { type: 'user_loaded'; userId: number }
  | { type: 'socket_connected'; socketId: string }
  | { type: 'socket_lost' }
  | { type: 'moderation_status'; moderatingSocket: string | null }
  | { type: 'route_changed'; pathname: string }
  | { type: 'park' }
  | { type: 'resume' }
  | { type: 'kick' }
  | { type: 'server_park' };

export type Effect =
  | { type: 'navigate'; to: string }
  | { type: 'emit_park' }
  | { type: 'emit_moderate'; userId: number }
  | { type: 'clear_content' }
  | { type: 'exit_picture_in_picture' }
  | { type: 'sign_out'; to: string };

export interface Transition {
  state: MachineState;
  effects: Effect[];
}

export function initialMachineState(pathname: string): MachineState {
  return {
    phase: 'fetching_user',
    userId: null,
    socketId: null,
    moderatingSocket: null,
    pathname,
    parkOwed: pathname === PARK_PATH,
    resumeOwed: false,
  };
}

/** Where Resume leads after leaving `pathname`: a channel view, or /moderation. */
function returnPath(pathname: string): string | undefined {
  return CHANNEL_MODERATION_PATHS.includes(pathname) ? pathname : undefined;
}

/** Sends the owed park-me when the socket is up; otherwise keeps owing it. */
function settlePark(state: MachineState, effects: Effect[]): MachineState {
  if (!state.parkOwed || state.socketId === null) return state;
  effects.push({ type: 'emit_park' });
  return { ...state, parkOwed: false };
}

/** Where a user without a known status sits while the socket is (re)connecting. */
function waitingPhase(state: MachineState): ModerationPhase {
  return state.userId === null ? 'fetching_user' : 'connecting';
}

export function transition(state: MachineState, event: MachineEvent): Transition {
  const effects: Effect[] = [];
  switch (event.type) {
    case 'user_loaded': {
      const next: MachineState = {
        ...state,
        userId: event.userId,
        phase: state.phase === 'fetching_user' ? 'connecting' : state.phase,
      };
      return { state: next, effects };
    }

    case 'socket_connected': {
      const next: MachineState = {
        ...state,
        socketId: event.socketId,
        // The status is unknown until the server says it; a moderation-status follows.
        phase: state.userId === null ? 'fetching_user' : 'connecting',
      };
      if (next.resumeOwed && next.userId !== null) {
        effects.push({ type: 'emit_moderate', userId: next.userId });
        return { state: { ...next, resumeOwed: false }, effects };
      }
      return { state: settlePark(next, effects), effects };
    }

    case 'socket_lost': {
      const wasModerating = state.phase === 'moderating';
      let next: MachineState = {
        ...state,
        socketId: null,
        moderatingSocket: null,
        phase: state.userId === null ? 'fetching_user' : 'reconnecting',
      };
      if (wasModerating) {
        effects.push({ type: 'clear_content' }, { type: 'exit_picture_in_picture' });
        effects.push({ type: 'navigate', to: PARK_PATH });
        // Not parked by choice: the items wait on the server for this operator to come back.
        next = {
          ...next,
          pathname: PARK_PATH,
          parkOwed: false,
          resumeOwed: true,
          returnTo: returnPath(state.pathname),
        };
      }
      return { state: next, effects };
    }

    case 'moderation_status': {
      const holder = event.moderatingSocket;
      const base = { ...state, moderatingSocket: holder };
      if (holder !== null && holder === state.socketId) {
        const page = isModerationPath(state.pathname)
          ? state.pathname
          : (state.returnTo ?? MODERATION_PATH);
        if (state.pathname !== page) effects.push({ type: 'navigate', to: page });
        return {
          state: { ...base, phase: 'moderating', pathname: page, parkOwed: false },
          effects,
        };
      }
      if (state.phase === 'moderating') {
        // This tab lost moderation (parked or taken over): its items are no longer its own.
        effects.push({ type: 'clear_content' }, { type: 'exit_picture_in_picture' });
      }
      if (holder !== null) {
        return { state: { ...base, phase: 'already_moderating' }, effects };
      }
      let next: MachineState = { ...base, phase: 'parked' };
      if (isModerationPath(state.pathname)) {
        effects.push({ type: 'navigate', to: PARK_PATH });
        // The server already reports us parked: nothing is owed on arrival.
        next = {
          ...next,
          pathname: PARK_PATH,
          parkOwed: false,
          returnTo: returnPath(state.pathname),
        };
      }
      return { state: next, effects };
    }

    case 'route_changed': {
      const from = state.pathname;
      const to = event.pathname;
      if (from === to) return { state, effects };
      let next: MachineState = { ...state, pathname: to, parkOwed: false, resumeOwed: false };
      // Resume leads back to the moderation page last opened, unless the user went elsewhere.
      if (to !== PARK_PATH) next = { ...next, returnTo: returnPath(to) };
      if (isModerationPath(from) && state.phase === 'moderating') {
        effects.push({ type: 'exit_picture_in_picture' }, { type: 'clear_content' });
        // Optimistic: the server confirms with moderation-status null.
        next = { ...next, phase: 'parked' };
        if (to !== PARK_PATH) effects.push({ type: 'emit_park' });
      }
      if (isModerationPath(to) && state.phase === 'parked') {
        // Parked users do not sit on /moderation: they resume from /park or the top bar.
        effects.push({ type: 'navigate', to: PARK_PATH });
        next = { ...next, pathname: PARK_PATH, parkOwed: false };
        return { state: next, effects };
      }
      if (to === PARK_PATH) next = settlePark({ ...next, parkOwed: true }, effects);
      return { state: next, effects };
    }

    case 'park': {
      if (state.pathname === PARK_PATH) {
        const parking = { ...state, parkOwed: true, resumeOwed: false };
        return { state: settlePark(parking, effects), effects };
      }
      effects.push({ type: 'navigate', to: PARK_PATH });
      return { state, effects };
    }

    case 'resume': {
      if (state.socketId === null || state.userId === null) return { state, effects };
      effects.push({ type: 'emit_moderate', userId: state.userId });
      return { state, effects };
    }

    case 'kick': {
      if (state.phase === 'moderating') {
        effects.push({ type: 'clear_content' }, { type: 'exit_picture_in_picture' });
      }
      effects.push({ type: 'sign_out', to: '/dashboard' });
      return {
        state: { ...state, phase: waitingPhase(state), moderatingSocket: null },
        effects,
      };
    }

    case 'server_park': {
      if (state.pathname === PARK_PATH) return { state, effects };
      effects.push({ type: 'navigate', to: PARK_PATH });
      return { state, effects };
    }
  }
}

/** Runs a list of events from a state; handy for tests and for replaying a burst of events. */
export function run(state: MachineState, events: readonly MachineEvent[]): Transition {
  let current = state;
  const effects: Effect[] = [];
  for (const event of events) {
    const step = transition(current, event);
    current = step.state;
    effects.push(...step.effects);
  }
  return { state: current, effects };
}
