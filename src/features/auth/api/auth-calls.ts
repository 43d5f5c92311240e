import { authEndpoints, type LoginRequest } from '../../../contract/auth';
import { api } from '../../../lib/api-client';

export function login(credentials: LoginRequest) {
  return api.call(authEndpoints.login, { body: credentials });
}

export function logout() {
  return api.call(authEndpoints.logout, {});
}

export function requestPasswordReset(email: string) {
  return api.call(authEndpoints.forgotPassword, { body: { email } });
}

export function checkResetToken(token: string) {
  return api.call(authEndpoints.resetTokenStatus, { query: { token } });
}

export function resetPassword(token: string, password: string) {
  return api.call(authEndpoints.resetPassword, { body: { token, password } });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return api.call(authEndpoints.changePassword, {
    body: { current_password: currentPassword, new_password: newPassword },
  });
}
