import type { FastifyReply } from 'fastify';
import { ErrorAnswers, FileAnswer, PaymentRequiredResponse } from '@platform/contracts';
import { forbidden, HttpError, toCsv } from '@platform/service-kit';
import { CoreErrors } from '../../contract';
import { can, type OrgActor } from '../domain/roles';
import { EXPORT_MAX_ROWS } from '../domain/exports';
import { localDateOf } from '../domain/dates';

/** A list's CSV route's answers: the file, or the list's own refusals (and 422: too many rows). */
export const csvAnswers = {
  200: FileAnswer('text/csv', 'the CSV'),
  402: PaymentRequiredResponse,
  ...ErrorAnswers(400, 401, 403, 422),
};

/** HR and managers export (a manager their scope); a staff member, whose list is themselves, does not. */
export function mayExport(actor: OrgActor): void {
  if (!can(actor, 'lists.export')) throw forbidden('Only HR and managers export lists.');
}

/** The rows the store found, or a 422 when more matched than one file carries. */
export function withinExportLimit<T>(rows: T[] | null): T[] {
  if (rows === null)
    throw new HttpError(
      422,
      `More than ${EXPORT_MAX_ROWS} rows match: narrow the filters.`,
      CoreErrors.exportTooLarge,
    );
  return rows;
}

/**
 * For Excel: UTF-8 with a BOM, formula-like cells neutralised (service-kit's csv.ts); never cached. Its name
 * carries the organisation's day (`timeZone`).
 */
export const sendCsv = (
  reply: FastifyReply,
  name: string,
  rows: (string | number | null)[][],
  timeZone: string,
) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${localDateOf(new Date(), timeZone)}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(toCsv(rows));
