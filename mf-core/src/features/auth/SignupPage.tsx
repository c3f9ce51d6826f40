import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '@platform/router';
import { journeyQuery, landingPath, useSession } from '@platform/shell-state';
import { coreApi } from '../../api';
import {
  Button,
  FormErrors,
  TextArea,
  TextField,
  useForm,
  useHydrated,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { PLANS } from '../pricing/plans';
import type { SignedUp } from './login';
import {
  emptySignup,
  SIGNUP_ROLES,
  SIGNUP_SERVER_FIELDS,
  signupPayload,
  validateSignup,
  type SignupErrors,
  type SignupForm,
} from './signup';
import '../shared/core.css';

export default function SignupPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('meta.signupTitle'), t('meta.signup'));
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const plan = PLANS.find((p) => p.id === params.get('plan'));
  const f = useForm<SignupForm, NonNullable<SignupErrors[keyof SignupForm]>>(
    'core',
    // A plan chosen, or a purchase on its way (`role=Clinic`): an organisation buys, so the form starts as one.
    () => ({ ...emptySignup(), role: plan || params.get('role') === 'Clinic' ? 'Clinic' : 'user' }),
    'signup.errors',
    { serverFields: SIGNUP_SERVER_FIELDS, validate: validateSignup },
  );
  const { form, field } = f;
  const [submitting, setSubmitting] = useState(false);
  // The page is prerendered as a professional's: a clinic's form (`?role=Clinic`) is drawn once hydrated.
  const hydrated = useHydrated();
  const role = hydrated ? form.role : 'user';
  const clinic = role === 'Clinic';
  // Login keeps the way back (`next`, `apply`) the visitor came with.
  const login = `/login${journeyQuery(search)}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateSignup(form))) return;
    setSubmitting(true);
    try {
      const res = await coreApi.register(signupPayload(form, plan?.id));
      if (res.ok && res.body.token && res.body.user) {
        // Signed in by the sign-up itself: on to the way back, else where the role's work is.
        useSession.getState().signIn(res.body.token, res.body.user);
        navigate(landingPath(search, res.body.user.role));
        return;
      }
      if (res.ok) {
        // No session: the address already had an account, whose owner has been e-mailed.
        navigate(login, { state: { email: form.email.trim() } satisfies SignedUp });
        return;
      }
      f.fail(res, 'signupFailed');
    } catch (err) {
      f.fail(err, 'signupFailed');
    }
    setSubmitting(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="signup-title">
        <h1 id="signup-title">{t('signup.title')}</h1>
        <p className="muted">{t('signup.intro')}</p>
        {plan && <p className="badge">{t('signup.plan', { name: t(`pricing.plans.${plan.id}.name`) })}</p>}
        <FormErrors form={f} />
        <form onSubmit={submit} noValidate>
          <fieldset className="role-choice">
            <legend>{t('signup.role')}</legend>
            {SIGNUP_ROLES.map((r) => (
              <label key={r} className={`role-option${role === r ? ' is-chosen' : ''}`}>
                <input
                  type="radio"
                  name="role"
                  value={r}
                  checked={role === r}
                  onChange={field('role').onChange}
                  disabled={!hydrated}
                  aria-describedby={`signup-role-${r}`}
                />
                <span className="role-option-text">
                  <strong>{t(`signup.roles.${r}`)}</strong>
                  <span id={`signup-role-${r}`} className="muted">
                    {t(`signup.roleHints.${r}`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <TextField
            label={t(clinic ? 'signup.nameClinic' : 'signup.nameUser')}
            name="name"
            autoComplete={clinic ? 'organization' : 'name'}
            required
            {...field('name')}
          />
          <TextField
            label={t('signup.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <div className="form-grid">
            <TextField
              label={t('signup.password')}
              type="password"
              name="password"
              autoComplete="new-password"
              required
              hint={t('signup.passwordHint')}
              {...field('password')}
            />
            <TextField
              label={t('signup.confirmPassword')}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              {...field('confirmPassword')}
            />
          </div>
          <div className="form-grid">
            {!clinic && (
              <TextField
                label={t('signup.designation')}
                name="designation"
                autoComplete="organization-title"
                {...field('designation')}
              />
            )}
            <TextField
              label={t('signup.phone')}
              type="tel"
              name="phone"
              autoComplete="tel"
              {...field('phone')}
            />
          </div>
          <div className="form-grid">
            <TextField
              label={t('signup.town')}
              name="location"
              autoComplete="address-level2"
              maxLength={160}
              {...field('location')}
            />
            <TextField
              label={t('signup.country')}
              name="country"
              autoComplete="country-name"
              maxLength={80}
              {...field('country')}
            />
          </div>
          {!clinic && (
            <TextField
              label={t('signup.skills')}
              name="skills"
              hint={t('signup.skillsHint')}
              {...field('skills')}
            />
          )}
          <TextArea
            label={t(clinic ? 'signup.descriptionClinic' : 'signup.descriptionUser')}
            name="description"
            rows={3}
            {...field('description')}
          />
          <Button type="submit" loading={submitting}>
            {submitting ? t('signup.submitting') : t('signup.submit')}
          </Button>
        </form>
        <p className="auth-switch">
          {t('signup.haveAccount')} <Link to={login}>{t('signup.loginLink')}</Link>
        </p>
      </section>
    </div>
  );
}
