import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { demoCompactQuery, demoResultQuery, useDemoActions } from '../api/demo-calls';
import { SANDBOX_TEXTS as TEXTS } from '../demo-texts';
import { DemoSandbox } from './demo-sandbox';
import { SandboxFailed, SandboxLoading } from './sandbox-states';

/** The console's gold (--color-gold-500), for the progress bar of the demo role's sandbox. */
const GOLD = '#c9a227';

/**
 * /trial-page: the demo role's private sandbox. Sample content with AI suggestions, moderated
 * as on /moderation; each decision is compared with the reference result and kept on the server
 * until Start over. Nothing reaches the queue or a service.
 */
export function DemoPage() {
  useDocumentTitle(TEXTS.demoTitle);
  const compact = useQuery(demoCompactQuery);
  const result = useQuery(demoResultQuery);
  const actions = useDemoActions();
  const failed = compact.error ?? result.error;

  return (
    <div className="space-y-4 pb-12">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{TEXTS.demoTitle}</h1>
        <span className="flex items-center gap-2 rounded-md border border-gold-500/60 bg-gold-500/10 px-3 py-1 text-xs font-semibold tracking-wide text-gold-800 dark:text-gold-300">
          <FlaskConical aria-hidden="true" className="size-4" />
          {TEXTS.demoBanner}
        </span>
      </div>
      <p className="max-w-3xl text-sm text-stone-600 dark:text-zinc-400">{TEXTS.demoNote}</p>
      {failed ? (
        <SandboxFailed
          error={failed}
          onRetry={() => {
            void compact.refetch();
            void result.refetch();
          }}
        />
      ) : compact.data && result.data ? (
        <DemoSandbox
          source={{
            sandbox: compact.data,
            result: result.data,
            serviceName: compact.data.set.title,
            accent: GOLD,
            ...actions,
          }}
        />
      ) : (
        <SandboxLoading />
      )}
    </div>
  );
}
