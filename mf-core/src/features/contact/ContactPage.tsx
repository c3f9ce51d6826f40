import { useState, type FormEvent } from 'react';
import { Button, FormErrors, TextArea, TextField, useForm, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import {
  contactPayload,
  emptyContact,
  validateContact,
  type ContactErrors,
  type ContactMessage,
} from './contact-form';
import { Honeypot } from './Honeypot';
import '../shared/core.css';

/** The platform's own (fictional) addresses, as the footer gives them, shown beside the form. */
export const CONTACT = { email: 'info@afyahr.example', phone: '+254 700 000 000' };

/** `/contact`: a message to the team, stored for the admin's inbox (svc-content). */
export default function ContactPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('contact.title'), t('meta.contact'));
  const f = useForm<ContactMessage, NonNullable<ContactErrors[keyof ContactMessage]>>(
    'core',
    emptyContact,
    'contact.errors',
    { validate: validateContact },
  );
  const { form, field } = f;
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateContact(form))) return;
    setSending(true);
    try {
      const res = await coreApi.contact(contactPayload(form));
      if (res.ok) {
        f.reset(emptyContact());
        f.succeed(t('contact.sent'));
      } else f.fail(res, 'contact.failed');
    } catch (err) {
      f.fail(err, 'contact.failed');
    }
    setSending(false);
  }

  return (
    <div className="container narrow section">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      <div className="contact-grid">
        <section aria-labelledby="contact-form-title" className="card">
          <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
          <form onSubmit={submit} noValidate>
            <FormErrors form={f} />
            <TextField label={t('contact.name')} required autoComplete="name" {...field('from_name')} />
            <TextField
              label={t('contact.email')}
              type="email"
              required
              autoComplete="email"
              {...field('from_email')}
            />
            <TextArea label={t('contact.message')} required rows={6} {...field('from_message')} />
            <Honeypot value={form.website} onChange={(website) => f.setForm((v) => ({ ...v, website }))} />
            <Button type="submit" loading={sending}>
              {t('contact.send')}
            </Button>
          </form>
        </section>
        <aside aria-labelledby="contact-reach-title" className="card">
          <h2 id="contact-reach-title">{t('contact.reachTitle')}</h2>
          <p>
            {t('contact.emailLabel')}: <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
          <p>
            {t('contact.phoneLabel')}: <a href={`tel:${CONTACT.phone.replace(/\s/g, '')}`}>{CONTACT.phone}</a>
          </p>
          <p>{t('contact.hours')}</p>
        </aside>
      </div>
    </div>
  );
}
