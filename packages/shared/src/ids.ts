// Ids and other integers bounded to their column type, so no input reaches PostgreSQL out of range.
import { MSG } from './messages';
import { z } from './zod';

/** PostgreSQL `integer` (int4): serial ids, counts, limits, positions, seconds. */
export const INT4_MAX = 2_147_483_647;
/** PostgreSQL `bigint` ids (attendances, messages, logs), read as JS numbers: exact up to 2^53 − 1. */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

/** `message` answers every refusal; `tooSmall` only the minimum (e.g. "maior que zero"). */
type Bounds = { min?: number; max?: number; message?: string; tooSmall?: string };

function bounded<T extends z.ZodNumber | z.ZodCoercedNumber<unknown>>(
  base: T,
  { min = 1, max = INT4_MAX, message, tooSmall }: Bounds,
): T {
  const e = message ? { error: message } : undefined;
  return base
    .int(e)
    .min(min, tooSmall ? { error: tooSmall } : e)
    .max(max, e) as T;
}

/** An int4 id in a JSON body (1…2147483647). */
export function zId(message?: string) {
  return bounded(z.number(message ? { error: message } : undefined), { message });
}

/** An int4 id in a path or query string (text coerced to a number); a bad one is an unknown record. */
export function zIdParam(message: string = MSG.notFound) {
  return bounded(z.coerce.number({ error: message }), { message });
}

/** A bigint id (attendance, message) in a JSON body. */
export function zBigId(message?: string) {
  return bounded(z.number(message ? { error: message } : undefined), { max: BIGINT_ID_MAX, message });
}

/** A bigint id in a path or query string. */
export function zBigIdParam(message: string = MSG.notFound) {
  return bounded(z.coerce.number({ error: message }), { max: BIGINT_ID_MAX, message });
}

/** A sector picker's value: a sector id or one of the special ids (0 default, −1 ignore; spec 2 §9). */
export function zSectorChoiceId(message?: string) {
  return bounded(z.number(message ? { error: message } : undefined), { min: -1, message });
}

/** The same from a path or query string. */
export function zSectorChoiceIdParam(message: string = MSG.notFound) {
  return bounded(z.coerce.number({ error: message }), { min: -1, message });
}

/** Any other integer stored in an int4 column (limits, counts, positions, minutes, seconds): 0…2^31−1. */
export function zInt4(bounds: Bounds = {}) {
  const { message } = bounds;
  return bounded(z.number(message ? { error: message } : undefined), { min: 0, ...bounds });
}

/** The same, from a query string. */
export function zInt4Param(bounds: Bounds = {}) {
  const { message } = bounds;
  return bounded(z.coerce.number(message ? { error: message } : undefined), { min: 0, ...bounds });
}

/** Page number of a paginated list (query string): 1…2^31−1. */
export const zPage = () => zInt4Param({ min: 1 }).default(1);

/** The common `{ id }` path parameters. */
export const ZIdParams = z.object({ id: zIdParam() });
export const ZBigIdParams = z.object({ id: zBigIdParam() });
