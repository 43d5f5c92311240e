import { Copy } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../../lib/notices';
import { curlSample, typescriptSample, type SampleInput } from '../api-samples';
import { SANDBOX_UI_TEXTS as TEXTS } from '../sandbox-texts';

async function copy(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notify.success(TEXTS.copied);
  } catch {
    notify.error(TEXTS.copyFailed);
  }
}

/** The ingest call for the chosen service, as curl and as TypeScript, each with a copy button. */
export function ApiSamplesPanel({ input }: { input: SampleInput }) {
  const [tab, setTab] = useState<'curl' | 'typescript'>('curl');
  const samples = { curl: curlSample(input), typescript: typescriptSample(input) };
  return (
    <section className="panel min-w-0 space-y-3 p-5" aria-labelledby="sandbox-samples-title">
      <h2 id="sandbox-samples-title" className="text-base font-semibold">
        {TEXTS.samples}
      </h2>
      <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.samplesHint}</p>
      <div className="flex items-center justify-between gap-2">
        <div role="tablist" aria-label={TEXTS.samples} className="flex gap-1">
          {(['curl', 'typescript'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`sample-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="sample-panel"
              className={tab === name ? 'btn-secondary' : 'btn-ghost'}
              onClick={() => setTab(name)}
            >
              {TEXTS[name]}
            </button>
          ))}
        </div>
        <button type="button" className="btn-secondary" onClick={() => void copy(samples[tab])}>
          <Copy aria-hidden="true" className="size-4" />
          {TEXTS.copy}
        </button>
      </div>
      <pre
        id="sample-panel"
        role="tabpanel"
        aria-labelledby={`sample-tab-${tab}`}
        tabIndex={0}
        className="overflow-auto rounded-md bg-stone-100 p-3 text-xs dark:bg-zinc-950"
        data-testid={`sample-${tab}`}
      >
        {samples[tab]}
      </pre>
    </section>
  );
}
