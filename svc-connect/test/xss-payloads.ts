import { XSS_PAYLOADS } from '@platform/testing';

/** What an attacker types into a post or reply; none may leave an active element or address in `contentHtml`. */
export const PAYLOADS = XSS_PAYLOADS;

/** Tags and attributes the allow-list may produce; anything else in the output is a failure. */
const ALLOWED_TAG =
  /^<\/?(p|br|strong|em|s|del|code|pre|blockquote|ul|ol|li|a|hr|h3|h4|h5|h6|table|thead|tbody|tr|th|td)( (href|rel|start)="[^"]*")*\s*\/?>$/;

/**
 * What is active in `html`: tags outside the allow-list, and link addresses other than http(s), mailto and
 * same-site paths (escaped text may quote anything: it is shown, never run or followed). Empty when inert.
 */
export function inertHtml(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.match(/<[^>]*>/g) ?? []) if (!ALLOWED_TAG.test(tag)) problems.push(tag);
  for (const tag of html.match(/<a [^>]*>/g) ?? []) {
    const href = /href="([^"]*)"/.exec(tag)?.[1] ?? '';
    if (!/^(https?:|mailto:|\/[^/\\])/.test(href)) problems.push(tag);
    if (!tag.includes('rel="nofollow ugc noopener"')) problems.push(tag);
  }
  return problems;
}
