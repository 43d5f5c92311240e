import { Ban } from 'lucide-react';
import type { ServiceTokenRow } from '../../../contract/service-tokens';
import { formatDateTime, isZeroDate } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';
import { formatExpiresAt, hasExpired } from '../token-dates';

const [serviceHeader, expiresHeader, revokedHeader, createdHeader] = TEXTS.columns;

function ExpiresCell({ value }: { value: string | null }) {
  return (
    <span className={value === null ? 'text-stone-500 dark:text-zinc-400' : undefined}>
      {formatExpiresAt(value)}
      {hasExpired(value) && (
        <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-700 dark:bg-zinc-800 dark:text-zinc-300">
          {TEXTS.expired}
        </span>
      )}
    </span>
  );
}

function RevokedCell({ value }: { value: string | null }) {
  if (value === null) {
    return <span className="text-stone-500 dark:text-zinc-400">{TEXTS.notRevoked}</span>;
  }
  // A revoked token whose date is a zero date still reads as revoked.
  return (
    <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-400">
      <Ban aria-hidden="true" className="size-3.5" />
      {isZeroDate(value) ? 'Yes' : formatDateTime(value)}
    </span>
  );
}

const column = createColumnHelper<ServiceTokenRow>();

/** The token list's columns (SPEC §2): Service, Expires At, Revoked, Created; then Actions. */
export const SERVICE_TOKEN_COLUMNS = [
  column.accessor('service_name', { header: serviceHeader, meta: { rowHeader: true } }),
  column.accessor('expires_at', {
    header: expiresHeader,
    cell: ({ getValue }) => <ExpiresCell value={getValue()} />,
  }),
  column.accessor('revoked_at', {
    header: revokedHeader,
    cell: ({ getValue }) => <RevokedCell value={getValue()} />,
  }),
  column.accessor('created_at', {
    header: createdHeader,
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
];
