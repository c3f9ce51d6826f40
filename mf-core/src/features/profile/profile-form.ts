import type { PlanId } from '@platform/contracts';
import { parseSkills } from '../auth/signup';

export interface ProfileForm {
  name: string;
  designation: string;
  description: string;
  address: string;
  phone: string;
  skills: string;
  facility: string;
  country: string;
  location: string;
  /** The plan of interest, '' for none. */
  plan: string;
}

export interface Profile extends Omit<ProfileForm, 'skills' | 'plan'> {
  email: string;
  /** The uploaded photo's address, '' when none: changed by its own controls (ProfilePhoto), not the form. */
  photo: string;
  role: string;
  skills: string[];
  plan: PlanId | null;
}

export const emptyProfileForm = (): ProfileForm => ({
  name: '',
  designation: '',
  description: '',
  address: '',
  phone: '',
  skills: '',
  facility: '',
  country: '',
  location: '',
  plan: '',
});

export const toForm = (p: Profile): ProfileForm => ({
  name: p.name,
  designation: p.designation,
  description: p.description,
  address: p.address,
  phone: p.phone,
  skills: p.skills.join(', '),
  facility: p.facility,
  country: p.country,
  location: p.location,
  plan: p.plan ?? '',
});

export type ProfileErrors = Partial<Record<keyof ProfileForm, 'required'>>;

export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!form.name.trim()) errors.name = 'required';
  return errors;
}

/**
 * PUT /api/user/me body: trimmed values, skills as a list, no plan as null (cleared). Never the photo: it
 * is uploaded on its own, and a stale copy sent back could remove one just uploaded.
 */
export function profilePayload(form: ProfileForm) {
  const t = (v: string) => v.trim();
  return {
    name: t(form.name),
    designation: t(form.designation),
    description: t(form.description),
    address: t(form.address),
    phone: t(form.phone),
    skills: parseSkills(form.skills),
    facility: t(form.facility),
    country: t(form.country),
    location: t(form.location),
    plan: (form.plan || null) as PlanId | null,
  };
}
