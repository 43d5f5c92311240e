/**
 * The decisions a visitor made on a brand's public sandbox, kept in this tab's sessionStorage
 * (the server keeps none per visitor): a reload keeps the comparisons, closing the tab or Start
 * over forgets them. Stored verdicts are read back through the contract's schema, so a copy from
 * an older version is dropped rather than shown wrong.
 */
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { VerdictSchema, type Verdict } from '../../contract/demo';

const keyOf = (slug: string) => `trial-verdicts:${slug}`;

export function readVerdicts(slug: string): Verdict[] {
  try {
    const raw = sessionStorage.getItem(keyOf(slug));
    const parsed = z.array(VerdictSchema).safeParse(raw ? JSON.parse(raw) : []);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function writeVerdicts(slug: string, verdicts: readonly Verdict[]): void {
  try {
    if (verdicts.length === 0) sessionStorage.removeItem(keyOf(slug));
    else sessionStorage.setItem(keyOf(slug), JSON.stringify(verdicts));
  } catch {
    // Storage blocked or full: the comparisons last as long as the page.
  }
}

export function usePublicVerdicts(slug: string) {
  const [verdicts, setVerdicts] = useState<Verdict[]>(() => readVerdicts(slug));
  const add = useCallback(
    (verdict: Verdict) =>
      setVerdicts((current) => {
        if (current.some((known) => known.sample_id === verdict.sample_id)) return current;
        const next = [...current, verdict];
        writeVerdicts(slug, next);
        return next;
      }),
    [slug],
  );
  const clear = useCallback(() => {
    writeVerdicts(slug, []);
    setVerdicts([]);
  }, [slug]);
  return { verdicts, add, clear };
}
