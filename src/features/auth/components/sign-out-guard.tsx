import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Dialog } from '../../../ui/lazy-dialog';
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
        title={SIGN_OUT_TEXTS.title}
        description={SIGN_OUT_TEXTS.body(waiting)}
        testId="sign-out-guard"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={confirm}>
              {SIGN_OUT_TEXTS.signOut}
            </button>
            {/* Staying is the safe answer: focus starts there. */}
            <button
              type="button"
              className="btn-primary"
              onClick={() => setPending(null)}
              data-autofocus
            >
              {SIGN_OUT_TEXTS.stay}
            </button>
          </>
        }
      />
    </RequestSignOutContext.Provider>
  );
}

/** The sign-out every Logout control uses: asks first when work is still waiting to be sent. */
export function useRequestSignOut(): RequestSignOut {
  const request = useContext(RequestSignOutContext);
  if (!request) throw new Error('useRequestSignOut needs a SignOutGuard above it.');
  return request;
}
