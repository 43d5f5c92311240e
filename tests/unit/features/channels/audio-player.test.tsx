// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from '../../../../src/features/channels/components/audio-player';

describe('AudioPlayer', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('plays a recording on another host with the plain bar, without fetching it for a waveform', () => {
    // The console's content policy refuses scripts' fetches to other hosts (connect-src 'self').
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    render(<AudioPlayer src="https://media.example.com/call.wav" label="Audio of item 12" />);
    expect(screen.getByRole('group', { name: 'Audio of item 12' })).toBeTruthy();
    expect(screen.getByTestId('audio-bar')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches a recording on the console’s own origin for its waveform', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    render(<AudioPlayer src="/demo-media/voice-message.wav" label="Audio of item 13" />);
    expect(fetch).toHaveBeenCalledWith('/demo-media/voice-message.wav', expect.anything());
  });
});
