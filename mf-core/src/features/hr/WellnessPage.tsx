import './texts';
import { useState, type FormEvent } from 'react';
import type { PulseQuestion, Survey, SurveyResults } from '@platform/svc-core/contract';
import { useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { Alert, Button, Spinner, TextField, useDateFormat, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useOrgRole, useSubmit } from './hr-access';

const SURVEYS = '/api/core/wellness/surveys';
import '../shared/core.css';

/** The ready questions, in the service's order (kept here: the contract's values would bring TypeBox). */
const PULSE_QUESTIONS: readonly PulseQuestion[] = ['workload', 'burnout', 'safety'];

/**
 * `/hr/wellness`: HR's anonymous pulse surveys: make one from the ready questions for some departments
 * with a closing day, send it, close it early, and read its results once closed (only where at least 5
 * answered; the service decides). Members answer theirs on /userdashboard.
 */
export default function WellnessPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('wellness.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  const [open, setOpen] = useState<string | null>(null);
  if (!user) return <Navigate to={loginPath('/hr/wellness')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('wellness.title')}</h1>
      <p>{t('wellness.intro')}</p>
      {role === undefined && <Spinner label={t('hrPage.loading')} />}
      {role !== undefined && !isHr && (
        <p>
          {t('wellness.notHr')} <Link to="/userdashboard#wellness">{t('wellness.toDashboard')}</Link>
        </p>
      )}
      {isHr && <SurveyList onOpen={setOpen} />}
      {isHr && open && <Results id={open} />}
      {isHr && <NewSurvey />}
    </div>
  );
}

function SurveyList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const list = useApiPages((page) => coreApi.surveys(page));
  return (
    <section className="card" aria-labelledby="wellness-list">
      <h2 id="wellness-list">{t('wellness.listTitle')}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('wellness.none')}</p>}
      <ul className="hr-list">
        {list.items.map((s) => (
          <li key={s.id}>
            <strong>{s.title}</strong> · {s.departments.map((d) => d.name).join(', ')} ·{' '}
            {t(`wellness.status.${s.status}`)} · {t('wellness.closes', { day: date(s.closesOn) })}
            {s.status !== 'draft' && (
              <> · {t('wellness.answeredOf', { answered: s.answered ?? 0, invited: s.invited })}</>
            )}
            <SurveyActions survey={s} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

function SurveyActions({ survey: s, onOpen }: { survey: Survey; onOpen: (id: string) => void }) {
  const { t } = useTranslation('core');
  const { submit, busy, message } = useSubmit();
  const act = (action: 'send' | 'close') =>
    submit(() => coreApi.surveyAction(s.id, action), { refresh: [SURVEYS] });
  return (
    <div className="row hr-actions">
      {s.status === 'draft' && (
        <Button
          loading={busy}
          onClick={() => void act('send')}
          aria-label={t('wellness.sendFor', { title: s.title })}
        >
          {t('wellness.sendSurvey')}
        </Button>
      )}
      {s.status === 'open' && (
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => void act('close')}
          aria-label={t('wellness.closeFor', { title: s.title })}
        >
          {t('wellness.close')}
        </Button>
      )}
      {s.status !== 'draft' && (
        <Button
          variant="secondary"
          onClick={() => onOpen(s.id)}
          aria-label={t('wellness.resultsFor', { title: s.title })}
        >
          {t('wellness.results')}
        </Button>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </div>
  );
}

/** Why a group's results are not shown, in words. */
function Withheld({
  group,
}: {
  group: { answered: number; withheld: SurveyResults['overall']['withheld'] };
}) {
  const { t } = useTranslation('core');
  if (!group.withheld) return null;
  return <p>{t(`wellness.withheld.${group.withheld}`, { n: group.answered })}</p>;
}

function QuestionTable({ questions }: { questions: NonNullable<SurveyResults['overall']['questions']> }) {
  const { t } = useTranslation('core');
  return (
    <div className="table-wrap" role="region" aria-label={t('wellness.byQuestion')} tabIndex={0}>
      <table className="table">
        <caption>{t('wellness.byQuestion')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('wellness.questionColumn')}</th>
            <th scope="col">{t('wellness.mean')}</th>
            {[1, 2, 3, 4, 5].map((n) => (
              <th scope="col" key={n}>
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {questions.map((q) => (
            <tr key={q.question}>
              <th scope="row">{t(`wellness.short.${q.question}`)}</th>
              <td>{q.mean.toFixed(2)}</td>
              {q.distribution.map((n, i) => (
                <td key={i}>{n}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Results({ id }: { id: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const query = useApiQuery(coreApi.surveyResults(id));
  const results = query.data?.data;
  return (
    <section className="card" aria-labelledby="wellness-results">
      <h2 id="wellness-results">{t('wellness.resultsTitle')}</h2>
      {query.loading && !results && <Spinner label={t('hrPage.loading')} />}
      {query.error && <Alert kind="error">{failure(query.error)}</Alert>}
      {results && (
        <>
          <p>
            {t('wellness.answeredOf', { answered: results.overall.answered, invited: results.invited })} ·{' '}
            {t('wellness.threshold', { n: results.threshold })}
          </p>
          <Withheld group={results.overall} />
          {results.overall.questions && <QuestionTable questions={results.overall.questions} />}
          {results.overall.comments && (
            <section aria-labelledby="wellness-comments">
              <h3 id="wellness-comments">
                {t('wellness.comments', { count: results.overall.comments.length })}
              </h3>
              <ul className="hr-list">
                {results.overall.comments.map((c, i) => (
                  <li key={i}>{c}</li>
                ))}
              </ul>
            </section>
          )}
          {results.departments.map((d) => (
            <section key={d.id} aria-label={d.name}>
              <h3>{d.name}</h3>
              <Withheld group={d} />
              {d.questions && <QuestionTable questions={d.questions} />}
            </section>
          ))}
        </>
      )}
    </section>
  );
}

/** A new survey: its title, ready questions, departments and closing day; made as a draft to send. */
function NewSurvey() {
  const { t } = useTranslation('core');
  const places = useApiQuery(coreApi.places());
  const departments = places.data?.data.departments ?? [];
  const empty = {
    title: '',
    closesOn: '',
    questions: [...PULSE_QUESTIONS] as PulseQuestion[],
    departmentIds: [] as string[],
  };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<
    Partial<Record<'title' | 'closesOn' | 'questions' | 'departmentIds', string>>
  >({});
  const { submit, busy, message, setMessage } = useSubmit();
  const toggle = <K extends 'questions' | 'departmentIds'>(key: K, value: string) =>
    setForm((f) => {
      const list = f[key] as string[];
      return { ...f, [key]: list.includes(value) ? list.filter((x) => x !== value) : [...list, value] };
    });

  function create(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (form.title.trim().length < 3) found.title = t('wellness.titleRequired');
    if (!form.closesOn) found.closesOn = t('wellness.closesRequired');
    if (form.questions.length === 0) found.questions = t('wellness.questionsRequired');
    if (form.departmentIds.length === 0) found.departmentIds = t('wellness.departmentsRequired');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    void submit(
      () =>
        coreApi.createSurvey({
          title: form.title.trim(),
          questions: PULSE_QUESTIONS.filter((q) => form.questions.includes(q)),
          departmentIds: form.departmentIds,
          closesOn: form.closesOn,
        }),
      { success: t('wellness.created'), refresh: [SURVEYS], done: () => setForm(empty) },
    );
  }

  const group = (
    key: 'questions' | 'departmentIds',
    legend: string,
    options: { value: string; label: string }[],
  ) => (
    <fieldset aria-describedby={errors[key] ? `wellness-${key}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="hr-check">
          <input
            type="checkbox"
            checked={(form[key] as string[]).includes(o.value)}
            onChange={() => toggle(key, o.value)}
          />{' '}
          {o.label}
        </label>
      ))}
      {errors[key] && (
        <p id={`wellness-${key}-error`} className="field-error" role="alert">
          {errors[key]}
        </p>
      )}
    </fieldset>
  );

  return (
    <section className="card" aria-labelledby="wellness-new">
      <h2 id="wellness-new">{t('wellness.newTitle')}</h2>
      <form onSubmit={create} noValidate className="hr-form">
        <TextField
          label={t('wellness.surveyTitle')}
          required
          maxLength={120}
          value={form.title}
          error={errors.title}
          onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        />
        {group(
          'questions',
          t('wellness.questions'),
          PULSE_QUESTIONS.map((q) => ({ value: q, label: t(`wellness.question.${q}`) })),
        )}
        {group(
          'departmentIds',
          t('wellness.departments'),
          departments.map((d) => ({ value: d.id, label: d.name })),
        )}
        <TextField
          label={t('wellness.closesOn')}
          type="date"
          required
          value={form.closesOn}
          error={errors.closesOn}
          onChange={(e) => setForm((f) => ({ ...f, closesOn: e.target.value }))}
        />
        <p>{t('wellness.commentNote')}</p>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('wellness.create')}
        </Button>
      </form>
    </section>
  );
}
