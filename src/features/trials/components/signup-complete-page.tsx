import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { trialBrandQuery } from '../api/trial-queries';
import { TRIAL_TEXTS as TEXTS } from '../trials-texts';
import { PublicFrame } from './public-frame';

/** /trial/regcomplete: thanks a prospect who left their details, and says what comes next. */
export function SignupCompletePage({ brandSlug }: { brandSlug: string | undefined }) {
  useDocumentTitle(TEXTS.doneDocTitle);
  // The trial they came from, for the way back; its page was just open, so it is in the cache.
  const brand = useQuery({ ...trialBrandQuery(brandSlug ?? ''), enabled: Boolean(brandSlug) });
  return (
    <PublicFrame brand={brand.data}>
      <section className="mx-auto max-w-2xl space-y-6 py-4">
        <div className="flex items-start gap-3">
          <CheckCircle2
            aria-hidden="true"
            className="mt-1 size-8 shrink-0 text-emerald-600 dark:text-emerald-400"
          />
          <div>
            <h1 className="text-2xl font-semibold">{TEXTS.doneTitle}</h1>
            <p className="mt-2 text-stone-700 dark:text-zinc-300">{TEXTS.doneBody}</p>
          </div>
        </div>
        <div className="panel p-5">
          <h2 className="text-base font-semibold">{TEXTS.doneNextTitle}</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-stone-700 dark:text-zinc-300">
            {TEXTS.doneSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <div className="flex flex-wrap gap-3">
          {brand.data && (
            <Link to="/trial/$brand" params={{ brand: brand.data.slug }} className="btn-primary">
              {TEXTS.doneBack(brand.data.name)}
            </Link>
          )}
          <Link
            to="/demo-v2"
            search={brand.data ? { brand: brand.data.slug } : {}}
            className="btn-secondary"
          >
            {TEXTS.doneTour}
          </Link>
        </div>
      </section>
    </PublicFrame>
  );
}

const completeRoute = getRouteApi('/trial/regcomplete');

export function SignupCompleteRoute() {
  const { brand } = completeRoute.useSearch();
  return <SignupCompletePage brandSlug={brand} />;
}
