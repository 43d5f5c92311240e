import { getRouteApi } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { summarize, type DecisionBody } from '../../../contract/demo';
import { trialEndpoints, type PublicBrand } from '../../../contract/trials';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DemoSandbox } from '../../demo/components/demo-sandbox';
import { SandboxFailed, SandboxLoading } from '../../demo/components/sandbox-states';
import { trialCompactQuery } from '../api/trial-queries';
import { usePublicVerdicts } from '../public-verdicts';
import { TRIAL_TEXTS as TEXTS } from '../trials-texts';
import { BrandFrame } from './brand-frame';
import { SignupForm } from './signup-form';

function BrandSandbox({ brand }: { brand: PublicBrand }) {
  useDocumentTitle(TEXTS.sandboxDocTitle(brand.name));
  const compact = useQuery(trialCompactQuery(brand.slug));
  const { verdicts, add, clear } = usePublicVerdicts(brand.slug);
  const result = useMemo(() => {
    // Only the samples the brand shows now: an administrator may have changed its set since.
    const ids = new Set(compact.data?.items.map((item) => item.id));
    const current = verdicts.filter((verdict) => ids.has(verdict.sample_id));
    return { verdicts: current, summary: summarize(current, ids.size) };
  }, [verdicts, compact.data]);
  const set = brand.sample_set;

  return (
    <div className="space-y-6">
      <section className="space-y-2">
        <h1 className="text-2xl font-semibold text-balance">{TEXTS.sandboxTitle(brand.name)}</h1>
        {brand.headline && (
          <p className="text-base text-stone-700 dark:text-zinc-300">{brand.headline}</p>
        )}
        <p className="max-w-3xl text-sm text-stone-600 dark:text-zinc-400">
          {TEXTS.sandboxIntro(set.size, set.description)}
        </p>
        <p className="text-xs text-stone-600 dark:text-zinc-400">{TEXTS.sandboxPrivacy}</p>
      </section>
      {compact.error ? (
        <SandboxFailed error={compact.error} onRetry={() => void compact.refetch()} />
      ) : compact.data ? (
        <DemoSandbox
          source={{
            sandbox: compact.data,
            result,
            serviceName: brand.name,
            accent: brand.accent_color,
            submit: async (body: DecisionBody) => {
              const verdict = (
                await api.call(trialEndpoints.submit, { params: { brand: brand.slug }, body })
              ).data;
              add(verdict);
              return verdict;
            },
            reset: async () => clear(),
          }}
        />
      ) : (
        <SandboxLoading />
      )}
      <SignupForm brand={brand} />
    </div>
  );
}

/** /trial/<brand>: a prospect moderates the brand's sample set, no sign-in. */
export function TrialSandboxPage({ slug }: { slug: string }) {
  return (
    <BrandFrame slug={slug} current="sandbox">
      {(brand) => <BrandSandbox brand={brand} />}
    </BrandFrame>
  );
}

const sandboxRoute = getRouteApi('/trial/$brand');

export function TrialSandboxRoute() {
  const { brand } = sandboxRoute.useParams();
  return <TrialSandboxPage slug={brand} />;
}
