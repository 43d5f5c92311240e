import { Link } from '@tanstack/react-router';
import { Ban } from 'lucide-react';
import { canOpen } from '../../../contract/routes';
import { useCurrentUser } from '../../auth/api/current-user';
import { useDisabledDeliveries } from '../api/aggregator-queries';
import { AGGREGATOR_TEXTS as TEXTS } from '../aggregator-texts';

/**
 * The dashboard's line about services whose callback answered 410 Gone: their results are no
 * longer sent until an administrator enables delivery on /aggregator. Nothing when there are none.
 */
export function DeliveryDisabledNotice() {
  const { permissions } = useCurrentUser();
  const disabled = useDisabledDeliveries();
  const services = disabled.data ?? [];
  if (services.length === 0) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-300"
      data-testid="delivery-disabled-notice"
    >
      <Ban aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {TEXTS.dashboardNotice(services.map((service) => service.service_name).join(', '))}
      </span>
      {canOpen('/aggregator', permissions) && (
        <Link to="/aggregator" className="font-medium underline underline-offset-2">
          {TEXTS.dashboardNoticeLink}
        </Link>
      )}
    </p>
  );
}
