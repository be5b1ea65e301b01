import {
  ATTENDANCE_FILTERS,
  CARD_SEARCH_MAX,
  type TAttendanceFilter,
} from '@prosa/shared/attendance-constants';
import { CHANNEL_KINDS, type TChannelKind } from '@prosa/shared/channels';

export type TListParams = {
  sector_id?: number;
  filter: TAttendanceFilter;
  status?: number;
  kind?: TChannelKind;
  contact_id?: number;
  /** The search box: name, phone or protocol (searched on the server, over every page). */
  q?: string;
  /** The operator filter (managers' side modal): cards of these operators… */
  operator_ids?: number[];
  /** …and/or those without an operator ("Sem operador"). */
  unassigned?: boolean;
  page: number;
};

/** At most this many operators in the filter (the server takes up to 100). */
export const MAX_OPERATOR_FILTER = 100;

const positiveInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
};

/** "3,5" → [3, 5]: positive ids, each once, in order; anything else is dropped. */
export function readIdList(value: string | null): number[] | undefined {
  if (!value) return undefined;
  const ids = [...new Set(value.split(',').flatMap((part) => positiveInt(part) ?? []))].filter(
    (n) => n <= 2_147_483_647,
  );
  return ids.length > 0 ? ids.slice(0, MAX_OPERATOR_FILTER) : undefined;
}

/** The chat list's filters as kept in the URL (spec 1 §2: status, kind, sector_id, contact_id; plus filter and page). */
export function readListParams(search: URLSearchParams): TListParams {
  const filter = search.get('filter');
  const kind = search.get('kind');
  return {
    sector_id: positiveInt(search.get('sector_id')),
    filter: ATTENDANCE_FILTERS.find((f) => f === filter) ?? 'all',
    status: positiveInt(search.get('status')),
    kind: CHANNEL_KINDS.find((k) => k === kind),
    contact_id: positiveInt(search.get('contact_id')),
    q: search.get('q')?.trim().slice(0, CARD_SEARCH_MAX) || undefined,
    operator_ids: readIdList(search.get('operator_ids')),
    unassigned: search.get('unassigned') === '1' || undefined,
    page: positiveInt(search.get('page')) ?? 1,
  };
}

/** The URL query of a set of filters; defaults (filter "all", page 1) are left out. */
export function writeListParams(params: TListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.sector_id !== undefined) search.set('sector_id', String(params.sector_id));
  if (params.filter !== 'all') search.set('filter', params.filter);
  if (params.status !== undefined) search.set('status', String(params.status));
  if (params.kind !== undefined) search.set('kind', params.kind);
  if (params.contact_id !== undefined) search.set('contact_id', String(params.contact_id));
  if (params.q) search.set('q', params.q);
  if (params.operator_ids && params.operator_ids.length > 0)
    search.set('operator_ids', params.operator_ids.join(','));
  if (params.unassigned) search.set('unassigned', '1');
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** The API query string of the list call (GET /api/attendances). */
export function listQueryString(params: TListParams): string {
  const search = writeListParams(params);
  search.set('filter', params.filter);
  search.set('page', String(params.page));
  return search.toString();
}
