import type { Plan } from '@platform/svc-billing/contract';
import { formatMoney, useTranslation } from '@platform/ui';

/** A plan's or add-on's price in the reader's language, how often it is paid, and whether VAT (16 %) is in it. */
export function ItemPrice({
  item,
}: {
  item: Pick<Plan, 'price' | 'duration' | 'vatIncluded' | 'vatRatePercent'>;
}) {
  const { t, i18n } = useTranslation('billing');
  const price = formatMoney(item.price / 100, 'KES', i18n.language);
  return (
    <span className="item-price">
      {t(`price.${item.duration}`, { price })}{' '}
      <span className="muted">
        {t(item.vatIncluded ? 'price.vatIncluded' : 'price.vatExcluded', { rate: item.vatRatePercent })}
      </span>
    </span>
  );
}
