/**
 * Roles inside an organisation and what each may do; the service asks these before every read and write.
 * The owner (the organisation's own account) can do all an HR admin can, and alone names HR admins.
 */
export const ORG_ROLES = ['owner', 'hr-admin', 'manager', 'staff'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** A member as the service knows them in one organisation. */
export interface OrgActor {
  personId: string;
  organisationId: string;
  role: OrgRole;
  /** A manager's departments and locations (empty for the other roles). */
  departmentIds: readonly string[];
  locationIds: readonly string[];
  /** The organisation's time zone (IANA): its "today" and its shift times. */
  timeZone: string;
}

/** A staff record's place in the organisation, which decides who may see it. */
export interface StaffPlacement {
  /** Null for someone HR imported who has no account yet. */
  personId: string | null;
  organisationId: string;
  departmentId: string | null;
  locationId: string | null;
}

/** Organisation-wide actions (reading one person's record is `canSeeStaff`). */
export const ORG_ACTIONS = [
  'staff.edit', // employment details, department, location, manager
  'staff.import',
  'credential.add-for-others',
  'credential.verify',
  'organisation.configure', // locations, departments, councils it adds
  'roles.assign-manager',
  'roles.assign-hr-admin',
  'dashboard.read',
  'lists.export', // the staff and credentials lists as CSV
  'staff.invite', // the applicants accepted in Hire, suggested for the team
  'policy.manage', // write, publish a new version, remind
  'policy.track', // who has acknowledged
  'compliance.manage', // the organisation's own documents: read and write (staff and managers see none)
  'training.manage', // training types, and completions recorded for others (verified)
  'leave.manage', // leave types and public holidays
  'leave.oversee', // who is away, others' balances and requests (a manager: their scope)
  'wellness.manage', // pulse surveys: make, send, close, read the (anonymous) results
  'workflow.manage', // workflows: make, edit, turn on and off, read their runs
] as const;
export type OrgAction = (typeof ORG_ACTIONS)[number];

const HR: readonly OrgRole[] = ['owner', 'hr-admin'];
const ALLOWED: Record<OrgAction, readonly OrgRole[]> = {
  'staff.edit': HR,
  'staff.import': HR,
  'credential.add-for-others': HR,
  'credential.verify': HR,
  'organisation.configure': HR,
  'roles.assign-manager': HR,
  'roles.assign-hr-admin': ['owner'],
  // A manager's dashboard counts only their departments and locations (`staffScope`).
  'dashboard.read': ['owner', 'hr-admin', 'manager'],
  // A manager's file holds only their scope, as their list does; a staff member exports nothing.
  'lists.export': ['owner', 'hr-admin', 'manager'],
  'staff.invite': HR,
  'policy.manage': HR,
  // A manager follows only their departments and locations (`staffScope`).
  'policy.track': ['owner', 'hr-admin', 'manager'],
  'compliance.manage': HR,
  'training.manage': HR,
  'leave.manage': HR,
  'leave.oversee': ['owner', 'hr-admin', 'manager'],
  // Not managers: a ward's results are HR's to read, so a manager cannot watch their own team's answers.
  'wellness.manage': HR,
  'workflow.manage': HR,
};

export const can = (actor: OrgActor, action: OrgAction): boolean => ALLOWED[action].includes(actor.role);

export const isHr = (actor: OrgActor): boolean => HR.includes(actor.role);

/**
 * Whose records an actor may list, as a filter the store turns into SQL: all of the organisation's, those
 * in some departments or locations (and their own), or only their own.
 */
export type StaffScope =
  | { kind: 'organisation'; organisationId: string }
  | {
      kind: 'managed';
      organisationId: string;
      personId: string;
      departmentIds: string[];
      locationIds: string[];
    }
  | { kind: 'self'; organisationId: string; personId: string };

export function staffScope(actor: OrgActor): StaffScope {
  const { organisationId, personId } = actor;
  if (isHr(actor)) return { kind: 'organisation', organisationId };
  if (actor.role === 'manager')
    return {
      kind: 'managed',
      organisationId,
      personId,
      departmentIds: [...actor.departmentIds],
      locationIds: [...actor.locationIds],
    };
  return { kind: 'self', organisationId, personId };
}

/** The same rule as `staffScope`, for one record. Another organisation's records: never. */
export function canSeeStaff(actor: OrgActor, staff: StaffPlacement): boolean {
  if (staff.organisationId !== actor.organisationId) return false;
  if (staff.personId === actor.personId || isHr(actor)) return true;
  if (actor.role !== 'manager') return false;
  return (
    (staff.departmentId !== null && actor.departmentIds.includes(staff.departmentId)) ||
    (staff.locationId !== null && actor.locationIds.includes(staff.locationId))
  );
}

/** National ID, KRA PIN, SHA and NSSF numbers and the emergency contact: HR and the person alone. */
export const SENSITIVE_FIELDS = [
  'nationalId',
  'kraPin',
  'shaNumber',
  'nssfNumber',
  'emergencyContact',
] as const;
export type SensitiveField = (typeof SENSITIVE_FIELDS)[number];

export const canSeeSensitive = (actor: OrgActor, staff: StaffPlacement): boolean =>
  staff.organisationId === actor.organisationId && (isHr(actor) || staff.personId === actor.personId);

/** The record as `actor` may read it: its sensitive fields null unless `canSeeSensitive`. */
export function redactFor<T extends StaffPlacement & Record<SensitiveField, unknown>>(
  actor: OrgActor,
  record: T,
): T {
  if (canSeeSensitive(actor, record)) return record;
  const redacted = { ...record };
  for (const field of SENSITIVE_FIELDS) (redacted as Record<SensitiveField, unknown>)[field] = null;
  return redacted;
}

/** Who may add a credential for `personId`: HR for any member; anyone for themselves. */
export const canAddCredentialFor = (actor: OrgActor, personId: string): boolean =>
  personId === actor.personId || can(actor, 'credential.add-for-others');

/**
 * The fields a person may correct on their own record (contact details); HR edits the rest. Their
 * emergency contact is theirs to keep current too.
 */
export const SELF_EDITABLE_FIELDS = ['phone', 'emergencyContact'] as const;

/** Role changes: only the owner names HR admins; HR names managers and staff; nobody changes the owner. */
export function canAssignRole(actor: OrgActor, from: OrgRole, to: OrgRole): boolean {
  if (from === 'owner' || to === 'owner') return false;
  if (from === 'hr-admin' || to === 'hr-admin') return can(actor, 'roles.assign-hr-admin');
  return can(actor, 'roles.assign-manager');
}

/**
 * Who decides on a leave request: HR for anyone, a manager for those in their departments and locations;
 * nobody for their own request (the owner, who asks for none, or another HR admin decides theirs).
 */
export function canDecideLeave(actor: OrgActor, staff: StaffPlacement): boolean {
  if (staff.personId !== null && staff.personId === actor.personId) return false;
  if (staff.organisationId !== actor.organisationId) return false;
  return isHr(actor) || (actor.role === 'manager' && canSeeStaff(actor, staff));
}

/**
 * Who sets a department's shifts and makes its rosters: HR for every department, a manager for the
 * departments they were given (not their locations: a roster is a department's); staff and another
 * organisation never.
 */
export function canManageRoster(
  actor: OrgActor,
  department: { organisationId: string; id: string },
): boolean {
  if (department.organisationId !== actor.organisationId) return false;
  return isHr(actor) || (actor.role === 'manager' && actor.departmentIds.includes(department.id));
}
