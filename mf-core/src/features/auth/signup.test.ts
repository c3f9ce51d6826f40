import { emptySignup, parseSkills, signupPayload, validateSignup } from './signup';

describe('signup form', () => {
  it('splits skills on commas, trims and drops empties', () => {
    expect(parseSkills(' Triage, , Midwifery ,ICU,')).toEqual(['Triage', 'Midwifery', 'ICU']);
    expect(parseSkills('')).toEqual([]);
  });

  it('never sends confirmPassword and leaves out empty optional fields', () => {
    const payload = signupPayload({
      ...emptySignup(),
      name: ' Amina ',
      email: ' amina@clinic.example ',
      password: 'secret pass',
      confirmPassword: 'secret pass',
      skills: 'Triage, Midwifery',
      role: 'user',
    });
    expect(payload).toEqual({
      name: 'Amina',
      email: 'amina@clinic.example',
      password: 'secret pass',
      role: 'user',
      designation: undefined,
      phone: undefined,
      location: undefined,
      country: undefined,
      description: undefined,
      skills: ['Triage', 'Midwifery'],
    });
    expect(JSON.stringify(payload)).not.toContain('confirmPassword');
  });

  it("sends a clinic's contacts but no designation or skills, even when typed before choosing clinic", () => {
    const payload = signupPayload({
      ...emptySignup(),
      name: 'Nakuru Family Clinic',
      email: 'clinic@example.org',
      password: 'secret pass',
      confirmPassword: 'secret pass',
      designation: 'Nurse',
      skills: 'Triage',
      phone: '+254 711 222 333',
      location: ' Nakuru ',
      country: 'Kenya',
      role: 'Clinic',
    });
    expect(payload).toMatchObject({
      role: 'Clinic',
      phone: '+254 711 222 333',
      location: 'Nakuru',
      country: 'Kenya',
    });
    expect(payload.designation).toBeUndefined();
    expect(payload.skills).toBeUndefined();
  });

  it('requires name, e-mail, password and its confirmation', () => {
    expect(validateSignup(emptySignup())).toEqual({
      name: 'required',
      email: 'required',
      password: 'required',
      confirmPassword: 'required',
    });
    expect(
      validateSignup({
        ...emptySignup(),
        name: 'A',
        email: 'nope',
        password: 'short',
        confirmPassword: 'short',
      }),
    ).toEqual({
      email: 'email',
      password: 'passwordLength',
    });
  });
});
