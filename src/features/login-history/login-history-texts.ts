/** Texts of the login history screen, shared by its components and tests. */
export const LOGIN_HISTORY_TEXTS = {
  title: 'User Login History',
  username: 'Username',
  usernameFilter: 'Filter by username',
  address: 'Address',
  addressFilter: 'Filter by address',
  result: 'Result',
  allResults: 'All results',
  success: 'Success',
  failure: 'Failed',
  columns: {
    time: 'Time (UTC)',
    username: 'Username',
    result: 'Result',
    address: 'Address',
    browser: 'Browser',
  },
  showUser: (username: string) => `Show only sign-ins of ${username}`,
  unknownAccount: 'No such account',
  empty: 'No sign-in attempts yet.',
  emptyFiltered: 'No sign-in attempts match the filter.',
} as const;
