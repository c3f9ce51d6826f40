import {
  can,
  canAddCredentialFor,
  canAssignRole,
  canSeeSensitive,
  canSeeStaff,
  redactFor,
  staffScope,
  type OrgActor,
  type OrgRole,
} from '../src/domain/roles';

const ORG = 'org-1';
const actor = (role: OrgRole, over: Partial<OrgActor> = {}): OrgActor => ({
  personId: `${role}-person`,
  organisationId: ORG,
  role,
  departmentIds: [],
  locationIds: [],
  timeZone: 'Africa/Nairobi',
  ...over,
});
const wardManager = actor('manager', { departmentIds: ['maternity'], locationIds: ['kisumu'] });
const record = (
  over: Partial<{
    personId: string;
    organisationId: string;
    departmentId: string | null;
    locationId: string | null;
  }> = {},
) => ({
  personId: 'nurse-1',
  organisationId: ORG,
  departmentId: 'maternity',
  locationId: 'nairobi',
  name: 'Achieng Otieno',
  nationalId: '12345678',
  kraPin: 'A123456789Z',
  shaNumber: 'SHA-001',
  nssfNumber: 'NSSF-001',
  emergencyContact: { name: 'Otieno', phone: '+254700000000' },
  ...over,
});

describe('who sees which staff record', () => {
  it('lets the owner and HR admins see everyone in their organisation, and nobody in another', () => {
    for (const role of ['owner', 'hr-admin'] as const) {
      expect(canSeeStaff(actor(role), record())).toBe(true);
      expect(canSeeStaff(actor(role), record({ organisationId: 'org-2' }))).toBe(false);
    }
  });

  it('lets a manager see only their departments and locations, and themselves', () => {
    expect(canSeeStaff(wardManager, record())).toBe(true); // maternity
    expect(canSeeStaff(wardManager, record({ departmentId: 'theatre', locationId: 'kisumu' }))).toBe(true);
    expect(canSeeStaff(wardManager, record({ departmentId: 'theatre', locationId: 'nairobi' }))).toBe(false);
    expect(canSeeStaff(wardManager, record({ departmentId: null, locationId: null }))).toBe(false);
    expect(canSeeStaff(wardManager, record({ personId: wardManager.personId, departmentId: null }))).toBe(
      true,
    );
    expect(canSeeStaff(wardManager, record({ organisationId: 'org-2' }))).toBe(false);
  });

  it('lets staff see only themselves', () => {
    const nurse = actor('staff', { personId: 'nurse-1' });
    expect(canSeeStaff(nurse, record())).toBe(true);
    expect(canSeeStaff(nurse, record({ personId: 'nurse-2' }))).toBe(false);
  });

  it('gives the list the same rule as a filter', () => {
    expect(staffScope(actor('hr-admin'))).toEqual({ kind: 'organisation', organisationId: ORG });
    expect(staffScope(wardManager)).toEqual({
      kind: 'managed',
      organisationId: ORG,
      personId: wardManager.personId,
      departmentIds: ['maternity'],
      locationIds: ['kisumu'],
    });
    expect(staffScope(actor('staff'))).toEqual({
      kind: 'self',
      organisationId: ORG,
      personId: 'staff-person',
    });
  });
});

describe('sensitive fields', () => {
  it('shows national ID, KRA PIN, SHA, NSSF and emergency contact to HR and the person only', () => {
    expect(canSeeSensitive(actor('hr-admin'), record())).toBe(true);
    expect(canSeeSensitive(actor('owner'), record())).toBe(true);
    expect(canSeeSensitive(actor('staff', { personId: 'nurse-1' }), record())).toBe(true);
    expect(canSeeSensitive(wardManager, record())).toBe(false);
    expect(canSeeSensitive(actor('hr-admin'), record({ organisationId: 'org-2' }))).toBe(false);
  });

  it('nulls them for a manager and keeps the rest of the record', () => {
    const seen = redactFor(wardManager, record());
    expect(seen).toMatchObject({ name: 'Achieng Otieno', departmentId: 'maternity' });
    expect(seen).toMatchObject({
      nationalId: null,
      kraPin: null,
      shaNumber: null,
      nssfNumber: null,
      emergencyContact: null,
    });
    expect(redactFor(actor('hr-admin'), record()).kraPin).toBe('A123456789Z');
  });
});

describe('what each role may do', () => {
  it('leaves editing, import, verification and configuration to HR', () => {
    for (const action of [
      'staff.edit',
      'staff.import',
      'credential.verify',
      'organisation.configure',
      'policy.manage',
    ] as const) {
      expect(can(actor('owner'), action)).toBe(true);
      expect(can(actor('hr-admin'), action)).toBe(true);
      expect(can(wardManager, action)).toBe(false);
      expect(can(actor('staff'), action)).toBe(false);
    }
    expect(can(wardManager, 'dashboard.read')).toBe(true);
    expect(can(actor('staff'), 'dashboard.read')).toBe(false);
    expect(can(wardManager, 'policy.track')).toBe(true);
    expect(can(actor('staff'), 'policy.track')).toBe(false);
  });

  it('lets anyone add their own credential and HR add anyone’s', () => {
    expect(canAddCredentialFor(actor('staff'), 'staff-person')).toBe(true);
    expect(canAddCredentialFor(actor('staff'), 'nurse-1')).toBe(false);
    expect(canAddCredentialFor(wardManager, 'nurse-1')).toBe(false);
    expect(canAddCredentialFor(actor('hr-admin'), 'nurse-1')).toBe(true);
  });

  it('lets only the owner name HR admins, HR name managers, and nobody make or unmake an owner', () => {
    expect(canAssignRole(actor('owner'), 'staff', 'hr-admin')).toBe(true);
    expect(canAssignRole(actor('hr-admin'), 'staff', 'hr-admin')).toBe(false);
    expect(canAssignRole(actor('hr-admin'), 'hr-admin', 'staff')).toBe(false);
    expect(canAssignRole(actor('hr-admin'), 'staff', 'manager')).toBe(true);
    expect(canAssignRole(wardManager, 'staff', 'manager')).toBe(false);
    expect(canAssignRole(actor('owner'), 'staff', 'owner')).toBe(false);
    expect(canAssignRole(actor('owner'), 'owner', 'staff')).toBe(false);
  });
});
