import { useApiPages } from '@platform/data';
import { Link } from '@platform/router';
import type { Listing } from '@platform/svc-billing/contract';
import { Alert, Button, failureText, useDateFormat, useTranslation } from '@platform/ui';
import { billingApi } from '../../api';

/** Where a listing stands: used (for which job), running unused, or ended unused. */
function ListingRow({ listing }: { listing: Listing }) {
  const { t } = useTranslation('billing');
  const date = useDateFormat('Africa/Nairobi');
  const bought = t('listings.bought', {
    date: listing.boughtAt ? date(listing.boughtAt) : '',
    until: date(listing.expiresAt),
  });
  if (listing.usedAt && listing.jobId)
    return (
      <li>
        {bought} · {t('listings.used', { date: date(listing.usedAt) })}{' '}
        <Link to={`/hire/${listing.jobId}`}>{t('listings.job')}</Link>
      </li>
    );
  const ended = Date.parse(listing.expiresAt) <= Date.now();
  return (
    <li>
      {bought} · {t(ended ? 'listings.endedUnused' : 'listings.unused')}
    </li>
  );
}

/**
 * "Single job listings" on `/billing`, with the usage: each listing bought, until when it runs, and the job
 * it posted once Hire used it (one job each), newest first, a page at a time. Nothing when none was bought.
 */
export function ListingList() {
  const { t } = useTranslation('billing');
  const list = useApiPages((page) => billingApi.listings(page));
  if (list.loading || (!list.error && list.items.length === 0)) return null;
  return (
    <section aria-labelledby="billing-listings">
      <h2 id="billing-listings">{t('listings.title', { count: list.total })}</h2>
      {list.error ? (
        <Alert kind="error">{failureText(t, list.error, 'listings.failed')}</Alert>
      ) : (
        <ul className="billing-listings">
          {list.items.map((listing) => (
            <ListingRow key={listing.id} listing={listing} />
          ))}
        </ul>
      )}
      {list.hasMore && <Button onClick={list.loadMore}>{t('listings.more')}</Button>}
    </section>
  );
}
