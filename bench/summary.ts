// The rows of the performance goals: each figure beside its reference measured in the same run
// (alternating rounds), the ratio and the goal. Every script prints its rows; under `npm run bench`
// they are also appended to TESSERA_BENCH_SUMMARY, which run-all.ts prints as one table at the end.
import { appendFileSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

export interface Measured {
  /** Per second (or MB for memory). */
  value: number;
  p50?: number;
  p99?: number;
}

export interface Round {
  figure: Measured;
  reference: Measured;
  /** Which side ran first: rounds alternate it, and the row's ratio weighs both orders alike. */
  figureFirst?: boolean;
}

export interface GoalRow {
  figure: string;
  reference: string;
  /** The lowest acceptable figure / reference; undefined: recorded, no ratio goal. */
  goal?: number;
  rounds: Round[];
  unit?: string;
  /** What p50/p99 measure, when not the figure's request latency (e.g. commit to receipt). */
  latency?: string;
  /** The latency goal, when it differs from p99 ≤ 2 × p50. */
  p99Under?: number;
  note?: string;
  loadAverage?: string;
}

// Of an even count, the mean of the middle two (taking the upper one flattered two-round runs).
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const ratioOf = (round: Round) => round.figure.value / round.reference.value;

/**
 * The side that runs second in a round may do better or worse (docs/benchmarks.md, "The order of
 * the runs"), so rounds alternate which side runs first, and the row's ratio is the geometric mean
 * of the median ratio of the rounds in either order: a bias of the order cancels, whichever order
 * got more rounds, and one disturbed round moves only its own order's median.
 */
export function balancedRatio(rounds: Round[]): number {
  const [figureFirst, referenceFirst] = [ratiosWhere(rounds, true), ratiosWhere(rounds, false)];
  if (!figureFirst.length || !referenceFirst.length) return median(rounds.map(ratioOf));
  return Math.sqrt(median(figureFirst) * median(referenceFirst));
}

const ratiosWhere = (rounds: Round[], figureFirst: boolean) =>
  rounds.filter((r) => r.figureFirst === figureFirst).map(ratioOf);

// The median ratio of the rounds in each order, where both occur: what the balance cancels.
function orderSplit(rounds: Round[]): string {
  const [figureFirst, referenceFirst] = [ratiosWhere(rounds, true), ratiosWhere(rounds, false)];
  if (!figureFirst.length || !referenceFirst.length) return '';
  return (
    `\n    by order (rounds): figure first ${median(figureFirst).toFixed(2)} (${figureFirst.length}), ` +
    `reference first ${median(referenceFirst).toFixed(2)} (${referenceFirst.length})`
  );
}

export function recordGoal(row: GoalRow): void {
  const complete = { ...row, loadAverage: row.loadAverage ?? loadAverage() };
  console.log(formatRow(complete));
  const file = process.env.TESSERA_BENCH_SUMMARY;
  if (file) appendFileSync(file, `${JSON.stringify(complete)}\n`);
}

export function formatRow(row: GoalRow): string {
  const unit = row.unit ?? '/s';
  const ratios = row.rounds.map(ratioOf);
  const figure = median(row.rounds.map((r) => r.figure.value));
  const reference = median(row.rounds.map((r) => r.reference.value));
  const ratio = balancedRatio(row.rounds);
  const range =
    ratios.length > 1 ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` : '';
  const goal =
    row.goal === undefined
      ? 'recorded'
      : `goal ≥ ${row.goal.toFixed(2)}: ${ratio >= row.goal ? 'MET' : 'NOT MET'}`;
  const p50 = median(row.rounds.map((r) => r.figure.p50 ?? NaN));
  const p99 = median(row.rounds.map((r) => r.figure.p99 ?? NaN));
  const latencyGoal = row.p99Under ?? 2 * p50;
  const latency = Number.isNaN(p50)
    ? ''
    : `\n    ${row.latency ?? 'latency'} p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
      `(p99 ≤ ${row.p99Under === undefined ? '2 × p50' : `${row.p99Under} ms`}: ${p99 <= latencyGoal ? 'MET' : 'NOT MET'})` +
      referenceLatency(row);
  return (
    `- ${row.figure}: ${figure.toFixed(0)}${unit} | ${row.reference}: ${reference.toFixed(0)}${unit} | ` +
    `ratio ${ratio.toFixed(2)}${range} over ${row.rounds.length} round(s) | ${goal}` +
    `${orderSplit(row.rounds)}${latency}\n    load average ${row.loadAverage}${row.note ? `; ${row.note}` : ''}`
  );
}

// The reference's own tail, where it has one: a tail the reference shows too is not the figure's doing.
function referenceLatency(row: GoalRow): string {
  if (row.latency !== undefined) return '';
  const p50 = median(row.rounds.map((r) => r.reference.p50 ?? NaN));
  const p99 = median(row.rounds.map((r) => r.reference.p99 ?? NaN));
  return Number.isNaN(p50) ? '' : `; reference p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`;
}

export function printSummary(file: string): void {
  let lines: string[] = [];
  try {
    lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    // no rows
  }
  console.log('\n## Goals: each figure beside its reference, measured in the same run');
  for (const line of lines) console.log(formatRow(JSON.parse(line) as GoalRow));
}
