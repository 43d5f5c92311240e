import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentUser } from '../../auth/api/current-user';

/**
 * Shown at '/' only to a user whose role opens no screen at all: an administrator's own role
 * without any section permission. Every built-in role lands on a screen of its own.
 */
export function NoScreensPage() {
  useDocumentTitle('Home');
  const user = useCurrentUser();
  return (
    <section className="panel mx-auto mt-10 max-w-lg p-8 text-center">
      <h1 className="text-xl font-semibold">Welcome, {user.first_name || user.username}</h1>
      <p className="mt-3 text-sm text-stone-600 dark:text-zinc-400">
        You are signed in with the role <strong>{user.role}</strong>, which opens no screen of the
        console. Ask an administrator to give your role the screens you need on Roles and
        Permissions.
      </p>
    </section>
  );
}
