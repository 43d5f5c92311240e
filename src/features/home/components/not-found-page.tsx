import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const NOT_FOUND_TEXTS = {
  title: 'Page not found',
  body: 'This page does not exist, or your role cannot open it.',
} as const;

export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TEXTS.title);
  return (
    <section className="mx-auto mt-16 max-w-md px-4 text-center">
      <p className="text-5xl font-bold text-gold-600 dark:text-gold-500">404</p>
      <h1 className="mt-3 text-xl font-semibold">{NOT_FOUND_TEXTS.title}</h1>
      <p className="mt-2 text-sm text-stone-600 dark:text-zinc-400">{NOT_FOUND_TEXTS.body}</p>
      <Link to="/" className="btn-primary mt-6">
        Go to the start page
      </Link>
    </section>
  );
}
