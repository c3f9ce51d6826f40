import { journeyQuery, landingPath, loginPath, nextPath } from './session';
import { useSiteMap } from './site-map';

describe('login return path', () => {
  it('comes back to a path on this site', () => {
    expect(loginPath('/hire?title=nurse')).toBe('/login?next=%2Fhire%3Ftitle%3Dnurse');
    expect(nextPath('?next=%2Fhire%3Ftitle%3Dnurse')).toBe('/hire?title=nurse');
  });

  it('never leaves the site, and goes home without a next', () => {
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(nextPath(`?next=${encodeURIComponent(bad)}`)).toBe('/');
    expect(nextPath('')).toBe('/');
  });
});

describe('the way back through sign-up', () => {
  it('keeps next and apply, and nothing else', () => {
    expect(journeyQuery('?next=%2Fhire%3Fapply%3D7&apply=7&plan=professional')).toBe(
      '?next=%2Fhire%3Fapply%3D7&apply=7',
    );
    expect(journeyQuery('?plan=professional')).toBe('');
  });

  it('lands on next, else the role dashboard when deployed, else home', () => {
    useSiteMap.setState({ dashboards: { user: '/userdashboard', Clinic: '/clinicdashboard' } });
    expect(landingPath('?next=%2Fhire%3Fapply%3D7', 'Clinic')).toBe('/hire?apply=7');
    expect(landingPath('', 'Clinic')).toBe('/clinicdashboard');
    expect(landingPath('?next=https%3A%2F%2Fevil.example', 'user')).toBe('/userdashboard');
    expect(landingPath('', 'admin')).toBe('/');
  });
});
