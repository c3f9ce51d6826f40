import './texts';
import { lazy, Suspense, useId, useState } from 'react';
import { useApiQuery } from '@platform/data';
import { Alert, Button, SelectField, Spinner, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useSubmit } from './hr-access';

const WardCodeQr = lazy(() => import('./WardCodeQr'));

/**
 * A ward's time-clock code, for HR and the ward's manager: whether a clock-in for its shifts asks for it,
 * a new code (the old one then opens nothing), and a sheet to print for the ward with the code and its QR
 * code (the clock page's address with the code, which a phone's camera opens).
 */
export function WardClockCode() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const places = useApiQuery(coreApi.places());
  const departments = places.data?.data.departments ?? [];
  const [departmentId, setDepartmentId] = useState('');
  const chosen = departmentId || departments[0]?.id || '';
  const current = useApiQuery(chosen ? coreApi.clockCode(chosen) : null);
  const { submit, busy, message, setMessage } = useSubmit();
  const requiredId = useId();
  const code = current.data?.data;
  const save = (required: boolean, rotate: boolean, done: string) =>
    submit(() => coreApi.setClockCode(chosen, { required, rotate }), {
      success: done,
      refresh: [`/api/core/departments/${encodeURIComponent(chosen)}/clock-code`],
    });

  const url = code?.code ? `${window.location.origin}/hr/clock?code=${encodeURIComponent(code.code)}` : null;
  return (
    <section className="card" aria-labelledby="clock-code-title">
      <h2 id="clock-code-title">{t('clockCode.title')}</h2>
      <p>{t('clockCode.intro')}</p>
      {departments.length > 1 && (
        <SelectField
          label={t('rosters.department')}
          value={chosen}
          options={departments.map((d) => ({ value: d.id, label: d.name }))}
          onChange={(e) => {
            setDepartmentId(e.target.value);
            setMessage(null);
          }}
        />
      )}
      {current.loading && <Spinner label={t('hrPage.loading')} />}
      {current.error && <Alert kind="error">{failure(current.error)}</Alert>}
      {code && (
        <>
          <p>
            <input
              id={requiredId}
              type="checkbox"
              checked={code.required}
              disabled={busy}
              onChange={(e) =>
                void save(
                  e.target.checked,
                  false,
                  e.target.checked ? t('clockCode.nowRequired') : t('clockCode.notRequired'),
                )
              }
            />{' '}
            <label htmlFor={requiredId}>{t('clockCode.required', { ward: code.departmentName })}</label>
          </p>
          {url && (
            <div className="clock-code-sheet">
              <h3>{t('clockCode.sheetTitle', { ward: code.departmentName })}</h3>
              <Suspense fallback={<Spinner label={t('hrPage.loading')} />}>
                <WardCodeQr url={url} ward={code.departmentName} />
              </Suspense>
              <p>
                {t('clockCode.codeIs')} <strong className="clock-code">{code.code}</strong>
              </p>
              <p className="muted">{t('clockCode.sheetHint')}</p>
            </div>
          )}
          <div className="row">
            {url && (
              <Button variant="secondary" onClick={() => window.print()}>
                {t('clockCode.print')}
              </Button>
            )}
            <Button
              variant="secondary"
              loading={busy}
              onClick={() => void save(code.required, true, t('clockCode.rotated'))}
            >
              {code.code ? t('clockCode.rotate') : t('clockCode.make')}
            </Button>
          </div>
        </>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </section>
  );
}
