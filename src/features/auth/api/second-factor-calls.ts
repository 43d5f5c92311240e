import { twoFactorEndpoints, type SecondFactorRequest } from '../../../contract/two-factor';
import { api } from '../../../lib/api-client';

/**
 * The second step of a two-factor sign-in. Apart from auth-calls.ts, which signing out needs on
 * every screen: the two-factor contract loads only with the sign-in form that asks for a code.
 */
export function signInWithSecondFactor(body: SecondFactorRequest) {
  return api.call(twoFactorEndpoints.secondFactor, { body });
}
