/**
 * Rules of operators' wellbeing on the console, kept free of React and the DOM:
 * - the effective treatment of an item's media is the union of the operator's own default and
 *   what the server forces on the item (its service, its AI tags): never less than forced;
 * - images and video are treated; text is masked word by word instead; audio and other items
 *   have nothing to show;
 * - a reveal lasts for one card: revealing one item never reveals another;
 * - masked words match whole words, without regard to case;
 * - a break is due after `break_after_seconds` of continuous moderation, or once the server's
 *   count of sensitive items of the last hour reaches the cap (0 turns either off).
 */
import type { MessageType } from '../../contract/content';
import {
  NO_PROTECTION,
  combineTreatments,
  treatmentHasBlur,
  treatmentHasGrayscale,
  type BreakPolicy,
  type BreakReason,
  type Protection,
  type Treatment,
} from '../../contract/wellbeing';

export const MASK = '••••';
/** Strong enough that no shape can be told, light enough to see that something is there. */
export const BLUR_PX = 28;

export function effectiveTreatment(
  userDefault: Treatment,
  protection: Protection | undefined,
): Treatment {
  return combineTreatments(userDefault, (protection ?? NO_PROTECTION).forced);
}

/** The treatment the card applies to its media area before any reveal. */
export function mediaTreatment(
  type: MessageType,
  userDefault: Treatment,
  protection: Protection | undefined,
): Treatment {
  return type === 'image' || type === 'video'
    ? effectiveTreatment(userDefault, protection)
    : 'none';
}

/** The CSS filter of a treatment, or undefined for none. */
export function treatmentFilter(treatment: Treatment): string | undefined {
  const parts: string[] = [];
  if (treatmentHasBlur(treatment)) parts.push(`blur(${BLUR_PX}px)`);
  if (treatmentHasGrayscale(treatment)) parts.push('grayscale(1)');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with each listed word (whole words, any case) replaced by MASK. */
export function maskWords(text: string, words: readonly string[]): string {
  const listed = words.map((word) => word.trim()).filter((word) => word !== '');
  if (listed.length === 0) return text;
  // Longest first, so a phrase wins over a word inside it.
  const alternatives = [...listed].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`,
    'giu',
  );
  return text.replace(pattern, MASK);
}

/** Whether the item shows anything hidden until revealed. */
export function needsReveal(
  type: MessageType,
  userDefault: Treatment,
  protection: Protection | undefined,
): boolean {
  if (mediaTreatment(type, userDefault, protection) !== 'none') return true;
  return type === 'text' && (protection?.mask_words.length ?? 0) > 0;
}

/** Which cards are revealed: a set of item ids, changed one card at a time. */
export function reveal(revealed: ReadonlySet<number>, id: number): ReadonlySet<number> {
  if (revealed.has(id)) return revealed;
  return new Set([...revealed, id]);
}

export interface BreakCheck {
  policy: BreakPolicy;
  /** When continuous moderation began (ms), or when the last reminder was put off. */
  since: number;
  now: number;
  sensitiveLastHour: number;
  /** The sensitive count at which the operator last put a cap break off; null: never. */
  capDismissedAt: number | null;
}

/** Why a break is due now, or null. */
export function breakDue(check: BreakCheck): Exclude<BreakReason, 'self'> | null {
  const { policy } = check;
  const cap = policy.sensitive_cap_per_hour;
  if (cap > 0 && check.sensitiveLastHour >= cap) {
    // Put off: due again once another `cap` sensitive items were shown.
    if (check.capDismissedAt === null || check.sensitiveLastHour >= check.capDismissedAt + cap) {
      return 'cap';
    }
  }
  if (
    policy.break_after_seconds > 0 &&
    check.now - check.since >= policy.break_after_seconds * 1000
  ) {
    return 'reminder';
  }
  return null;
}

/** "1 h 5 min", "12 min", "40 s": how long the operator has been moderating. */
export function formatSpan(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
