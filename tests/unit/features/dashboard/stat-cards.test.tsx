// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DASHBOARD_TEXTS } from '../../../../src/contract/dashboard';
import {
  StatCards,
  statCardTestId,
} from '../../../../src/features/dashboard/components/stat-cards';
import { STAT } from './dashboard-fixtures';

afterEach(cleanup);

describe('the stat cards', () => {
  it('show the five SPEC cards in order with the counts of a DashboardStat', () => {
    render(<StatCards stat={STAT} paused={false} />);
    const labels = screen.getAllByRole('term').map((term) => term.textContent);
    expect(labels).toEqual([...DASHBOARD_TEXTS.cards]);
    const value = (label: string) =>
      within(screen.getByTestId(statCardTestId(label))).getByRole('definition').textContent;
    expect(value('Total Pending')).toBe('1,520');
    expect(value('Pending Queue')).toBe('1,480');
    expect(value('Assigned')).toBe('40');
    expect(value('Moderating')).toBe('2');
    expect(value('Handled')).toBe('9,876');
  });

  it('show a dash per card before the first stat arrives', () => {
    render(<StatCards stat={null} paused={false} />);
    for (const label of DASHBOARD_TEXTS.cards) {
      expect(screen.getByTestId(`${statCardTestId(label)}-value`)).toHaveTextContent('—');
    }
  });
});
