import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApiQuery } from '@platform/data';
import { Link, useSearchParams } from '@platform/router';
import { useSession } from '@platform/shell-state';
import type { Payment, Plan } from '@platform/svc-billing/contract';
import { normaliseKenyanPhone } from '@platform/svc-billing/contract/phone';
import { Alert, Button, failureText, Spinner, TextField, useRouteMeta, useTranslation } from '@platform/ui';
import { billingApi } from '../../api';
import { ItemPrice } from '../shared/ItemPrice';
import { PaymentOutcome } from './PaymentOutcome';
import { usePaymentStatus } from './usePaymentStatus';
import './checkout.css';

type PaymentMethod = Payment['method'];

const METHODS: PaymentMethod[] = ['mpesa', 'airtel', 'card'];

/** A fresh key for each attempt: a retried request of the same attempt never prompts the phone twice. */
const attemptKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * `/billing/checkout?items=hire`: the chosen plan or add-ons, the payment method (M-Pesa first), the
 * number the prompt goes to, then "Check your phone" with the payment's live status until it is paid,
 * failed or cancelled. A card is paid on the provider's hosted page (the platform never sees its number).
 */
export default function CheckoutPage() {
  const { t } = useTranslation('billing');
  useRouteMeta(t('checkout.title'));
  const [params] = useSearchParams();
  const items = (params.get('items') ?? '').split(',').filter((id) => /^[a-z0-9-]{1,40}$/.test(id));
  const role = useSession((s) => s.user?.role ?? null);
  const here = `/billing/checkout?items=${items.join(',')}`;

  if (role === null)
    return (
      <div className="container section">
        <h1>{t('checkout.title')}</h1>
        <p>{t('checkout.signUpFirst')}</p>
        <p className="checkout-actions">
          <Link className="btn btn-primary" to={`/signup?role=Clinic&next=${encodeURIComponent(here)}`}>
            {t('checkout.signUp')}
          </Link>
          <Link className="btn" to={`/login?next=${encodeURIComponent(here)}`}>
            {t('checkout.signIn')}
          </Link>
        </p>
      </div>
    );
  if (role !== 'Clinic')
    return (
      <div className="container section">
        <h1>{t('checkout.title')}</h1>
        <p>{t('page.clinicsOnly')}</p>
      </div>
    );
  return <ClinicCheckout items={items} />;
}

function ClinicCheckout({ items }: { items: string[] }) {
  const { t } = useTranslation('billing');
  const plans = useApiQuery(billingApi.plans());
  const me = useApiQuery(billingApi.me());
  const [method, setMethod] = useState<PaymentMethod>('mpesa');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [started, setStarted] = useState<Payment | null>(null);
  const payment = usePaymentStatus(started?.id ?? null, started ?? undefined);
  const phoneTouched = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);

  // The account's own number, as the person typed it, until they type another.
  const ownPhone = me.data?.user.phone ?? '';
  useEffect(() => {
    if (!phoneTouched.current && ownPhone) setPhone(ownPhone);
  }, [ownPhone]);

  useEffect(() => {
    if (started) statusRef.current?.focus();
  }, [started]);

  const catalogue: Plan[] = plans.data ? [...plans.data.data, ...plans.data.addOns] : [];
  const chosen = items.flatMap((id) => catalogue.filter((p) => p.id === id));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const msisdn = method === 'card' ? undefined : normaliseKenyanPhone(phone);
    if (method !== 'card' && !msisdn) {
      setPhoneError(t('checkout.phoneInvalid'));
      return;
    }
    setPhoneError(undefined);
    setSending(true);
    let res;
    try {
      res = await billingApi.checkout({ items, method, ...(msisdn ? { phone: msisdn } : {}) }, attemptKey());
    } catch (err) {
      setSending(false);
      return setFailure(err);
    }
    setSending(false);
    if (!res.ok) return setFailure(res);
    const data = res.body.data;
    if (data.method === 'card' && data.redirectUrl) {
      window.location.assign(data.redirectUrl);
      return;
    }
    setStarted(data);
  };

  const again = (other: boolean) => {
    setStarted(null);
    if (other) setMethod(method === 'mpesa' ? 'airtel' : 'mpesa');
  };

  if (plans.loading) return <Spinner label={t('checkout.loading')} />;
  if (plans.error)
    return (
      <div className="container section">
        <Alert kind="error">{failureText(t, plans.error, 'checkout.failed')}</Alert>
      </div>
    );

  return (
    <div className="container section checkout">
      <h1>{t('checkout.title')}</h1>
      {chosen.length === 0 ? (
        <p>
          {t('checkout.nothingChosen')} <Link to="/pricing">{t('checkout.seePlans')}</Link>
        </p>
      ) : (
        <>
          <h2>{t('checkout.chosen')}</h2>
          <ul className="checkout-items">
            {chosen.map((item) => (
              <li key={item.id}>
                <strong>{t(`items.${item.id}`, { defaultValue: item.name })}</strong>{' '}
                <ItemPrice item={item} />
              </li>
            ))}
          </ul>
          <p>
            <Link to="/pricing">{t('checkout.changeChoice')}</Link>
          </p>
          {started && payment ? (
            <div ref={statusRef} tabIndex={-1}>
              <PaymentOutcome
                payment={payment}
                onRetry={() => again(false)}
                onOtherMethod={() => again(true)}
              />
            </div>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <fieldset className="checkout-methods">
                <legend>{t('checkout.method')}</legend>
                {METHODS.map((m) => (
                  <label key={m} className="checkout-method">
                    <input
                      type="radio"
                      name="method"
                      value={m}
                      checked={method === m}
                      onChange={() => setMethod(m)}
                    />{' '}
                    {t(`method.${m}`)}
                  </label>
                ))}
              </fieldset>
              {method === 'card' ? (
                <p className="muted">{t('checkout.cardHosted')}</p>
              ) : (
                <TextField
                  label={t(method === 'mpesa' ? 'checkout.phoneMpesa' : 'checkout.phoneAirtel')}
                  hint={t('checkout.phoneHint')}
                  error={phoneError}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  required
                  value={phone}
                  onChange={(e) => {
                    phoneTouched.current = true;
                    setPhone(e.target.value);
                  }}
                />
              )}
              {failure !== null && <Alert kind="error">{failureText(t, failure, 'checkout.failed')}</Alert>}
              <Button type="submit" variant="primary" disabled={sending}>
                {method === 'card' ? t('checkout.payCard') : t('checkout.pay')}
              </Button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
