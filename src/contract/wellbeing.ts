import { z } from 'zod';
import { okData } from './api';
import { SIGNED_IN, defineEndpoint } from './endpoint';

/**
 * Operator wellbeing: how sensitive media is shown (blurred and/or in grayscale until the
 * operator reveals it), whether video and audio start muted, and the exposure breaks.
 *
 * - A treatment is a set of filters: 'both' is blur and grayscale. Treatments combine by union,
 *   so the effective one is the strongest of the operator's own default, the service's forced
 *   treatment ('Protect operators' on /services) and the forced treatment of each AI tag of the
 *   item (the wellbeing_tag_treatments setting).
 * - The server sends each item's forced part with the item (`protection`), and the operator's
 *   own default with the current user, so a card is drawn treated from its first frame.
 * - An item is "sensitive" when something forces a treatment on it; the server counts the
 *   sensitive items each operator was shown in the last hour (a reload does not reset it).
 */
export const TREATMENTS = ['none', 'blur', 'grayscale', 'both'] as const;
export type Treatment = (typeof TREATMENTS)[number];
export const TreatmentSchema = z.enum(TREATMENTS, {
  error: `Choose one of ${TREATMENTS.join(', ')}`,
});

export const TREATMENT_LABELS: Record<Treatment, string> = {
  none: 'Off',
  blur: 'Blur',
  grayscale: 'Grayscale',
  both: 'Blur and grayscale',
};

function flagsOf(treatment: Treatment): { blur: boolean; grayscale: boolean } {
  return {
    blur: treatment === 'blur' || treatment === 'both',
    grayscale: treatment === 'grayscale' || treatment === 'both',
  };
}

/** The union of treatments: blur from any, grayscale from any. */
export function combineTreatments(...treatments: readonly Treatment[]): Treatment {
  let blur = false;
  let grayscale = false;
  for (const treatment of treatments) {
    const flags = flagsOf(treatment);
    blur ||= flags.blur;
    grayscale ||= flags.grayscale;
  }
  if (blur && grayscale) return 'both';
  if (blur) return 'blur';
  if (grayscale) return 'grayscale';
  return 'none';
}

export function treatmentHasBlur(treatment: Treatment): boolean {
  return flagsOf(treatment).blur;
}
export function treatmentHasGrayscale(treatment: Treatment): boolean {
  return flagsOf(treatment).grayscale;
}

const TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The text of the wellbeing_tag_treatments setting: `tag:treatment` pairs separated by commas,
 * e.g. "self_harm:blur, gore:both". Answers the map, or the problem to show.
 */
export function parseTagTreatments(text: string): Record<string, Treatment> | string {
  const result: Record<string, Treatment> = {};
  for (const part of text.split(',')) {
    const pair = part.trim();
    if (pair === '') continue;
    const [tag = '', treatment = '', ...rest] = pair.split(':').map((piece) => piece.trim());
    if (rest.length > 0 || !pair.includes(':') || !TAG_PATTERN.test(tag)) {
      return `"${pair}" is not tag:treatment (e.g. self_harm:blur)`;
    }
    if (!(TREATMENTS as readonly string[]).includes(treatment)) {
      return `"${pair}": the treatment must be one of ${TREATMENTS.join(', ')}`;
    }
    result[tag] = treatment as Treatment;
  }
  return result;
}

/**
 * The text of the wellbeing_tag_words setting: per tag its words, `tag: word, word; tag: word`,
 * e.g. "hate: slur1, slur2; harassment: idiot". Answers the map, or the problem to show.
 */
export function parseTagWords(text: string): Record<string, string[]> | string {
  const result: Record<string, string[]> = {};
  for (const part of text.split(';')) {
    const entry = part.trim();
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    const tag = colon < 0 ? '' : entry.slice(0, colon).trim();
    if (!TAG_PATTERN.test(tag)) return `"${entry}" is not tag: word, word (e.g. hate: word)`;
    const words = entry
      .slice(colon + 1)
      .split(',')
      .map((word) => word.trim())
      .filter((word) => word !== '');
    if (words.length === 0) return `"${entry}" lists no word`;
    result[tag] = [...(result[tag] ?? []), ...words];
  }
  return result;
}

/** What the server forces on an item, sent with it (ContentItem.protection). */
export const ProtectionSchema = z.object({
  /** The service's and the AI tags' forced treatment combined; 'none' when nothing forces. */
  forced: TreatmentSchema,
  /** Words masked in a text item until it is revealed (from its AI tags' word lists). */
  mask_words: z.array(z.string()),
});
export type Protection = z.infer<typeof ProtectionSchema>;
export const NO_PROTECTION: Protection = { forced: 'none', mask_words: [] };

/** The operator's own choices, stored on the server per user. */
export const WellbeingPrefsSchema = z
  .object({
    /** How media shows until revealed, unless something forces more. */
    media: TreatmentSchema,
    /** Video and audio start with sound; off by default. */
    sound: z.boolean({ error: 'sound must be true or false' }),
  })
  .strict();
export type WellbeingPrefs = z.infer<typeof WellbeingPrefsSchema>;
export const DEFAULT_WELLBEING_PREFS: WellbeingPrefs = { media: 'none', sound: false };

/** Why a wellness break was taken: the reminder, the sensitive-items cap, or the operator's wish. */
export const BREAK_REASONS = ['reminder', 'cap', 'self'] as const;
export type BreakReason = (typeof BREAK_REASONS)[number];

export const BREAK_MODES = ['offer', 'send'] as const;
export type BreakMode = (typeof BREAK_MODES)[number];

/** The break rules in force (from the settings), for the operator's console. */
export const BreakPolicySchema = z.object({
  /** A break is due after this many seconds of continuous moderation; 0: never. */
  break_after_seconds: z.number(),
  /** The break timer on /park. */
  break_seconds: z.number(),
  /** A break is due once this many sensitive items were shown in the last hour; 0: no cap. */
  sensitive_cap_per_hour: z.number().int(),
  /** offer: a dialog offers the break; send: the operator goes to /park at once. */
  break_mode: z.enum(BREAK_MODES),
});
export type BreakPolicy = z.infer<typeof BreakPolicySchema>;

export const WellbeingStatusSchema = z.object({
  prefs: WellbeingPrefsSchema,
  policy: BreakPolicySchema,
  /** Sensitive items this operator was shown in the last hour, counted by the server. */
  sensitive_last_hour: z.number().int(),
});
export type WellbeingStatus = z.infer<typeof WellbeingStatusSchema>;

export const wellbeingEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/wellbeing',
    access: SIGNED_IN,
    summary:
      "The caller's wellbeing choices, the break rules in force and their sensitive items of the last hour",
    response: okData(WellbeingStatusSchema),
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/wellbeing',
    access: SIGNED_IN,
    summary: "Save the caller's media treatment (off, blur, grayscale, both) and sound choice",
    body: WellbeingPrefsSchema,
    response: okData(WellbeingPrefsSchema),
  }),
};

export const WELLBEING_TEXTS = {
  profileTitle: 'Wellbeing',
  openDialog: 'Wellbeing',
  closeDialog: 'Close wellbeing choices',
  mediaLabel: 'Sensitive media',
  mediaHint: 'How images and video show until you reveal them. An administrator may force more.',
  soundLabel: 'Play sound in video and audio',
  saved: 'Your wellbeing choices are saved.',
  reveal: (id: number) => `Reveal media of item ${id}`,
  revealHint: 'Click or press R to reveal',
  breakTitle: 'Time for a break',
  breakBody: (minutes: string) =>
    `You have been moderating for ${minutes}. A short break helps: your items go back to the queue, nothing is lost.`,
  capBody:
    'You have seen many sensitive items in the last hour. A short break helps: your items go back to the queue, nothing is lost.',
  takeBreak: 'Take a break',
  later: 'Not now',
  breakTimer: 'Break',
  breakOver: 'Your break is over: resume when you are ready.',
} as const;
