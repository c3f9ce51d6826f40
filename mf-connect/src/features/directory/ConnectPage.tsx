import { useEffect } from 'react';
import { useLocation, useNavigate } from '@platform/router';
import { useRouteMeta, useTranslation } from '@platform/ui';
import { ConnectHeader } from '../shared/ConnectHeader';
import { Directory } from './Directory';
import {
  connectUrl,
  discussionsUrl,
  hasDiscussionFilters,
  readDiscussionFilters,
  readFilters,
} from './filters';
import '../shared/connect.css';

/**
 * /connect: the spec's Find Professionals, its filters in the URL. The discussions have their own tab
 * (`/connect/discussions`); an older link to /connect with a discussion search (`q`, `category`, `dpage`)
 * is taken there.
 */
export default function ConnectPage() {
  const { t } = useTranslation('connect');
  useRouteMeta(t('meta.title'), t('meta.description'));
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = readFilters(search);
  const oldDiscussionLink = hasDiscussionFilters(search);

  useEffect(() => {
    if (oldDiscussionLink) navigate(discussionsUrl(readDiscussionFilters(search)), { replace: true });
  }, [oldDiscussionLink, search]);

  return (
    <div className="container section connect-page">
      <ConnectHeader />
      <Directory filters={filters} onChange={(next) => navigate(connectUrl(next))} />
    </div>
  );
}
