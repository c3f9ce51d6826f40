/** The browser's own QR reader (Chromium on Android and desktop, Safari 17+): no library to download. */
export interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

const detectorClass = (): DetectorClass | undefined =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser can read QR codes from the camera (feature-detected, never assumed). */
export async function canScanQr(): Promise<boolean> {
  const Detector = detectorClass();
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return false;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code');
  } catch {
    return false;
  }
}

export function qrDetector(): Detector {
  const Detector = detectorClass();
  if (!Detector) throw new Error('BarcodeDetector is not available');
  return new Detector({ formats: ['qr_code'] });
}
