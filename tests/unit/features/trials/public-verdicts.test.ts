// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Verdict } from '../../../../src/contract/demo';
import { readVerdicts, usePublicVerdicts } from '../../../../src/features/trials/public-verdicts';

const verdict = (sampleId: number): Verdict => ({
  sample_id: sampleId,
  tags: ['spam'],
  custom_tag: null,
  reference_tags: ['spam'],
  ai_tags: null,
  agreement: 'match',
  missed: [],
  extra: [],
  ai_agreement: null,
  reasoning: 'Spam.',
  decided_at: '2026-01-01T00:00:00.000Z',
});

describe("a visitor's verdicts on a brand's sandbox", () => {
  afterEach(() => sessionStorage.clear());

  it('last through a reload of the tab, per brand, until Start over', () => {
    const { result } = renderHook(() => usePublicVerdicts('northwind'));
    act(() => result.current.add(verdict(101)));
    act(() => result.current.add(verdict(101)));
    act(() => result.current.add(verdict(102)));
    expect(readVerdicts('northwind').map((known) => known.sample_id)).toEqual([101, 102]);
    expect(readVerdicts('pixelforge')).toEqual([]);

    const reloaded = renderHook(() => usePublicVerdicts('northwind'));
    expect(reloaded.result.current.verdicts).toHaveLength(2);
    act(() => reloaded.result.current.clear());
    expect(readVerdicts('northwind')).toEqual([]);
  });

  it('drops a stored copy that is no list of verdicts', () => {
    sessionStorage.setItem('trial-verdicts:northwind', '[{"sample_id":"x"}]');
    expect(readVerdicts('northwind')).toEqual([]);
    sessionStorage.setItem('trial-verdicts:northwind', 'not json');
    expect(readVerdicts('northwind')).toEqual([]);
  });
});
