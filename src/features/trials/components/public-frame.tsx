import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicBrand } from '../../../contract/trials';
import { toggleTheme, useTheme } from '../../../lib/theme';
import { brandStyle } from '../brand-theme';
import { TRIAL_TEXTS as TEXTS } from '../trials-texts';

export type TrialPage = 'sandbox' | 'text' | 'counter' | 'tour';

function ThemeToggle() {
  const theme = useTheme();
  const label = theme === 'dark' ? TEXTS.themeToLight : TEXTS.themeToDark;
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className="grid size-9 shrink-0 place-items-center rounded-md hover:bg-black/10 dark:hover:bg-white/10"
    >
      {theme === 'dark' ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}

const navLink =
  'rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-black/10 aria-[current=page]:underline aria-[current=page]:underline-offset-4 dark:hover:bg-white/10';

function BrandNav({ slug, current }: { slug: string; current: TrialPage | undefined }) {
  const here = (page: TrialPage) => (page === current ? ('page' as const) : undefined);
  return (
    <nav aria-label={TEXTS.nav.label} className="-mx-2 flex flex-wrap items-center gap-0.5">
      <Link
        to="/trial/$brand"
        params={{ brand: slug }}
        className={navLink}
        aria-current={here('sandbox')}
      >
        {TEXTS.nav.sandbox}
      </Link>
      <Link
        to="/trial/$brand/text"
        params={{ brand: slug }}
        className={navLink}
        aria-current={here('text')}
      >
        {TEXTS.nav.text}
      </Link>
      <Link
        to="/trial/$brand/public"
        params={{ brand: slug }}
        className={navLink}
        aria-current={here('counter')}
      >
        {TEXTS.nav.counter}
      </Link>
      <Link to="/demo-v2" search={{ brand: slug }} className={navLink} aria-current={here('tour')}>
        {TEXTS.nav.tour}
      </Link>
    </nav>
  );
}

/**
 * The frame of the public pages (SPEC §2: the console's layout is hidden on them): a header in
 * the brand's colours with the trial's pages and a theme switch, the page, and a footer saying
 * that nothing here is real moderation. Without a brand (the tour, the thank-you page) the
 * header is the console's own.
 */
export function PublicFrame({
  brand,
  current,
  children,
}: {
  brand?: Pick<PublicBrand, 'slug' | 'name' | 'primary_color' | 'accent_color'> | undefined;
  current?: TrialPage;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col" style={brand ? brandStyle(brand) : undefined}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-gold-500 focus:px-3 focus:py-2 focus:text-zinc-950"
      >
        Skip to content
      </a>
      <header
        className={clsx(
          brand
            ? 'bg-(--brand) text-(--brand-fg)'
            : 'border-b border-stone-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
        )}
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="flex items-center gap-2.5">
            <span
              aria-hidden="true"
              className={clsx(
                'grid size-9 place-items-center rounded-full border-2 text-sm font-bold',
                brand ? 'border-current' : 'border-gold-500 text-gold-700 dark:text-gold-400',
              )}
            >
              {brand ? brand.name.charAt(0).toUpperCase() : 'M'}
            </span>
            <span className="leading-tight">
              <span className="block font-semibold">{brand ? brand.name : TEXTS.product}</span>
              {brand && <span className="block text-xs opacity-90">{TEXTS.product} trial</span>}
            </span>
          </p>
          {brand && <BrandNav slug={brand.slug} current={current} />}
          <div className="ml-auto flex items-center gap-2">
            <Link
              to="/login"
              className="rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-black/10 dark:hover:bg-white/10"
            >
              {TEXTS.signIn}
            </Link>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
        {children}
      </main>
      <footer className="border-t border-stone-200 px-4 py-4 text-center text-xs text-stone-600 dark:border-zinc-800 dark:text-zinc-400">
        {TEXTS.footer}
      </footer>
    </div>
  );
}
