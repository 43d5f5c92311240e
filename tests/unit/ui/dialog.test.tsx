// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../features/service-tokens/dom-test-setup';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/ui/confirm-dialog';
import { Dialog, type DialogProps } from '../../../src/ui/dialog';

afterEach(cleanup);

function open(props: Partial<DialogProps> = {}) {
  const onClose = vi.fn();
  render(
    <Dialog open title="Edit role" onClose={onClose} testId="card" {...props}>
      <button type="button">Inside</button>
    </Dialog>,
  );
  // The card sits on a full-screen layer: a click on that layer is a click on the backdrop.
  const backdrop = screen.getByTestId('card').parentElement as HTMLElement;
  return { onClose, backdrop, user: userEvent.setup() };
}

describe('the dialog frame: one rule for Escape and the backdrop', { timeout: 20_000 }, () => {
  it('is a labelled dialog with focus inside', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Edit role' });
    expect(dialog).toBeVisible();
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('closes on Escape and on a backdrop click, not on a click inside', async () => {
    const { onClose, backdrop, user } = open();
    await user.click(screen.getByRole('button', { name: 'Inside' }));
    await user.click(screen.getByTestId('card'));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open on a backdrop click when it says so, and Escape may mean something else', async () => {
    const onEscape = vi.fn();
    const { onClose, backdrop, user } = open({ closeOnBackdrop: false, onEscape });
    await user.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('ignores Escape when told to (onEscape null)', async () => {
    const { onClose, user } = open({ onEscape: null });
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close while busy', async () => {
    const { onClose, backdrop, user } = open({ busy: true });
    await user.keyboard('{Escape}');
    await user.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('has a × button with its own name in the header layout', async () => {
    const { onClose, user } = open({ closeLabel: 'Close details' });
    await user.click(screen.getByRole('button', { name: 'Close details' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('the confirm dialog', { timeout: 20_000 }, () => {
  function ask(props: { busy?: boolean; tone?: 'primary' | 'danger' } = {}) {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Kick operator"
        description="Sign ann out on every device?"
        confirmLabel="Kick"
        busyLabel="Kicking…"
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />,
    );
    return { onConfirm, onCancel, user: userEvent.setup() };
  }

  it('asks as an alertdialog with its description, and answers', async () => {
    const { onConfirm, onCancel, user } = ask();
    const dialog = screen.getByRole('alertdialog', { name: 'Kick operator' });
    expect(dialog).toHaveAccessibleDescription('Sign ann out on every device?');
    await user.click(screen.getByRole('button', { name: 'Kick' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('starts on Cancel for a destructive action, on the action otherwise', async () => {
    ask({ tone: 'danger' });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    cleanup();
    ask();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Kick' })).toHaveFocus());
  });

  it('while busy: spinner label, both answers disabled, Escape ignored', async () => {
    const { onCancel, user } = ask({ busy: true });
    expect(screen.getByRole('button', { name: 'Kicking…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
