import { JOB } from './test/fixtures';
import { render, type FirstScreenRequest } from './first-screens';

// Runs where the gateway runs it: Node, no DOM (this is the unit project: no window, no document).
const board = (jobs = [JOB], total = jobs.length) => ({
  success: true,
  data: jobs,
  pageInfo: { page: 1, limit: 10, total, totalCapped: false },
});
const request = (over: Partial<FirstScreenRequest>): FirstScreenRequest => ({
  route: '/hire',
  pathname: '/hire',
  language: 'en',
  answer: board(),
  origin: 'https://afyahr.example',
  ...over,
});

describe("mf-hire's first screens drawn on the server", () => {
  it("draws the board's first page as the page does: the count, each card linking to its job, the pager", () => {
    const html = render(request({ answer: board([JOB], 25) }))!;
    expect(typeof document).toBe('undefined');
    expect(html).toContain('<p class="result-count" role="status">25 jobs found</p>');
    expect(html).toContain(`<a href="/hire/${JOB.id}"`);
    expect(html).toContain('>Night Nurse</a>');
    expect(html).toContain('Page 1 of 3');
    // Nothing can be pressed before the page's scripts run.
    expect(html).not.toMatch(/<button(?![^>]*disabled)/);
  });

  it("draws in the page's language", () => {
    expect(render(request({ language: 'sw', answer: board([JOB], 2) }))).toContain('Nafasi 2 zimepatikana');
    expect(render(request({ language: 'fr' }))).toContain('Postuler');
    // And back: one render's language never leaks into the next.
    expect(render(request({ language: 'en' }))).toContain('1 job found');
  });

  it("draws a job's page with its whole description and share links to the site's address", () => {
    const html = render(
      request({ route: '/hire/:id', pathname: `/hire/${JOB.id}`, answer: { success: true, data: JOB } }),
    )!;
    expect(html).toContain('<h1 id="job-title">Night Nurse</h1>');
    expect(html).toContain('Nursing Council licence required.');
    expect(html).toContain(encodeURIComponent(`https://afyahr.example/hire/${JOB.id}`));
  });

  it('escapes what an employer wrote', () => {
    const html = render(
      request({
        answer: board([
          { ...JOB, title: '<img src=x onerror=alert(1)>', description: '</p><script>x</script>' },
        ]),
      }),
    )!;
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it("draws nothing for an answer that is not the route's (an error, a 404, another route)", () => {
    expect(render(request({ answer: { success: false, message: 'Job not found' } }))).toBeUndefined();
    expect(render(request({ answer: { success: true, data: [{ title: 1 }] } }))).toBeUndefined();
    expect(render(request({ route: '/hire/:id', answer: board() }))).toBeUndefined();
    expect(render(request({ route: '/event' }))).toBeUndefined();
  });
});
