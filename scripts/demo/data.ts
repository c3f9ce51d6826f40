/**
 * The demo's people, organisations and content: fictional, every e-mail under `demo.afyahr.example`
 * (`.example` is reserved: no such mailbox exists), phone numbers in the 700 000 xxx range. Loading keys on
 * these e-mails and titles, so loading twice adds nothing twice.
 */
import type { EventCategory, EventRegion, EventTopic } from '@platform/contracts/values';
import type { ApplicationStatus, SalaryPeriod } from '@platform/contracts/values';

export const DEMO_DOMAIN = 'demo.afyahr.example';
/** Every demo account's password (local demos only: never load the demo on a public site). */
export const DEMO_PASSWORD = 'Jacaranda season demo 2026';

export interface DemoClinic {
  key: string;
  name: string;
  email: string;
  city: string;
  country: string;
  region: EventRegion;
  timeZone: string;
  description: string;
  phone: string;
}

export interface DemoProfessional {
  key: string;
  name: string;
  email: string;
  designation: string;
  skills: string[];
  city: string;
  country: string;
  facility: string;
  description: string;
  phone: string;
}

const email = (local: string) => `${local}@${DEMO_DOMAIN}`;

export const CLINICS: DemoClinic[] = [
  {
    key: 'nairobi',
    name: 'Mvule Gardens Hospital (demo)',
    email: email('mvule.nairobi'),
    city: 'Nairobi',
    country: 'Kenya',
    region: 'Kenya',
    timeZone: 'Africa/Nairobi',
    description: 'A fictional 120-bed general hospital in Nairobi, for demonstration only.',
    phone: '+254 700 000 101',
  },
  {
    key: 'kisumu',
    name: 'Lakeside Family Clinic (demo)',
    email: email('lakeside.kisumu'),
    city: 'Kisumu',
    country: 'Kenya',
    region: 'Kenya',
    timeZone: 'Africa/Nairobi',
    description: 'A fictional family clinic on the shore of Lake Victoria, for demonstration only.',
    phone: '+254 700 000 102',
  },
  {
    key: 'mombasa',
    name: 'Pwani Coast Medical Centre (demo)',
    email: email('pwani.mombasa'),
    city: 'Mombasa',
    country: 'Kenya',
    region: 'Kenya',
    timeZone: 'Africa/Nairobi',
    description: 'A fictional medical centre in Mombasa with a maternity wing, for demonstration only.',
    phone: '+254 700 000 103',
  },
  {
    key: 'eldoret',
    name: 'Highlands Referral Hospital (demo)',
    email: email('highlands.eldoret'),
    city: 'Eldoret',
    country: 'Kenya',
    region: 'Kenya',
    timeZone: 'Africa/Nairobi',
    description: 'A fictional referral hospital in Eldoret, for demonstration only.',
    phone: '+254 700 000 104',
  },
  {
    key: 'kampala',
    name: 'Kololo Hill Clinic (demo)',
    email: email('kololo.kampala'),
    city: 'Kampala',
    country: 'Uganda',
    region: 'Uganda',
    timeZone: 'Africa/Kampala',
    description: 'A fictional outpatient clinic in Kampala, for demonstration only.',
    phone: '+256 700 000 105',
  },
  {
    key: 'dar',
    name: 'Msasani Bay Hospital (demo)',
    email: email('msasani.dar'),
    city: 'Dar es Salaam',
    country: 'Tanzania',
    region: 'Tanzania',
    timeZone: 'Africa/Dar_es_Salaam',
    description: 'A fictional hospital in Dar es Salaam, for demonstration only.',
    phone: '+255 700 000 106',
  },
];

export const PROFESSIONALS: DemoProfessional[] = [
  {
    key: 'achieng',
    name: 'Achieng Otieno',
    email: email('achieng.otieno'),
    designation: 'Registered Nurse',
    skills: ['Triage', 'Midwifery', 'Neonatal care'],
    city: 'Kisumu',
    country: 'Kenya',
    facility: 'Lakeside Family Clinic (demo)',
    description: 'Fictional demo profile: maternity nurse with eight years on the ward.',
    phone: '+254 700 000 201',
  },
  {
    key: 'baraka',
    name: 'Baraka Mwangi',
    email: email('baraka.mwangi'),
    designation: 'Clinical Officer',
    skills: ['Outpatient consultations', 'HIV care', 'Minor surgery'],
    city: 'Nairobi',
    country: 'Kenya',
    facility: 'Mvule Gardens Hospital (demo)',
    description: 'Fictional demo profile: clinical officer in a busy outpatient department.',
    phone: '+254 700 000 202',
  },
  {
    key: 'fatuma',
    name: 'Fatuma Hassan',
    email: email('fatuma.hassan'),
    designation: 'Pharmacist',
    skills: ['Dispensing', 'Supply chain', 'Antimicrobial stewardship'],
    city: 'Mombasa',
    country: 'Kenya',
    facility: 'Pwani Coast Medical Centre (demo)',
    description: 'Fictional demo profile: hospital pharmacist keeping the shelves stocked.',
    phone: '+254 700 000 203',
  },
  {
    key: 'kiprop',
    name: 'Dr. Kiprop Chebet',
    email: email('kiprop.chebet'),
    designation: 'Medical Officer',
    skills: ['Emergency medicine', 'Paediatrics', 'Ultrasound'],
    city: 'Eldoret',
    country: 'Kenya',
    facility: 'Highlands Referral Hospital (demo)',
    description: 'Fictional demo profile: medical officer in the emergency department.',
    phone: '+254 700 000 204',
  },
  {
    key: 'nakato',
    name: 'Nakato Ssempa',
    email: email('nakato.ssempa'),
    designation: 'Laboratory Technologist',
    skills: ['Microbiology', 'Haematology', 'Quality control'],
    city: 'Kampala',
    country: 'Uganda',
    facility: 'Kololo Hill Clinic (demo)',
    description: 'Fictional demo profile: laboratory technologist running the clinic lab.',
    phone: '+256 700 000 205',
  },
  {
    key: 'neema',
    name: 'Neema Mushi',
    email: email('neema.mushi'),
    designation: 'Nurse Midwife',
    skills: ['Antenatal care', 'Midwifery', 'Community outreach'],
    city: 'Dar es Salaam',
    country: 'Tanzania',
    facility: 'Msasani Bay Hospital (demo)',
    description: 'Fictional demo profile: nurse midwife and outreach lead.',
    phone: '+255 700 000 206',
  },
  {
    key: 'omondi',
    name: 'Omondi Ouma',
    email: email('omondi.ouma'),
    designation: 'Clinical Officer',
    skills: ['Triage', 'Malaria management', 'Outpatient consultations'],
    city: 'Kisumu',
    country: 'Kenya',
    facility: 'Lakeside Family Clinic (demo)',
    description: 'Fictional demo profile: clinical officer, rural outreach weekends.',
    phone: '+254 700 000 207',
  },
];

export interface DemoJob {
  clinic: string;
  title: string;
  department: string;
  type: 'Full-time' | 'Part-time' | 'Contract' | 'Temporary';
  experienceLevel: 'entry' | 'mid' | 'senior';
  salary: { min: number; max: number; period: SalaryPeriod };
  description: string;
  /** Who applies and where their application ends up. */
  applicants: Array<{ who: string; status: ApplicationStatus; message?: string }>;
}

export const JOBS: DemoJob[] = [
  {
    clinic: 'nairobi',
    title: 'Clinical Officer, Outpatients',
    department: 'Outpatients',
    type: 'Full-time',
    experienceLevel: 'mid',
    salary: { min: 90000, max: 130000, period: 'month' },
    description:
      'Demo job: consultations in a busy outpatient department, day shifts with one weekend a month.',
    applicants: [
      { who: 'baraka', status: 'accepted', message: 'Welcome aboard: HR will call you this week.' },
      { who: 'omondi', status: 'pending' },
      { who: 'kiprop', status: 'rejected', message: 'We have filled the post; thank you for applying.' },
    ],
  },
  {
    clinic: 'kisumu',
    title: 'Registered Nurse, Maternity',
    department: 'Maternity',
    type: 'Full-time',
    experienceLevel: 'mid',
    salary: { min: 70000, max: 95000, period: 'month' },
    description: 'Demo job: maternity ward nurse, rotating shifts, supportive team of twelve.',
    applicants: [
      { who: 'achieng', status: 'pending' },
      { who: 'neema', status: 'withdrawn' },
    ],
  },
  {
    clinic: 'mombasa',
    title: 'Hospital Pharmacist',
    department: 'Pharmacy',
    type: 'Full-time',
    experienceLevel: 'senior',
    salary: { min: 120000, max: 160000, period: 'month' },
    description: 'Demo job: run the dispensary and the stock of a 90-bed medical centre.',
    applicants: [
      { who: 'fatuma', status: 'accepted', message: 'Congratulations: please bring your licence.' },
    ],
  },
  {
    clinic: 'eldoret',
    title: 'Medical Officer, Emergency Department',
    department: 'Emergency',
    type: 'Contract',
    experienceLevel: 'senior',
    salary: { min: 250000, max: 320000, period: 'month' },
    description: 'Demo job: twelve-month contract in the emergency department of a referral hospital.',
    applicants: [{ who: 'kiprop', status: 'pending' }],
  },
  {
    clinic: 'kampala',
    title: 'Laboratory Technologist',
    department: 'Laboratory',
    type: 'Part-time',
    experienceLevel: 'entry',
    salary: { min: 1500, max: 2500, period: 'hour' },
    description: 'Demo job: three days a week in a small, well-equipped outpatient laboratory.',
    applicants: [
      { who: 'nakato', status: 'rejected', message: 'We chose a candidate with more microbiology.' },
      { who: 'omondi', status: 'withdrawn' },
    ],
  },
  {
    clinic: 'dar',
    title: 'Nurse Midwife, Community Outreach',
    department: 'Community Health',
    type: 'Temporary',
    experienceLevel: 'entry',
    salary: { min: 60000, max: 80000, period: 'month' },
    description: 'Demo job: six months of antenatal outreach visits around Msasani and Kinondoni.',
    applicants: [{ who: 'neema', status: 'pending' }],
  },
];

export interface DemoEvent {
  clinic: string;
  title: string;
  category: EventCategory;
  /** What it is about: the events page's topic filter. */
  topic: EventTopic;
  description: string;
  /** Days from today; 0 with `startsInMinutes`: later today, so its door is open for check-ins. */
  inDays: number;
  startsInMinutes?: number;
  time: string;
  durationMinutes: number;
  location: string;
  capacity: number | null;
  cpdPoints: number | null;
  speaker: { name: string; designation: string };
  tags: string[];
  registrants: string[];
  /** Checked in at the door (the event must start within two hours: the API opens check-in then). */
  checkedIn: string[];
}

export const EVENTS: DemoEvent[] = [
  {
    clinic: 'kisumu',
    title: 'Neonatal Resuscitation Refresher (demo)',
    category: 'Training',
    topic: 'CPD',
    description: 'Demo event: hands-on refresher on neonatal resuscitation, with mannequins and case drills.',
    inDays: 0,
    startsInMinutes: 90,
    time: '',
    durationMinutes: 180,
    location: 'Lakeside Family Clinic, Kisumu',
    capacity: 20,
    cpdPoints: 3,
    speaker: { name: 'Dr. Awino Were (demo)', designation: 'Paediatrician' },
    tags: ['neonatal', 'resuscitation'],
    registrants: ['achieng', 'omondi', 'neema'],
    checkedIn: ['achieng', 'omondi'],
  },
  {
    clinic: 'nairobi',
    title: 'Antimicrobial Stewardship Webinar (demo)',
    category: 'Webinar',
    topic: 'Public Health Workshops',
    description: 'Demo event: one hour on prescribing audits and resistance data for East African hospitals.',
    inDays: 7,
    time: '14:00',
    durationMinutes: 60,
    location: 'Online',
    capacity: null,
    cpdPoints: 1,
    speaker: { name: 'Dr. Wanjiru Gitau (demo)', designation: 'Clinical Microbiologist' },
    tags: ['antimicrobial', 'pharmacy'],
    registrants: ['fatuma', 'baraka', 'nakato', 'kiprop'],
    checkedIn: [],
  },
  {
    clinic: 'eldoret',
    title: 'Emergency Triage Workshop (demo)',
    category: 'Workshop',
    topic: 'CPD',
    description: 'Demo event: a day of triage scenarios for clinical officers and nurses.',
    inDays: 14,
    time: '09:00',
    durationMinutes: 420,
    location: 'Highlands Referral Hospital, Eldoret',
    capacity: 2,
    cpdPoints: 5,
    speaker: { name: 'Dr. Kiprop Chebet (demo)', designation: 'Medical Officer' },
    tags: ['triage', 'emergency'],
    registrants: ['baraka', 'omondi', 'achieng'],
    checkedIn: [],
  },
  {
    clinic: 'dar',
    title: 'Maternal Health Conference (demo)',
    category: 'Conference',
    topic: 'Community Health',
    description: 'Demo event: two days on maternal health across the region, from outreach to theatre.',
    inDays: 30,
    time: '08:30',
    durationMinutes: 600,
    location: 'Msasani Bay Hospital, Dar es Salaam',
    capacity: 150,
    cpdPoints: 10,
    speaker: { name: 'Dr. Rehema Kweka (demo)', designation: 'Obstetrician' },
    tags: ['maternal health', 'midwifery'],
    registrants: ['neema', 'achieng'],
    checkedIn: [],
  },
];

export interface DemoDiscussion {
  author: string;
  title: string;
  category:
    | 'General'
    | 'Clinical'
    | 'NHIF & Compliance'
    | 'Task Shifting in Rural Clinics'
    | 'Mobile Clinics & Outreach'
    | 'Medical Supply Chain'
    | 'Administrative'
    | 'Research';
  content: string;
  replies: Array<{ who: string; content: string }>;
  likes: string[];
}

export const DISCUSSIONS: DemoDiscussion[] = [
  {
    author: 'omondi',
    title: 'Keeping the cold chain on outreach days (demo)',
    category: 'Mobile Clinics & Outreach',
    content: 'Demo discussion: how do you keep vaccines cold on a full day of outreach without power?',
    replies: [
      { who: 'neema', content: 'We use two cool boxes and swap the ice packs at midday at the dispensary.' },
      { who: 'fatuma', content: 'A cheap data logger in each box told us where the gaps were.' },
    ],
    likes: ['neema', 'achieng'],
  },
  {
    author: 'fatuma',
    title: 'Stock-outs of amoxicillin this quarter (demo)',
    category: 'Medical Supply Chain',
    content: 'Demo discussion: is anyone else seeing late deliveries of paediatric amoxicillin?',
    replies: [{ who: 'baraka', content: 'Yes in Nairobi: we moved to a second supplier for now.' }],
    likes: ['baraka'],
  },
  {
    author: 'kiprop',
    title: 'Triage tools that worked in your emergency department (demo)',
    category: 'Clinical',
    content: 'Demo discussion: which triage scale do you use, and how did you train the night staff on it?',
    replies: [
      { who: 'baraka', content: 'We train with short case cards at each handover.' },
      { who: 'achieng', content: 'Colour-coded wristbands helped our maternity triage a lot.' },
    ],
    likes: ['omondi', 'baraka', 'nakato'],
  },
];

/** Connection requests: `[from, to, outcome]`. */
export const CONNECTIONS: Array<[string, string, 'accepted' | 'pending']> = [
  ['achieng', 'neema', 'accepted'],
  ['baraka', 'kiprop', 'accepted'],
  ['omondi', 'achieng', 'accepted'],
  ['fatuma', 'nakato', 'pending'],
  ['nakato', 'baraka', 'accepted'],
];
