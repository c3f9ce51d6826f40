import { useEffect, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { apiRequest, loginPath, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  failureText,
  Spinner,
  TextArea,
  TextField,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import {
  emptyProfileForm,
  profilePayload,
  toForm,
  validateProfile,
  type Profile,
  type ProfileErrors,
  type ProfileForm,
} from './profile-form';
import '../shared/core.css';

/** The signed-in person's own profile (GET/PUT /api/user/me); visitors are sent to log in. */
export default function ProfilePage() {
  const { t } = useTranslation('core');
  const toast = useToast();
  const token = useSession((s) => s.token);
  const [profile, setProfile] = useState<Profile | null>(null);
  const { form, setForm, setErrors, field } = useForm<
    ProfileForm,
    NonNullable<ProfileErrors[keyof ProfileForm]>
  >('core', emptyProfileForm, 'profile.errors');
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

  if (!token) return <Redirect to={loginPath('/profile')} replace />;

  async function save(e: FormEvent) {
    e.preventDefault();
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
        {!profile ? (
          !error && <Spinner label={t('profile.loading')} />
        ) : (
          <form onSubmit={save} noValidate>
            <p className="muted">{t('profile.account', { email: profile.email })}</p>
            <TextField label={t('signup.name')} required autoComplete="name" {...field('name')} />
            <div className="form-grid">
              <TextField label={t('signup.designation')} {...field('designation')} />
              <TextField label={t('signup.phone')} type="tel" autoComplete="tel" {...field('phone')} />
            </div>
            <div className="form-grid">
              <TextField label={t('profile.facility')} {...field('facility')} />
              <TextField label={t('profile.location')} {...field('location')} />
            </div>
            <div className="form-grid">
              <TextField label={t('profile.country')} autoComplete="country-name" {...field('country')} />
              <TextField label={t('signup.address')} {...field('address')} />
            </div>
            <TextField label={t('signup.skills')} hint={t('signup.skillsHint')} {...field('skills')} />
            <TextField
              label={t('profile.photo')}
              type="url"
              hint={t('profile.photoHint')}
              {...field('photo')}
            />
            <TextArea label={t('signup.description')} rows={4} {...field('description')} />
            <Button type="submit" loading={saving}>
              {t('profile.save')}
            </Button>
          </form>
        )}
      </section>
    </div>
  );
}
