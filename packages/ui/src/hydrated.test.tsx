import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { Button } from './components/Button';
import { TextField } from './components/Fields';

function Form() {
  return (
    <form>
      <TextField label="E-mail" name="email" />
      <Button type="submit">Log in</Button>
    </form>
  );
}

it('draws controls disabled in a prerendered page, and enables them once React has hydrated it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  // As the build wrote the page: nothing can be pressed or typed into before the scripts arrive.
  expect(container.querySelector('button')!.disabled).toBe(true);
  expect(container.querySelector('input')!.disabled).toBe(true);
  const button = container.querySelector('button');
  await act(async () => {
    hydrateRoot(container, <Form />);
  });
  // The same nodes (hydrated in place), now usable.
  expect(container.querySelector('button')).toBe(button);
  expect(button!.disabled).toBe(false);
  expect(container.querySelector('input')!.disabled).toBe(false);
  container.remove();
});

it('leaves controls of a page rendered in the browser enabled from the start', () => {
  render(<Form />);
  expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  expect(screen.getByLabelText('E-mail')).toBeEnabled();
});
