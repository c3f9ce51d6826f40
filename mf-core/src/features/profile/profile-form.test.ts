import { profilePayload, toForm, validateProfile } from './profile-form';

const profile = {
  name: 'Amina Wanjiru',
  email: 'amina@clinic.example',
  role: 'user',
  designation: 'Nurse',
  description: '',
  address: 'Nakuru, Kenya',
  phone: '',
  skills: ['Triage', 'ICU'],
  facility: '',
  country: 'Kenya',
  location: 'Nakuru',
  photo: '',
  plan: 'professional' as const,
};

describe('profile form', () => {
  it('round-trips a profile into the form and back into a payload', () => {
    const form = { ...toForm(profile), facility: ' Nakuru Level 5 ', skills: 'Triage, ICU, , Midwifery' };
    expect(profilePayload(form)).toMatchObject({
      facility: 'Nakuru Level 5',
      skills: ['Triage', 'ICU', 'Midwifery'],
      plan: 'professional',
    });
    // No plan chosen any more: cleared on the account.
    expect(profilePayload({ ...form, plan: '' }).plan).toBeNull();
  });

  it('needs a name, and never sends the photo (uploaded on its own)', () => {
    expect(validateProfile({ ...toForm(profile), name: ' ' })).toEqual({ name: 'required' });
    expect(validateProfile(toForm(profile))).toEqual({});
    expect(profilePayload(toForm({ ...profile, photo: '/api/user/photo/x' }))).not.toHaveProperty('photo');
  });
});
