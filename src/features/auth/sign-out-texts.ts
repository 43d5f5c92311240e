/** The question before signing out with work still waiting; shared by the dialog and tests. */
export const SIGN_OUT_TEXTS = {
  title: 'Your work has not all been sent',
  body: (count: number) =>
    count === 1
      ? '1 entry of your work has not reached the server yet. It stays safely on this device and is sent as soon as you sign in here again.'
      : `${count} entries of your work have not reached the server yet. They stay safely on this device and are sent as soon as you sign in here again.`,
  stay: 'Stay signed in',
  signOut: 'Sign out anyway',
} as const;
