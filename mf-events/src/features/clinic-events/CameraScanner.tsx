import { useEffect, useRef, useState } from 'react';
import { Alert, Button, useTranslation } from '@platform/ui';
import { qrDetector } from './barcode';

/** The same ticket is not sent again while it stays in front of the camera. */
const SAME_TICKET_MS = 4000;

/**
 * The phone's camera reading tickets' QR codes (loaded only when the organiser taps Scan): with the
 * browser's BarcodeDetector where it reads QR codes, else with ZXing (`qrDetector`). Each new code goes to
 * `onCode`; the camera stops when this closes.
 */
export default function CameraScanner({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const { t } = useTranslation('events');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const emit = useRef(onCode);
  emit.current = onCode;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const last = { code: '', at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await qrDetector();
        if (stopped) return;
        timer = setInterval(() => {
          if (!video.current || video.current.readyState < 2) return;
          void detector.detect(video.current).then((codes) => {
            const code = codes[0]?.rawValue;
            const now = Date.now();
            if (!code || (code === last.code && now - last.at < SAME_TICKET_MS)) return;
            last.code = code;
            last.at = now;
            emit.current(code);
          });
        }, 300);
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="stack">
      {failed ? (
        <Alert kind="error">{t('scanner.cameraFailed')}</Alert>
      ) : (
        <video ref={video} className="scanner-video" muted playsInline aria-label={t('scanner.cameraView')} />
      )}
      <Button variant="secondary" onClick={onClose}>
        {t('scanner.stopCamera')}
      </Button>
    </div>
  );
}
