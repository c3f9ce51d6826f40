import { pageHtml, templateMeta } from './prerender-html';

// As the shell's build writes it: minified, attributes unquoted.
const TEMPLATE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="AfyaHR: smarter HR."><title>AfyaHR</title></head>' +
  '<body><noscript>AfyaHR needs JavaScript to run.</noscript><div id=root></div><script defer src=/main.js></script></body></html>';

const rendered = {
  body: '<main><h1>Bei $& rahisi</h1></main>',
  title: 'Bei — AfyaHR',
  description: 'Mipango "ya" mwezi',
};

it('puts the page, its language, title, description, canonical and Open Graph tags into the shell', () => {
  const html = pageHtml(TEMPLATE, '/pricing', 'sw', rendered);
  expect(html).toContain('<html lang="sw">');
  expect(html).toContain('<div id="root"><main><h1>Bei $& rahisi</h1></main></div>');
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html).toContain('<title>Bei — AfyaHR</title>');
  expect(html.match(/name="description"/g)).toHaveLength(1);
  expect(html).toContain('<meta name="description" content="Mipango &quot;ya&quot; mwezi" />');
  expect(html).toContain('<link rel="canonical" href="/pricing" />');
  expect(html).toContain('<meta property="og:title" content="Bei — AfyaHR" />');
  expect(html).toContain('<meta property="og:locale" content="sw_KE" />');
  expect(html).not.toContain('noscript');
});

it("loads the shell's start.js in place of main.js: the page's scripts start once it is painted", () => {
  const html = pageHtml(TEMPLATE, '/pricing', 'sw', rendered);
  expect(html).toContain('<script defer src="/start.js"></script></body>');
  expect(html).not.toContain('main.js');
  expect(() => pageHtml(TEMPLATE.replace(/<script[^>]*><\/script>/, ''), '/', 'en', rendered)).toThrow(
    /main/,
  );
});

it('refuses a template it cannot fill rather than writing a page without the site in it', () => {
  expect(() =>
    pageHtml(TEMPLATE.replace('<div id=root></div>', '<div id=app></div>'), '/', 'en', rendered),
  ).toThrow(/root/);
});

it('links the stylesheets the page was rendered with, so it paints styled before any script', () => {
  const html = pageHtml(TEMPLATE, '/', 'en', {
    ...rendered,
    styles: ['/296.abc.css', '/mf/mf-core/1.def.css'],
  });
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<link rel="stylesheet" href="/296.abc.css" />');
  expect(head).toContain('<link rel="stylesheet" href="/mf/mf-core/1.def.css" />');
});

it("reads the shell's own title and description, for an item's page that sets none before its item loads", () => {
  expect(templateMeta(TEMPLATE.replace('<title>AfyaHR</title>', '<title>AfyaHR &amp; co</title>'))).toEqual({
    title: 'AfyaHR & co',
    description: 'AfyaHR: smarter HR.',
  });
});
