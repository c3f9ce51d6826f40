import './texts';
import { useState, type FormEvent } from 'react';
import { LEAVE_STATUSES } from '@platform/svc-core/contract';
import { useApiQuery } from '@platform/data';
import { Alert, Button, SelectField, TextField, useFileDownload, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';

/**
 * The leave requests as a spreadsheet for HR and managers (theirs: the people in their scope, as the
 * service decides): those touching a range of days, of a status and a department, each filter optional.
 */
export function LeaveRequestsCsv() {
  const { t } = useTranslation('core');
  const places = useApiQuery(coreApi.places());
  const file = useFileDownload('core', 'hrPage.csvFailed');
  const [filter, setFilter] = useState({ from: '', to: '', status: '', departmentId: '' });
  const [toError, setToError] = useState<string | undefined>();
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: e.target.value }));

  function download(e: FormEvent) {
    e.preventDefault();
    const backwards = filter.from && filter.to && filter.to < filter.from;
    setToError(backwards ? t('leave.toBeforeFrom') : undefined);
    if (!backwards) void file.download(() => coreApi.leaveRequestsCsv(filter), 'leave-requests.csv');
  }

  return (
    <section className="card" aria-labelledby="leave-requests-csv">
      <h2 id="leave-requests-csv">{t('leave.requestsCsvTitle')}</h2>
      <form onSubmit={download} noValidate aria-labelledby="leave-requests-csv">
        <div className="hr-filters">
          <TextField label={t('leave.from')} type="date" value={filter.from} onChange={set('from')} />
          <TextField
            label={t('leave.to')}
            type="date"
            value={filter.to}
            error={toError}
            onChange={set('to')}
          />
          <SelectField
            label={t('leave.statusFilter')}
            value={filter.status}
            onChange={set('status')}
            options={[
              { value: '', label: t('leave.anyStatus') },
              ...LEAVE_STATUSES.map((s) => ({ value: s, label: t(`leave.status.${s}`) })),
            ]}
          />
          <SelectField
            label={t('leave.department')}
            value={filter.departmentId}
            onChange={set('departmentId')}
            options={[
              { value: '', label: t('leave.anyDepartment') },
              ...(places.data?.data.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
        </div>
        <div className="hr-export">
          <Button type="submit" variant="secondary" loading={file.busy}>
            {t('leave.requestsCsv')}
          </Button>
          {file.error && <Alert kind="error">{file.error}</Alert>}
        </div>
      </form>
    </section>
  );
}
