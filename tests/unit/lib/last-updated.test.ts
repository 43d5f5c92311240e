import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api-client';
import { describeFreshness } from '../../../src/lib/last-updated';

const at = Date.UTC(2025, 0, 2, 15, 4, 5);

describe('describeFreshness', () => {
  it('shows nothing while online and answering', () => {
    expect(describeFreshness({ data: [1], dataUpdatedAt: at, error: null }, true).showMarker).toBe(
      false,
    );
  });

  it('marks data as old while offline, with the time in UTC', () => {
    expect(describeFreshness({ data: [1], dataUpdatedAt: at, error: null }, false)).toEqual({
      showMarker: true,
      updatedAt: new Date(at),
      text: 'Last updated Jan 02, 2025 03:04:05 PM, offline',
    });
  });

  it('marks data as old when the server does not answer although the link is up', () => {
    const freshness = describeFreshness(
      { data: [1], dataUpdatedAt: at, error: null, failureReason: new ApiError(0, 'down') },
      true,
    );
    expect(freshness.text).toBe('Last updated Jan 02, 2025 03:04:05 PM, server unreachable');
  });

  it('shows nothing without data', () => {
    expect(describeFreshness({ data: undefined, dataUpdatedAt: 0, error: null }, false)).toEqual({
      showMarker: false,
      updatedAt: null,
      text: null,
    });
  });
});
