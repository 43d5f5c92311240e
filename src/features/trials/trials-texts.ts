import { PRODUCT_NAME } from '../../contract/routes';

/** The words of the public trial pages, shared by the pages and the browser tests. */
export const TRIAL_TEXTS = {
  product: PRODUCT_NAME,
  nav: {
    label: 'Trial pages',
    sandbox: 'Try the console',
    text: 'Check a text',
    counter: 'Live counter',
    tour: 'Product tour',
  },
  themeToLight: 'Switch to the light theme',
  themeToDark: 'Switch to the dark theme',
  signIn: 'Staff sign-in',
  footer:
    'Sample content only: nothing on these pages is moderated for real, queued for a team or sent to any service.',
  loadingBrand: 'Loading the trial…',
  notFoundTitle: 'Trial not found',
  notFoundBody: (slug: string) =>
    `There is no trial called “${slug}”. Check the address you were given, or take the product tour to see what the console does.`,
  notFoundTour: 'Take the product tour',
  loadFailed: (message: string) => `The trial could not be loaded: ${message}`,
  retry: 'Retry',

  sandboxTitle: (brand: string) => `Moderate a morning of ${brand}`,
  sandboxIntro: (count: number, description: string) =>
    `Here are ${count} samples of the kind your team would review. ${description} Each card shows what an operator sees: the content, who sent it and the AI’s suggestion. Choose the tags that apply (or none) and submit: you then see how your call compares with the reference result of a senior moderator.`,
  sandboxPrivacy:
    'Your decisions are counted, anonymously, on the live counter of this trial. Nothing else is kept.',
  sandboxDocTitle: (brand: string) => `${brand} trial`,

  textTitle: 'Check a text with the AI',
  textDocTitle: (brand: string) => `Check a text · ${brand}`,
  textIntro: (brand: string, tags: string) =>
    `Paste a comment, message or post. The AI reads it with the tags ${brand} moderates for (${tags}) and suggests what an operator should look at, with its reasoning.`,
  textPrivacy: 'Nothing you paste is stored, queued or shown to anyone else.',
  textLabel: 'Text to check',
  textCount: (length: number, max: number) =>
    `${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`,
  textSubmit: 'Check text',
  textChecking: 'Checking…',
  resultTitle: 'AI suggestion',
  resultNothing: 'Nothing to flag: none of the tags applies.',
  resultNoAnswer: 'The AI gave no answer for this text.',
  resultBy: (provider: string, seconds: number) =>
    `Answered by ${provider === 'local' ? 'the built-in word lists' : provider} in ${seconds < 0.01 ? 'under 0.01' : seconds.toFixed(2)} s.`,
  resultReasoning: 'Reasoning',
  textTryConsole: 'Try the whole console on sample content',

  counterTitle: (brand: string) => `${brand}: live trial counter`,
  counterDocTitle: (brand: string) => `Live counter · ${brand}`,
  counterIntro: (brand: string) =>
    `Every decision prospects make on the ${brand} trial, counted as it happens. Read only; it refreshes every 5 seconds.`,
  counterToday: 'Decisions today (UTC)',
  counterTotal: 'All decisions',
  counterAgreement: 'Matched the reference',
  counterLast: 'Last decision',
  counterNever: 'None yet',
  counterDays: 'Decisions per day, last 14 days',
  counterDay: 'Day',
  counterDecisions: 'Decisions',
  counterMatched: 'Matched the reference',
  counterSamples: 'Per sample',
  counterSample: 'Sample',
  counterUpdated: (time: string) => `Counted at ${time} UTC`,
  counterStale:
    'The counter cannot be refreshed at the moment; the figures shown are the last ones.',
  ago: (seconds: number) =>
    seconds < 60
      ? `${Math.max(0, Math.round(seconds))} s ago`
      : seconds < 3600
        ? `${Math.round(seconds / 60)} min ago`
        : seconds < 86_400
          ? `${Math.round(seconds / 3600)} h ago`
          : `${Math.round(seconds / 86_400)} days ago`,

  signupTitle: (brand: string | null) =>
    brand ? `Want this for ${brand}?` : 'Want to see it on your own content?',
  signupIntro:
    'Leave your details and we will set up a trial on your own content and walk your team through it.',
  signupName: 'Your name',
  signupEmail: 'Work email',
  signupCompany: 'Company',
  signupPhone: 'Phone',
  signupMessage: 'What do you moderate today?',
  signupMessageHint: 'Volumes, content types, tools: anything that helps us prepare.',
  signupConsent: 'You may contact me about the moderation console.',
  signupSubmit: 'Send my details',
  signupSending: 'Sending…',

  doneTitle: 'Thank you, we have your details',
  doneDocTitle: 'Thank you',
  doneBody:
    'Someone from our team will be in touch at the address you gave, usually within one working day.',
  doneNextTitle: 'What happens next',
  doneSteps: [
    'We read what you told us about your content and your team.',
    'We set up a trial console with your own tags and a sample of your content.',
    'We walk your moderators through it in a 30-minute call, and you keep the trial for two weeks.',
  ],
  doneBack: (brand: string) => `Back to the ${brand} trial`,
  doneTour: 'Read the product tour',
} as const;
