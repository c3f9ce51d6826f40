import { renderMarkdown } from './markdown';
import { PAYLOADS, inertHtml } from '../test/xss-payloads';

it('the check itself sees what is active', () => {
  expect(inertHtml('<p><img src=x onerror=alert(1)></p>')).toHaveLength(1);
  expect(inertHtml('<a href="javascript:alert(1)" rel="nofollow ugc noopener">x</a>')).toHaveLength(1);
  expect(inertHtml('<a href="https://ok.example">x</a>')).toHaveLength(1); // no rel
  expect(inertHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toEqual([]);
});

describe('Markdown is rendered to sanitised HTML', () => {
  it.each(PAYLOADS)('leaves nothing active of %s', (payload) => {
    expect(inertHtml(renderMarkdown(payload).html)).toEqual([]);
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
