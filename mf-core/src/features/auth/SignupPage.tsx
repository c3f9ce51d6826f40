import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@platform/router';
import { coreApi } from '../../api';
import {
  Alert,
  Button,
  failureText,
  SelectField,
  TextArea,
  TextField,
  useForm,
  useRouteMeta,
  useToast,
  useTranslation,
} from '@platform/ui';
import { PLANS } from '../pricing/plans';
import { emptySignup, signupPayload, validateSignup, type SignupErrors, type SignupForm } from './signup';
import '../shared/core.css';

export default function SignupPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('meta.signupTitle'), t('meta.signup'));
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const plan = PLANS.find((p) => p.id === params.get('plan'));
  const { form, setErrors, field } = useForm<SignupForm, NonNullable<SignupErrors[keyof SignupForm]>>(
    'core',
    () => ({ ...emptySignup(), role: plan ? 'Clinic' : 'user' }),
    'signup.errors',
  );
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const found = validateSignup(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (form.password !== form.confirmPassword) {
      setError(t('passwordMismatch'));
      return;
    }
    setSubmitting(true);
    try {
      const res = await coreApi.register(signupPayload(form));
      if (res.ok) {
        toast.show({ kind: 'success', message: t('signup.success') });
        navigate('/login');
        return;
      }
      setError(failureText(t, res, 'signupFailed'));
    } catch (err) {
      setError(failureText(t, err, 'signupFailed'));
    }
    setSubmitting(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="signup-title">
        <h1 id="signup-title">{t('signup.title')}</h1>
        <p className="muted">{t('signup.intro')}</p>
        {plan && <p className="badge">{t('signup.plan', { name: t(`pricing.plans.${plan.id}.name`) })}</p>}
        {error && <Alert kind="error">{error}</Alert>}
        <form onSubmit={submit} noValidate>
          <SelectField
            label={t('signup.role')}
            name="role"
            {...field('role')}
            options={[
              { value: 'user', label: t('signup.roles.user') },
              { value: 'Clinic', label: t('signup.roles.Clinic') },
            ]}
          />
          <TextField label={t('signup.name')} name="name" autoComplete="name" required {...field('name')} />
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
            <TextField
              label={t('signup.designation')}
              name="designation"
              autoComplete="organization-title"
              {...field('designation')}
            />
            <TextField
              label={t('signup.phone')}
              type="tel"
              name="phone"
              autoComplete="tel"
              {...field('phone')}
            />
          </div>
          <TextField
            label={t('signup.address')}
            name="address"
            autoComplete="address-level2"
            {...field('address')}
          />
          <TextField
            label={t('signup.skills')}
            name="skills"
            hint={t('signup.skillsHint')}
            {...field('skills')}
          />
          <TextArea label={t('signup.description')} name="description" rows={3} {...field('description')} />
          <Button type="submit" loading={submitting}>
            {submitting ? t('signup.submitting') : t('signup.submit')}
          </Button>
        </form>
        <p className="auth-switch">
          {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
        </p>
      </section>
    </div>
  );
}
