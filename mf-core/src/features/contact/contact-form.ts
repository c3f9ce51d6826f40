import { EMAIL } from '@platform/ui';

export interface ContactMessage {
  from_name: string;
  from_email: string;
  from_message: string;
  /** The honeypot: people never see it, so it stays empty; a robot filling every field fills it. */
  website: string;
}

export const emptyContact = (): ContactMessage => ({
  from_name: '',
  from_email: '',
  from_message: '',
  website: '',
});

export type ContactErrors = Partial<Record<keyof ContactMessage, 'required' | 'email' | 'tooLong'>>;

/** The server's rules, checked first here: a name, a valid e-mail and a message of at most 5,000 characters. */
export function validateContact(form: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.from_name.trim()) errors.from_name = 'required';
  if (!form.from_email.trim()) errors.from_email = 'required';
  else if (!EMAIL.test(form.from_email.trim())) errors.from_email = 'email';
  if (!form.from_message.trim()) errors.from_message = 'required';
  else if (form.from_message.length > 5000) errors.from_message = 'tooLong';
  if (form.from_name.length > 120) errors.from_name = 'tooLong';
  return errors;
}

/** What is sent: trimmed; the honeypot only when a robot filled it. */
export function contactPayload(form: ContactMessage) {
  return {
    from_name: form.from_name.trim(),
    from_email: form.from_email.trim(),
    from_message: form.from_message.trim(),
    ...(form.website ? { website: form.website } : {}),
  };
}
