import { WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import type { GraphChannel } from '../../channels/waent/graph-client';
import { OutboundError } from '../../platform/outbound-url';

// The Cloud API calls that register a number (Meta: POST /{phone-number-id}/request_code, verify_code, register;
// GET /{phone-number-id}), at the channel's API URL, through the outbound-URL guard.

export class NumberGraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'NumberGraphError';
  }
}

async function call<T>(c: GraphChannel, path: string, body?: Record<string, unknown>): Promise<T> {
  const res = await c.outbound.fetch(`${c.apiBaseUrl.replace(/\/+$/, '')}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      Authorization: `Bearer ${c.accessToken}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text().catch((err: unknown) => {
    throw new OutboundError(`resposta interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new NumberGraphError(res.status, WAENT_ONB_MSG.providerError);
  const error = (parsed as { error?: { message?: unknown; error_user_msg?: unknown } }).error;
  if (!res.ok || error) {
    // Meta's own words for the person (e.g. a wrong code) are what the screen shows.
    const msg = error?.error_user_msg ?? error?.message;
    throw new NumberGraphError(
      res.status,
      typeof msg === 'string' && msg ? msg : WAENT_ONB_MSG.providerError,
    );
  }
  return parsed as T;
}

export const requestCode = (c: GraphChannel, method: 'SMS' | 'VOICE') =>
  call<{ success?: boolean }>(c, `/${c.phoneNumberId}/request_code`, {
    code_method: method,
    language: 'pt_BR',
  });

export const verifyCode = (c: GraphChannel, code: string) =>
  call<{ success?: boolean }>(c, `/${c.phoneNumberId}/verify_code`, { code });

export const registerNumber = (c: GraphChannel, pin: string) =>
  call<{ success?: boolean }>(c, `/${c.phoneNumberId}/register`, { messaging_product: 'whatsapp', pin });

export type NumberInfo = { platform_type?: string; status?: string; code_verification_status?: string };

export const numberInfo = (c: GraphChannel) =>
  call<NumberInfo>(
    c,
    `/${c.phoneNumberId}?fields=display_phone_number,verified_name,code_verification_status,platform_type,status`,
  );
