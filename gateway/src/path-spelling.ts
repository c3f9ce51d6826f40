import { HttpError } from '@platform/service-kit';

/** %XX of a letter, digit, `-`, `.`, `_` or `~`: characters no client needs to encode. */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i;
/** A slash, backslash or percent sign spelt so that its meaning changes each time someone decodes it. */
const ENCODED_DELIMITER = /%(?:2f|5c|25)|\\/i;
const EMPTY_SEGMENT = /\/\//;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * A request target that spells its path another way than plainly: absolute-form
 * (`GET http://host/api/...`), percent-encoded letters (`/%61pi/`), encoded `/`, `\` or `%`, empty (`//`)
 * or dot (`/./`, `/../`) segments. Browsers never send these; each reader of the URL (router, proxy,
 * upstream, logs) could understand them differently, so the gateway refuses them outright. The real
 * protection is that checks bind to the matched route (api-route.ts); this is defence in depth.
 */
export function isMalformedPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return (
    !path.startsWith('/') ||
    ENCODED_UNRESERVED.test(path) ||
    ENCODED_DELIMITER.test(path) ||
    EMPTY_SEGMENT.test(path) ||
    DOT_SEGMENT.test(path)
  );
}

export const malformedPath = () =>
  new HttpError(
    400,
    'The request path is malformed: write it plainly, without encoded letters, empty or dot segments.',
    'request.malformed_path',
  );
