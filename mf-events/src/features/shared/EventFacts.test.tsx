import { act, screen } from '@testing-library/react';
import { useLanguage } from '@platform/shell-state';
import { renderScreen } from '@platform/ui/testing';
import { EVENT } from '../../test/fixtures';
import { EventFacts } from './EventFacts';

afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

describe("an in-person event's place", () => {
  it('adds the region when the location does not name it', async () => {
    await renderScreen(<EventFacts event={{ ...EVENT, location: 'Nakuru Level 5 Hospital' }} />);
    expect(await screen.findByText(/Nakuru Level 5 Hospital/)).toHaveTextContent(
      'Where: Nakuru Level 5 Hospital, Kenya',
    );
  });

  it('does not repeat a country the location already ends with ("Kisumu, Kenya, Kenya")', async () => {
    await renderScreen(<EventFacts event={{ ...EVENT, location: 'Kisumu, Kenya' }} />);
    expect(await screen.findByText(/Kisumu/)).toHaveTextContent(/^Where: Kisumu, Kenya$/);
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await screen.findByText(/Kisumu/)).toHaveTextContent(/Kisumu, Kenya$/);
  });
});
