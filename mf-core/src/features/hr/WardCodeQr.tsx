import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { Spinner, useTranslation } from '@platform/ui';

/**
 * The QR code of a ward's clock page (`/hr/clock?code=…`): a phone's camera opens it with the code filled
 * in. Its own chunk with the QR encoder, loaded only where a code is shown.
 */
export default function WardCodeQr({ url, ward }: { url: string; ward: string }) {
  const { t } = useTranslation('core');
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [url]);
  return svg ? (
    <img
      className="clock-code-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t('clockCode.qrAlt', { ward })}
    />
  ) : (
    <Spinner label={t('hrPage.loading')} />
  );
}
