import { passwordWeakness } from './password-policy';

const amina = { name: 'Amina Wanjiru', email: 'amina.w@clinic.example' };

describe('passwordWeakness', () => {
  it.each(['12345678', 'password', 'PassWord', 'qwertyuiop', 'iloveyou', 'password1', 'sunshine'])(
    'refuses the common password %s',
    (p) => expect(passwordWeakness(p, amina)?.weakness).toBe('common'),
  );

  it.each([
    'aminawanjiru',
    'Amina Wanjiru',
    'WANJIRU1990',
    'amina.w@clinic.example',
    'amina.w2024!',
    'wanjiru.amina',
    'amina2024amina',
    'aminapassword',
    'Amina-Wanjiru-12',
  ])('refuses %s, built from the account name or e-mail', (p) =>
    expect(passwordWeakness(p, amina)?.weakness).toBe('personal'),
  );

  it.each([
    'correct horse battery',
    'a good long password',
    'Amina loves the Rift Valley',
    'mvua ya masika 2026',
    'Kisumu-theatre-nights',
  ])('accepts %s', (p) => expect(passwordWeakness(p, amina)).toBeUndefined());

  it.each(['Password1!', 'Passw0rd!', 'Admin@123', 'Welcome@123', 'Qwerty123!'])(
    'refuses %s, a common password dressed up, with the estimator’s feedback as keys',
    (p) =>
      expect(passwordWeakness(p, amina)).toEqual({
        weakness: 'weak',
        hints: expect.arrayContaining(['warning.similarToCommon', 'suggestion.anotherWord']),
      }),
  );

  it('takes short name parts only as part of the whole name', () => {
    const al = { name: 'Al Li', email: 'al@x.example' };
    expect(passwordWeakness('alli2024', al)?.weakness).toBe('personal');
    expect(passwordWeakness('a calm alpine lake', al)).toBeUndefined();
  });
});
