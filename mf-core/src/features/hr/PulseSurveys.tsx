import './texts';
import { useId, useState, type FormEvent } from 'react';
import type { PulseQuestion, Survey } from '@platform/svc-core/contract';
import { refreshApi, useApiPages } from '@platform/data';
import { Alert, Button, Spinner, TextArea, useDateFormat, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useSubmit } from './hr-access';

const SCALE = [1, 2, 3, 4, 5] as const;

/**
 * The wellness surveys a member is asked to answer (on /userdashboard): each question on a 1–5 scale and
 * one optional comment, sent once. Nothing shows when there is none.
 */
export function PulseSurveys() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const list = useApiPages((page) => coreApi.surveys(page, true));
  const [done, setDone] = useState<string[]>([]);
  const open = list.items.filter((s) => s.canAnswer && !done.includes(s.id));
  if (!list.error && open.length === 0 && done.length === 0) return null;
  return (
    <section className="card" id="wellness" aria-labelledby="core-wellness">
      <h2 id="core-wellness">{t('wellness.mineTitle')}</h2>
      <p>{t('wellness.anonymous')}</p>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      <div aria-live="polite">{done.length > 0 && <Alert kind="success">{t('wellness.thanks')}</Alert>}</div>
      {open.map((s) => (
        <AnswerForm key={s.id} survey={s} onDone={() => setDone((d) => [...d, s.id])} />
      ))}
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

function AnswerForm({ survey, onDone }: { survey: Survey; onDone: () => void }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const id = useId();
  const [ratings, setRatings] = useState<Partial<Record<PulseQuestion, number>>>({});
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState<PulseQuestion[]>([]);
  const { submit, busy, message, setMessage } = useSubmit();

  function send(e: FormEvent) {
    e.preventDefault();
    const unanswered = survey.questions.filter((q) => ratings[q] === undefined);
    setMissing(unanswered);
    setMessage(null);
    if (unanswered.length > 0) return;
    void submit(
      async () => {
        const res = await coreApi.answerSurvey(survey.id, {
          ratings,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        });
        // Answered already (in another tab): as good as sent.
        return (res.body as { code?: string }).code === 'core.survey_answered' ? { ...res, ok: true } : res;
      },
      {
        // The form leaves at once and the section thanks them; only then does the list load again (which
        // would otherwise empty the section for a moment).
        done: () => {
          onDone();
          return refreshApi('/api/core/wellness/surveys');
        },
      },
    );
  }

  return (
    <form onSubmit={send} noValidate className="hr-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{survey.title}</h3>
      <p>{t('wellness.until', { day: date(survey.closesOn) })}</p>
      {survey.questions.map((q) => (
        <fieldset key={q} aria-describedby={missing.includes(q) ? `${id}-${q}-error` : undefined}>
          <legend>{t(`wellness.question.${q}`)}</legend>
          <div className="row">
            {SCALE.map((n) => (
              <label key={n} className="hr-check">
                <input
                  type="radio"
                  name={`${id}-${q}`}
                  value={n}
                  checked={ratings[q] === n}
                  onChange={() => setRatings((r) => ({ ...r, [q]: n }))}
                />{' '}
                {t(`wellness.scale.${q}.${n}`)}
              </label>
            ))}
          </div>
          {missing.includes(q) && (
            <p id={`${id}-${q}-error`} className="field-error" role="alert">
              {t('wellness.chooseOne')}
            </p>
          )}
        </fieldset>
      ))}
      <TextArea
        label={t('wellness.comment')}
        hint={t('wellness.commentHint')}
        rows={3}
        maxLength={500}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <Button type="submit" loading={busy}>
        {t('wellness.send')}
      </Button>
    </form>
  );
}
