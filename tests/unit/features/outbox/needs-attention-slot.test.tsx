// @vitest-environment jsdom
/**
 * The top bar's needs-attention list, whose popover code loads after the first paint: nothing
 * while nothing needs attention; otherwise its button at once, and the list with the server's
 * reason, Retry and Dismiss when pressed, even when pressed before the code arrived.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NeedsAttentionSlot } from '../../../../src/features/outbox/components/needs-attention-slot';
import { OUTBOX_TEXTS } from '../../../../src/features/outbox/outbox-texts';
import type { AttentionEntry } from '../../../../src/lib/local-db';

afterEach(cleanup);

const ENTRY: AttentionEntry = {
  seq: 1,
  idempotencyKey: 'key-00000001',
  kind: 'moderated-time',
  payload: { user_id: 7, content_id: 42 },
  userId: 7,
  createdAt: 0,
  attempts: 3,
  lastError: null,
  reason: 'The item is no longer yours.',
  code: 'lease_moved',
  movedAt: 0,
};

describe('the needs-attention list', () => {
  it('renders nothing while nothing needs attention', () => {
    const { container } = render(<NeedsAttentionSlot entries={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows its button at once, and the refused entry with Retry and Dismiss when pressed', async () => {
    const user = userEvent.setup();
    render(<NeedsAttentionSlot entries={[ENTRY]} />);
    // Pressed straight away: the stand-in's press is handed over to the popover once it loads.
    await user.click(screen.getByTestId('outbox-attention'));
    expect(await screen.findByText(OUTBOX_TEXTS.listTitle)).toBeVisible();
    expect(screen.getByTestId('outbox-attention')).toHaveTextContent(
      OUTBOX_TEXTS.needsAttention(1),
    );
    expect(screen.getByText(ENTRY.reason)).toBeVisible();
    expect(screen.getByText(`${OUTBOX_TEXTS.kind['moderated-time']}, item #42`)).toBeVisible();
    expect(screen.getByRole('button', { name: OUTBOX_TEXTS.retry })).toBeVisible();
    expect(screen.getByRole('button', { name: OUTBOX_TEXTS.dismiss })).toBeVisible();
  });
});
