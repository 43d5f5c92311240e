import { describe, expect, it } from 'vitest';
import {
  initialMachineState,
  run,
  transition,
  type MachineState,
} from '../../../../src/features/moderation/moderation-machine';

const OWN = 'socket-own';
const OTHER = 'socket-other';

/** A loaded user, connected, on the given page, with a known status. */
function ready(pathname: string, moderatingSocket: string | null = null): MachineState {
  return run(initialMachineState(pathname), [
    { type: 'user_loaded', userId: 7 },
    { type: 'socket_connected', socketId: OWN },
    { type: 'moderation_status', moderatingSocket },
  ]).state;
}

describe('moderation state machine', () => {
  it('starts in fetching_user and moves to connecting when the user is loaded', () => {
    const start = initialMachineState('/dashboard');
    expect(start.phase).toBe('fetching_user');
    const { state, effects } = transition(start, { type: 'user_loaded', userId: 7 });
    expect(state.phase).toBe('connecting');
    expect(effects).toEqual([]);
  });

  it('stays connecting after the socket connects until the server reports a status', () => {
    const { state } = run(initialMachineState('/dashboard'), [
      { type: 'user_loaded', userId: 7 },
      { type: 'socket_connected', socketId: OWN },
    ]);
    expect(state.phase).toBe('connecting');
    expect(state.socketId).toBe(OWN);
  });

  it('moderation-status with its own socket id moderates and goes to /moderation', () => {
    const parked = ready('/park');
    const { state, effects } = transition(parked, {
      type: 'moderation_status',
      moderatingSocket: OWN,
    });
    expect(state.phase).toBe('moderating');
    expect(effects).toEqual([{ type: 'navigate', to: '/moderation' }]);
  });

  it('does not navigate when already on /moderation', () => {
    const { state } = run(initialMachineState('/moderation'), [
      { type: 'user_loaded', userId: 7 },
      { type: 'socket_connected', socketId: OWN },
    ]);
    const { effects } = transition(state, { type: 'moderation_status', moderatingSocket: OWN });
    expect(effects).toEqual([]);
  });

  it('another socket id means already_moderating, without navigation', () => {
    const { state, effects } = run(initialMachineState('/moderation'), [
      { type: 'user_loaded', userId: 7 },
      { type: 'socket_connected', socketId: OWN },
      { type: 'moderation_status', moderatingSocket: OTHER },
    ]);
    expect(state.phase).toBe('already_moderating');
    expect(state.moderatingSocket).toBe(OTHER);
    expect(effects).toEqual([]);
  });

  it('losing moderation to another socket while moderating clears the content', () => {
    const { state, effects } = transition(ready('/moderation', OWN), {
      type: 'moderation_status',
      moderatingSocket: OTHER,
    });
    expect(state.phase).toBe('already_moderating');
    expect(effects).toContainEqual({ type: 'clear_content' });
  });

  it('a null status on /moderation parks and goes to /park without owing park-me', () => {
    const moderating = ready('/moderation', OWN);
    const { state, effects } = transition(moderating, {
      type: 'moderation_status',
      moderatingSocket: null,
    });
    expect(state.phase).toBe('parked');
    expect(effects).toContainEqual({ type: 'navigate', to: '/park' });
    expect(effects).toContainEqual({ type: 'clear_content' });
    expect(effects).not.toContainEqual({ type: 'emit_park' });
    // The router then reports the move: no second park-me either.
    expect(transition(state, { type: 'route_changed', pathname: '/park' }).effects).toEqual([]);
  });

  it('a null status elsewhere (dashboard) parks without navigating', () => {
    const { state, effects } = run(initialMachineState('/dashboard'), [
      { type: 'user_loaded', userId: 7 },
      { type: 'socket_connected', socketId: OWN },
      { type: 'moderation_status', moderatingSocket: null },
    ]);
    expect(state.phase).toBe('parked');
    expect(effects).toEqual([]);
  });

  it('entering /park sends park-me once, at once when connected', () => {
    const parked = ready('/dashboard');
    const { state, effects } = transition(parked, { type: 'route_changed', pathname: '/park' });
    expect(effects).toEqual([{ type: 'emit_park' }]);
    expect(state.parkOwed).toBe(false);
    expect(
      transition(state, { type: 'moderation_status', moderatingSocket: null }).effects,
    ).toEqual([]);
  });

  it('entering /park while disconnected sends park-me as soon as the socket connects', () => {
    const start = transition(initialMachineState('/park'), { type: 'user_loaded', userId: 7 });
    expect(start.effects).toEqual([]);
    const connected = transition(start.state, { type: 'socket_connected', socketId: OWN });
    expect(connected.effects).toEqual([{ type: 'emit_park' }]);
    // Once only: a reconnect on the same visit does not send it again.
    const again = run(connected.state, [
      { type: 'socket_lost' },
      { type: 'socket_connected', socketId: 'socket-new' },
    ]);
    expect(again.effects).toEqual([]);
  });

  it('resume sends moderate-me with the user while connected', () => {
    const { effects } = transition(ready('/park'), { type: 'resume' });
    expect(effects).toEqual([{ type: 'emit_moderate', userId: 7 }]);
  });

  it('resume does nothing while the socket is down', () => {
    const down = transition(ready('/park'), { type: 'socket_lost' }).state;
    expect(transition(down, { type: 'resume' }).effects).toEqual([]);
  });

  it('leaving /moderation while moderating parks and exits picture-in-picture', () => {
    const { state, effects } = transition(ready('/moderation', OWN), {
      type: 'route_changed',
      pathname: '/dashboard',
    });
    expect(effects).toEqual([
      { type: 'exit_picture_in_picture' },
      { type: 'clear_content' },
      { type: 'emit_park' },
    ]);
    expect(state.phase).toBe('parked');
  });

  it('leaving /moderation for /park sends park-me exactly once', () => {
    const { effects } = transition(ready('/moderation', OWN), {
      type: 'route_changed',
      pathname: '/park',
    });
    expect(effects.filter((effect) => effect.type === 'emit_park')).toHaveLength(1);
    expect(effects).toContainEqual({ type: 'exit_picture_in_picture' });
  });

  it('leaving /moderation while moderating elsewhere does not park the other connection', () => {
    const elsewhere = ready('/moderation', OTHER);
    const { effects } = transition(elsewhere, { type: 'route_changed', pathname: '/dashboard' });
    expect(effects).toEqual([]);
  });

  it('a parked user who opens /moderation is sent to /park', () => {
    const { state, effects } = transition(ready('/dashboard'), {
      type: 'route_changed',
      pathname: '/moderation',
    });
    expect(effects).toEqual([{ type: 'navigate', to: '/park' }]);
    expect(state.pathname).toBe('/park');
  });

  it('losing the socket while moderating clears content and goes to /park', () => {
    const { state, effects } = transition(ready('/moderation', OWN), { type: 'socket_lost' });
    expect(state.phase).toBe('reconnecting');
    expect(state.socketId).toBeNull();
    expect(effects).toEqual([
      { type: 'clear_content' },
      { type: 'exit_picture_in_picture' },
      { type: 'navigate', to: '/park' },
    ]);
    // Back online still on /park: moderate-me goes out, so the server hands the kept items back.
    const back = transition(state, { type: 'socket_connected', socketId: 'socket-new' });
    expect(back.effects).toEqual([{ type: 'emit_moderate', userId: 7 }]);
    expect(back.state.phase).toBe('connecting');
    const moderating = transition(back.state, {
      type: 'moderation_status',
      moderatingSocket: 'socket-new',
    });
    expect(moderating.state.phase).toBe('moderating');
    expect(moderating.effects).toEqual([{ type: 'navigate', to: '/moderation' }]);
    // A second blip later resumes again; nothing is owed once back.
    expect(transition(back.state, { type: 'socket_lost' }).state.resumeOwed).toBe(false);
  });

  it('parking during a drop cancels the automatic resume and parks once back', () => {
    const dropped = transition(ready('/moderation', OWN), { type: 'socket_lost' }).state;
    const parked = transition(dropped, { type: 'park' });
    expect(parked.effects).toEqual([]);
    const back = transition(parked.state, { type: 'socket_connected', socketId: 'socket-new' });
    expect(back.effects).toEqual([{ type: 'emit_park' }]);
  });

  it('leaving /park during a drop cancels the automatic resume', () => {
    const dropped = transition(ready('/moderation', OWN), { type: 'socket_lost' }).state;
    const away = transition(dropped, { type: 'route_changed', pathname: '/dashboard' });
    const back = transition(away.state, { type: 'socket_connected', socketId: 'socket-new' });
    expect(back.effects).toEqual([]);
  });

  it('losing the socket while parked only marks reconnecting', () => {
    const { state, effects } = transition(ready('/dashboard'), { type: 'socket_lost' });
    expect(state.phase).toBe('reconnecting');
    expect(effects).toEqual([]);
  });

  it('kick-me signs out to /dashboard', () => {
    const { effects } = transition(ready('/moderation', OWN), { type: 'kick' });
    expect(effects).toContainEqual({ type: 'sign_out', to: '/dashboard' });
    expect(effects).toContainEqual({ type: 'clear_content' });
  });

  it("the server's park-me goes to /park, and is a no-op there", () => {
    expect(transition(ready('/moderation', OWN), { type: 'server_park' }).effects).toEqual([
      { type: 'navigate', to: '/park' },
    ]);
    expect(transition(ready('/park'), { type: 'server_park' }).effects).toEqual([]);
  });

  it('the Park button navigates to /park, or re-sends park-me when already there', () => {
    expect(transition(ready('/moderation', OWN), { type: 'park' }).effects).toEqual([
      { type: 'navigate', to: '/park' },
    ]);
    expect(transition(ready('/park'), { type: 'park' }).effects).toEqual([{ type: 'emit_park' }]);
  });

  it('the full operator round trip: land, park, resume, moderate, leave', () => {
    let state = initialMachineState('/moderation');
    const log: string[] = [];
    const step = (event: Parameters<typeof transition>[1]) => {
      const next = transition(state, event);
      state = next.state;
      log.push(...next.effects.map((effect) => effect.type));
    };
    step({ type: 'user_loaded', userId: 7 });
    step({ type: 'socket_connected', socketId: OWN });
    step({ type: 'moderation_status', moderatingSocket: null });
    step({ type: 'route_changed', pathname: '/park' });
    step({ type: 'resume' });
    step({ type: 'moderation_status', moderatingSocket: OWN });
    step({ type: 'route_changed', pathname: '/moderation' });
    expect(state.phase).toBe('moderating');
    step({ type: 'route_changed', pathname: '/my-profile' });
    expect(log).toEqual([
      'navigate',
      'emit_moderate',
      'navigate',
      'exit_picture_in_picture',
      'clear_content',
      'emit_park',
    ]);
  });
});
