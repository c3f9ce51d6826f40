/**
 * Reading tickets' QR codes from the camera: the browser's own `BarcodeDetector` where it reads QR codes
 * (Chromium on Android and desktop), else ZXing (`@zxing/browser`, a maintained port in plain JavaScript:
 * Safari, Firefox and Samsung Internet), downloaded only when the organiser taps Scan.
 */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

const detectorClass = (): DetectorClass | undefined =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser can give the page a camera (feature-detected, never assumed). */
export function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Whether the browser's own reader knows QR codes. */
async function nativeQr(): Promise<boolean> {
  const Detector = detectorClass();
  if (!Detector) return false;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code');
  } catch {
    return false;
  }
}

/** The browser's reader when it has one for QR codes, else ZXing's (its own chunk, loaded now). */
export async function qrDetector(): Promise<Detector> {
  const Detector = detectorClass();
  if (Detector && (await nativeQr())) return new Detector({ formats: ['qr_code'] });
  const { zxingDetector } = await import(/* webpackChunkName: "qr-reader" */ './zxing-detector');
  return zxingDetector();
}
