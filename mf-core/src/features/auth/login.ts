import { EMAIL } from '@platform/ui';

export interface LoginForm {
  email: string;
  password: string;
}

/** What sign-up hands the login page in the router's state: the address registered, never the password. */
export interface SignedUp {
  email: string;
}

export type LoginErrors = Partial<Record<keyof LoginForm, 'required' | 'email'>>;

export function validateLogin(form: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  if (!form.email.trim()) errors.email = 'required';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'email';
  if (!form.password) errors.password = 'required';
  return errors;
}
