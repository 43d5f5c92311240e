import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { outbox } from '../../outbox/outbox-instance';
import { useOutbox } from '../../outbox/use-outbox';
import { useSignOut } from '../api/use-sign-out';
import { SIGN_OUT_TEXTS } from '../sign-out-texts';

type SignOutOptions = { to?: string };
type RequestSignOut = (options?: SignOutOptions) => void;

const RequestSignOutContext = createContext<RequestSignOut | null>(null);

/**
 * Signing out with outbox entries still waiting asks first (the entries are kept either way, for
 * this user on this device). Mounted once in the signed-in layout; forced sign-outs such as
 * kick-me call useSignOut directly and do not ask.
 */
export function SignOutGuard({ children }: { children: ReactNode }) {
  const signOut = useSignOut();
  const { waiting } = useOutbox();
  const [pending, setPending] = useState<SignOutOptions | null>(null);

  const request = useCallback<RequestSignOut>(
    (options = {}) => {
      if (outbox.getSnapshot().waiting > 0) setPending(options);
      else void signOut(options);
    },
    [signOut],
  );

  function confirm() {
    const options = pending ?? {};
    setPending(null);
    void signOut(options);
  }

  return (
    <RequestSignOutContext.Provider value={request}>
      {children}
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        role="alertdialog"
        className="relative z-50"
      >
        <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="panel w-full max-w-md p-6" data-testid="sign-out-guard">
            <DialogTitle className="text-lg font-semibold">{SIGN_OUT_TEXTS.title}</DialogTitle>
            <p className="mt-2 text-sm text-stone-600 dark:text-zinc-300">
              {SIGN_OUT_TEXTS.body(waiting)}
            </p>
            <div className="mt-6 flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={confirm}>
                {SIGN_OUT_TEXTS.signOut}
              </button>
              <button
                type="button"
                className="btn-primary"
                onClick={() => setPending(null)}
                data-autofocus
              >
                {SIGN_OUT_TEXTS.stay}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </RequestSignOutContext.Provider>
  );
}

/** The sign-out every Logout control uses: asks first when work is still waiting to be sent. */
export function useRequestSignOut(): RequestSignOut {
  const request = useContext(RequestSignOutContext);
  if (!request) throw new Error('useRequestSignOut needs a SignOutGuard above it.');
  return request;
}
