/**
 * A pulse survey's results as pure functions over its anonymous answers: per question the count, the mean
 * and how many chose each of 1 to 5, for the survey and per department, each shown only where at least
 * `PULSE_THRESHOLD` answered, never per person. A department with enough answers is held back too when,
 * with the survey's results and the other departments', it would give away a smaller department's.
 */
import {
  PULSE_THRESHOLD,
  type PulseQuestion,
  type PulseQuestionResult,
  type SurveyResults,
} from '../../contract';

export interface PulseAnswer {
  departmentId: string;
  workload: number | null;
  burnout: number | null;
  safety: number | null;
  comment: string | null;
}

type Withheld = SurveyResults['overall']['withheld'];

/** Count, mean (to the hundredth) and distribution of each question over `answers`. */
export function questionResults(
  questions: readonly PulseQuestion[],
  answers: readonly PulseAnswer[],
): PulseQuestionResult[] {
  return questions.map((question) => {
    const distribution = [0, 0, 0, 0, 0];
    let sum = 0;
    let count = 0;
    for (const a of answers) {
      const value = a[question];
      if (value === null || value < 1 || value > 5) continue;
      distribution[value - 1]!++;
      sum += value;
      count++;
    }
    return { question, count, mean: count ? Math.round((sum / count) * 100) / 100 : 0, distribution };
  });
}

/**
 * Which departments' results may be shown: those with at least `threshold` answers, less the smallest of
 * them while the answers of the departments held back number 1 to `threshold - 1` (the survey's results
 * less those shown would otherwise be theirs).
 */
export function departmentsShown(
  counts: ReadonlyMap<string, number>,
  threshold = PULSE_THRESHOLD,
): { shown: Set<string>; complement: Set<string> } {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const eligible = [...counts.entries()]
    .filter(([, n]) => n >= threshold)
    .sort(([a, n], [b, m]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
  const complement = new Set<string>();
  let heldBack = total - eligible.reduce((sum, [, n]) => sum + n, 0);
  while (heldBack > 0 && heldBack < threshold && eligible.length > 0) {
    const [id, n] = eligible.shift()!;
    complement.add(id);
    heldBack += n;
  }
  return { shown: new Set(eligible.map(([id]) => id)), complement };
}

/** The whole answer: nothing while the survey is open, else only what the threshold allows. */
export function surveyResults(input: {
  surveyId: string;
  status: SurveyResults['status'];
  invited: number;
  questions: readonly PulseQuestion[];
  departments: readonly { id: string; name: string }[];
  answers: readonly PulseAnswer[];
  threshold?: number;
}): SurveyResults {
  const threshold = input.threshold ?? PULSE_THRESHOLD;
  const byDepartment = new Map<string, PulseAnswer[]>(input.departments.map((d) => [d.id, []]));
  for (const a of input.answers) byDepartment.get(a.departmentId)?.push(a);
  const answered = input.answers.length;
  const open = input.status !== 'closed';
  const overallWithheld: Withheld = open ? 'open' : answered < threshold ? 'too-few' : null;
  const { shown, complement } = departmentsShown(
    new Map([...byDepartment].map(([id, list]) => [id, list.length])),
    threshold,
  );
  const comments =
    overallWithheld === null
      ? input.answers
          .map((a) => a.comment?.trim() ?? '')
          .filter((c) => c !== '')
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      : null;
  return {
    surveyId: input.surveyId,
    status: input.status,
    invited: input.invited,
    threshold,
    overall: {
      answered,
      withheld: overallWithheld,
      questions: overallWithheld === null ? questionResults(input.questions, input.answers) : null,
      comments,
    },
    departments: input.departments.map((d) => {
      const list = byDepartment.get(d.id) ?? [];
      const withheld: Withheld = open
        ? 'open'
        : shown.has(d.id)
          ? null
          : complement.has(d.id)
            ? 'complement'
            : 'too-few';
      return {
        id: d.id,
        name: d.name,
        answered: list.length,
        withheld,
        questions: withheld === null ? questionResults(input.questions, list) : null,
      };
    }),
  };
}
