// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangePicker, type DateRange } from '../../../src/ui/date-range-picker';

afterEach(cleanup);

// 00:30 UTC: in most of the Americas it is still the day before, which must not matter.
const NOW = new Date('2025-03-10T00:30:00Z');

function Harness({ onChange }: { onChange: (range: DateRange) => void }) {
  const [range, setRange] = useState<DateRange>({});
  return (
    <DateRangePicker
      value={range}
      now={() => NOW}
      onChange={(next) => {
        setRange(next);
        onChange(next);
      }}
    />
  );
}

describe('the UTC date range picker', () => {
  it('reports whole UTC days as ISO strings', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-03-01T00:00:00.000Z', to: undefined });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-02' } });
    expect(onChange).toHaveBeenLastCalledWith({
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-02T23:59:59.999Z',
    });
  });

  it('refuses a start after the end beside the inputs', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-02' } });
    onChange.mockClear();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-05' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('The start date must be on or before the end date')).toBeVisible();
  });

  it('has presets Today, Last 7 days and Last 30 days, and clears', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(onChange).toHaveBeenLastCalledWith({
      from: '2025-03-10T00:00:00.000Z',
      to: '2025-03-10T23:59:59.999Z',
    });
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-10');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenLastCalledWith({
      from: '2025-03-04T00:00:00.000Z',
      to: '2025-03-10T23:59:59.999Z',
    });
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onChange).toHaveBeenLastCalledWith({
      from: '2025-02-09T00:00:00.000Z',
      to: '2025-03-10T23:59:59.999Z',
    });
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: undefined, to: undefined });
    expect(screen.getByLabelText('From')).toHaveValue('');
  });
});
