import { AI_SERVICES_TEXTS } from '../../contract/ai-services';

/** The words of the /aiservices screen, one place for components and tests. */
export const AI_SERVICES_PAGE_TEXTS = {
  title: AI_SERVICES_TEXTS.title,
  intro:
    'The AI providers this server asks for tag suggestions. Each service chooses one on /services: the default (the configured provider), the built-in word lists, or no AI.',
  loading: 'Loading the AI providers…',
  loadFailed: (message: string) => `Could not load the AI providers: ${message}`,
  retry: 'Retry',
  kinds: { local: 'Built-in word lists', openai: 'OpenAI-compatible API' },
  defaultBadge: 'Default',
  defaultHint: 'Services that take the default use this provider.',
  baseUrl: 'Base URL',
  model: 'Model',
  timeout: 'Timeout',
  ms: (value: number) => `${value.toLocaleString('en-US')} ms`,
  localDescription:
    'Works offline and answers text only: a tag is suggested when one of its words occurs in the text.',
  health: (minutes: number) => `Last ${minutes === 60 ? 'hour' : `${minutes} minutes`}`,
  calls: 'Calls',
  failures: 'Failures',
  p50: 'Median latency',
  p95: '95th percentile',
  noFigure: '–',
  usedBy: 'Used by',
  noServices: 'No service uses it',
  byChoice: 'chosen',
  remoteMissingTitle: 'OpenAI-compatible API',
  remoteMissing:
    'Not configured. Choose the OpenAI-compatible provider and give its base URL, key and model on Settings (or pin them with AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_MODEL) to have a model answer for services that take the default; the built-in word lists answer until then.',
  withoutAi: 'Services without AI',
  withoutAiHint: 'Their items reach operators with no AI suggestion.',
  testTitle: 'Test connection',
  testText: 'Sample text',
  testHint:
    'Sent with the tags spam, violence and drugs (the built-in provider matches words of those).',
  test: 'Test connection',
  testing: 'Testing…',
  answered: 'Answered',
  failed: 'Failed',
  latency: (ms: number) => `in ${ms.toLocaleString('en-US')} ms`,
  tags: 'Tags',
  reasoning: 'Reasoning',
  noAnswer: 'The provider has no answer for this item.',
  errorCode: (code: string) => `Error ${code}`,
} as const;
