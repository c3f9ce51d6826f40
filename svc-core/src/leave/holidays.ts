/**
 * Public holidays preloaded for each organisation of a country (then HR's to edit: a holiday the
 * government gazettes late, such as Idd-ul-Azha, is added by hand).
 *
 * Kenya: the Public Holidays Act (Cap. 110) and the Constitution's national days; 10 October is Mazingira
 * Day since the Statute Law (Miscellaneous Amendments) Act 2024; a holiday falling on a Sunday is also
 * kept on the Monday after (s.4). Easter by the Gregorian computus (5 April 2026, 28 March 2027).
 * Idd-ul-Fitr follows the moon: the dates are the Umm al-Qura calendar's 1 Shawwal (20 March 2026,
 * 9 March 2027); the Chief Kadhi's announcement may move it a day, which HR then corrects.
 */
import type { Translated } from '@platform/contracts';

export interface PresetHoliday {
  date: string;
  name: Translated;
}

const NAMES = {
  newYear: { en: "New Year's Day", sw: 'Siku ya Mwaka Mpya', fr: 'Jour de l’an' },
  goodFriday: { en: 'Good Friday', sw: 'Ijumaa Kuu', fr: 'Vendredi saint' },
  easterMonday: { en: 'Easter Monday', sw: 'Jumatatu ya Pasaka', fr: 'Lundi de Pâques' },
  eidFitr: { en: 'Idd-ul-Fitr', sw: 'Idd-ul-Fitr', fr: 'Aïd el-Fitr' },
  labour: { en: 'Labour Day', sw: 'Siku ya Wafanyakazi', fr: 'Fête du travail' },
  madaraka: { en: 'Madaraka Day', sw: 'Siku ya Madaraka', fr: 'Fête de Madaraka' },
  mazingira: { en: 'Mazingira Day', sw: 'Siku ya Mazingira', fr: 'Fête de Mazingira' },
  mashujaa: { en: 'Mashujaa Day', sw: 'Siku ya Mashujaa', fr: 'Fête de Mashujaa' },
  jamhuri: { en: 'Jamhuri Day', sw: 'Siku ya Jamhuri', fr: 'Fête de Jamhuri' },
  christmas: { en: 'Christmas Day', sw: 'Krismasi', fr: 'Noël' },
  boxing: { en: 'Boxing Day', sw: 'Siku ya Zawadi', fr: 'Lendemain de Noël' },
} satisfies Record<string, Translated>;

/** The Monday kept for a holiday that fell on a Sunday. */
const observed = (name: Translated): Translated => ({
  en: `${name.en} (observed)`,
  sw: `${name.sw} (mapumziko ya Jumatatu)`,
  fr: `${name.fr} (jour férié reporté)`,
});

export const PRESET_HOLIDAYS: Record<string, PresetHoliday[]> = {
  KE: [
    { date: '2026-01-01', name: NAMES.newYear },
    { date: '2026-03-20', name: NAMES.eidFitr },
    { date: '2026-04-03', name: NAMES.goodFriday },
    { date: '2026-04-06', name: NAMES.easterMonday },
    { date: '2026-05-01', name: NAMES.labour },
    { date: '2026-06-01', name: NAMES.madaraka },
    { date: '2026-10-10', name: NAMES.mazingira },
    { date: '2026-10-20', name: NAMES.mashujaa },
    { date: '2026-12-12', name: NAMES.jamhuri },
    { date: '2026-12-25', name: NAMES.christmas },
    { date: '2026-12-26', name: NAMES.boxing },
    { date: '2027-01-01', name: NAMES.newYear },
    { date: '2027-03-09', name: NAMES.eidFitr },
    { date: '2027-03-26', name: NAMES.goodFriday },
    { date: '2027-03-29', name: NAMES.easterMonday },
    { date: '2027-05-01', name: NAMES.labour },
    { date: '2027-06-01', name: NAMES.madaraka },
    { date: '2027-10-10', name: NAMES.mazingira },
    { date: '2027-10-11', name: observed(NAMES.mazingira) },
    { date: '2027-10-20', name: NAMES.mashujaa },
    { date: '2027-12-12', name: NAMES.jamhuri },
    { date: '2027-12-13', name: observed(NAMES.jamhuri) },
    { date: '2027-12-25', name: NAMES.christmas },
    { date: '2027-12-26', name: NAMES.boxing },
    { date: '2027-12-27', name: observed(NAMES.boxing) },
  ],
};
