import './texts';
import { useId, useState, type ChangeEvent } from 'react';
import type { ImportProblem } from '@platform/svc-core/contract';
import { refreshApi } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { Alert, Button, saveFile, TextArea, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure } from './hr-access';
import '../shared/core.css';

/** The template's columns (svc-core reads these names and a few aliases) and one example row. */
export const TEMPLATE_CSV = [
  'email,name,phone,job title,profession,department,location,start date,employment type,national id,kra pin,sha number,nssf number,emergency contact name,emergency contact phone,licence council,licence number,licence issued on,licence expires on',
  'achieng@example.org,Achieng Otieno,0712345678,Staff Nurse,Nurse,Maternity,Kisumu,2024-02-01,full-time,12345678,A123456789Z,SHA-12345,NSSF-12345,Otieno Odhiambo,0722000000,NCK,NCK/12345,2024-01-01,2026-12-31',
].join('\n');

type Preview = { rows: number; problems: ImportProblem[] };

/**
 * `/hr/import`: HR adds staff from a spreadsheet. The file is read into an editable box, previewed by the
 * server (each bad row named), fixed there or in the spreadsheet, and imported only once the preview of
 * exactly that text is clean; the server imports all rows or none.
 */
export default function ImportPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('importPage.title'));
  const user = useSession((s) => s.user);
  const failure = useFailure();
  const fileId = useId();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<(Preview & { of: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ created: number; updated: number } | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  if (!user) return <Navigate to={loginPath('/hr/import')} replace />;

  async function chooseFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setCsv(await file.text());
    setPreview(null);
    setDone(null);
  }

  async function send(dryRun: boolean) {
    setBusy(dryRun ? 'check' : 'import');
    setError(null);
    setDone(null);
    try {
      const res = await coreApi.importStaff(csv, dryRun);
      // 422 carries the same preview: the file changed since it was checked.
      const data = (res.body as { data?: Preview & { created: number; updated: number } }).data;
      if (data && (res.ok || res.status === 422)) setPreview({ ...data, of: csv });
      if (res.ok && !dryRun && data) {
        setDone({ created: data.created, updated: data.updated });
        await Promise.all([refreshApi('/api/core/staff'), refreshApi('/api/core/dashboard')]);
      } else if (!res.ok && res.status !== 422) setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(null);
  }

  const clean = preview !== null && preview.of === csv && preview.problems.length === 0;
  return (
    <div className="container narrow section hr-page">
      <p>
        <Link to="/hr">{t('staffPage.back')}</Link>
      </p>
      <h1>{t('importPage.title')}</h1>
      <p>{t('importPage.intro')}</p>
      <p>
        <Button
          variant="secondary"
          onClick={() => saveFile(new Blob([TEMPLATE_CSV], { type: 'text/csv' }), 'staff-template.csv')}
        >
          {t('importPage.template')}
        </Button>
      </p>
      <div className="field">
        <label htmlFor={fileId}>{t('importPage.file')}</label>
        <input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => void chooseFile(e)} />
      </div>
      <TextArea
        label={t('importPage.text')}
        hint={t('importPage.textHint')}
        rows={10}
        spellCheck={false}
        value={csv}
        onChange={(e) => {
          setCsv(e.target.value);
          setDone(null);
        }}
      />
      <div className="row">
        <Button
          variant="secondary"
          disabled={csv.trim() === ''}
          loading={busy === 'check'}
          onClick={() => void send(true)}
        >
          {t('importPage.check')}
        </Button>
        <Button disabled={!clean} loading={busy === 'import'} onClick={() => void send(false)}>
          {preview && clean ? t('importPage.import', { count: preview.rows }) : t('importPage.importPlain')}
        </Button>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      {preview && !done && <PreviewResult preview={preview} stale={preview.of !== csv} />}
      {done && (
        <Alert kind="success">
          {t('importPage.done', { created: done.created, updated: done.updated })}{' '}
          <Link to="/hr#hr-staff">{t('importPage.toList')}</Link>
        </Alert>
      )}
    </div>
  );
}

function PreviewResult({ preview, stale }: { preview: Preview; stale: boolean }) {
  const { t } = useTranslation('core');
  if (stale) return <p className="muted">{t('importPage.changed')}</p>;
  if (preview.problems.length === 0)
    return <Alert kind="success">{t('importPage.ready', { count: preview.rows })}</Alert>;
  return (
    <section aria-labelledby="import-problems">
      <Alert kind="error">
        <span id="import-problems">{t('importPage.problems', { count: preview.problems.length })}</span>
      </Alert>
      <ul className="hr-list">
        {preview.problems.map((p, i) => (
          <li key={i}>
            <ProblemText problem={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Row 4, e-mail: this value is not valid" in the page's language; the server's English when a code is new. */
function ProblemText({ problem: p }: { problem: ImportProblem }) {
  const { t } = useTranslation('core');
  const what = t(`importPage.codes.${p.code.replace('core.import.', '')}`, { defaultValue: '' });
  if (!what) return <>{p.message}</>;
  const column = p.column ? t(`importPage.columns.${p.column}`, { defaultValue: p.column }) : null;
  if (p.row === null) return <>{what}</>;
  return (
    <>
      {column
        ? t('importPage.atRowColumn', { row: p.row, column, problem: what })
        : t('importPage.atRow', { row: p.row, problem: what })}
    </>
  );
}
