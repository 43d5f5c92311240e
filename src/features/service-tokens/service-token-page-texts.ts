/**
 * Texts of the token screen beyond SPEC's (SERVICE_TOKEN_TEXTS in src/contract holds those),
 * shared by the components and their tests.
 */
import { UI_TEXTS } from '../../ui/ui-texts';

export const TOKEN_PAGE_TEXTS = {
  searchLabel: 'Search service API tokens by service',
  clearSearch: UI_TEXTS.clearSearch,
  columns: ['Service', 'Expires At', 'Revoked', 'Created', 'Actions'] as const,
  notRevoked: 'No',
  expired: 'Expired',
  noTokens: 'No API tokens yet',
  noMatch: (search: string) => `No tokens for services matching “${search}”`,
  loadFailed: (message: string) => `Could not load the API tokens: ${message}`,
  retry: 'Retry',
  waitingForNetwork: 'The API tokens will load when the network is back.',
  loadingTokens: 'Loading the API tokens',
  revoke: 'Revoke',
  revokeLabel: (service: string) => `Revoke the API token of ${service}`,
  revokeTitle: 'Revoke API Token',
  revokeQuestion: (service: string) =>
    `Revoke this API token of ${service}? Requests that use it are refused at once. This cannot be undone.`,
  revoking: 'Revoking…',
  cancel: 'Cancel',
  createTitle: 'New Api Token',
  serviceLabel: 'Service',
  servicePlaceholder: 'Select a service',
  loadingServices: 'Loading services…',
  servicesFailed: (message: string) => `Could not load the services: ${message}`,
  noServices: 'There are no services to create a token for.',
  create: 'Create',
  confirmTitle: 'Create API Token',
  confirmQuestion: (service: string) => `Create a new API token for ${service}?`,
  yes: 'Yes',
  no: 'No',
  creating: 'Creating…',
  resultTitle: 'API Token Created',
  resultHint: 'Copy the token now: it is shown only this once and cannot be recovered later.',
  tokenLabel: 'API token',
  showToken: 'Show token',
  hideToken: 'Hide token',
  copy: 'Copy',
  copiedButton: 'Copied',
  close: 'Close',
  closeNeedsCopy: 'Copy the token first: the Yes button is enabled once it was copied.',
  closeNeedsReveal:
    'Show the token and note it first: the Yes button is enabled once it was shown.',
} as const;
