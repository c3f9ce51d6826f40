import { expect, test, type Page } from '@playwright/test';

// How pages reach the browser: what the gateway puts in the page (the remotes manifest, preload hints)
// must be used, never fetched a second time, and the first screen must not jump about as it fills in.

/** Every request the page makes, by path and query. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    seen.push(url.pathname + url.search);
  });
  return seen;
}

test('the job board asks for its data once, with the page', async ({ page }) => {
  const seen = requests(page);
  await page.goto('/hire');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The preload the gateway wrote into the page is the request the board's data layer then reads.
  expect(seen.filter((u) => u === '/api/job/get?limit=10')).toHaveLength(1);
  // The manifest came inlined in the page: no round trip for it.
  expect(seen).not.toContain('/mf/remotes.json');
});

test('the first screen does not shift as it loads, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/signup', '/hire']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Cumulative layout shift as the browser counts it (shifts right after input excluded).
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[])
              if (!e.hadRecentInput) total += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 200);
        }),
    );
    expect(cls, `layout shift on ${path}`).toBeLessThanOrEqual(0.05);
  }
});
