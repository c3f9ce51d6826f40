import type { BillingLimits, BillingModule, LimitName } from '@platform/contracts';
import { shillings, type Cents } from './money';

/**
 * What can be bought (the spec's section 9, in Ksh). These values seed the catalogue table once; from
 * then on the stored rows are the truth (an admin may change a price for new periods), so nothing else
 * reads this list to price anything.
 */
export { LIMIT_NAMES } from '@platform/contracts';
export type ModuleName = BillingModule;
/** A limit of null means unlimited. */
export type Limits = BillingLimits;
export type { LimitName };

export type ItemKind = 'plan' | 'module' | 'addon' | 'listing';
/** How an item is charged: every month, once, or once for a number of days (the single job listing). */
export type Billing = 'monthly' | 'once' | 'days';

export interface CatalogueItem {
  id: string;
  kind: ItemKind;
  name: string;
  price: Cents;
  currency: 'KES';
  vatIncluded: boolean;
  billing: Billing;
  /** For `billing: 'days'`: how long one purchase lasts. */
  days?: number;
  /** Modules the item unlocks (plans and standalone modules). */
  modules: ModuleName[];
  /** Plans and modules: the limit itself. Add-ons: what one unit adds to the plan's limit. */
  limits: Partial<Limits>;
  /** Named capabilities (role-based access, offline devices …) services may check. */
  capabilities: string[];
  idealFor: string;
  features: string[];
  isPopular: boolean;
  /** Add-ons only: bought at most once (onsite setup), or any number of times (an extra location). */
  repeatable?: boolean;
  /** Add-ons only: needs a Core plan. */
  requiresCore?: boolean;
  sortOrder: number;
}

const ALL_MODULES: ModuleName[] = ['core', 'hire', 'events', 'connect'];
const base = { currency: 'KES' as const, vatIncluded: true, isPopular: false, capabilities: [] as string[] };

export const SEED_CATALOGUE: CatalogueItem[] = [
  {
    ...base,
    id: 'essential',
    kind: 'plan',
    name: 'Essential',
    price: shillings(8000),
    billing: 'monthly',
    modules: ALL_MODULES,
    limits: { staff: 15, locations: 1, openPostings: null, licenceAlertRoles: 3, workflows: 2 },
    idealFor: '5-15 staff',
    features: [
      'Up to 15 staff',
      'Licence alerts for up to 3 staff roles',
      '2 workflow automations',
      'Hire, Events and Connect included',
      'E-mail support, 48-hour response',
    ],
    sortOrder: 10,
  },
  {
    ...base,
    id: 'professional',
    kind: 'plan',
    name: 'Professional',
    price: shillings(15000),
    billing: 'monthly',
    modules: ALL_MODULES,
    limits: { staff: 40, locations: 2, openPostings: null, licenceAlertRoles: null, workflows: 5 },
    idealFor: '1-2 branches, 15-40 staff',
    features: [
      'Up to 40 staff',
      'Unlimited licence tracking',
      '5 custom workflows',
      'Hire, Events and Connect included',
      'Priority e-mail support, 24-hour response',
    ],
    isPopular: true,
    sortOrder: 20,
  },
  {
    ...base,
    id: 'enterprise',
    kind: 'plan',
    name: 'Enterprise',
    price: shillings(25000),
    billing: 'monthly',
    modules: ALL_MODULES,
    limits: { staff: null, locations: 5, openPostings: null, licenceAlertRoles: null, workflows: null },
    capabilities: ['role-based-access', 'branded-portal'],
    idealFor: 'Multi-location groups, up to 5 clinics',
    features: [
      'Multi-location dashboard for up to 5 clinics',
      'Unlimited workflows',
      'Role-based access controls',
      'Branded portal',
      'Dedicated onboarding specialist',
    ],
    sortOrder: 30,
  },
  {
    ...base,
    id: 'hire',
    kind: 'module',
    name: 'Hire',
    price: shillings(1000),
    billing: 'monthly',
    modules: ['hire'],
    limits: { openPostings: 2 },
    idealFor: 'Clinics recruiting now and then',
    features: ['2 open job postings at a time', 'Applicant review', 'Job alerts to professionals'],
    sortOrder: 40,
  },
  {
    ...base,
    id: 'events',
    kind: 'module',
    name: 'Events',
    price: shillings(500),
    billing: 'monthly',
    modules: ['events'],
    limits: {},
    idealFor: 'Clinics running CPD events',
    features: ['CPD events and webinars', 'Tickets and check-in', 'Certificates'],
    sortOrder: 50,
  },
  {
    ...base,
    id: 'connect',
    kind: 'module',
    name: 'Connect',
    price: shillings(750),
    billing: 'monthly',
    modules: ['connect'],
    limits: {},
    idealFor: 'Clinics talking with their staff',
    features: ['Clinic Internal discussions', 'Staff invitations'],
    sortOrder: 60,
  },
  {
    ...base,
    id: 'extra-location',
    kind: 'addon',
    name: 'Extra location',
    price: shillings(2500),
    billing: 'monthly',
    modules: [],
    limits: { locations: 1 },
    idealFor: 'A further branch',
    features: ['One more location'],
    repeatable: true,
    requiresCore: true,
    sortOrder: 70,
  },
  {
    ...base,
    id: 'extra-staff-25',
    kind: 'addon',
    name: 'Extra 25 staff',
    price: shillings(3500),
    billing: 'monthly',
    modules: [],
    limits: { staff: 25 },
    idealFor: 'A growing team',
    features: ['25 more staff'],
    repeatable: true,
    requiresCore: true,
    sortOrder: 80,
  },
  {
    ...base,
    id: 'offline-devices',
    kind: 'addon',
    name: 'Offline device mode',
    price: shillings(1500),
    billing: 'monthly',
    modules: [],
    limits: {},
    capabilities: ['offline-devices'],
    idealFor: 'Sites with unreliable internet',
    features: ['Clock-in and check-in devices that work offline'],
    requiresCore: true,
    sortOrder: 90,
  },
  {
    ...base,
    id: 'onsite-setup',
    kind: 'addon',
    name: 'Onsite setup',
    price: shillings(13000),
    billing: 'once',
    modules: [],
    limits: {},
    idealFor: 'Within 50 km of Nairobi; beyond that, ask for a quote',
    features: ['Setup at your premises within 50 km of Nairobi'],
    requiresCore: true,
    sortOrder: 100,
  },
  {
    ...base,
    id: 'job-listing',
    kind: 'listing',
    name: 'Single job listing',
    price: shillings(250),
    billing: 'days',
    days: 7,
    modules: [],
    limits: {},
    idealFor: 'One vacancy without a Hire subscription',
    features: ['One job posting for 7 days'],
    sortOrder: 110,
  },
];
