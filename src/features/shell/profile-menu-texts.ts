/** The developer's 'Moderating' line under the socket list; shared by the menu and tests. */
export const MODERATING_TEXTS = {
  label: 'Moderating',
  yes: 'yes, in one tab',
  no: 'no',
} as const;
