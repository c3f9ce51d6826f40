import type { Invoice } from '@platform/svc-billing/contract';
import { useApiPages } from '@platform/data';
import {
  Alert,
  Button,
  failureText,
  formatMoney,
  Spinner,
  useDateFormat,
  useFileDownload,
  useTranslation,
} from '@platform/ui';
import { billingApi } from '../../api';

/** One of a paid payment's two PDFs, fetched with the session's token; busy and failing on its own. */
function PdfButton({ document, invoice }: { document: 'invoice' | 'receipt'; invoice: Invoice }) {
  const { t } = useTranslation('billing');
  const file = useFileDownload('billing', 'invoices.downloadFailed');
  const number = document === 'invoice' ? invoice.number : invoice.receiptNumber;
  return (
    <>
      <Button
        variant="secondary"
        loading={file.busy}
        // The visible words first, then which one: a screen reader's list of buttons tells them apart.
        aria-label={t(`invoices.download.${document}For`, { number })}
        onClick={() =>
          void file.download(() => billingApi.documentPdf(invoice.id, document), `${number}.pdf`)
        }
      >
        {t(`invoices.download.${document}`)}
      </Button>
      {file.error && (
        <span className="field-error" role="alert">
          {file.error}
        </span>
      )}
    </>
  );
}

/**
 * "Invoices and receipts" on `/billing`: one row per paid payment, newest first, a page at a time, with
 * its invoice and receipt as PDF downloads. Dates are Nairobi's, as on the documents.
 */
export function InvoiceList() {
  const { t, i18n } = useTranslation('billing');
  const date = useDateFormat('Africa/Nairobi');
  const list = useApiPages((page) => billingApi.invoices(page));
  return (
    <section aria-labelledby="billing-invoices">
      <h2 id="billing-invoices">{t('invoices.title')}</h2>
      {list.loading && <Spinner label={t('invoices.loading')} />}
      {list.error && <Alert kind="error">{failureText(t, list.error, 'invoices.failed')}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('invoices.empty')}</p>}
      {list.items.length > 0 && (
        <ul className="billing-invoices">
          {list.items.map((invoice) => (
            <li key={invoice.id}>
              <span>
                {t('invoices.row', {
                  number: invoice.number,
                  date: date(invoice.issuedAt),
                  amount: formatMoney(invoice.gross / 100, 'KES', i18n.language),
                })}
              </span>
              <span className="billing-invoice-files">
                <PdfButton document="invoice" invoice={invoice} />
                <PdfButton document="receipt" invoice={invoice} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && <Button onClick={list.loadMore}>{t('invoices.more')}</Button>}
    </section>
  );
}
