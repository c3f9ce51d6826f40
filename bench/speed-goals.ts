import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/** One goal of the speed issue as a bench measured it. */
export interface GoalFigure {
  what: string;
  measured: string;
  aim: string;
  met: boolean;
}

/**
 * Hands figures to `npm run bench` (run-all.ts), which prints every bench's goals in one table at the end.
 * run-all names the file in BENCH_GOALS_FILE; a bench run on its own has none and records nothing.
 */
export function recordGoals(figures: GoalFigure[]): void {
  const file = process.env.BENCH_GOALS_FILE;
  if (!file) return;
  appendFileSync(file, figures.map((f) => JSON.stringify(f) + '\n').join(''));
}

export function readGoals(file: string): GoalFigure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GoalFigure);
}

/** The goals as one Markdown table. */
export function goalsTable(figures: GoalFigure[]): string[] {
  return [
    '| goal | measured | aim | |',
    '| --- | --- | --- | --- |',
    ...figures.map((f) => `| ${f.what} | ${f.measured} | ${f.aim} | ${f.met ? 'met' : '**not met**'} |`),
  ];
}
