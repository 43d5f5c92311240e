/**
 * When the final Yes of the result dialog's close question is enabled (SPEC §2: "only after the
 * token was copied"). The raw token is shown once and stored only as a hash, so closing too
 * early loses it for good.
 *
 * - No token in the answer ('No token found'): nothing to lose, Yes is enabled.
 * - With can_copy_api_token: enabled only after a successful copy, as SPEC says.
 * - Without can_copy_api_token the copy button does not exist, so the SPEC rule could never be
 *   met and the dialog could never close. With can_view_api_token the user can reveal the token
 *   and copy it by hand: Yes is enabled once they revealed it. With neither permission the user
 *   cannot obtain the token at all; Yes is enabled (the question still warns them).
 */
export interface CloseRuleState {
  hasToken: boolean;
  canCopy: boolean;
  canView: boolean;
  copied: boolean;
  revealed: boolean;
}

export function closeAllowed(state: CloseRuleState): boolean {
  if (!state.hasToken) return true;
  if (state.canCopy) return state.copied;
  if (state.canView) return state.revealed;
  return true;
}
