import { useId } from 'react';
import { useTranslation } from '@platform/ui';
import { scrollable } from '../shared/scrollable';

export interface ChartPoint {
  /** The bar's label under it (a week's first day, as the reader writes dates). */
  label: string;
  value: number;
}

const W = 300;
const H = 120;
const TOP = 14;
const BOTTOM = 18;

/**
 * A small bar chart drawn as SVG (no chart library): one bar per week. The picture is named by a summary
 * sentence (total, highest week) and its figures are a table under "Show the figures", so a screen reader
 * or anyone who wants numbers reads them as a table with headers.
 */
export function BarChart({
  title,
  points,
  columnLabel,
}: {
  title: string;
  points: ChartPoint[];
  /** The table's heading for the figures ("Sign-ups"). */
  columnLabel: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const total = points.reduce((n, p) => n + p.value, 0);
  const peak = points.reduce<ChartPoint | undefined>(
    (best, p) => (!best || p.value > best.value ? p : best),
    undefined,
  );
  const summary = peak
    ? t('charts.summary', { total, weeks: points.length, peak: peak.value, week: peak.label })
    : t('charts.empty');
  const slot = W / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plot = H - TOP - BOTTOM;
  return (
    <figure className="admin-chart card" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}. ${summary}`}>
        <line className="axis" x1={0} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} />
        {points.map((p, i) => {
          const h = (p.value / max) * plot;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={p.label}>
              <rect className="bar" x={x} y={H - BOTTOM - h} width={barWidth} height={h} rx={1.5} />
              {p.value > 0 && (
                <text x={x + barWidth / 2} y={H - BOTTOM - h - 3} textAnchor="middle">
                  {p.value}
                </text>
              )}
            </g>
          );
        })}
        {points.length > 0 && (
          <>
            <text x={0} y={H - 4}>
              {points[0]!.label}
            </text>
            <text x={W} y={H - 4} textAnchor="end">
              {points[points.length - 1]!.label}
            </text>
          </>
        )}
      </svg>
      <p className="muted">{summary}</p>
      <details>
        <summary>{t('charts.showFigures')}</summary>
        <div className="admin-table-wrap" {...scrollable(title)}>
          <table className="admin-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('charts.week')}</th>
                <th scope="col">{columnLabel}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label}>
                  <th scope="row">{p.label}</th>
                  <td>{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
