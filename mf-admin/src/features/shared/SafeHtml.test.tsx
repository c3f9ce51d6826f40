import { render } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle/></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" JaVaScRiPt:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<div><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript></div>',
];

describe('admin HTML on render', () => {
  it.each(PAYLOADS)('leaves nothing that runs or loads of %s', (payload) => {
    const out = sanitizeHtml(payload);
    const { container } = render(<SafeHtml html={payload} />);
    expect(out).not.toMatch(/<(script|img|svg|iframe|object|embed|form|input|style|math)\b/i);
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/javascript:|data:/i);
    expect(out).not.toMatch(/style=/i);
    expect(container.querySelectorAll('[onerror],[onload],[onclick],script,img,iframe')).toHaveLength(0);
  });

  it('keeps the formatting an admin uses, and safe links', () => {
    expect(
      sanitizeHtml(
        '<h2>About</h2><p>We are <strong>AfyaHR</strong>, <a href="https://afyahr.example/x" target="_blank">read</a>.</p><ul><li>One</li></ul>',
      ),
    ).toBe(
      '<h2>About</h2><p>We are <strong>AfyaHR</strong>, <a href="https://afyahr.example/x" rel="noopener noreferrer">read</a>.</p><ul><li>One</li></ul>',
    );
    expect(sanitizeHtml('<div class="x">Plain <span>text</span></div>')).toBe('Plain <span>text</span>');
  });
});
