import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { FirstScreen } from './FirstScreen';

const EMPTY = '<div id="afya-first-screen" class="first-screen"></div>';
const CARDS = '<ul class="card-list"><li>Night Nurse</li></ul>';

/** A board: the first screen while loading, then its own list. */
function Board({ loaded }: { loaded: boolean }) {
  return (
    <section>
      {!loaded && <FirstScreen />}
      {loaded ? (
        <ul className="card-list">
          <li>Night Nurse</li>
        </ul>
      ) : (
        <div className="spinner-wrap">Loading…</div>
      )}
    </section>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

it("keeps the gateway's markup through hydration, untouched, then gives way to the page's own render", async () => {
  // The prerendered page (its element empty), filled as the gateway fills it.
  const html = renderToString(<Board loaded={false} />);
  expect(html).toContain(EMPTY);
  const container = document.createElement('div');
  container.innerHTML = html.replace(EMPTY, EMPTY.replace('></div>', `>${CARDS}</div>`));
  document.body.append(container);
  const drawn = container.querySelector('#afya-first-screen ul');

  // React reports a mismatch either way: a recoverable error, or (for inner HTML) a console error.
  const mismatches: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  let root: Root;
  await act(async () => {
    root = hydrateRoot(container, <Board loaded={false} />, {
      onRecoverableError: (e) => mismatches.push(e),
    });
  });
  expect(mismatches).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
  // The very nodes the browser painted from the HTML: nothing drawn twice.
  expect(container.querySelector('#afya-first-screen ul')).toBe(drawn);

  await act(async () => root.render(<Board loaded />));
  expect(container.querySelector('#afya-first-screen')).toBeNull();
  expect(container.querySelectorAll('li')).toHaveLength(1);
  act(() => root.unmount());
});

it('is empty on a page the app opens itself, whatever another element holds', async () => {
  document.body.innerHTML = `<div id="afya-first-screen">${CARDS}</div>`;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<FirstScreen />));
  expect(container.querySelector('.first-screen')!.innerHTML).toBe('');
  act(() => root.unmount());
});
