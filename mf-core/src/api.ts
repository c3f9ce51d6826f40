import type {
  InviteListResponse,
  InviteResponse,
  MemberListResponse,
  MyTeamResponse,
  LoginBody,
  LoginResponse,
  MeResponse,
  MessageResponse,
  PasswordResetBody,
  RegisterBody,
  RegisterResponse,
  UpdateProfileBody,
} from '@platform/contracts';
import type {
  BlogListResponse,
  BlogPostResponse,
  MainComponentsResponse,
} from '@platform/svc-content/contract';
import type {
  WorkflowBody,
  WorkflowListResponse,
  WorkflowPatch,
  WorkflowResponse,
  WorkflowRunListResponse,
  WorkflowTaskListResponse,
  WorkflowTaskResponse,
  SurveyAnswerBody,
  SurveyAnsweredResponse,
  SurveyBody,
  SurveyListResponse,
  SurveyResponse,
  SurveyResultsResponse,
  ClockBody,
  ClockCodeBody,
  ClockCodeResponse,
  ClockCorrectionBody,
  ClockEntryListResponse,
  ClockEntryResponse,
  MyClockResponse,
  TimesheetApprovalResponse,
  TimesheetApproveBody,
  TimesheetListResponse,
  AssignmentBody,
  MyShiftListResponse,
  CalendarResponse,
  SwapDecisionBody,
  SwapListResponse,
  SwapOfferBody,
  SwapResponse,
  RosterBody,
  RosterListResponse,
  RosterResponse,
  ShiftTemplateBody,
  ShiftTemplateListResponse,
  ShiftTemplateResponse,
  BalancesListResponse,
  HolidayBody,
  HolidayListResponse,
  HolidayResponse,
  LeaveDecisionBody,
  LeaveOpeningBody,
  LeaveOpeningResponse,
  LeaveQuoteQuery,
  LeaveQuoteResponse,
  LeaveRequestBody,
  LeaveRequestListResponse,
  LeaveRequestResponse,
  LeaveTypeBody,
  LeaveTypeChangeBody,
  LeaveTypeListResponse,
  LeaveTypeResponse,
  MyBalancesResponse,
  MyTrainingsResponse,
  TrainingRecordBody,
  TrainingRecordListResponse,
  TrainingRecordResponse,
  TrainingTypeBody,
  TrainingTypeChangeBody,
  TrainingTypeListResponse,
  TrainingTypeResponse,
  ComplianceBody,
  ContractBody,
  ContractCheckResponse,
  ContractCodeResponse,
  ContractListResponse,
  ContractRecordResponse,
  ContractResponse,
  ContractTemplateBody,
  ContractTemplateListResponse,
  ContractTemplatePatch,
  ContractTemplateResponse,
  ComplianceChangeBody,
  ComplianceListResponse,
  ComplianceResponse,
  ComplianceTypesResponse,
  CouncilListResponse,
  CredentialBody,
  CredentialListResponse,
  CredentialResponse,
  DashboardResponse,
  HireListResponse,
  ImportResponse,
  OrganisationBody,
  OrganisationResponse,
  PlaceResponse,
  PlacesResponse,
  LicenceAlertRolesResponse,
  PolicyBody,
  PolicyListResponse,
  PolicyResponse,
  PolicySummaryResponse,
  PolicyVersionBody,
  RemindResponse,
  RoleBody,
  StaffChangeBody,
  StaffDetailResponse,
  StaffListResponse,
  StaffMemberResponse,
} from '@platform/svc-core/contract';
import type { PlansResponse } from '@platform/svc-billing/contract';
import { endpoint } from '@platform/data';
import { apiFile, apiRequest } from '@platform/shell-state';

/** The staff list's filters, as `GET /api/core/staff` takes them (empty: not filtered). */
export type SwapView = 'open' | 'mine' | 'decide';

export interface StaffFilter {
  search?: string;
  departmentId?: string;
  locationId?: string;
  cleared?: '' | 'true' | 'false';
}

/** A timesheet period and its filters, as `GET /api/core/timesheets` takes them (empty: not filtered). */
export interface TimesheetFilter {
  from: string;
  to: string;
  departmentId?: string;
  search?: string;
}
/** A period's query (a timesheet filter, or a person's entries): its values set, the empty left out. */
const timesheetQuery = (
  filter: TimesheetFilter | { staffId?: string; from: string; to: string },
  page: Record<string, string> = {},
) => {
  const query = new URLSearchParams(page);
  for (const [key, value] of Object.entries(filter) as [string, string | undefined][])
    if (value) query.set(key, value);
  return query;
};

/** How many members the training form's picker lists for one search. */
export const MEMBER_MATCHES = 20;

const staffQuery = (filter: StaffFilter, page: Record<string, string> = {}) => {
  const query = new URLSearchParams(page);
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  return query;
};

/**
 * The one way mf-core talks to its services: every call, typed by the contract's request and response
 * types (`import type`: no schema code reaches the browser).
 */
export const coreApi = {
  /** svc-billing's public catalogue: /pricing's and the landing page's prices. */
  plans: () => apiRequest<PlansResponse>('/api/billing/plans'),
  me: () => endpoint<MeResponse>('/api/user/me'),
  updateMe: (body: UpdateProfileBody) => apiRequest<MeResponse>('/api/user/me', { method: 'PUT', body }),
  /** The profile photo as raw bytes (the server recognises the image by its content), or its removal. */
  uploadPhoto: (file: Blob) => apiRequest<MeResponse>('/api/user/me/photo', { method: 'PUT', body: file }),
  removePhoto: () => apiRequest<MeResponse>('/api/user/me/photo', { method: 'DELETE' }),
  login: (body: LoginBody) => apiRequest<LoginResponse>('/api/user/login', { method: 'POST', body }),
  register: (body: RegisterBody) =>
    apiRequest<RegisterResponse>('/api/user/register', { method: 'POST', body }),
  /** The ways back in (svc-identity): each e-mails a one-time link, answered alike for any address. */
  forgotPassword: (email: string) =>
    apiRequest<MessageResponse>('/api/user/password/forgot', { method: 'POST', body: { email } }),
  askSignInLink: (email: string) =>
    apiRequest<MessageResponse>('/api/user/login/link', { method: 'POST', body: { email } }),
  resetPassword: (body: PasswordResetBody) =>
    apiRequest<MessageResponse>('/api/user/password/reset', { method: 'POST', body }),
  redeemSignInLink: (token: string) =>
    apiRequest<LoginResponse>('/api/user/login/link/redeem', { method: 'POST', body: { token } }),
  /** E-mail verification: open the link, or have it sent again (signed in). */
  verifyEmail: (token: string) =>
    apiRequest<MessageResponse>('/api/user/email/verify', { method: 'POST', body: { token } }),
  resendVerification: () => apiRequest<MessageResponse>('/api/user/email/verification', { method: 'POST' }),
  /** svc-content's demo inbox (the admin's), from the landing page's dialog and `/requestdemo`. */
  requestDemo: (body: Record<string, string>) =>
    apiRequest<MessageResponse>('/api/content/demo-requests', { method: 'POST', body }),
  /** svc-content's contact inbox (`/contact`). */
  contact: (body: Record<string, string>) =>
    apiRequest<MessageResponse>('/api/content/contact-messages', { method: 'POST', body }),
  /** The landing page's blocks an admin wrote in one language (svc-content). */
  homeBlocks: (lang: 'en' | 'sw' | 'fr') =>
    apiRequest<MainComponentsResponse>(`/api/dashboard/main-components?lang=${lang}`),
  blog: (page: number, limit: number) =>
    endpoint<BlogListResponse>(`/api/blog/get?page=${page}&limit=${limit}`),
  blogPost: (slug: string) => endpoint<BlogPostResponse>(`/api/blog/posts/${encodeURIComponent(slug)}`),
  /** A clinic's team (svc-identity): the clinic's side. */
  teamInvites: () => endpoint<InviteListResponse>('/api/user/org/invites'),
  teamMembers: (page: number) => endpoint<MemberListResponse>(`/api/user/org/members?page=${page}&limit=20`),
  invite: (email: string) =>
    apiRequest<InviteResponse>('/api/user/org/invites', { method: 'POST', body: { email } }),
  withdrawInvite: (id: string) =>
    apiRequest<MessageResponse>(`/api/user/org/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  removeMember: (id: string) =>
    apiRequest<MessageResponse>(`/api/user/org/members/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** The professional's side. */
  myTeam: () => endpoint<MyTeamResponse>('/api/user/org'),
  myInvites: () => endpoint<InviteListResponse>('/api/user/org/invites/mine'),
  answerInvite: (id: string, answer: 'accept' | 'decline') =>
    // Accepting answers with a new session (token and user), declining with the user alone.
    apiRequest<MeResponse & { token?: string }>(`/api/user/org/invites/${encodeURIComponent(id)}/${answer}`, {
      method: 'POST',
    }),
  leaveTeam: () => apiRequest<LoginResponse>('/api/user/org/leave', { method: 'POST' }),
  /** Core HR (svc-core): the compliance figures, licences expiring, the staff list (each within one's scope). */
  hrDashboard: () => endpoint<DashboardResponse>('/api/core/dashboard'),
  expiringLicences: (days: number, page: number) =>
    endpoint<CredentialListResponse>(`/api/core/credentials?expiringWithin=${days}&page=${page}&limit=20`),
  /** The staff list within one's scope: `filter` is the query's search, department, location and cleared. */
  staff: (page: number, filter: StaffFilter = {}) =>
    endpoint<StaffListResponse>(`/api/core/staff?${staffQuery(filter, { page: String(page), limit: '20' })}`),
  /** Applicants the organisation accepted in Hire, not yet on its team (HR). */
  recentHires: (page: number) => endpoint<HireListResponse>(`/api/core/hires?page=${page}&limit=10`),
  dismissHire: (id: string) =>
    apiRequest<MessageResponse>(`/api/core/hires/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
  /** The same lists as CSV files, every page of them (HR and managers). */
  staffCsv: (filter: StaffFilter) => apiFile(`/api/core/staff.csv?${staffQuery(filter)}`),
  expiringLicencesCsv: (days: number) => apiFile(`/api/core/credentials.csv?expiringWithin=${days}`),
  staffRecord: (id: string) => endpoint<StaffDetailResponse>(`/api/core/staff/${encodeURIComponent(id)}`),
  myRecord: () => endpoint<StaffDetailResponse>('/api/core/staff/me'),
  changeStaff: (id: string, body: StaffChangeBody) =>
    apiRequest<StaffMemberResponse>(`/api/core/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  setRole: (id: string, body: RoleBody) =>
    apiRequest<StaffMemberResponse>(`/api/core/staff/${encodeURIComponent(id)}/role`, {
      method: 'PUT',
      body,
    }),
  places: () => endpoint<PlacesResponse>('/api/core/places'),
  addPlace: (kind: 'location' | 'department', name: string) =>
    apiRequest<PlaceResponse>(`/api/core/${kind}s`, { method: 'POST', body: { name } }),
  /** The staff roles whose licences alert HR, within the plan's limit (Essential: 3). */
  licenceAlertRoles: () => endpoint<LicenceAlertRolesResponse>('/api/core/licence-alerts/roles'),
  trackLicenceRole: (profession: string) =>
    apiRequest<LicenceAlertRolesResponse>('/api/core/licence-alerts/roles', {
      method: 'POST',
      body: { profession },
    }),
  untrackLicenceRole: (profession: string) =>
    apiRequest<LicenceAlertRolesResponse>(
      `/api/core/licence-alerts/roles/${encodeURIComponent(profession)}`,
      { method: 'DELETE' },
    ),
  councils: () => endpoint<CouncilListResponse>('/api/core/councils?limit=100'),
  addCredential: (body: CredentialBody) =>
    apiRequest<CredentialResponse>('/api/core/credentials', { method: 'POST', body }),
  verifyCredential: (id: string) =>
    apiRequest<CredentialResponse>(`/api/core/credentials/${encodeURIComponent(id)}/verify`, {
      method: 'POST',
    }),
  revokeCredential: (id: string, reason: string) =>
    apiRequest<CredentialResponse>(`/api/core/credentials/${encodeURIComponent(id)}/revoke`, {
      method: 'POST',
      body: { reason },
    }),
  /** The organisation's own documents (HR's): the types its country has, the list, add, renew. */
  complianceTypes: () => endpoint<ComplianceTypesResponse>('/api/core/compliance/types'),
  complianceDocuments: (page: number, within?: number) =>
    endpoint<ComplianceListResponse>(
      `/api/core/compliance?${within ? `expiringWithin=${within}&` : ''}page=${page}&limit=20`,
    ),
  addComplianceDocument: (body: ComplianceBody) =>
    apiRequest<ComplianceResponse>('/api/core/compliance', { method: 'POST', body }),
  changeComplianceDocument: (id: string, body: ComplianceChangeBody) =>
    apiRequest<ComplianceResponse>(`/api/core/compliance/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  /** A document's scan or photo as raw bytes; the server checks its content and size and keeps a safe name. */
  uploadComplianceFile: (id: string, file: File) =>
    apiRequest<ComplianceResponse>(
      `/api/core/compliance/${encodeURIComponent(id)}/file?${new URLSearchParams({ name: file.name })}`,
      { method: 'PUT', body: file },
    ),
  /** Downloads carry the bearer token, which a plain link cannot: fetched as a file. */
  complianceFile: (id: string) => apiFile(`/api/core/compliance/${encodeURIComponent(id)}/file`),
  /** A licence's scan (its holder's or HR's upload): raw bytes, checked by the service as a compliance file. */
  uploadCredentialFile: (id: string, file: File) =>
    apiRequest<CredentialResponse>(
      `/api/core/credentials/${encodeURIComponent(id)}/file?${new URLSearchParams({ name: file.name })}`,
      { method: 'PUT', body: file },
    ),
  credentialFile: (id: string) => apiFile(`/api/core/credentials/${encodeURIComponent(id)}/file`),
  /** The organisation's settings (every member reads its time zone); HR changes them. */
  organisation: () => endpoint<OrganisationResponse>('/api/core/organisation'),
  configureOrganisation: (body: OrganisationBody) =>
    apiRequest<OrganisationResponse>('/api/core/organisation', { method: 'PATCH', body }),
  /** The staff CSV: `dryRun` previews (nothing written); a file with problems imports nothing (422). */
  importStaff: (csv: string, dryRun: boolean) =>
    apiRequest<ImportResponse>(`/api/core/staff/import${dryRun ? '?dryRun=1' : ''}`, {
      method: 'POST',
      body: new Blob([csv], { type: 'text/csv' }),
    }),
  /** Policies: HR and managers all (completion within their scope), `mine` one's own to acknowledge. */
  /** Contracts (svc-core): HR's templates and contracts, a person's own, signing by code, anyone's check. */
  contractTemplates: (page: number, limit = 20) =>
    endpoint<ContractTemplateListResponse>(`/api/core/contract-templates?page=${page}&limit=${limit}`),
  createContractTemplate: (body: ContractTemplateBody) =>
    apiRequest<ContractTemplateResponse>('/api/core/contract-templates', { method: 'POST', body }),
  updateContractTemplate: (id: string, body: ContractTemplatePatch) =>
    apiRequest<ContractTemplateResponse>(`/api/core/contract-templates/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  contracts: (page: number, mine = false) =>
    endpoint<ContractListResponse>(`/api/core/contracts?page=${page}&limit=20${mine ? '&mine=true' : ''}`),
  createContract: (body: ContractBody) =>
    apiRequest<ContractResponse>('/api/core/contracts', { method: 'POST', body }),
  sendContract: (id: string) =>
    apiRequest<ContractResponse>(`/api/core/contracts/${encodeURIComponent(id)}/send`, { method: 'POST' }),
  contractCode: (id: string) =>
    apiRequest<ContractCodeResponse>(`/api/core/contracts/${encodeURIComponent(id)}/code`, {
      method: 'POST',
    }),
  signContract: (id: string, code: string) =>
    apiRequest<ContractResponse>(`/api/core/contracts/${encodeURIComponent(id)}/sign`, {
      method: 'POST',
      body: { code },
    }),
  contractPdf: (id: string) => apiFile(`/api/core/contracts/${encodeURIComponent(id)}/pdf`),
  contractRecord: (id: string) =>
    apiRequest<ContractRecordResponse>(`/api/core/contracts/${encodeURIComponent(id)}/verify`),
  /** Anyone's check of a contract's PDF: its bytes as they are. */
  checkContract: (file: Blob) =>
    apiRequest<ContractCheckResponse>('/api/core/contracts/verify', {
      method: 'POST',
      body: file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' }),
    }),
  policies: (page: number, mine = false) =>
    endpoint<PolicyListResponse>(`/api/core/policies?page=${page}&limit=20${mine ? '&mine=true' : ''}`),
  /** One policy's text and (HR, managers) its people, `status` pending or acknowledged, a page at a time. */
  policy: (id: string, page = 1, status: '' | 'pending' | 'acknowledged' = '') =>
    endpoint<PolicyResponse>(
      `/api/core/policies/${encodeURIComponent(id)}?page=${page}&limit=20${status ? `&status=${status}` : ''}`,
    ),
  writePolicy: (body: PolicyBody) =>
    apiRequest<PolicySummaryResponse>('/api/core/policies', { method: 'POST', body }),
  publishPolicyVersion: (id: string, body: PolicyVersionBody) =>
    apiRequest<PolicySummaryResponse>(`/api/core/policies/${encodeURIComponent(id)}/versions`, {
      method: 'POST',
      body,
    }),
  /** `version`: the one read; a newer one published meanwhile is refused (409) and shown instead. */
  /** A PDF published as the policy's new version: raw bytes, checked by the service (a PDF, at most 5 MB). */
  publishPolicyPdf: (id: string, file: File) =>
    apiRequest<PolicySummaryResponse>(
      `/api/core/policies/${encodeURIComponent(id)}/file?${new URLSearchParams({ name: file.name })}`,
      { method: 'PUT', body: file },
    ),
  /** The current version's PDF; the service keeps that the caller opened it. */
  policyFile: (id: string) => apiFile(`/api/core/policies/${encodeURIComponent(id)}/file`),
  acknowledgePolicy: (id: string, version: number) =>
    apiRequest<PolicySummaryResponse>(`/api/core/policies/${encodeURIComponent(id)}/acknowledge`, {
      method: 'POST',
      body: { version },
    }),
  /** Trainings: the organisation's (every member reads them), one's own required ones, completions. */
  trainingTypes: () => endpoint<TrainingTypeListResponse>('/api/core/trainings/types?limit=100'),
  /** HR adds a training the organisation tracks, or changes one (name, validity, whom it is required of). */
  addTrainingType: (body: TrainingTypeBody) =>
    apiRequest<TrainingTypeResponse>('/api/core/trainings/types', { method: 'POST', body }),
  changeTrainingType: (id: string, body: TrainingTypeChangeBody) =>
    apiRequest<TrainingTypeResponse>(`/api/core/trainings/types/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  myTrainings: () => endpoint<MyTrainingsResponse>('/api/core/trainings/me'),
  /** Completions within one's scope, latest first; `within`: current ones expiring within that many days. */
  trainingRecords: (page: number, within?: number) =>
    endpoint<TrainingRecordListResponse>(
      `/api/core/trainings?${within ? `expiringWithin=${within}&` : ''}page=${page}&limit=20`,
    ),
  /** HR for a member (`staffId`); anyone for themselves (no `staffId`: unverified until HR checks). */
  addTrainingRecord: (body: TrainingRecordBody) =>
    apiRequest<TrainingRecordResponse>('/api/core/trainings', { method: 'POST', body }),
  /** HR has seen the certificate of a completion a member recorded themselves. */
  verifyTrainingRecord: (id: string) =>
    apiRequest<TrainingRecordResponse>(`/api/core/trainings/${encodeURIComponent(id)}/verify`, {
      method: 'POST',
    }),
  /** Leave: types and holidays (every member reads them, HR edits), one's own balances and requests. */
  leaveTypes: () => endpoint<LeaveTypeListResponse>('/api/core/leave/types?limit=100'),
  addLeaveType: (body: LeaveTypeBody) =>
    apiRequest<LeaveTypeResponse>('/api/core/leave/types', { method: 'POST', body }),
  changeLeaveType: (id: string, body: LeaveTypeChangeBody) =>
    apiRequest<LeaveTypeResponse>(`/api/core/leave/types/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  holidays: (year: number) => endpoint<HolidayListResponse>(`/api/core/holidays?year=${year}&limit=100`),
  addHoliday: (body: HolidayBody) =>
    apiRequest<HolidayResponse>('/api/core/holidays', { method: 'POST', body }),
  removeHoliday: (id: string) =>
    apiRequest<HolidayResponse>(`/api/core/holidays/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  myLeaveBalances: () => endpoint<MyBalancesResponse>('/api/core/leave/balances/me'),
  leaveQuote: (q: LeaveQuoteQuery) =>
    endpoint<LeaveQuoteResponse>(
      `/api/core/leave/quote?${new URLSearchParams({
        typeId: q.typeId,
        from: q.from,
        to: q.to,
        ...(q.halfDay ? { halfDay: 'true' } : {}),
      }).toString()}`,
    ),
  askLeave: (body: LeaveRequestBody) =>
    apiRequest<LeaveRequestResponse>('/api/core/leave/requests', { method: 'POST', body }),
  /** Requests in one's scope: `mine` one's own, `pending` those waiting for a decision. */
  leaveRequests: (page: number, which: 'mine' | 'pending') =>
    endpoint<LeaveRequestListResponse>(
      `/api/core/leave/requests?${which === 'mine' ? 'mine=true' : 'status=pending'}&page=${page}&limit=20`,
    ),
  decideLeave: (id: string, body: LeaveDecisionBody) =>
    apiRequest<LeaveRequestResponse>(`/api/core/leave/requests/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  cancelLeave: (id: string) =>
    apiRequest<LeaveRequestResponse>(`/api/core/leave/requests/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
    }),
  /** A request's document (a sick note): raw bytes, checked by the service as every stored document. */
  uploadLeaveDocument: (id: string, file: File) =>
    apiRequest<LeaveRequestResponse>(
      `/api/core/leave/requests/${encodeURIComponent(id)}/file?${new URLSearchParams({ name: file.name })}`,
      { method: 'PUT', body: file },
    ),
  removeLeaveDocument: (id: string) =>
    apiRequest<LeaveRequestResponse>(`/api/core/leave/requests/${encodeURIComponent(id)}/file`, {
      method: 'DELETE',
    }),
  leaveDocument: (id: string) => apiFile(`/api/core/leave/requests/${encodeURIComponent(id)}/file`),
  /** Approved leave overlapping `from`..`to` in one's scope (HR and managers). */
  leaveAway: (page: number, from: string, to: string, departmentId = '') =>
    endpoint<LeaveRequestListResponse>(
      `/api/core/leave/away?from=${from}&to=${to}&page=${page}&limit=50${departmentId ? `&departmentId=${encodeURIComponent(departmentId)}` : ''}`,
    ),
  /** The team calendar (HR and managers): a page of people with their shifts and approved leave. */
  calendar: (range: { from: string; to: string; departmentId?: string }, page: number) =>
    endpoint<CalendarResponse>(
      `/api/core/calendar?from=${range.from}&to=${range.to}&page=${page}&limit=50${range.departmentId ? `&departmentId=${encodeURIComponent(range.departmentId)}` : ''}`,
    ),
  leaveBalances: (page: number) =>
    endpoint<BalancesListResponse>(`/api/core/leave/balances?page=${page}&limit=20`),
  leaveBalancesCsv: () => apiFile('/api/core/leave/balances.csv'),
  /** The requests in one's scope (HR, managers) touching `from`..`to`, of a status and department. */
  leaveRequestsCsv: (filter: { from: string; to: string; status: string; departmentId: string }) =>
    apiFile(
      `/api/core/leave/requests.csv?${new URLSearchParams(
        Object.entries(filter).filter(([, value]) => value !== ''),
      ).toString()}`,
    ),
  /** HR: what a person brought into a leave year from before (days carried in, days already taken). */
  setLeaveOpening: (staffId: string, body: LeaveOpeningBody) =>
    apiRequest<LeaveOpeningResponse>(`/api/core/leave/balances/${encodeURIComponent(staffId)}/opening`, {
      method: 'PUT',
      body,
    }),
  /** Shifts and rosters: a department's shifts, its rosters (HR, its managers), one's own shifts. */
  shiftTemplates: (departmentId: string) =>
    endpoint<ShiftTemplateListResponse>(
      `/api/core/shift-templates?departmentId=${encodeURIComponent(departmentId)}&limit=100`,
    ),
  addShiftTemplate: (body: ShiftTemplateBody) =>
    apiRequest<ShiftTemplateResponse>('/api/core/shift-templates', { method: 'POST', body }),
  rosters: (page: number) => endpoint<RosterListResponse>(`/api/core/rosters?page=${page}&limit=20`),
  roster: (id: string) => endpoint<RosterResponse>(`/api/core/rosters/${encodeURIComponent(id)}`),
  createRoster: (body: RosterBody) =>
    apiRequest<RosterResponse>('/api/core/rosters', { method: 'POST', body }),
  assignShift: (id: string, body: AssignmentBody) =>
    apiRequest<RosterResponse>(`/api/core/rosters/${encodeURIComponent(id)}/assignments`, {
      method: 'POST',
      body,
    }),
  unassignShift: (id: string, assignmentId: string) =>
    apiRequest<RosterResponse>(
      `/api/core/rosters/${encodeURIComponent(id)}/assignments/${encodeURIComponent(assignmentId)}`,
      { method: 'DELETE' },
    ),
  fillRoster: (id: string) =>
    apiRequest<RosterResponse>(`/api/core/rosters/${encodeURIComponent(id)}/fill`, { method: 'POST' }),
  publishRoster: (id: string) =>
    apiRequest<RosterResponse>(`/api/core/rosters/${encodeURIComponent(id)}/publish`, { method: 'POST' }),
  /** The time clock (one's own), a ward's code (HR, its manager), corrections and timesheets. */
  myClock: () => endpoint<MyClockResponse>('/api/core/clock/me'),
  clock: (body: ClockBody) => apiRequest<MyClockResponse>('/api/core/clock', { method: 'POST', body }),
  clockCode: (departmentId: string) =>
    endpoint<ClockCodeResponse>(`/api/core/departments/${encodeURIComponent(departmentId)}/clock-code`),
  setClockCode: (departmentId: string, body: ClockCodeBody) =>
    apiRequest<ClockCodeResponse>(`/api/core/departments/${encodeURIComponent(departmentId)}/clock-code`, {
      method: 'PUT',
      body,
    }),
  /** One person's entries over a period (their own without `staffId`), to correct them. */
  clockEntries: (query: { staffId?: string; from: string; to: string }, page: number, limit = 20) =>
    endpoint<ClockEntryListResponse>(
      `/api/core/clock/entries?${timesheetQuery(query, { page: String(page), limit: String(limit) })}`,
    ),
  correctClockEntry: (id: string, body: ClockCorrectionBody) =>
    apiRequest<ClockEntryResponse>(`/api/core/clock/entries/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  timesheets: (filter: TimesheetFilter, page: number, limit = 20) =>
    endpoint<TimesheetListResponse>(
      `/api/core/timesheets?${timesheetQuery(filter, { page: String(page), limit: String(limit) })}`,
    ),
  timesheetsCsv: (filter: TimesheetFilter) => apiFile(`/api/core/timesheets.csv?${timesheetQuery(filter)}`),
  approveTimesheet: (body: TimesheetApproveBody) =>
    apiRequest<TimesheetApprovalResponse>('/api/core/timesheets/approve', { method: 'POST', body }),
  reopenTimesheet: (id: string, reason: string) =>
    apiRequest<TimesheetApprovalResponse>(`/api/core/timesheets/approvals/${encodeURIComponent(id)}/reopen`, {
      method: 'POST',
      body: { reason },
    }),
  myShifts: (page: number, from: string) =>
    endpoint<MyShiftListResponse>(`/api/core/shifts/mine?from=${from}&page=${page}&limit=20`),
  /** Shift swaps: `open` those one may take, `mine` one's own, `decide` those waiting for a manager or HR. */
  swapOffers: (view: SwapView, page: number) =>
    endpoint<SwapListResponse>(`/api/core/swap-offers?view=${view}&page=${page}&limit=20`),
  offerSwap: (assignmentId: string, body: SwapOfferBody = {}) =>
    apiRequest<SwapResponse>(
      `/api/core/rosters/assignments/${encodeURIComponent(assignmentId)}/swap-offers`,
      {
        method: 'POST',
        body,
      },
    ),
  takeSwap: (id: string) =>
    apiRequest<SwapResponse>(`/api/core/swap-offers/${encodeURIComponent(id)}/take`, {
      method: 'POST',
      body: {},
    }),
  decideSwap: (id: string, body: SwapDecisionBody) =>
    apiRequest<SwapResponse>(`/api/core/swap-offers/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  withdrawSwap: (id: string) =>
    apiRequest<SwapResponse>(`/api/core/swap-offers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** The members HR may record a training for: the first 20 by name matching `search` (any part of a name). */
  trainingMembers: (search: string) =>
    endpoint<StaffListResponse>(
      `/api/core/staff?${staffQuery({ search }, { limit: String(MEMBER_MATCHES) })}`,
    ),
  /** Wellness pulse surveys: HR makes, sends, closes and reads results; members answer theirs once. */
  surveys: (page: number, open = false) =>
    endpoint<SurveyListResponse>(
      `/api/core/wellness/surveys?page=${page}&limit=20${open ? '&open=true' : ''}`,
    ),
  createSurvey: (body: SurveyBody) =>
    apiRequest<SurveyResponse>('/api/core/wellness/surveys', { method: 'POST', body }),
  surveyAction: (id: string, action: 'send' | 'close') =>
    apiRequest<SurveyResponse>(`/api/core/wellness/surveys/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
    }),
  answerSurvey: (id: string, body: SurveyAnswerBody) =>
    apiRequest<SurveyAnsweredResponse>(`/api/core/wellness/surveys/${encodeURIComponent(id)}/answers`, {
      method: 'POST',
      body,
    }),
  surveyResults: (id: string) =>
    endpoint<SurveyResultsResponse>(`/api/core/wellness/surveys/${encodeURIComponent(id)}/results`),
  /** HR workflows: HR lists, makes, edits and turns them on and off, and reads their runs. */
  workflows: (page: number) => endpoint<WorkflowListResponse>(`/api/core/workflows?page=${page}&limit=20`),
  createWorkflow: (body: WorkflowBody) =>
    apiRequest<WorkflowResponse>('/api/core/workflows', { method: 'POST', body }),
  updateWorkflow: (id: string, body: WorkflowPatch) =>
    apiRequest<WorkflowResponse>(`/api/core/workflows/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  workflowRuns: (id: string, page: number) =>
    endpoint<WorkflowRunListResponse>(
      `/api/core/workflows/${encodeURIComponent(id)}/runs?page=${page}&limit=20`,
    ),
  /** The caller's own tasks from workflows' checklists, open ones first by due day. */
  myTasks: (page: number) =>
    endpoint<WorkflowTaskListResponse>(`/api/core/workflows/tasks/mine?done=false&page=${page}&limit=20`),
  completeTask: (id: string) =>
    apiRequest<WorkflowTaskResponse>(`/api/core/workflows/tasks/${encodeURIComponent(id)}/done`, {
      method: 'POST',
    }),
  remindPolicy: (id: string) =>
    apiRequest<RemindResponse>(`/api/core/policies/${encodeURIComponent(id)}/remind`, { method: 'POST' }),
};
