import {
  type TPersonInput,
  type TPersonView,
  ZPersonChange,
  ZPersonDetail,
  ZPersonImportChannel,
  ZPersonImportResult,
  ZPersonPage,
  ZPersonView,
} from '@prosa/shared/person';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';

// Contact (person) records: GET/POST/PUT /api/persons, merge, change log, import (spec 3 §7 Person).

export const personKeys = {
  all: ['persons'] as const,
  list: (query: string) => ['persons', 'list', query] as const,
  one: (id: number) => ['persons', 'one', id] as const,
  ofAttendance: (attendanceId: number) => ['persons', 'attendance', attendanceId] as const,
  changes: (id: number) => ['persons', 'changes', id] as const,
};

export function usePersons(query: string | null) {
  return useQuery({
    queryKey: personKeys.list(query ?? ''),
    queryFn: () => apiRequest(`/api/persons?${query}`, { schema: ZPersonPage }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Where the contact modal reads its person: a record of the list, or the contact of an attendance. */
export type TPersonSource = { personId: number } | { attendanceId: number };

export function usePersonDetail(source: TPersonSource | null) {
  return useQuery({
    queryKey: !source
      ? ['persons', 'none']
      : 'personId' in source
        ? personKeys.one(source.personId)
        : personKeys.ofAttendance(source.attendanceId),
    queryFn: () =>
      apiRequest(
        source && 'personId' in source
          ? `/api/persons/${source.personId}`
          : `/api/attendances/${source?.attendanceId}/person`,
        { schema: ZPersonDetail },
      ),
    enabled: source !== null,
    staleTime: 0,
    retry: false,
  });
}

export function usePersonChanges(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: personKeys.changes(id ?? 0),
    queryFn: () => apiRequest(`/api/persons/${id}/changes`, { schema: z.array(ZPersonChange) }),
    enabled: enabled && id !== null,
    staleTime: 0,
    retry: false,
  });
}

/** The 409 of a CPF already held by another record: its id, to offer the merge (spec 3 §5, §8). */
export class CpfUsedError extends ApiError {
  readonly personId: number;
  constructor(message: string, personId: number) {
    super({ status: 409, code: 'CPF_USED', message, fromServer: true });
    this.personId = personId;
  }
}

/**
 * Creates (id null) or saves a person. A CPF held by another record answers 409 with that record's id, turned
 * into a CpfUsedError so the screen can offer the merge.
 */
export async function savePerson(id: number | null, body: TPersonInput): Promise<TPersonView> {
  try {
    return await apiRequest(id === null ? '/api/persons' : `/api/persons/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body,
      schema: ZPersonView,
    });
  } catch (error) {
    const personId = error instanceof ApiError ? error.body.person_id : undefined;
    if (error instanceof ApiError && error.code === 'CPF_USED' && typeof personId === 'number')
      throw new CpfUsedError(error.message, personId);
    throw error;
  }
}

/** Merges `fromId` into `intoId`: the kept record takes the other's channels, history, e-mails and phones. */
export function mergePersons(intoId: number, fromId: number) {
  return apiRequest(`/api/persons/${intoId}/merge`, {
    method: 'POST',
    body: { from_id: fromId },
    schema: ZPersonView,
  });
}

/** The channels an import can bind its contacts to (phone or e-mail channels of the company). */
export function useImportChannels(enabled: boolean) {
  return useQuery({
    queryKey: ['persons', 'import-channels'] as const,
    queryFn: () => apiRequest('/api/persons/import-channels', { schema: z.array(ZPersonImportChannel) }),
    enabled,
    staleTime: 60_000,
  });
}

export function importPersons(channelId: number, file: File) {
  const form = new FormData();
  form.append('channel_id', String(channelId));
  form.append('file', file);
  return apiRequest('/api/persons/import', { method: 'POST', body: form, schema: ZPersonImportResult });
}
