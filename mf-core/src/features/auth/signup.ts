import type { PlanId } from '@platform/contracts';
import { EMAIL } from '@platform/ui';

/** Who signs up: a professional (`user`) or a clinic (`Clinic`), each asked only what applies to them. */
export const SIGNUP_ROLES = ['user', 'Clinic'] as const;

export interface SignupForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  designation: string;
  phone: string;
  /** The town or city and the country: Connect's Location and Country filters (the server writes the address). */
  location: string;
  country: string;
  skills: string;
  role: 'user' | 'Clinic';
  description: string;
}

export const emptySignup = (): SignupForm => ({
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  designation: '',
  phone: '',
  location: '',
  country: '',
  skills: '',
  role: 'user',
  description: '',
});

/** "Triage, , Midwifery ," -> ["Triage", "Midwifery"] */
export function parseSkills(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type SignupErrors = Partial<
  Record<keyof SignupForm, 'required' | 'email' | 'passwordLength' | 'mismatch'>
>;

export function validateSignup(form: SignupForm): SignupErrors {
  const errors: SignupErrors = {};
  for (const key of ['name', 'email', 'password', 'confirmPassword'] as const)
    if (!form[key].trim()) errors[key] = 'required';
  if (!errors.email && !EMAIL.test(form.email.trim())) errors.email = 'email';
  if (!errors.password && form.password.length < 8) errors.password = 'passwordLength';
  if (!errors.confirmPassword && form.confirmPassword !== form.password) errors.confirmPassword = 'mismatch';
  return errors;
}

/**
 * What is sent: confirmPassword never leaves the browser; skills become a list; empty optionals are left
 * out; a clinic has no designation or skills (typed before switching to a clinic, they stay behind); the
 * plan chosen on /pricing, if any, is kept on the account as a declared interest.
 */
export function signupPayload(form: SignupForm, plan?: PlanId) {
  const clinic = form.role === 'Clinic';
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  const skills = clinic ? [] : parseSkills(form.skills);
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    role: form.role,
    designation: clinic ? undefined : optional(form.designation),
    phone: optional(form.phone),
    location: optional(form.location),
    country: optional(form.country),
    description: optional(form.description),
    skills: skills.length > 0 ? skills : undefined,
    plan,
  };
}

/** Server codes about one sign-up field: their text shows at that field. */
export const SIGNUP_SERVER_FIELDS: Record<string, keyof SignupForm> = {
  'auth.email_taken': 'email',
  'auth.password_common': 'password',
  'auth.password_personal': 'password',
  'auth.password_weak': 'password',
};
