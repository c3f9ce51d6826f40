import { useId, useState } from 'react';
import type { Professional } from '@platform/svc-connect/contract';
import { refreshApi } from '@platform/data';
import { Link, useLocation, useNavigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { Avatar, Button, failureText, useToast, useTranslation } from '@platform/ui';
import { connectApi } from '../../api';
import { cut } from './filters';

const PREVIEW = 100;

/**
 * The Connect button in the viewer's state with this person (Connect, Pending, Connected; Accept when
 * they asked first), on a card and on the person's page. A visitor's Connect goes to login and back here.
 */
export function ConnectAction({ person }: { person: Professional }) {
  const { t } = useTranslation('connect');
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useSession((s) => s.user !== null);
  const [busy, setBusy] = useState(false);

  async function run(call: () => ReturnType<typeof connectApi.connect>, done: string, fallback: string) {
    setBusy(true);
    try {
      const res = await call();
      if (res.ok) {
        toast.show({ kind: 'success', message: done });
        await refreshApi('/api/connect');
      } else toast.show({ kind: 'error', message: failureText(t, res, fallback) });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, fallback) });
    }
    setBusy(false);
  }

  function connect() {
    if (!signedIn) {
      navigate(loginPath(`${pathname}${search}`));
      return;
    }
    void run(() => connectApi.connect(person.id), t('directory.sent'), 'directory.sendFailed');
  }

  const state = signedIn ? person.connection : 'none';
  return (
    <div className="person-actions">
      {state === 'none' && (
        <Button
          onClick={connect}
          loading={busy}
          aria-label={t('directory.connectWith', { name: person.name })}
        >
          {t('directory.connect')}
        </Button>
      )}
      {state === 'outgoing' && <span className="badge badge-pending">{t('directory.pending')}</span>}
      {state === 'incoming' && person.requestId && (
        <>
          <Button
            onClick={() =>
              void run(
                () => connectApi.answer(person.requestId!, 'accepted'),
                t('network.acceptedToast', { name: person.name }),
                'network.answerFailed',
              )
            }
            loading={busy}
            aria-label={t('directory.acceptFrom', { name: person.name })}
          >
            {t('directory.accept')}
          </Button>
          <Link to="/connect/network">{t('directory.wantsToConnect')}</Link>
        </>
      )}
      {state === 'connected' && <span className="badge badge-connected">{t('directory.connected')}</span>}
      {state === 'self' && <span className="muted">{t('directory.you')}</span>}
    </div>
  );
}

/** The person's phone and e-mail, when the service gives them (only to those allowed to read them). */
export function ContactDetails({ person }: { person: Professional }) {
  const { t } = useTranslation('connect');
  if (!person.email && !person.phone) return null;
  return (
    <dl className="person-contact">
      {person.phone && (
        <>
          <dt>{t('directory.phone')}</dt>
          <dd>
            <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>{person.phone}</a>
          </dd>
        </>
      )}
      {person.email && (
        <>
          <dt>{t('directory.email')}</dt>
          <dd>
            <a href={`mailto:${person.email}`}>{person.email}</a>
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * One professional of the directory: photo or initial, name (a link to their page), designation, the
 * first part of the address, the description cut at 100 characters, skills, contact details when the
 * service gives them, and the Connect button (ConnectAction).
 */
export function ProfessionalCard({ person }: { person: Professional }) {
  const { t } = useTranslation('connect');
  const id = useId();
  return (
    <article className="card person-card" aria-labelledby={`${id}-name`}>
      <div className="person-head">
        <Avatar name={person.name} photo={person.photo} />
        <div className="person-title">
          <h3 id={`${id}-name`}>
            <Link to={`/connect/people/${person.id}`}>{person.name}</Link>
          </h3>
          {person.designation && <p className="person-designation">{person.designation}</p>}
          {person.location && <p className="muted person-location">{person.location}</p>}
        </div>
      </div>
      {person.description && <p className="person-description">{cut(person.description, PREVIEW)}</p>}
      {person.skills.length > 0 && (
        <ul className="chips" aria-label={t('directory.skills')}>
          {person.skills.map((skill) => (
            <li key={skill}>{skill}</li>
          ))}
        </ul>
      )}
      <ContactDetails person={person} />
      <ConnectAction person={person} />
    </article>
  );
}
