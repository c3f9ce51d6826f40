import { useLocation, useNavigate } from '@platform/router';
import { useRouteMeta, useTranslation } from '@platform/ui';
import { ConnectHeader } from '../shared/ConnectHeader';
import { discussionsUrl, readDiscussionFilters } from '../directory/filters';
import { Discussions } from './Discussions';
import '../shared/connect.css';

/** /connect/discussions: the spec's Community Discussions, on their own tab; search, category and page in the URL. */
export default function DiscussionsPage() {
  const { t } = useTranslation('connect');
  useRouteMeta(t('meta.discussionsTitle'), t('meta.discussionsDescription'));
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = readDiscussionFilters(search);
  return (
    <div className="container section connect-page">
      <ConnectHeader />
      <Discussions filters={filters} onChange={(next) => navigate(discussionsUrl(next))} />
    </div>
  );
}
