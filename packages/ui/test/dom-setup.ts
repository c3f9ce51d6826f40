// Component tests (jest's `component` project, jsdom): matchers such as toBeInTheDocument, and what
// jsdom lacks but browsers have: TextEncoder (react-router reads it at load), scrolling and <dialog>'s
// methods. The real top layer and inertness are checked in the browser journeys.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// React reveals each suspended part at least 300 ms apart; a page behind a remote, a namespace and its
// data passes several, on a machine that runs other suites too.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(15_000);

Object.assign(globalThis, { TextEncoder, TextDecoder });
window.scrollTo = () => {};

// Layout for the rich-text editor (ProseMirror measures where the caret is to keep it in view): jsdom lays
// nothing out, so every box is empty and no point has an element. Typing, the selection and the document
// are real; what the caret looks like is for the browser journeys.
const noRects = () => [] as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
for (const proto of [Range.prototype, Element.prototype, Text.prototype] as unknown as Array<
  Record<string, unknown>
>) {
  proto.getClientRects ??= noRects;
  proto.getBoundingClientRect ??= emptyRect;
}
document.elementFromPoint ??= () => null;

if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// matchMedia answering width queries for `window.innerWidth` (1024 in jsdom; a test may set it to render
// the phone layout). No change events: a test sets the width before rendering.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => {
    const width = window.innerWidth;
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}
