import clsx from 'clsx';
import type { ReactNode } from 'react';

/** The centred card of the sign-in, forgot-password and reset-password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="panel w-full max-w-sm p-8">
        <div className="mb-6 flex flex-col items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-full border-2 border-gold-500 text-lg font-bold text-gold-600 dark:text-gold-400"
          >
            M
          </span>
          <h1
            className={clsx(
              'text-center text-xl font-semibold text-balance',
              // The wide brand spacing suits the short upper-case titles, not a sentence.
              title === title.toUpperCase() && 'tracking-[0.2em]',
            )}
          >
            {title}
          </h1>
        </div>
        {children}
      </div>
    </main>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className="inline-block size-4 motion-safe:animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}
