import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as english } from '@zxcvbn-ts/language-en';

/**
 * Why a password of the right length is still refused: one of the most common, built from the account's
 * name or e-mail, or (weak) easy to guess by the estimator's measure (a common password dressed up:
 * "Password1!", "Admin@123").
 */
export type PasswordWeakness = 'common' | 'personal' | 'weak';

/** A refusal, with the estimator's feedback as stable keys the pages translate (`warning.similarToCommon`). */
export interface PasswordVerdict {
  weakness: PasswordWeakness;
  hints: string[];
}

/** zxcvbn's score (0-4) a password must reach: 3 is "safely unguessable" by an online attack and more. */
const MIN_SCORE = 3;

/** How many of the most common passwords are refused. */
const COMMON_COUNT = 10_000;
/** The schema's minimum: shorter passwords are refused before this list is consulted. */
const MIN_LENGTH = 8;
/** Below this many letters besides the account's own words, a password is just those words dressed up. */
const MIN_OWN_LETTERS = 4;

/** What the client reads after "password: ", per weakness. */
export const PASSWORD_RULES: Record<PasswordWeakness, string> = {
  common: 'is one of the most common passwords. Choose one that is harder to guess.',
  personal: 'must not be built from your name or e-mail address.',
  weak: 'is easy to guess. Use several less common words.',
};

let estimator: ZxcvbnFactory | undefined;

/**
 * zxcvbn-ts with the common and English dictionaries, its feedback as translation keys (the pages
 * translate them into English, Kiswahili and French). Built on first use.
 */
function strength(): ZxcvbnFactory {
  // Without `translations`, its feedback is the keys themselves.
  estimator ??= new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary: { ...dictionary, ...english },
  });
  return estimator;
}

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords that are long enough to pass the length rule, lower-cased, from
 * zxcvbn's frequency-ranked list (leaked password corpora). Shorter ones are refused by length
 * already, so counting them would waste most of the list. Built on first use (about 50 ms).
 */
function commonPasswords(): Set<string> {
  if (!common) {
    common = new Set();
    for (const p of dictionary['passwords-common']) {
      if (p.length < MIN_LENGTH) continue;
      common.add(p.toLowerCase());
      if (common.size >= COMMON_COUNT) break;
    }
  }
  return common;
}

const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * What an attacker who knows the account tries first: its name and e-mail address whole, joined up,
 * and their words of three letters or more. Longest first, so "aminawanjiru" goes before "amina".
 */
function personalWords(account: { name: string; email: string }): string[] {
  const email = account.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const found = new Set<string>([email, local]);
  for (const text of [account.name.toLowerCase(), local]) {
    const parts = words(text);
    found.add(parts.join(''));
    for (const w of parts) if (w.length >= 3) found.add(w);
  }
  return [...found].filter((w) => w.length >= 3).sort((a, b) => b.length - a.length);
}

/**
 * Whether a password (already of the minimum length) is one of the most common ones, or built from
 * the account's own name or e-mail: "Amina1990", "wanjiru.amina!", "aminapassword". Case-insensitive.
 * A password merely containing the name ("Amina loves the Rift Valley") is fine: what is left once
 * the name and e-mail are taken out must have at least four letters and not be a common password.
 */
function commonOrPersonal(
  password: string,
  account: { name: string; email: string },
): PasswordWeakness | undefined {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return 'common';
  let rest = lower;
  for (const w of personalWords(account)) rest = rest.split(w).join(' ');
  if (rest === lower) return undefined;
  const letters = rest.replace(/[^\p{L}]+/gu, '');
  if (letters.length < MIN_OWN_LETTERS || list.has(rest.trim()) || list.has(letters)) return 'personal';
  return undefined;
}

/**
 * Why the password is refused for this account, or undefined: one of the most common, built from its
 * name or e-mail (see commonOrPersonal), or below the estimator's score with the account's own words
 * counted as known to the guesser; with the estimator's feedback (keys) whichever the reason.
 */
export function passwordWeakness(
  password: string,
  account: { name: string; email: string },
): PasswordVerdict | undefined {
  const found = commonOrPersonal(password, account);
  // zxcvbn's cost grows with the length; beyond 100 characters nothing more is learnt.
  const result = strength().check(password.slice(0, 100), personalWords(account));
  const weakness = found ?? (result.score < MIN_SCORE ? 'weak' : undefined);
  if (!weakness) return undefined;
  const { warning, suggestions } = result.feedback;
  return {
    weakness,
    hints: [...(warning ? [`warning.${warning}`] : []), ...suggestions.map((s) => `suggestion.${s}`)],
  };
}
