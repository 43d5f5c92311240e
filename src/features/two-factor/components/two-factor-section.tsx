import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { Dialog } from '../../../ui/dialog';
import {
  twoFactorStatusQuery,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useTwoFactorRefresh,
} from '../api/two-factor-calls';
import { TWO_FACTOR_UI_TEXTS as T } from '../two-factor-texts';
import { RecoveryCodes } from './recovery-codes';
import { SetupSteps } from './setup-steps';
import { VerifyDialog } from './verify-dialog';

type Open = 'setup' | 'codes' | 'regenerate' | 'disable' | null;

/** The profile's "Two-factor sign-in" panel: status, setup, new recovery codes, turning off. */
export function TwoFactorSection() {
  const status = useQuery(twoFactorStatusQuery);
  const refresh = useTwoFactorRefresh();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [open, setOpen] = useState<Open>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const finish = () => {
    setOpen(null);
    setCodes(null);
    void refresh();
  };

  let body: React.ReactNode;
  if (status.isPending) {
    body = <p className="text-sm text-stone-500 dark:text-zinc-400">Loading…</p>;
  } else if (status.isError) {
    body = (
      <p className="text-sm text-red-700 dark:text-red-400">
        {T.loadFailed} {errorMessage(status.error)}
      </p>
    );
  } else {
    const data = status.data;
    body = (
      <div className="space-y-4">
        <dl className="divide-y divide-stone-200 text-sm dark:divide-zinc-800">
          <div className="grid grid-cols-3 gap-4 py-2.5">
            <dt className="text-stone-500 dark:text-zinc-400">{T.statusLabel}</dt>
            <dd className="col-span-2 flex items-center gap-1.5 font-medium">
              {data.enabled ? (
                <ShieldCheck
                  aria-hidden="true"
                  className="size-4 text-emerald-600 dark:text-emerald-400"
                />
              ) : (
                <ShieldOff
                  aria-hidden="true"
                  className="size-4 text-stone-400 dark:text-zinc-500"
                />
              )}
              {data.enabled ? T.statusOn : T.statusOff}
            </dd>
          </div>
          {data.enabled && (
            <>
              <div className="grid grid-cols-3 gap-4 py-2.5">
                <dt className="text-stone-500 dark:text-zinc-400">{T.enabledSince}</dt>
                <dd className="col-span-2 font-medium">{formatDateTime(data.enabled_at)}</dd>
              </div>
              <div className="grid grid-cols-3 gap-4 py-2.5">
                <dt className="text-stone-500 dark:text-zinc-400">{T.recoveryLeft}</dt>
                <dd className="col-span-2 font-medium">{data.recovery_codes_left}</dd>
              </div>
            </>
          )}
        </dl>
        {data.required && (
          <p className="text-sm text-stone-600 dark:text-zinc-400">{T.requiredByRole}</p>
        )}
        {data.enabled ? (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setOpen('regenerate')}>
              {T.regenerate}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setOpen('disable')}>
              {T.disable}
            </button>
          </div>
        ) : (
          <>
            <p className="text-sm text-stone-600 dark:text-zinc-400">{T.offIntro}</p>
            <button type="button" className="btn-primary" onClick={() => setOpen('setup')}>
              {T.setUp}
            </button>
          </>
        )}
      </div>
    );
  }

  return (
    <section className="panel p-6" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="mb-3 text-base font-semibold">
        {T.section}
      </h2>
      {body}
      <Dialog
        open={open === 'setup' || open === 'codes'}
        onClose={open === 'codes' ? () => undefined : () => setOpen(null)}
        // The recovery codes cannot be shown again: only Done closes them.
        onEscape={open === 'codes' ? null : undefined}
        closeOnBackdrop={open !== 'codes'}
        title={open === 'codes' ? T.codesTitle : T.setupTitle}
        size="sm"
        testId="two-factor-dialog"
      >
        {open === 'codes' && codes ? (
          <RecoveryCodes codes={codes} onDone={finish} />
        ) : (
          <SetupSteps
            onEnabled={(recoveryCodes) => {
              setCodes(recoveryCodes);
              setOpen('codes');
            }}
          />
        )}
      </Dialog>
      <VerifyDialog
        open={open === 'regenerate'}
        title={T.regenerateTitle}
        intro={T.regenerateIntro}
        confirmLabel={T.regenerate}
        busy={regenerate.isPending}
        onClose={() => setOpen(null)}
        onSubmit={async (proof) => {
          setCodes(await regenerate.mutateAsync(proof));
          setOpen('codes');
        }}
      />
      <VerifyDialog
        open={open === 'disable'}
        title={T.disableTitle}
        intro={T.disableIntro}
        confirmLabel={T.disable}
        busy={disable.isPending}
        onClose={() => setOpen(null)}
        onSubmit={async (proof) => {
          await disable.mutateAsync(proof);
          notify.success(T.disabled);
          setOpen(null);
        }}
      >
        {status.data?.required && (
          <p className="text-sm text-amber-700 dark:text-amber-400">{T.disableRequired}</p>
        )}
      </VerifyDialog>
    </section>
  );
}
