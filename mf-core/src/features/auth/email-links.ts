import { EMAIL } from '@platform/ui';

/**
 * The secret of a one-time link the service e-mailed (`/reset-password#token=…`): it travels in the
 * fragment, which the browser sends to no server (nor in a Referer), and is read here only.
 */
export function linkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export type EmailErrors = Partial<Record<'email', 'required' | 'email'>>;

export function validateEmail(form: { email: string }): EmailErrors {
  if (!form.email.trim()) return { email: 'required' };
  return EMAIL.test(form.email.trim()) ? {} : { email: 'email' };
}

export interface NewPasswordForm {
  password: string;
  confirmPassword: string;
}

export type NewPasswordErrors = Partial<
  Record<keyof NewPasswordForm, 'required' | 'passwordLength' | 'mismatch'>
>;

/** The new password: long enough, typed twice alike (the server judges its strength). */
export function validateNewPassword(form: NewPasswordForm): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!form.password) errors.password = 'required';
  else if (form.password.length < 8) errors.password = 'passwordLength';
  if (form.password && form.confirmPassword !== form.password) errors.confirmPassword = 'mismatch';
  return errors;
}

/** Server codes about the new password: their text shows at its field. */
export const NEW_PASSWORD_SERVER_FIELDS: Record<string, keyof NewPasswordForm> = {
  'auth.password_common': 'password',
  'auth.password_personal': 'password',
  'auth.password_weak': 'password',
};
