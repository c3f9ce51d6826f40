import { useEffect, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { apiRequest, useSession } from '@platform/shell-state';
import { Alert, Button, Spinner, TextArea, TextField, useToast, useTranslation } from '@platform/ui';
import {
  profilePayload,
  toForm,
  validateProfile,
  type Profile,
  type ProfileErrors,
  type ProfileForm,
} from './profile-form';
import { failureText } from '../shared/failure';
import '../shared/core.css';

/** The signed-in person's own profile (GET/PUT /api/user/me); visitors are sent to log in. */
export default function ProfilePage() {
  const { t } = useTranslation('core');
  const toast = useToast();
  const token = useSession((s) => s.token);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    apiRequest<{ user: Profile }>('/api/user/me', { signal: ctrl.signal })
      .then((res) => {
        if (res.ok) {
          setProfile(res.body.user);
          setForm(toForm(res.body.user));
        } else setError(failureText(t, res, 'profile.loadFailed'));
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setError(failureText(t, err, 'profile.loadFailed'));
      });
    return () => ctrl.abort();
  }, [token, t]);

  if (!token) return <Redirect to="/login" />;

  const set = (key: keyof ProfileForm) => (e: { target: { value: string } }) =>
    setForm((f) => (f ? { ...f, [key]: e.target.value } : f));
  const err = (key: keyof ProfileForm) => (errors[key] ? t(`profile.errors.${errors[key]}`) : undefined);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setError(null);
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const res = await apiRequest<{ user: Profile }>('/api/user/me', {
        method: 'PUT',
        body: profilePayload(form),
      });
      if (res.ok) {
        setProfile(res.body.user);
        setForm(toForm(res.body.user));
        toast.show({ kind: 'success', message: t('profile.saved') });
      } else setError(failureText(t, res, 'profile.saveFailed'));
    } catch (caught) {
      setError(failureText(t, caught, 'profile.saveFailed'));
    }
    setSaving(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="profile-title">
        <h1 id="profile-title">{t('profile.title')}</h1>
        {error && <Alert kind="error">{error}</Alert>}
        {!form || !profile ? (
          !error && <Spinner label={t('profile.loading')} />
        ) : (
          <form onSubmit={save} noValidate>
            <p className="muted">{t('profile.account', { email: profile.email })}</p>
            <TextField
              label={t('signup.name')}
              required
              autoComplete="name"
              value={form.name}
              onChange={set('name')}
              error={err('name')}
            />
            <div className="form-grid">
              <TextField
                label={t('signup.designation')}
                value={form.designation}
                onChange={set('designation')}
              />
              <TextField
                label={t('signup.phone')}
                type="tel"
                autoComplete="tel"
                value={form.phone}
                onChange={set('phone')}
              />
            </div>
            <div className="form-grid">
              <TextField label={t('profile.facility')} value={form.facility} onChange={set('facility')} />
              <TextField label={t('profile.location')} value={form.location} onChange={set('location')} />
            </div>
            <div className="form-grid">
              <TextField
                label={t('profile.country')}
                autoComplete="country-name"
                value={form.country}
                onChange={set('country')}
              />
              <TextField label={t('signup.address')} value={form.address} onChange={set('address')} />
            </div>
            <TextField
              label={t('signup.skills')}
              hint={t('signup.skillsHint')}
              value={form.skills}
              onChange={set('skills')}
            />
            <TextField
              label={t('profile.photo')}
              type="url"
              hint={t('profile.photoHint')}
              value={form.photo}
              onChange={set('photo')}
              error={err('photo')}
            />
            <TextArea
              label={t('signup.description')}
              rows={4}
              value={form.description}
              onChange={set('description')}
            />
            <Button type="submit" loading={saving}>
              {t('profile.save')}
            </Button>
          </form>
        )}
      </section>
    </div>
  );
}
