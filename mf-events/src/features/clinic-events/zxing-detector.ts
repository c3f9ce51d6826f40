import { BrowserQRCodeReader } from '@zxing/browser';
import type { Detector } from './barcode';

/**
 * ZXing's QR reader behind the same interface as the browser's `BarcodeDetector`, for browsers without
 * one. Each call reads the video's current frame; a frame without a code gives no result.
 */
export function zxingDetector(): Detector {
  const reader = new BrowserQRCodeReader();
  return {
    async detect(source) {
      try {
        return [{ rawValue: reader.decode(source).getText() }];
      } catch {
        return [];
      }
    },
  };
}
