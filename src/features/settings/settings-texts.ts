/** The words of the /settings screen, one place for the components and their tests. */
export const SETTINGS_TEXTS = {
  title: 'Settings',
  intro:
    'System settings apply to every server at once, without a restart. A setting pinned by an environment variable can only be changed there.',
  loading: 'Loading settings',
  save: 'Save',
  saving: 'Saving…',
  /** SPEC §8: the success notice of a save. */
  saved: 'Saved',
  nothingChanged: 'Nothing to save',
  pinnedBy: (variable: string) => `Pinned by ${variable}`,
  pinnedHint: (variable: string) =>
    `Set by the environment variable ${variable}; change it there and restart the server.`,
  defaultIs: (value: string) => `Default: ${value}`,
  range: (min: number, max: number, unit: string) => `${min}–${max} ${unit}`,
  changedBy: (who: string | null, when: string) =>
    who ? `Changed by ${who}, ${when}` : `Changed by the system, ${when}`,
  neverChanged: 'Never changed',
  on: 'On',
  off: 'Off',
  secretSet: 'Set',
  secretNotSet: 'Not set',
  secretPlaceholderSet: 'Set — type a new key to replace it',
  secretPlaceholderNotSet: 'Not set',
  scheduleHint: 'Seconds, separated by commas.',
  scheduleSpan: (waits: string, total: string) =>
    `${waits}: an item is retried for ${total} before it is Stuck Failed`,
} as const;
