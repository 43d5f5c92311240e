import { preview } from '../../../contract/dashboard';
import { formatArrivalTime, formatDateTime } from '../../../lib/dates';
import { TruncatedText } from '../../../ui/data-table/truncated-text';

/** A cell that shows the first characters of a long value (SPEC §9), the whole in a tooltip. */
export function PreviewCell({ value }: { value: string | null | undefined }) {
  return <TruncatedText text={value} cut={(text) => preview(text)} mono />;
}

/** Arrival times (bound_time) and other dates, in UTC. */
export const arrivalTimeCell = ({ getValue }: { getValue: () => string }) =>
  formatArrivalTime(getValue());
export const dateTimeCell = ({ getValue }: { getValue: () => string }) =>
  formatDateTime(getValue());
