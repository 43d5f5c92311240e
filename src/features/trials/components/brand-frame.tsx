import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicBrand } from '../../../contract/trials';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { trialBrandQuery } from '../api/trial-queries';
import { TRIAL_TEXTS as TEXTS } from '../trials-texts';
import { PublicFrame, type TrialPage } from './public-frame';

function BrandNotFound({ slug }: { slug: string }) {
  useDocumentTitle(TEXTS.notFoundTitle);
  return (
    <PublicFrame>
      <section className="mx-auto mt-10 max-w-md text-center">
        <p className="text-5xl font-bold text-gold-700 dark:text-gold-500">404</p>
        <h1 className="mt-3 text-xl font-semibold">{TEXTS.notFoundTitle}</h1>
        <p className="mt-2 text-sm text-stone-600 dark:text-zinc-400">{TEXTS.notFoundBody(slug)}</p>
        <Link to="/demo-v2" className="btn-primary mt-6">
          {TEXTS.notFoundTour}
        </Link>
      </section>
    </PublicFrame>
  );
}

/**
 * A public trial page of one brand: loads the brand named in the address and shows the page in
 * its frame, or a clear not-found page for an unknown or inactive brand.
 */
export function BrandFrame({
  slug,
  current,
  children,
}: {
  slug: string;
  current: TrialPage;
  children: (brand: PublicBrand) => ReactNode;
}) {
  const brand = useQuery(trialBrandQuery(slug));
  if (brand.error instanceof ApiError && brand.error.code === 'not_found') {
    return <BrandNotFound slug={slug} />;
  }
  if (!brand.data) {
    return (
      <PublicFrame>
        {brand.error ? (
          <div role="alert" className="panel flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
            {TEXTS.loadFailed(errorMessage(brand.error))}
            <button
              type="button"
              className="btn-secondary ml-auto py-1.5"
              onClick={() => void brand.refetch()}
            >
              {TEXTS.retry}
            </button>
          </div>
        ) : (
          <p
            role="status"
            className="flex items-center gap-2 text-sm text-stone-600 dark:text-zinc-400"
          >
            <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {TEXTS.loadingBrand}
          </p>
        )}
      </PublicFrame>
    );
  }
  return (
    <PublicFrame brand={brand.data} current={current}>
      {children(brand.data)}
    </PublicFrame>
  );
}
