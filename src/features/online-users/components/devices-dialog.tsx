import { MonitorSmartphone } from 'lucide-react';
import type { OnlineUser } from '../../../contract/online-users';
import { formatDateTime } from '../../../lib/dates';
import { describeUserAgent } from '../../../lib/user-agent';
import { Dialog } from '../../../ui/dialog';
import { ONLINE_USERS_TEXTS as TEXTS } from '../online-users-texts';

/** The open consoles (tabs, installed apps) of one user: since when, from where, which moderates. */
export function DevicesDialog({ user, onClose }: { user: OnlineUser | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={user ? TEXTS.devicesTitle(user.username) : ''}
      closeLabel="Close"
      size="lg"
      testId="devices-dialog"
    >
      {user && user.devices.length === 0 && (
        <p className="px-5 py-4 text-sm text-stone-600 dark:text-zinc-300">{TEXTS.devicesNone}</p>
      )}
      {user && user.devices.length > 0 && (
        <ul className="divide-y divide-stone-200 dark:divide-zinc-800">
          {user.devices.map((device) => (
            <li key={device.id} className="flex gap-3 px-5 py-3">
              <MonitorSmartphone
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-stone-400 dark:text-zinc-500"
              />
              <dl className="grid min-w-0 flex-1 grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-stone-500 dark:text-zinc-400">{TEXTS.deviceConnected}</dt>
                <dd className="tabular-nums">
                  {formatDateTime(device.connected_at)}
                  {device.moderating && (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
                      {TEXTS.deviceModerates}
                    </span>
                  )}
                </dd>
                <dt className="text-stone-500 dark:text-zinc-400">{TEXTS.deviceAddress}</dt>
                <dd className="font-mono text-xs leading-5">{device.address ?? '—'}</dd>
                <dt className="text-stone-500 dark:text-zinc-400">{TEXTS.deviceBrowser}</dt>
                <dd className="min-w-0">
                  {describeUserAgent(device.user_agent) || '—'}
                  {device.user_agent && (
                    <span className="block text-xs leading-5 break-words text-stone-500 dark:text-zinc-400">
                      {device.user_agent}
                    </span>
                  )}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
