// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODERATION_TEXTS } from '../../../../src/contract/content';
import {
  ContentCard,
  type ContentCardProps,
} from '../../../../src/features/moderation/components/content-card';
import {
  CUSTOM_TAG_TEXTS,
  type ModerationItem,
} from '../../../../src/features/moderation/moderation-rules';
import { moderationItem } from './fixtures';

/** The card with its tag state held locally, as the content store would hold it. */
function Harness({
  initial,
  ...props
}: { initial: ModerationItem } & Partial<Omit<ContentCardProps, 'item'>>) {
  const [item, setItem] = useState(initial);
  return (
    <ContentCard
      item={item}
      userId={7}
      batch={false}
      submitting={false}
      active={false}
      onActivate={() => undefined}
      onToggleTag={(name) =>
        setItem((current) => ({
          ...current,
          tags: current.tags.map((tag) =>
            tag.name === name ? { ...tag, selected: !tag.selected } : tag,
          ),
        }))
      }
      onCustomTag={(value) => setItem((current) => ({ ...current, customTag: value }))}
      onSubmit={() => undefined}
      onLoaded={() => undefined}
      {...props}
    />
  );
}

// The unit project runs without vitest globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);
// userEvent on a loaded two-core machine can take seconds per test; the default 5 s is tight.
vi.setConfig({ testTimeout: 20_000 });

const submitButton = () => screen.getByRole('button', { name: /^Submit item/ });

describe('ContentCard submit rule', () => {
  it('is disabled until a tag is chosen when submit_without_tags is no, and marks Tags: with *', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness initial={moderationItem()} onSubmit={onSubmit} />);
    expect(screen.getByText(MODERATION_TEXTS.tagsLabel).textContent).toContain('*');
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Hate Speech/ }));
    expect(screen.getByRole('button', { name: /Hate Speech/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: /Hate Speech/ }));
    expect(submitButton()).toBeDisabled();
  });

  it('a custom tag alone satisfies the rule', async () => {
    const user = userEvent.setup();
    render(<Harness initial={moderationItem()} />);
    await user.click(screen.getByRole('button', { name: MODERATION_TEXTS.addTag }));
    await user.type(screen.getByRole('textbox', { name: 'Custom tag' }), 'weapon');
    await user.click(screen.getByRole('button', { name: 'Add custom tag' }));
    expect(screen.getByText('weapon')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    // One custom tag per item: Add + is gone until it is removed.
    expect(screen.queryByRole('button', { name: MODERATION_TEXTS.addTag })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove custom tag weapon' }));
    expect(submitButton()).toBeDisabled();
  });

  it('is enabled without tags when submit_without_tags is yes, with no asterisk', () => {
    render(<Harness initial={moderationItem({ submit_without_tags: 'yes' })} />);
    expect(submitButton()).toBeEnabled();
    expect(screen.getByText(MODERATION_TEXTS.tagsLabel).textContent).not.toContain('*');
  });

  it('is disabled while submitting', () => {
    render(<Harness initial={moderationItem({ submit_without_tags: 'yes' })} submitting />);
    expect(submitButton()).toBeDisabled();
  });

  it('has no per-card Submit in batch mode', () => {
    render(<Harness initial={moderationItem()} batch />);
    expect(screen.queryByRole('button', { name: /^Submit item/ })).toBeNull();
  });
});

describe('ContentCard custom tag', () => {
  it('accepts 50 characters and refuses 51 with a clear error', async () => {
    const user = userEvent.setup();
    const onCustomTag = vi.fn();
    render(<Harness initial={moderationItem()} onCustomTag={onCustomTag} />);
    await user.click(screen.getByRole('button', { name: MODERATION_TEXTS.addTag }));
    const input = screen.getByRole('textbox', { name: 'Custom tag' });
    fireEvent.change(input, { target: { value: 'a'.repeat(51) } });
    expect(screen.getByText(CUSTOM_TAG_TEXTS.tooLong)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Add custom tag' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'a'.repeat(50) } });
    expect(screen.queryByText(CUSTOM_TAG_TEXTS.tooLong)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add custom tag' }));
    expect(onCustomTag).toHaveBeenCalledWith('a'.repeat(50));
  });

  it('offers no Add + when dynamic tags are off', () => {
    render(<Harness initial={moderationItem({ enable_dynamic_tags: 'no' })} />);
    expect(screen.queryByRole('button', { name: MODERATION_TEXTS.addTag })).toBeNull();
  });
});

describe('ContentCard AI panel and details', () => {
  it('cuts reasoning at 50 characters with Show More / Show Less', async () => {
    const user = userEvent.setup();
    const reasoning = 'The picture shows bare skin in a suggestive pose, near a pool at night.';
    render(<Harness initial={moderationItem({ ai_other_details: { reasoning } })} />);
    expect(screen.getByText(`${reasoning.slice(0, 50)}...`, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MODERATION_TEXTS.showMore }));
    expect(screen.getByText(reasoning, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MODERATION_TEXTS.showLess }));
    expect(screen.queryByText(reasoning, { exact: false })).toBeNull();
  });

  it('shows the missing-data texts', () => {
    render(
      <Harness
        initial={moderationItem({
          ai_moderated_status: null,
          ai_response_time: null,
          ai_other_details: null,
        })}
      />,
    );
    expect(screen.getByText(MODERATION_TEXTS.noAiResponse)).toBeInTheDocument();
    expect(screen.getByText(MODERATION_TEXTS.noReasoning, { exact: false })).toBeInTheDocument();
  });

  it('prints the arrival time in UTC and opens the details dialog', async () => {
    const user = userEvent.setup();
    render(<Harness initial={moderationItem()} />);
    expect(screen.getByText('03-05-2024 02:07:09 PM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Content details of item 1' }));
    // The dialog frame loads on first open (src/ui/lazy-dialog.tsx): a first import here
    // transforms the dialog library, which takes a while on a busy machine.
    expect(
      await screen.findByText(MODERATION_TEXTS.detailsTitle, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('country')).toBeInTheDocument();
  });

  it('shows a click-to-load placeholder, and the media at once in batch mode', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness initial={moderationItem()} />);
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Click to load image' }));
    expect(screen.getByRole('img', { name: 'Content item 1' })).toBeInTheDocument();
    unmount();
    render(<Harness initial={moderationItem()} batch />);
    expect(screen.getByRole('img', { name: 'Content item 1' })).toBeInTheDocument();
  });

  it('shows the cannot-load text with a link when the image fails', async () => {
    const user = userEvent.setup();
    render(<Harness initial={moderationItem()} />);
    await user.click(screen.getByRole('button', { name: 'Click to load image' }));
    fireEvent.error(screen.getByRole('img', { name: 'Content item 1' }));
    expect(screen.getByText(MODERATION_TEXTS.cannotLoad)).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://cdn.example.test/a.jpg');
  });

  it('keeps line breaks of text items', async () => {
    const user = userEvent.setup();
    const onLoaded = vi.fn();
    render(
      <Harness
        initial={moderationItem({ message_type: 'text', content: 'line one\nline two' })}
        onLoaded={onLoaded}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Click to show text' }));
    const text = screen.getByLabelText('Text of item 1');
    expect(text.textContent).toBe('line one\nline two');
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(onLoaded).toHaveBeenCalled();
  });
});
