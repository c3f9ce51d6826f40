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
      role: 'Clinic',
    });
    expect(payload).toEqual({
      name: 'Amina',
      email: 'amina@clinic.example',
      password: 'secret pass',
      role: 'Clinic',
      designation: undefined,
      phone: undefined,
      address: undefined,
      description: undefined,
      skills: ['Triage', 'Midwifery'],
    });
    expect(JSON.stringify(payload)).not.toContain('confirmPassword');
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
