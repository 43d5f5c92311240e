import { z } from 'zod';
import { OkSchema } from '../../../contract/api';
import {
  LoginResponseSchema,
  ResetTokenStatusSchema,
  type LoginRequest,
} from '../../../contract/auth';
import { api } from '../../../lib/api-client';

export function login(credentials: LoginRequest) {
  return api.post('/auth/login', credentials, LoginResponseSchema);
}

export function logout() {
  return api.post('/auth/logout', undefined, OkSchema);
}

export function requestPasswordReset(email: string) {
  return api.post('/auth/forgot-password', { email }, OkSchema);
}

export function checkResetToken(token: string) {
  return api.get('/auth/reset-password', ResetTokenStatusSchema, { query: { token } });
}

export function resetPassword(token: string, password: string) {
  return api.post('/auth/reset-password', { token, password }, OkSchema);
}

export function changePassword(currentPassword: string, newPassword: string) {
  return api.post(
    '/api/users/me/password',
    { current_password: currentPassword, new_password: newPassword },
    z.object({ ok: z.literal(true) }),
  );
}
