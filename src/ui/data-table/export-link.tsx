import { Download } from 'lucide-react';
import { UI_TEXTS } from '../ui-texts';

/**
 * Downloads the CSV export of the list's current filter. The server streams it (sendCsv), so the
 * browser saves it as it arrives instead of the page holding every row; build `href` with
 * `api.href(exportEndpoint, { query: list.filterQuery })`.
 */
export function ExportCsvLink({
  href,
  label = UI_TEXTS.exportCsv,
}: {
  href: string;
  label?: string;
}) {
  return (
    <a
      href={href}
      download
      className="btn-secondary px-2.5 py-1.5"
      title={UI_TEXTS.exportCsvLabel}
      data-testid="export-csv"
    >
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}
