/** The words of the "Trial sign-ups" list on /users. */
export const TRIAL_SIGNUPS_TEXTS = {
  tab: 'Trial sign-ups',
  title: 'Trial sign-ups',
  intro:
    'Contact details prospects left on the public trial pages and the product tour, newest first. Delete a sign-up when its prospect asks to be forgotten.',
  searchLabel: 'Search sign-ups',
  searchPlaceholder: 'Name, email or company',
  oneBrand: 'Showing the sign-ups of one brand.',
  allBrands: 'Show every brand',
  empty: 'No sign-ups yet. They appear here when a prospect leaves their details on a trial page.',
  emptyFiltered: 'No sign-ups match the filter.',
  loading: 'Loading trial sign-ups',
  columns: {
    received: 'Received',
    person: 'Prospect',
    company: 'Company',
    phone: 'Phone',
    brand: 'Trial',
    message: 'Message',
    actions: 'Actions',
  },
  noBrand: 'Product tour',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete the sign-up of ${name}`,
  deleteTitle: (name: string) => `Delete the sign-up of ${name}?`,
  deleteText:
    'Their contact details are removed for good. The audit log keeps that a sign-up was deleted, not what it said.',
  deleting: 'Deleting…',
  deleted: (name: string) => `Deleted the sign-up of ${name}`,
} as const;
