import type { ApplyBody } from '@platform/svc-hire/contract';
import { isPhoneNumber, PHONE_MIN_LENGTH } from '@platform/contracts/values';
import { EMAIL } from '@platform/ui';
import { withScheme } from '../shared/format';

export interface ApplyForm {
  fullName: string;
  email: string;
  phoneNumber: string;
  resumeUrl: string;
  coverLetter: string;
  /** Which CV goes with it: the stored one, one to upload first, or a link. */
  cv: CvChoice;
}
export type CvChoice = 'stored' | 'upload' | 'link';
export type ApplyError = 'required' | 'email' | 'phone' | 'url' | 'cvRequired';

/**
 * The spec's required fields (name, e-mail, phone, and a CV: the stored one or a link), checked before
 * anything is sent.
 */
export function validateApply(f: ApplyForm): Partial<Record<keyof ApplyForm, ApplyError>> {
  const errors: Partial<Record<keyof ApplyForm, ApplyError>> = {};
  if (!f.fullName.trim()) errors.fullName = 'required';
  if (!f.email.trim()) errors.email = 'required';
  else if (!EMAIL.test(f.email.trim())) errors.email = 'email';
  if (!f.phoneNumber.trim()) errors.phoneNumber = 'required';
  else if (!isPhoneNumber(f.phoneNumber.trim(), PHONE_MIN_LENGTH)) errors.phoneNumber = 'phone';
  if (f.cv === 'upload') errors.cv = 'cvRequired';
  if (f.cv !== 'link') return errors;
  const url = withScheme(f.resumeUrl);
  if (!url) errors.resumeUrl = 'required';
  else if (!/^https?:\/\/[^\s]+\.[^\s]+$/i.test(url)) errors.resumeUrl = 'url';
  return errors;
}

export function applyPayload(jobId: string, f: ApplyForm): ApplyBody {
  return {
    jobId,
    fullName: f.fullName.trim(),
    email: f.email.trim(),
    phoneNumber: f.phoneNumber.trim(),
    ...(f.cv === 'stored' ? { useStoredCv: true } : { resumeUrl: withScheme(f.resumeUrl) }),
    ...(f.coverLetter.trim() ? { coverLetter: f.coverLetter.trim() } : {}),
  };
}
