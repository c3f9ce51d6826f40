import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { Spinner, useTranslation } from '@platform/ui';

/**
 * A confirmed registrant's ticket: the QR code of the signed ticket (for the organiser's camera) and the
 * short code to read out or type at the door. Its own chunk with the QR encoder, loaded only here.
 */
export default function Ticket({ ticket, code, title }: { ticket: string; code?: string; title: string }) {
  const { t } = useTranslation('events');
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(ticket, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [ticket]);
  return (
    <div className="ticket">
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('ticket.qrAlt', { title })}
        />
      ) : (
        <Spinner label={t('ticket.loading')} />
      )}
      {code && (
        <p>
          {t('ticket.codeLabel')}
          <br />
          <strong className="ticket-code">{code}</strong>
        </p>
      )}
      <p className="muted">{t('ticket.hint')}</p>
    </div>
  );
}
