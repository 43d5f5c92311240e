// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import './dom-test-setup';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_TOKEN_TEXTS, maskToken } from '../../../../src/contract/service-tokens';
import { TokenResultDialog } from '../../../../src/features/service-tokens/components/token-result-dialog';
import { notify } from '../../../../src/lib/notices';

afterEach(cleanup);

const RAW = 'mc_3f9a0c1d2e4b5a6978c0d1e2f3a4b5c6';
const result = (raw = RAW) => ({
  created: { id: 7, token: maskToken(raw), raw_token: raw },
  service: { id: 3, name: 'Photo Feed' },
});

function open(permissions: { canView: boolean; canCopy: boolean }, raw = RAW) {
  const onClose = vi.fn();
  render(<TokenResultDialog result={result(raw)} permissions={permissions} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

// Rendering with Headless UI in jsdom is slow on a busy two-core machine: allow more than 5 s.
describe('the result dialog of the creation flow', { timeout: 20_000 }, () => {
  it('shows the new token masked, and the whole token only after reveal', async () => {
    const { user } = open({ canView: true, canCopy: true });
    const token = screen.getByTestId('created-token');
    expect(token).toHaveTextContent(maskToken(RAW));
    expect(token).not.toHaveTextContent(RAW);
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(token).toHaveTextContent(RAW);
    await user.click(screen.getByRole('button', { name: 'Hide token' }));
    expect(token).toHaveTextContent(maskToken(RAW));
  });

  it('offers reveal only with can_view_api_token and copy only with can_copy_api_token', () => {
    open({ canView: false, canCopy: false });
    expect(screen.queryByRole('button', { name: 'Show token' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });

  it('shows the masked form the server sent when the user may neither reveal nor copy', async () => {
    const onClose = vi.fn();
    const masked = maskToken(RAW);
    render(
      <TokenResultDialog
        result={{ created: { id: 7, token: masked }, service: { id: 3, name: 'Photo Feed' } }}
        permissions={{ canView: false, canCopy: false }}
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('created-token')).toHaveTextContent(masked);
    expect(screen.queryByText(SERVICE_TOKEN_TEXTS.noToken)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('enables the final Yes only after the token was copied', async () => {
    const { user, onClose } = open({ canView: true, canCopy: true });
    // After userEvent.setup(), which installs a clipboard of its own.
    const writeText = stubClipboard(async () => undefined);
    const success = vi.spyOn(notify, 'success');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText(SERVICE_TOKEN_TEXTS.closeQuestion)).toBeVisible();
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(yes).toBeDisabled();
    // Revealing is not copying.
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(yes).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(RAW);
    expect(success).toHaveBeenCalledWith(SERVICE_TOKEN_TEXTS.copied);
    await waitFor(() => expect(yes).toBeEnabled());
    await user.click(yes);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("keeps Yes disabled when the copy fails, with 'Failed to copy API Key to clipboard'", async () => {
    const { user, onClose } = open({ canView: true, canCopy: true });
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const error = vi.spyOn(notify, 'error');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(error).toHaveBeenCalledWith(SERVICE_TOKEN_TEXTS.copyFailed);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Yes' })).toBeDisabled();
    // No goes back to the dialog; nothing closes.
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByText(SERVICE_TOKEN_TEXTS.closeQuestion)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without the copy permission, Yes follows the reveal (the user copies by hand)', async () => {
    const { user, onClose } = open({ canView: true, canCopy: false });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(yes).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(yes).toBeEnabled();
    await user.click(yes);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("says 'No token found' when the answer has no token, and may be closed", async () => {
    const { user, onClose } = open({ canView: true, canCopy: true }, '');
    expect(screen.getByText(SERVICE_TOKEN_TEXTS.noToken)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('neither Escape nor a click outside closes it; Escape asks the close question', async () => {
    const { user, onClose } = open({ canView: true, canCopy: true });
    await user.click(document.body);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.getByText(SERVICE_TOKEN_TEXTS.closeQuestion)).toBeVisible();
  });
});
