/** Texts of the Online Users screen, shared by its components and tests. */
export const ONLINE_USERS_TEXTS = {
  title: 'Online Users',
  live: 'Live',
  liveHint: 'Refreshed every 2 seconds',
  reconnecting: 'Reconnecting…',
  search: 'Search users',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  itemsHeldTotal: (count: number) => `${count} item${count === 1 ? '' : 's'} held`,
  columns: {
    user: 'User',
    status: 'Status',
    since: 'Since (UTC)',
    items: 'Items held',
  },
  devicesButton: (count: number, username: string) =>
    `${count} console${count === 1 ? '' : 's'} open: ${username}`,
  devicesShort: (count: number) => `${count} console${count === 1 ? '' : 's'} open`,
  devicesTitle: (username: string) => `Open consoles of ${username}`,
  devicesNone:
    'No console of this user is open. Their items stay theirs until the grace period ends, then go back to the queue.',
  deviceConnected: 'Connected',
  deviceAddress: 'Address',
  deviceBrowser: 'Browser',
  deviceModerates: 'Moderates here',
  kick: 'Sign out',
  park: 'Park',
  kickLabel: (username: string) => `Sign out ${username}`,
  parkLabel: (username: string) => `Park ${username}`,
  kickTitle: (username: string) => `Sign out ${username}?`,
  kickBody:
    'Every session of this user ends now and each of their open consoles returns to the sign-in page. Items they hold go back to the queue. Results waiting on their device are kept there and sent after they sign in again.',
  kickConfirm: 'Sign out',
  kickBusy: 'Signing out…',
  parkTitle: (username: string) => `Park ${username}?`,
  parkBody:
    'Moderation stops on their console and the items they hold go back to the queue at once. They stay signed in and can resume when they choose.',
  parkConfirm: 'Park',
  parkBusy: 'Parking…',
  kicked: (username: string) => `${username} was signed out`,
  parked: (username: string) => `${username} was parked`,
  errorPrefix: 'Error: ',
  you: 'you',
  empty: 'Nobody is signed in right now.',
  emptyFiltered: 'Nobody matches the filter.',
  loadFailed: (message: string) => `The live list could not be loaded: ${message}`,
  forbidden: 'You may no longer see who is online.',
  duration: (minutes: number) =>
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `for ${minutes} min`
        : `for ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`,
} as const;
