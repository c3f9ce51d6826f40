import { useState, type FormEvent } from 'react';
import { PLAN_IDS } from '@platform/contracts/values';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { coreApi } from '../../api';
import {
  Alert,
  Button,
  failureText,
  FormErrors,
  SelectField,
  Spinner,
  TextArea,
  TextField,
  useForm,
  useRouteMeta,
  useToast,
  useTranslation,
} from '@platform/ui';
import {
  emptyProfileForm,
  profilePayload,
  toForm,
  validateProfile,
  type ProfileErrors,
  type ProfileForm,
} from './profile-form';
import { VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import { ProfilePhoto } from './ProfilePhoto';
import '../shared/core.css';

/** The signed-in person's own profile (GET/PUT /api/user/me); visitors are sent to log in. */
export default function ProfilePage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('profile.title'));
  const toast = useToast();
  const token = useSession((s) => s.token);
  const me = useApiQuery(token ? coreApi.me() : null);
  const profile = me.data?.user ?? null;
  // The form starts from the saved profile; what the person types is never replaced by a reload.
  const f = useForm<ProfileForm, NonNullable<ProfileErrors[keyof ProfileForm]>>(
    'core',
    emptyProfileForm,
    'profile.errors',
    { source: profile ? toForm(profile) : null },
  );
  const { form, field } = f;
  const [saving, setSaving] = useState(false);
  // Whether the person shows their contact details and full address (null: as saved).
  const [contactPublic, setContactPublic] = useState<boolean | null>(null);
  const showsContact = contactPublic ?? profile?.contactPublic ?? false;
  const loadError = me.error && failureText(t, me.error, 'profile.loadFailed');

  if (!token) return <Navigate to={loginPath('/profile')} replace />;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateProfile(form))) return;
    setSaving(true);
    try {
      const res = await coreApi.updateMe({ ...profilePayload(form), contactPublic: showsContact });
      if (res.ok) {
        // Saved: the form is the saved profile again, with nothing left to lose.
        f.reset(toForm(res.body.user));
        setContactPublic(null);
        await refreshApi('/api/user/me');
        toast.show({ kind: 'success', message: t('profile.saved') });
      } else f.fail(res, 'profile.saveFailed');
    } catch (caught) {
      f.fail(caught, 'profile.saveFailed');
    }
    setSaving(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="profile-title">
        <h1 id="profile-title">{t('profile.title')}</h1>
        {loadError && <Alert kind="error">{loadError}</Alert>}
        <FormErrors form={f} />
        {!profile ? (
          !loadError && <Spinner label={t('profile.loading')} />
        ) : (
          <>
            <p className="muted">{t('profile.account', { email: profile.email })}</p>
            {!profile.emailVerified && <VerifyEmailNotice email={profile.email} />}
            <p>
              <Link to="/team">{t('team.title')}</Link>
            </p>
            <ProfilePhoto name={profile.name} photo={profile.photo} />
            <form onSubmit={save} noValidate>
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
                <TextField label={t('profile.address')} {...field('address')} />
              </div>
              <div className="field">
                <label className="check">
                  <input
                    type="checkbox"
                    checked={showsContact}
                    aria-describedby="contact-public-hint"
                    onChange={(e) => setContactPublic(e.target.checked)}
                  />{' '}
                  {t('profile.contactPublic')}
                </label>
                <p className="field-hint" id="contact-public-hint">
                  {t('profile.contactPublicHint')}
                </p>
              </div>
              <TextField label={t('signup.skills')} hint={t('signup.skillsHint')} {...field('skills')} />
              <TextArea label={t('signup.description')} rows={4} {...field('description')} />
              <SelectField
                label={t('profile.plan')}
                hint={t('profile.planHint')}
                {...field('plan')}
                options={[
                  { value: '', label: t('profile.planNone') },
                  ...PLAN_IDS.map((id) => ({ value: id, label: t(`pricing.plans.${id}.name`) })),
                ]}
              />
              <Button type="submit" loading={saving}>
                {t('profile.save')}
              </Button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
