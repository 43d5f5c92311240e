import clsx from 'clsx';
import { Ban } from 'lucide-react';
import { SERVICE_TOKEN_TEXTS, type ServiceTokenRow } from '../../../contract/service-tokens';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';
import { formatExpiresAt, formatTokenDate, hasExpired, isZeroDate } from '../token-dates';

const [serviceHeader, expiresHeader, revokedHeader, createdHeader, actionsHeader] = TEXTS.columns;

const headerCell =
  'bg-stone-50 px-4 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase dark:bg-zinc-900 dark:text-zinc-400';

function ExpiresCell({ value }: { value: string | null }) {
  const text = formatExpiresAt(value);
  const expired = hasExpired(value);
  return (
    <td
      className={clsx(
        'px-4 py-2 whitespace-nowrap',
        value === null && 'text-stone-500 dark:text-zinc-400',
      )}
    >
      {text}
      {expired && (
        <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-700 dark:bg-zinc-800 dark:text-zinc-300">
          {TEXTS.expired}
        </span>
      )}
    </td>
  );
}

function RevokedCell({ value }: { value: string | null }) {
  if (value === null) {
    return <td className="px-4 py-2 text-stone-500 dark:text-zinc-400">{TEXTS.notRevoked}</td>;
  }
  // A revoked token whose date is a zero date still reads as revoked.
  const text = isZeroDate(value) ? 'Yes' : formatTokenDate(value);
  return (
    <td className="px-4 py-2 whitespace-nowrap text-red-700 dark:text-red-400">
      <span className="inline-flex items-center gap-1.5">
        <Ban aria-hidden="true" className="size-3.5" />
        {text}
      </span>
    </td>
  );
}

/** The token list (SPEC §2): Service, Expires At, Revoked, Created, Actions. */
export function ServiceTokensTable({
  rows,
  canRevoke,
  onRevoke,
  empty,
  busy,
}: {
  rows: ServiceTokenRow[];
  canRevoke: boolean;
  onRevoke: (token: ServiceTokenRow) => void;
  empty: string;
  busy: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table
        className={clsx('w-full border-collapse text-sm transition-opacity', busy && 'opacity-60')}
        aria-busy={busy}
        data-testid="service-tokens-table"
      >
        <caption className="sr-only">{SERVICE_TOKEN_TEXTS.title}</caption>
        <thead>
          <tr className="border-b border-stone-200 dark:border-zinc-800">
            <th scope="col" className={headerCell}>
              {serviceHeader}
            </th>
            <th scope="col" className={headerCell}>
              {expiresHeader}
            </th>
            <th scope="col" className={headerCell}>
              {revokedHeader}
            </th>
            <th scope="col" className={headerCell}>
              {createdHeader}
            </th>
            <th scope="col" className={clsx(headerCell, 'text-right')}>
              {actionsHeader}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-zinc-800/70">
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={5}
                className="px-4 py-10 text-center text-sm text-stone-500 dark:text-zinc-400"
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                className="hover:bg-stone-50 dark:hover:bg-zinc-800/40"
                data-testid={`token-row-${row.id}`}
              >
                <th scope="row" className="px-4 py-2 text-left font-medium">
                  {row.service_name}
                </th>
                <ExpiresCell value={row.expires_at} />
                <RevokedCell value={row.revoked_at} />
                <td className="px-4 py-2 whitespace-nowrap">{formatTokenDate(row.created_at)}</td>
                <td className="px-4 py-1 text-right">
                  {canRevoke && row.revoked_at === null && (
                    <button
                      type="button"
                      className="btn-ghost px-2.5 py-1 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
                      aria-label={TEXTS.revokeLabel(row.service_name)}
                      onClick={() => onRevoke(row)}
                    >
                      <Ban aria-hidden="true" className="size-4" />
                      {TEXTS.revoke}
                    </button>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
