/** Texts of the update prompt and the connection status, shared by components and tests. */
export const PWA_TEXTS = {
  updateAvailable: 'A new version is available',
  reload: 'Reload',
  finishingSending: 'Sending waiting submissions first…',
  offline: 'Offline',
  offlineTitle: 'This device is offline. Submissions are kept on it and sent when it is back.',
  waiting: (count: number) => `${count} waiting`,
  waitingTitle: (count: number) =>
    count === 1
      ? '1 submission is waiting safely on this device.'
      : `${count} submissions are waiting safely on this device.`,
  sending: 'Sending…',
} as const;
