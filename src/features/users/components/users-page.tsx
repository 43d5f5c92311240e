import { Link, useSearch } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { Suspense, lazy, useMemo, useState } from 'react';
import { userEndpoints, type UserRow } from '../../../contract/users';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { USERS_SIGNUPS_TAB } from '../../../contract/routes';
import { TRIAL_SIGNUPS_TEXTS } from '../../trial-signups/trial-signups-texts';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { useCurrentUser } from '../../auth/api/current-user';
import { useUserOptions } from '../api/get-user-options';
import { useUsers } from '../api/get-users';
import type { CreatedUser } from '../api/user-mutations';
import { USERS_PAGE_TEXTS as TEXTS } from '../users-texts';
import { FilterSelect } from '../../../ui/filter-select';
import { OneTimePasswordDialog, type IssuedPassword } from './one-time-password-dialog';
import { userColumns } from './user-columns';
import { UserActionDialog } from './user-action-dialog';
import { UserFormDialog, type UserFormTarget } from './user-form-dialog';
import { UserRowActions, type UserRowAction } from './user-row-actions';

// Loaded when its section opens: most visits to /users are for the accounts.
const TrialSignupsPanel = lazy(() =>
  import('../../trial-signups/components/trial-signups-panel').then((module) => ({
    default: module.TrialSignupsPanel,
  })),
);

/**
 * /users: two sections, chosen in the address: the accounts (the default) and, with
 * ?tab=trial-signups, the contact details prospects left on the public trial pages.
 */
export function UsersPage() {
  const { tab } = useSearch({ strict: false }) as { tab?: string };
  const signups = tab === USERS_SIGNUPS_TAB;
  return (
    <div className="space-y-4">
      <nav
        aria-label={TEXTS.sections}
        className="flex gap-1 border-b border-stone-200 dark:border-zinc-800"
      >
        {/* Explicit undefined: "Users" is current only while the address names no section. */}
        <Link
          to="/users"
          search={{ tab: undefined }}
          activeOptions={{ explicitUndefined: true }}
          className={sectionLink}
        >
          {TEXTS.title}
        </Link>
        <Link to="/users" search={{ tab: USERS_SIGNUPS_TAB }} className={sectionLink}>
          {TRIAL_SIGNUPS_TEXTS.tab}
        </Link>
      </nav>
      {signups ? (
        <Suspense fallback={null}>
          <TrialSignupsPanel />
        </Suspense>
      ) : (
        <UserAccounts />
      )}
    </div>
  );
}

const sectionLink =
  '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-stone-600 hover:text-stone-900 aria-[current=page]:border-gold-500 aria-[current=page]:text-stone-900 dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-[current=page]:text-zinc-100';

/**
 * The accounts: every user, server-paged, with search and filters in the URL
 * (?search=olive&role_id=3&active=true&batch=false&sort=role), a dialog to create or edit a
 * user, and per row: reset the password, clear a sign-in lock, deactivate or reactivate.
 */
function UserAccounts() {
  useDocumentTitle(TEXTS.title);
  const me = useCurrentUser();
  const list = useListSearch(userEndpoints.list);
  const users = useUsers(list.apiQuery);
  const options = useUserOptions();
  const mailEnabled = options.data?.mail_enabled ?? false;
  const [form, setForm] = useState<UserFormTarget | null>(null);
  const [pending, setPending] = useState<{ row: UserRow; action: UserRowAction } | null>(null);
  const columns = useMemo(
    () =>
      userColumns({
        currentUserId: me.id,
        actions: (row) => (
          <UserRowActions
            row={row}
            ownAccount={row.id === me.id}
            mailEnabled={mailEnabled}
            onEdit={() => setForm({ mode: 'edit', user: row })}
            onAction={(action) => setPending({ row, action })}
          />
        ),
      }),
    [me.id, mailEnabled],
  );
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  function onCreated(created: CreatedUser) {
    setForm(null);
    const { access, user } = created;
    if (access.method === 'one_time_password') {
      setIssued({ username: user.username, password: access.password });
    } else if (access.sent) {
      notify.success(TEXTS.invited(access.email));
    } else {
      notify.error(TEXTS.inviteFailed(access.email));
    }
  }

  const roleOptions = (options.data?.roles ?? []).map((role) => ({
    value: String(role.id),
    label: role.name,
  }));

  return (
    <div className="space-y-4">
      <ListTable
        tableId="users"
        title={TEXTS.title}
        titleLevel={1}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `user-row-${row.username}`}
        list={list}
        query={users}
        filters={
          <div className="flex w-full flex-wrap items-center gap-2 lg:w-auto">
            <ListTextFilter
              list={list}
              name="search"
              label={TEXTS.searchLabel}
              placeholder={TEXTS.searchPlaceholder}
            />
            <FilterSelect
              label={TEXTS.roleFilter}
              allLabel={TEXTS.anyRole}
              value={list.search.role_id ?? ''}
              options={roleOptions}
              onChange={(value) => list.setFilters({ role_id: value || undefined })}
            />
            <FilterSelect
              label={TEXTS.statusFilter}
              allLabel={TEXTS.anyStatus}
              value={list.search.active ?? ''}
              options={[
                { value: 'true', label: TEXTS.activeOnly },
                { value: 'false', label: TEXTS.deactivatedOnly },
              ]}
              onChange={(value) => list.setFilters({ active: value || undefined })}
            />
            <FilterSelect
              label={TEXTS.modeFilter}
              allLabel={TEXTS.anyMode}
              value={list.search.batch ?? ''}
              options={[
                { value: 'true', label: TEXTS.batchOnly },
                { value: 'false', label: TEXTS.singleOnly },
              ]}
              onChange={(value) => list.setFilters({ batch: value || undefined })}
            />
          </div>
        }
        actions={
          <button type="button" className="btn-primary" onClick={() => setForm({ mode: 'create' })}>
            <UserPlus aria-hidden="true" className="size-4" />
            {TEXTS.newUser}
          </button>
        }
        exportHref={api.href(userEndpoints.export, { query: list.filterQuery })}
        empty={TEXTS.empty}
        emptyFiltered={TEXTS.emptyFiltered}
        loadingLabel={TEXTS.loading}
        testId="users"
      />

      {form && (
        <UserFormDialog
          key={form.mode === 'edit' ? form.user.id : 'new'}
          target={form}
          options={options.data}
          currentUserId={me.id}
          onClose={() => setForm(null)}
          onCreated={onCreated}
          onSaved={(user) => {
            setForm(null);
            notify.success(TEXTS.saved(user.username));
          }}
        />
      )}
      <UserActionDialog
        pending={pending}
        mailEnabled={mailEnabled}
        onDone={() => setPending(null)}
        onPasswordIssued={setIssued}
      />
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
