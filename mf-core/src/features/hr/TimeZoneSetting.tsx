import './texts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import { Alert, Button, SelectField, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure } from './hr-access';

/** The zones of the countries the platform serves first; then every other IANA zone the browser knows. */
const FIRST = ['Africa/Nairobi', 'Africa/Kampala', 'Africa/Dar_es_Salaam', 'Africa/Kigali'];

/** `Africa/Nairobi (GMT+03:00)`: the name with the zone's offset today, so a choice is recognisable. */
function zoneLabel(zone: string): string {
  try {
    const offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return offset ? `${zone.replace(/_/g, ' ')} (${offset})` : zone;
  } catch {
    return zone;
  }
}

function zones(current: string | undefined): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const rest = [...known, 'UTC'].filter((z) => !FIRST.includes(z)).sort();
  const all = [...FIRST, ...rest];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/**
 * HR's set-up of the organisation's time zone (East Africa Time unless changed): shift times, the time
 * clock, timesheets and "today" are read in it. The service checks the name against its own list.
 */
export function TimeZoneSetting() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const org = useApiQuery(coreApi.organisation());
  const saved = org.data?.data.timeZone;
  const [zone, setZone] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (saved && zone === undefined) setZone(saved);
  }, [saved, zone]);
  const options = useMemo(() => zones(saved).map((z) => ({ value: z, label: zoneLabel(z) })), [saved]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!zone) return;
    setBusy(true);
    setMessage(null);
    try {
      const res = await coreApi.configureOrganisation({ timeZone: zone });
      if (res.ok) {
        setMessage({ kind: 'success', text: t('hrPage.timeZoneSaved', { zone: zoneLabel(zone) }) });
        await refreshApi('/api/core/organisation');
      } else setMessage({ kind: 'error', text: failure(res) });
    } catch (caught) {
      setMessage({ kind: 'error', text: failure(caught) });
    }
    setBusy(false);
  }

  return (
    <section className="card" aria-labelledby="hr-time-zone">
      <h2 id="hr-time-zone">{t('hrPage.timeZoneTitle')}</h2>
      <p>{t('hrPage.timeZoneIntro')}</p>
      {org.error && <Alert kind="error">{failure(org.error)}</Alert>}
      {zone !== undefined && (
        <form onSubmit={save} className="row hr-filters">
          <SelectField
            label={t('hrPage.timeZone')}
            value={zone}
            options={options}
            onChange={(e) => setZone(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            {t('hrPage.saveTimeZone')}
          </Button>
        </form>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </section>
  );
}
