import './texts';
import { useEffect, useRef, useState } from 'react';
import { useApiQuery } from '@platform/data';
import { SelectField, TextField, useTranslation } from '@platform/ui';
import { coreApi, MEMBER_MATCHES } from '../../api';

/** How long typing pauses before the search is asked (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 300;

/**
 * Chooses a member of the organisation by searching the staff list (any part of a name, the staff API's
 * search): the first 20 matches by name fill the select, and one already chosen stays in it while the
 * search changes. Works by keyboard as two plain fields; the count of matches is announced.
 */
export function MemberPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (staffId: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('core');
  const [query, setQuery] = useState('');
  const [term, setTerm] = useState('');
  const chosen = useRef<{ id: string; name: string } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(query.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useApiQuery(coreApi.trainingMembers(term));
  const matches = (found.data?.data ?? []).map((m) => ({ id: m.id, name: m.name }));
  if (!value) chosen.current = null;
  const kept = chosen.current && !matches.some((m) => m.id === chosen.current!.id) ? [chosen.current] : [];
  const options = [...kept, ...matches];
  const total = found.data?.pageInfo.total ?? 0;
  const status = !found.data
    ? ''
    : matches.length === 0
      ? term
        ? t('trainings.noMemberFound', { search: term })
        : t('trainings.noMembers')
      : total > matches.length
        ? t('trainings.moreMembers', { count: MEMBER_MATCHES })
        : t('trainings.membersFound', { count: matches.length });
  return (
    <>
      <TextField
        label={t('trainings.findMember')}
        type="search"
        maxLength={100}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        hint={t('trainings.findMemberHint')}
      />
      <p className="field-hint" role="status">
        {status}
      </p>
      <SelectField
        label={t('trainings.member')}
        required
        value={value}
        error={error}
        onChange={(e) => {
          chosen.current = options.find((m) => m.id === e.target.value) ?? null;
          onChange(e.target.value);
        }}
        options={[
          { value: '', label: t('trainings.chooseMember') },
          ...options.map((m) => ({ value: m.id, label: m.name })),
        ]}
      />
    </>
  );
}
