/**
 * SPEC §8: failures without a user message are logged only. One place for that, so the lint
 * rule against stray console calls stays on everywhere else.
 */
export function logFailure(what: string, error: unknown): void {
  // eslint-disable-next-line no-console -- the one sanctioned log of the moderation flow
  console.warn(`[moderation] ${what}`, error);
}

/** Leaves picture-in-picture if a video of this page is in it (SPEC §2, §4). */
export function exitPictureInPicture(): void {
  if (typeof document === 'undefined' || !document.pictureInPictureElement) return;
  document.exitPictureInPicture().catch((error: unknown) => logFailure('exit PiP', error));
}
