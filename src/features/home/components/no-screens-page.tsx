import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentUser } from '../../auth/api/current-user';

/** Shown at '/' only to a role that has no screen in this version yet. */
export function NoScreensPage() {
  useDocumentTitle('Home');
  const user = useCurrentUser();
  return (
    <section className="panel mx-auto mt-10 max-w-lg p-8 text-center">
      <h1 className="text-xl font-semibold">Welcome, {user.first_name || user.username}</h1>
      <p className="mt-3 text-sm text-stone-600 dark:text-zinc-400">
        You are signed in with the role <strong>{user.role}</strong>. This version of the console
        has no screen for your role yet. Ask an administrator if you expected to see one.
      </p>
    </section>
  );
}
