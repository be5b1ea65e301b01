import { formatDate } from '@prosa/shared/dates';
import {
  BACKGROUND_LINK_DAYS,
  BACKGROUND_MSG,
  backgroundFileName,
  isReportKey,
  REPORTS,
  ZReportFilters,
} from '@prosa/shared/reports';
import { ROLE } from '@prosa/shared/roles';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { publicUrl } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { reportCsv } from '../reports/csv';
import { reportContext, runReport } from '../reports/run-report';
import { type BackgroundReportRecord, claimBackgroundReport, finishBackgroundReport } from './repository';

type Deps = Pick<AppDeps, 'db' | 'queue' | 'mailer' | 'storage' | 'config'>;

async function requester(deps: Pick<AppDeps, 'db'>, companyId: number, userId: number | null) {
  if (userId === null) return null;
  const [u] = await deps.db
    .select({ role: users.role, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return u ?? null;
}

/**
 * The job's work (spec 3 §4): Na fila → Processando, the report run with no time limit, its CSV written to
 * storage, then Finalizado and an e-mail with the download link to the requester and the report's recipients.
 * A failure ends in Erro with a Portuguese message; a report cancelled meanwhile stays Cancelado.
 */
export async function runBackgroundReport(deps: Deps, input: { companyId: number; reportId: string }) {
  const report = await claimBackgroundReport(deps.db, input.companyId, input.reportId);
  if (!report) return;
  const user = await requester(deps, input.companyId, report.userId);
  let done: { fileName: string; key: string; rows: number; period: string } | null = null;
  try {
    if (!isReportKey(report.type)) throw new AppError('report_unknown', 'Relatório não encontrado.', 400);
    const caller = {
      companyId: input.companyId,
      userId: report.userId ?? 0,
      // The periodic reports of the settings cover the whole company.
      role: user?.role ?? ROLE.admin,
      sessionId: '',
      displayName: '',
    };
    const ctx = await reportContext(deps, caller, report.type, ZReportFilters.parse(report.filters), 'csv');
    const table = await runReport(report.type, ctx, null);
    const period = `${formatDate(ctx.from, ctx.tz)} a ${formatDate(new Date(ctx.to.getTime() - 1), ctx.tz)}`;
    const fileName = backgroundFileName(report.type, ctx.filters.fromDate, ctx.filters.toDate);
    const key = `reports/${input.companyId}/${input.reportId}/${fileName}`;
    await deps.storage.put(key, Buffer.from(reportCsv(table, period), 'utf8'), 'text/csv; charset=utf-8');
    done = { fileName, key, rows: table.rows.length, period };
  } catch (err) {
    const message = err instanceof AppError && err.httpStatus < 500 ? err.message : BACKGROUND_MSG.failed;
    await finishBackgroundReport(deps.db, input.companyId, input.reportId, {
      status: 'failed',
      error: message,
    });
    return;
  }
  const finished = await finishBackgroundReport(deps.db, input.companyId, input.reportId, {
    status: 'done',
    rows: done.rows,
    fileName: done.fileName,
    filePath: done.key,
  });
  // Cancelled (or deleted) while it ran: its file is not kept.
  if (!finished) {
    await deps.storage.delete(done.key);
    return;
  }
  await mailReady(deps, report, user?.email ?? null, done);
}

async function mailReady(
  deps: Deps,
  report: BackgroundReportRecord,
  requesterEmail: string | null,
  done: { key: string; rows: number; period: string },
) {
  const seen = new Set<string>();
  const to: string[] = [];
  for (const e of [requesterEmail, ...report.emailTo]) {
    if (e && !seen.has(e.toLowerCase())) {
      seen.add(e.toLowerCase());
      to.push(e);
    }
  }
  if (to.length === 0) return;
  const title = isReportKey(report.type) ? REPORTS[report.type].title : report.type;
  const base = publicUrl(deps.config).replace(/\/+$/, '');
  const link = `${base}${deps.storage.signedUrl(done.key, BACKGROUND_LINK_DAYS * 86_400).url}`;
  const text = [
    'Olá,',
    '',
    `O relatório ${title} do período ${done.period} foi gerado (${done.rows} linha${done.rows === 1 ? '' : 's'}).`,
    '',
    `Baixe o arquivo em: ${link}`,
    `O link vale por ${BACKGROUND_LINK_DAYS} dias. O relatório também fica em Relatórios em segundo plano: ${base}/reports/background`,
  ].join('\n');
  for (const address of to)
    await enqueueMail(deps, {
      companyId: report.companyId,
      to: address,
      subject: BACKGROUND_MSG.mailSubject(title),
      text,
    });
}
