import { describe, expect, it } from 'vitest';
import { nextRate, formatClock } from '../../../../src/features/channels/audio-controls';
import { peaksOf } from '../../../../src/features/channels/waveform';
import {
  initialMachineState,
  run,
  type MachineState,
} from '../../../../src/features/moderation/moderation-machine';

const OWN = 'socket-own';

function ready(pathname: string, moderatingSocket: string | null = null): MachineState {
  return run(initialMachineState(pathname), [
    { type: 'user_loaded', userId: 7 },
    { type: 'socket_connected', socketId: OWN },
    { type: 'moderation_status', moderatingSocket },
  ]).state;
}

describe('channel views in the moderation state machine', () => {
  it('sends a parked user from /voice to /park, and Resume back to /voice', () => {
    const parked = ready('/voice');
    expect(parked.phase).toBe('parked');
    expect(parked.pathname).toBe('/park');
    const { state, effects } = run(parked, [
      { type: 'resume' },
      { type: 'moderation_status', moderatingSocket: OWN },
    ]);
    expect(state.phase).toBe('moderating');
    expect(state.pathname).toBe('/voice');
    expect(effects).toContainEqual({ type: 'navigate', to: '/voice' });
  });

  it('keeps moderating on the channel view it started on', () => {
    const moderating = run(ready('/park'), [{ type: 'route_changed', pathname: '/chat' }]).state;
    // The parked user was sent back to /park; Resume from there comes back to /chat.
    expect(moderating.pathname).toBe('/park');
    const { state } = run(moderating, [{ type: 'moderation_status', moderatingSocket: OWN }]);
    expect(state.pathname).toBe('/chat');
  });

  it('parks when leaving a channel view, also for another one', () => {
    const onChat = run(ready('/park'), [
      { type: 'route_changed', pathname: '/chat' },
      { type: 'moderation_status', moderatingSocket: OWN },
    ]).state;
    expect(onChat.phase).toBe('moderating');
    const { state, effects } = run(onChat, [{ type: 'route_changed', pathname: '/inbox' }]);
    expect(state.phase).toBe('parked');
    expect(effects).toContainEqual({ type: 'emit_park' });
    expect(effects).toContainEqual({ type: 'clear_content' });
  });

  it('goes to /moderation on Resume once the user went elsewhere', () => {
    const state = run(ready('/voice'), [
      { type: 'route_changed', pathname: '/dashboard' },
      { type: 'moderation_status', moderatingSocket: OWN },
    ]).state;
    expect(state.pathname).toBe('/moderation');
  });
});

describe('audio player controls', () => {
  it('steps the speed between 1 and 2x', () => {
    expect(nextRate(1, 1)).toBe(1.25);
    expect(nextRate(2, 1)).toBe(2);
    expect(nextRate(1, -1)).toBe(1);
    expect(nextRate(1.5, -1)).toBe(1.25);
  });

  it('formats the clock and draws peaks scaled to the loudest', () => {
    expect(formatClock(75.4)).toBe('1:15');
    expect(formatClock(Number.NaN)).toBe('0:00');
    const samples = new Float32Array([0.1, -0.5, 0.25, 0, 0.05, -0.05]);
    expect(peaksOf(samples, 3).map((peak) => Math.round(peak * 100) / 100)).toEqual([1, 0.5, 0.1]);
  });
});
