import { useEffect, useId, useState, type FormEvent } from 'react';
import type { DiscussionView } from '@platform/svc-connect/contract';
import { DISCUSSION_CATEGORIES } from '@platform/contracts/values';
import { useApiQuery } from '@platform/data';
import { Link, useLocation, useNavigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Button,
  failureText,
  ListStatus,
  Modal,
  Pager,
  TextField,
  useDateFormat,
  useHydrated,
  usePreparedDateFormats,
  useTranslation,
} from '@platform/ui';
import { connectApi } from '../../api';
import { cut, discussionQuery, plainText, type DiscussionFilters } from '../directory/filters';
import { NewDiscussion } from './NewDiscussion';

export const DISCUSSION_PAGE_SIZE = 10;
const PREVIEW = 150;

/** One discussion in the list: the spec's title, author, category, visibility (unless Public), date, country, content. */
function DiscussionItem({ d }: { d: DiscussionView }) {
  const { t } = useTranslation('connect');
  const date = useDateFormat();
  const id = useId();
  const text = cut(plainText(d.contentHtml), PREVIEW);
  return (
    <article className="card discussion-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {d.preview ? d.title : <Link to={`/connect/discussions/${d.id}`}>{d.title}</Link>}
      </h3>
      <p className="discussion-meta muted">
        <span>{d.createdBy.name}</span>
        <span className="badge badge-category">{t(`categories.${d.category}`)}</span>
        {d.visibility !== 'Public' && (
          <span className="badge badge-visibility">{t(`visibilities.${d.visibility}`)}</span>
        )}
        {d.hidden && <span className="badge badge-pending">{t('discussion.hiddenBadge')}</span>}
        <time dateTime={d.createdAt}>{date(d.createdAt)}</time>
        {d.country && <span>{d.country}</span>}
      </p>
      {text && <p className="discussion-preview">{text}</p>}
      {!d.preview && (
        <p className="discussion-counts muted">
          {t('discussion.replyCount', { count: d.replyCount })} ·{' '}
          {t('discussion.likeCount', { count: d.likeCount })}
        </p>
      )}
    </article>
  );
}

/**
 * The spec's "Community Discussions": 'Start a discussion' (the spec's '+ New Message', named for what it
 * does; it opens the 'Start a New Discussion' dialog), category
 * chips that filter, a search over titles and content, the list newest first and Previous / Next. Visitors
 * see Public titles only and are invited to log in.
 */
export function Discussions({
  filters,
  onChange,
}: {
  filters: DiscussionFilters;
  onChange(next: DiscussionFilters): void;
}) {
  const { t } = useTranslation('connect');
  // The discussions' dates come with their data, after the page is drawn.
  usePreparedDateFormats();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useSession((s) => s.user !== null);
  const hydrated = useHydrated();
  const [creating, setCreating] = useState(false);
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const list = useApiQuery(connectApi.discussions(discussionQuery(filters, DISCUSSION_PAGE_SIZE)));
  const result = list.data;
  const error = list.error && failureText(t, list.error, 'discussions.loadFailed');
  const pages = result ? Math.max(1, Math.ceil(result.pageInfo.total / DISCUSSION_PAGE_SIZE)) : 1;
  const filtered = !!(filters.q || filters.category);

  function submit(e: FormEvent) {
    e.preventDefault();
    onChange({ ...filters, q, page: 1 });
  }
  function startNew() {
    if (!signedIn) navigate(loginPath(`${pathname}${search}`));
    else setCreating(true);
  }

  return (
    <section className="connect-section" aria-labelledby="discussions-title">
      <div className="section-head">
        <h2 id="discussions-title">{t('discussions.title')}</h2>
        <Button onClick={startNew}>{t('discussions.new')}</Button>
      </div>
      {!signedIn && <p className="muted">{t('discussions.visitorNote')}</p>}
      <div className="chips chip-buttons" role="group" aria-label={t('discussions.categories')}>
        {['', ...DISCUSSION_CATEGORIES].map((c) => (
          <button
            key={c || 'all'}
            type="button"
            className="chip"
            aria-pressed={filters.category === c}
            // On the prerendered page, pressable once its scripts have arrived (as every Button).
            disabled={!hydrated}
            onClick={() => onChange({ ...filters, category: c, page: 1 })}
          >
            {c ? t(`categories.${c}`) : t('discussions.allCategories')}
          </button>
        ))}
      </div>
      <form
        className="discussion-search"
        role="search"
        aria-label={t('discussions.searchLabel')}
        onSubmit={submit}
      >
        <TextField
          label={t('discussions.search')}
          type="search"
          maxLength={100}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('discussions.searchButton')}
        </Button>
      </form>
      <ListStatus
        error={error}
        loaded={!!result}
        pageInfo={result?.pageInfo}
        onRetry={list.reload}
        texts={{
          retry: t('retry'),
          loading: t('discussions.loading'),
          count: (count, capped) => t(capped ? 'discussions.countCapped' : 'discussions.count', { count }),
        }}
      >
        {result && (
          <>
            {result.data.length === 0 ? (
              <p>{filtered ? t('discussions.noMatch') : t('discussions.empty')}</p>
            ) : (
              <ul className="card-list">
                {result.data.map((d) => (
                  <li key={d.id}>
                    <DiscussionItem d={d} />
                  </li>
                ))}
              </ul>
            )}
            <Pager
              page={filters.page}
              pages={pages}
              exact={!result.pageInfo.totalCapped}
              label={t('discussions.pages')}
              onPage={(page) => onChange({ ...filters, page })}
            />
          </>
        )}
      </ListStatus>
      <Modal open={creating} onClose={() => setCreating(false)} title={t('newDiscussion.heading')}>
        <NewDiscussion
          onDone={(d) => {
            setCreating(false);
            navigate(`/connect/discussions/${d.id}`);
          }}
        />
      </Modal>
    </section>
  );
}
