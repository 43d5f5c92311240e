import { LoaderCircle } from 'lucide-react';
import { SETTING_GROUPS, type SettingRow } from '../../../contract/settings';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSettings } from '../api/get-settings';
import { SETTINGS_TEXTS as TEXTS } from '../settings-texts';
import { SettingsGroupForm } from './settings-group-form';

/** What identifies the saved state of a group: a change anywhere remounts its form. */
function versionOf(rows: SettingRow[]): string {
  return JSON.stringify(rows.map((row) => [row.value, row.is_set, row.pinned, row.updated_at]));
}

/** /settings: every system setting in its group, each group saved on its own. */
export function SettingsPage() {
  useDocumentTitle(TEXTS.title);
  const settings = useSettings();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{TEXTS.title}</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>
      </div>
      {settings.isPending && (
        <p
          className="flex items-center gap-2 text-sm text-stone-500 dark:text-zinc-400"
          role="status"
        >
          <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {TEXTS.loading}
        </p>
      )}
      {settings.isError && (
        <div role="alert" className="panel flex items-center justify-between gap-4 p-4 text-sm">
          <span>{errorMessage(settings.error)}</span>
          <button type="button" className="btn-ghost" onClick={() => void settings.refetch()}>
            Retry
          </button>
        </div>
      )}
      {settings.data && (
        <div className="space-y-6">
          {SETTING_GROUPS.map((group) => {
            const rows = settings.data.filter((row) => row.group === group);
            if (rows.length === 0) return null;
            return (
              <SettingsGroupForm key={`${group}:${versionOf(rows)}`} group={group} rows={rows} />
            );
          })}
        </div>
      )}
    </div>
  );
}
