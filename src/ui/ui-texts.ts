/**
 * The kit's own words, in one place so components and tests use the same strings. A screen
 * passes its own where it has better ones (an empty state that names what is missing).
 */
const count = new Intl.NumberFormat('en-US');

export const UI_TEXTS = {
  search: 'Search',
  clearSearch: 'Clear search',
  // Pager
  rowsPerPage: 'Rows per page',
  range: (from: number, to: number, total: number, capped = false) =>
    `${count.format(from)}–${count.format(to)} of ${count.format(total)}${capped ? '+' : ''}`,
  pageOf: (page: number, pages: number, capped = false) =>
    `Page ${count.format(page)} of ${count.format(pages)}${capped ? '+' : ''}`,
  page: (page: number) => `Page ${count.format(page)}`,
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  pagination: 'Pagination',
  // Table
  sortBy: (column: string) => `Sort by ${column}`,
  columns: 'Columns',
  columnsLabel: 'Show or hide columns',
  exportCsv: 'Export CSV',
  exportCsvLabel: 'Export the rows of the current filter as CSV',
  actions: 'Actions',
  noRows: 'No rows',
  noRowsMatch: 'No rows match the filter',
  loading: (what: string) => `Loading ${what}`,
  loadFailed: (what: string, message: string) => `Could not load ${what}: ${message}`,
  waitingForNetwork: (what: string) => `${what} will load when the network is back.`,
  retry: 'Retry',
  updating: 'Updating',
  // Dialogs
  close: 'Close',
  cancel: 'Cancel',
  confirm: 'Confirm',
  // Dates
  dateRange: 'Date range',
  datePresets: 'Date range presets',
  from: 'From',
  to: 'To',
  today: 'Today',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  clearDates: 'Clear dates',
  dateRangeOrder: 'The start date must be on or before the end date',
  utc: 'UTC',
  // Forms
  required: 'required',
  filterChoices: (what: string) => `Filter ${what.toLowerCase()}`,
  chosen: (count: number, total: number) => `${count} of ${total} chosen`,
  nothingMatches: 'Nothing matches the filter',
  nothingToChoose: 'Nothing to choose',
  checkFields: 'Check the marked fields',
} as const;
