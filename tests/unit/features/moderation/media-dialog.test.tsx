// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../service-tokens/dom-test-setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../src/contract/auth';
import { currentUserQuery } from '../../../../src/features/auth/api/current-user';
import { MediaDialog } from '../../../../src/features/moderation/components/media-dialog';

const VIDEO = {
  id: 41,
  message_type: 'video' as const,
  content: 'https://media.example/clip.mp4',
  file_url: null,
  service: 'Shop',
};

function openDialog(options: { sound: boolean; muted?: boolean }) {
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, {
    wellbeing: { media: 'none', sound: options.sound },
  } as CurrentUser);
  render(
    <QueryClientProvider client={client}>
      <MediaDialog
        item={VIDEO}
        userId={null}
        open
        startAt={0}
        muted={options.muted}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
  return screen.findByLabelText<HTMLVideoElement>('Video of item 41');
}

describe('the enlarged media dialog', () => {
  afterEach(cleanup);

  it('starts a video muted when the operator keeps sound off', async () => {
    expect((await openDialog({ sound: false })).muted).toBe(true);
  });

  it('starts with sound when the operator chose sound', async () => {
    expect((await openDialog({ sound: true })).muted).toBe(false);
  });

  it('goes on as the card player stood: unmuted there, unmuted here', async () => {
    expect((await openDialog({ sound: false, muted: false })).muted).toBe(false);
  });
});
