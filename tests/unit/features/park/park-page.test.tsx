// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODERATION_TEXTS } from '../../../../src/contract/content';
import {
  ParkPage,
  formatParkDuration,
  type ParkPageProps,
} from '../../../../src/features/park/components/park-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderPark(props: Partial<ParkPageProps> = {}) {
  const handlers = { onResume: vi.fn(), onLogout: vi.fn() };
  render(
    <ParkPage
      parkedSince={new Date()}
      available
      elsewhere={false}
      isOperator={false}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('ParkPage', () => {
  it('shows the title, the park time, Resume and Logout, and sets the tab title', () => {
    const { onLogout } = renderPark();
    expect(screen.getByRole('heading', { name: MODERATION_TEXTS.parkedTitle })).toBeInTheDocument();
    expect(screen.getByTestId('park-duration')).toHaveTextContent('00:00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalled();
    expect(document.title).toMatch(/^Park \| /);
  });

  it('greys Resume with the unavailable label while the socket is down', () => {
    renderPark({ available: false });
    const button = screen.getByRole('button', { name: MODERATION_TEXTS.resumeUnavailable });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: MODERATION_TEXTS.resume })).toBeNull();
  });

  it('locks Resume for 2 seconds after a click', () => {
    vi.useFakeTimers();
    const { onResume } = renderPark();
    const button = screen.getByRole('button', { name: MODERATION_TEXTS.resume });
    fireEvent.click(button);
    expect(onResume).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(2_000));
    expect(button).toBeEnabled();
  });

  it('gives operators a box 1.04 times wider', () => {
    renderPark({ isOperator: true });
    expect(screen.getByTestId('park-box').className).toContain('max-w-[26rem]');
    cleanup();
    renderPark({ isOperator: false });
    expect(screen.getByTestId('park-box').className).toContain('max-w-[25rem]');
  });

  it('says when another connection is moderating', () => {
    renderPark({ elsewhere: true });
    expect(screen.getByRole('alert')).toHaveTextContent(MODERATION_TEXTS.alreadyModerating);
  });

  it('formats the park duration', () => {
    const since = new Date('2024-01-01T10:00:00Z');
    expect(formatParkDuration(since, new Date('2024-01-01T11:02:03Z'))).toBe('01:02:03');
    expect(formatParkDuration(since, new Date('2024-01-01T09:00:00Z'))).toBe('00:00:00');
  });
});
