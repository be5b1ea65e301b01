import { formatDateTime } from '@prosa/shared/dates';
import {
  channelDisplayName,
  DASHBOARD_MSG,
  floorPercent,
  OPERATIONAL_ATTENDANCE_COLUMNS,
  OPERATIONAL_COLUMNS,
  OPERATIONAL_DETAILS_PER_PAGE,
  OPERATIONAL_PAUSE_COLUMNS,
  type TOperationalDetails,
  type TOperationalRow,
  type TOperationalSummary,
  type TReportTable,
  userDisplayName,
} from '@prosa/shared/reports';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { dashboardPeriod } from './period';
import {
  closingsByOperator,
  dashboardUsers,
  handledByUser,
  openedByUser,
  pausesByUser,
  sessionsByUser,
  userAttendances,
  userPausesIn,
} from './repository';

type SummaryInput = {
  fromDate?: string;
  toDate?: string;
  sector_id?: number | null;
  operator_id?: number | null;
};

/**
 * Operational summary (spec 3 §3 row): per operator and manager in the period, sessions and pauses (seconds
 * inside the period, open ones until now), real time (sessions − pauses), attendances handled and opened, the
 * closings with their successes (statuses.success), perc (floorPercent) and TMA / TME from the rollups.
 */
export async function operationalSummary(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: SummaryInput,
): Promise<TOperationalSummary> {
  const { period } = await dashboardPeriod(deps, caller, { ...input, channel_id: null });
  const db = deps.db;
  const id = caller.companyId;
  const noScope = { sectorId: null, channelId: null };
  const [users, sessions, pauses, opened, handled, closings] = await Promise.all([
    dashboardUsers(db, id, {
      sectorId: input.sector_id ?? null,
      userId: input.operator_id ?? null,
      operatorsOnly: false,
    }),
    sessionsByUser(db, id, period),
    pausesByUser(db, id, period),
    openedByUser(db, id, period),
    handledByUser(db, id, period),
    closingsByOperator(db, id, period, noScope),
  ]);
  const rows: TOperationalRow[] = [];
  for (const u of users) {
    const s = sessions.get(u.id);
    const p = pauses.get(u.id);
    const c = closings.get(u.id);
    const row: TOperationalRow = {
      user_id: u.id,
      name: userDisplayName(u.name, u.inactive_since),
      time_sessions: s?.seconds ?? 0,
      time_pauses: p?.seconds ?? 0,
      pauses: p?.count ?? 0,
      time_real: Math.max(0, (s?.seconds ?? 0) - (p?.seconds ?? 0)),
      sessions: s?.count ?? 0,
      chats: handled.get(u.id) ?? 0,
      opened: opened.get(u.id) ?? 0,
      finalized: c?.closed ?? 0,
      success: c?.success ?? 0,
      perc: floorPercent(c?.success ?? 0, c?.closed ?? 0),
      tma: c && c.hc > 0 ? Math.round(c.hs / c.hc) : null,
      tme: c && c.wc > 0 ? Math.round(c.ws / c.wc) : null,
    };
    const idle = row.time_sessions + row.pauses + row.chats + row.opened + row.finalized === 0;
    // Inactive users appear only when they did something in the period.
    if (u.inactive_since && idle) continue;
    rows.push(row);
  }
  return { period: { fromDate: period.fromDate, toDate: period.toDate }, rows };
}

/** The summary as a report table (CSV). */
export function operationalTable(summary: TOperationalSummary): TReportTable {
  return {
    title: 'Resumo operacional',
    columns: OPERATIONAL_COLUMNS,
    rows: summary.rows.map(({ user_id: _id, ...r }) => r),
  };
}

/**
 * A user's details in the period (spec 3 §9: 30 attendances and 50 pauses a page): the attendances the user
 * held, closed or holds, and the user's pauses. `all`: every row (CSV).
 */
export async function operationalDetails(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { user_id: number; fromDate?: string; toDate?: string; page?: number; pause_page?: number },
  all = false,
): Promise<TOperationalDetails> {
  const { period } = await dashboardPeriod(deps, caller, input);
  const users = await dashboardUsers(deps.db, caller.companyId, {
    sectorId: null,
    userId: input.user_id,
    operatorsOnly: false,
  });
  const user = users[0];
  if (!user) throw notFound(DASHBOARD_MSG.userNotFound);
  const per = OPERATIONAL_DETAILS_PER_PAGE;
  const page = input.page ?? 1;
  const pausePage = input.pause_page ?? 1;
  const [atts, pauses] = await Promise.all([
    userAttendances(deps.db, caller.companyId, user.id, period, {
      limit: all ? null : per.attendances,
      offset: (page - 1) * per.attendances,
    }),
    userPausesIn(deps.db, caller.companyId, user.id, period, {
      limit: all ? null : per.pauses,
      offset: (pausePage - 1) * per.pauses,
    }),
  ]);
  const when = (v: string | null) => (v ? formatDateTime(v, period.tz) : null);
  return {
    period: { fromDate: period.fromDate, toDate: period.toDate },
    user: { id: user.id, name: userDisplayName(user.name, user.inactive_since) },
    attendances: {
      rows: atts.map((a) => ({
        protocol: a.protocol,
        contact: a.contact,
        channel: a.channel ? channelDisplayName(a.channel, a.channel_deleted_at) : null,
        sector: a.sector,
        status: a.status,
        opened_at: when(a.created_at),
        closed_at: when(a.closed_at),
      })),
      total: Number(atts[0]?.total ?? 0),
      page,
      perPage: per.attendances,
    },
    pauses: {
      rows: pauses.map((p) => ({
        reason: p.reason,
        started_at: when(p.started_at),
        ended_at: when(p.ended_at),
        duration: Number(p.duration ?? 0),
      })),
      total: Number(pauses[0]?.total ?? 0),
      page: pausePage,
      perPage: per.pauses,
    },
  };
}

/** One of the details tables as a report table (CSV). */
export function detailsTable(details: TOperationalDetails, table: 'attendances' | 'pauses'): TReportTable {
  return table === 'attendances'
    ? {
        title: `Atendimentos de ${details.user.name}`,
        columns: OPERATIONAL_ATTENDANCE_COLUMNS,
        rows: details.attendances.rows,
      }
    : {
        title: `Pausas de ${details.user.name}`,
        columns: OPERATIONAL_PAUSE_COLUMNS,
        rows: details.pauses.rows,
      };
}
