/** @jest-environment jsdom */
// jsdom: start.js runs in a document as a prerendered page's would.
import { AFTER_PAINT } from '@platform/contracts/values';
import { startAfterPaintScript } from './start-after-paint';

const LISTED = ['/470.abc.js', '/mf/mf-core/remoteEntry.js'];

type PaintCallback = (entries: { getEntriesByName(name: string): unknown[] }) => void;
let observers: PaintCallback[];

/** A page as the gateway sends a prerendered one: the scripts' list in the head, in a tab `visibility`. */
function page(visibility: DocumentVisibilityState, withObserver = true) {
  document.head.innerHTML = `<script type="application/json" id="${AFTER_PAINT.listId}">${JSON.stringify(LISTED)}</script>`;
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  observers = [];
  const observer = withObserver
    ? class {
        constructor(private readonly callback: PaintCallback) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {
          observers = observers.filter((c) => c !== this.callback);
        }
      }
    : undefined;
  Object.defineProperty(window, 'PerformanceObserver', {
    value: observer,
    configurable: true,
    writable: true,
  });
  new Function(startAfterPaintScript('/main.js'))();
}

const paint = (name: string) =>
  [...observers].forEach((c) => c({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => [
    l.getAttribute('as'),
    l.getAttribute('href'),
  ]);
const mainScripts = () =>
  [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('loads nothing before the first contentful paint, then the listed scripts and main.js once', () => {
  page('visible');
  paint('first-paint');
  jest.advanceTimersByTime(10);
  expect(preloaded()).toEqual([]);
  expect(mainScripts()).toEqual([]);
  paint('first-contentful-paint');
  // In the task after the paint's, not inside it.
  expect(mainScripts()).toEqual([]);
  jest.advanceTimersByTime(0);
  expect(preloaded()).toEqual(LISTED.map((href) => ['script', href]));
  expect(mainScripts()).toEqual(['/main.js']);
  // The fallback later changes nothing.
  jest.advanceTimersByTime(5000);
  expect(mainScripts()).toEqual(['/main.js']);
  expect(preloaded()).toHaveLength(LISTED.length);
});

it('starts at once in a tab in the background (it paints nothing) and where paint timing is unknown', () => {
  page('hidden');
  expect(mainScripts()).toEqual(['/main.js']);
  page('visible', false);
  expect(mainScripts()).toEqual(['/main.js']);
  expect(preloaded()).toHaveLength(LISTED.length);
});

it('starts after 3 s at the latest, and without a list loads main.js alone', () => {
  page('visible');
  document.getElementById(AFTER_PAINT.listId)!.remove();
  jest.advanceTimersByTime(2999);
  expect(mainScripts()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(mainScripts()).toEqual(['/main.js']);
  expect(preloaded()).toEqual([]);
});
