import {
  departmentsShown,
  questionResults,
  surveyResults,
  type PulseAnswer,
} from '../src/wellness/pulse-results';

const answer = (departmentId: string, value: number, comment: string | null = null): PulseAnswer => ({
  departmentId,
  workload: value,
  burnout: value,
  safety: null,
  comment,
});
const many = (departmentId: string, n: number, value = 3) =>
  Array.from({ length: n }, () => answer(departmentId, value));

describe('pulse survey results', () => {
  it('counts, averages to the hundredth and spreads each question over 1 to 5', () => {
    expect(questionResults(['workload'], [answer('a', 1), answer('a', 2), answer('a', 2)])).toEqual([
      { question: 'workload', count: 3, mean: 1.67, distribution: [1, 2, 0, 0, 0] },
    ]);
  });

  it('shows departments from 5 answers, holding back the smallest while those withheld number 1 to 4', () => {
    expect(
      departmentsShown(
        new Map([
          ['a', 5],
          ['b', 7],
          ['c', 0],
        ]),
      ),
    ).toEqual({
      shown: new Set(['a', 'b']),
      complement: new Set(),
    });
    // c's one answer would be the survey's less a's and b's: a (the smaller) is held back with it.
    expect(
      departmentsShown(
        new Map([
          ['a', 6],
          ['b', 7],
          ['c', 1],
        ]),
      ),
    ).toEqual({
      shown: new Set(['b']),
      complement: new Set(['a']),
    });
    // Two small ones together already make 5: nothing more is held back.
    expect(
      departmentsShown(
        new Map([
          ['a', 6],
          ['b', 3],
          ['c', 2],
        ]),
      ),
    ).toEqual({
      shown: new Set(['a']),
      complement: new Set(),
    });
    expect(
      departmentsShown(
        new Map([
          ['a', 5],
          ['b', 4],
        ]),
      ),
    ).toEqual({
      shown: new Set(),
      complement: new Set(['a']),
    });
  });

  it('withholds everything while open, and below the threshold once closed', () => {
    const base = {
      surveyId: 's',
      invited: 9,
      questions: ['workload', 'burnout'] as const,
      departments: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
    };
    const five = [...many('a', 4), answer('b', 5, 'Zebra'), answer('b', 1, ' apple ')];
    const open = surveyResults({ ...base, status: 'open', answers: five });
    expect(open.overall).toEqual({ answered: 6, withheld: 'open', questions: null, comments: null });
    expect(open.departments.map((d) => [d.answered, d.withheld])).toEqual([
      [4, 'open'],
      [2, 'open'],
    ]);
    const closed = surveyResults({ ...base, status: 'closed', answers: five });
    expect(closed.overall.withheld).toBeNull();
    expect(closed.overall.comments).toEqual(['Zebra', 'apple']);
    expect(closed.overall.questions![0]).toEqual({
      question: 'workload',
      count: 6,
      mean: 3,
      distribution: [1, 0, 4, 0, 1],
    });
    expect(closed.departments.map((d) => [d.answered, d.withheld, d.questions])).toEqual([
      [4, 'too-few', null],
      [2, 'too-few', null],
    ]);
    const four = surveyResults({ ...base, status: 'closed', answers: many('a', 4) });
    expect(four.overall).toEqual({ answered: 4, withheld: 'too-few', questions: null, comments: null });
  });
});
