import { EVENT } from './test/fixtures';
import { render, type FirstScreenRequest } from './first-screens';

// Runs where the gateway runs it: Node, no DOM (this is the unit project: no window, no document).
const list = (events = [EVENT], total = events.length) => ({
  success: true,
  data: events,
  pageInfo: { page: 1, limit: 10, total, totalCapped: false },
});
const request = (over: Partial<FirstScreenRequest>): FirstScreenRequest => ({
  route: '/event',
  pathname: '/event',
  language: 'en',
  answer: list(),
  origin: 'https://afyahr.example',
  ...over,
});

describe("mf-events' first screen drawn on the server", () => {
  it("draws the list's first page as the page does: the count, each card linking to its event, the pager", () => {
    const html = render(request({ answer: list([EVENT], 25) }))!;
    expect(typeof document).toBe('undefined');
    expect(html).toContain('role="status">25 events found</p>');
    expect(html).toMatch(
      new RegExp(`<a href="/event/${EVENT.id}"[^>]*>Neonatal resuscitation refresher</a>`),
    );
    expect(html).toContain('Nakuru Level 5 Hospital');
    expect(html).toContain('Page 1 of 3');
    expect(html).not.toMatch(/<button(?![^>]*disabled)/);
  });

  it("writes each start on the event's own clock, its zone named (the server does not know the visitor's)", () => {
    const html = render(request({}))!;
    // 06:30 UTC is 09:30 in Nairobi, whatever zone the server runs in.
    expect(html).toMatch(
      new RegExp(`<time dateTime="${EVENT.startsAt}">[^<]*09:30[^<]*East Africa Time</time>`),
    );
  });

  it("draws in the page's language", () => {
    expect(render(request({ language: 'sw', answer: list([EVENT], 2) }))).toContain('Matukio 2');
    expect(render(request({ language: 'fr', answer: list([EVENT], 2) }))).toContain('2 événements');
    expect(render(request({ language: 'en' }))).toContain('1 event found');
  });

  it('escapes what an organiser wrote', () => {
    const html = render(
      request({
        answer: list([{ ...EVENT, title: '<img src=x onerror=alert(1)>', location: '<script>x</script>' }]),
      }),
    )!;
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it("draws nothing for an answer that is not the route's (an error, another route)", () => {
    expect(render(request({ answer: { success: false, message: 'Unavailable' } }))).toBeUndefined();
    expect(
      render(request({ answer: { success: true, data: [{ title: 1 }], pageInfo: {} } })),
    ).toBeUndefined();
    expect(render(request({ route: '/hire' }))).toBeUndefined();
  });
});
