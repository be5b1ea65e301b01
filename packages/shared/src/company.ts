import { zIdParam } from './ids';
import { type TIpEntry, validateIpEntry } from './ip';
import { MSG } from './messages';
import { z } from './zod';

export const ZIpEntry = z.object({
  ip: z.string({ error: MSG.ipEmpty }).trim().max(100, { error: MSG.ipInvalid }),
  mask: z.coerce.number({ error: MSG.ipMask }),
});

export const ZIpFilter = z
  .object({
    use_filter_ip: z.boolean(),
    ips: z.array(ZIpEntry).max(500),
  })
  .superRefine((value, ctx) => {
    const seen: TIpEntry[] = [];
    value.ips.forEach((entry, i) => {
      const error = validateIpEntry(entry, seen);
      if (error) ctx.addIssue({ code: 'custom', message: error, path: ['ips', i, 'ip'] });
      else seen.push({ ip: entry.ip.trim(), mask: entry.mask });
    });
  });
export type TIpFilter = z.infer<typeof ZIpFilter>;

export const ZSecuritySettings = z.object({
  mfa_enabled: z.boolean(),
  password_max_age_days: z.number().int().min(0).max(3650),
});
export type TSecuritySettings = z.infer<typeof ZSecuritySettings>;

export const ZCompanySecurity = z.object({
  ipFilter: z.object({
    use_filter_ip: z.boolean(),
    ips: z.array(z.object({ ip: z.string(), mask: z.number() })),
  }),
  security: ZSecuritySettings,
  currentIp: z.string(),
});
export type TCompanySecurity = z.infer<typeof ZCompanySecurity>;

/** `{ id }` of an int4 record in the path (attendances and messages, bigint, use ZBigIdParams). */
export const ZIdParam = z.object({ id: zIdParam() });

export const ZSector = z.object({ id: z.number(), name: z.string(), position: z.number() });
export const ZStatus = z.object({
  id: z.number(),
  name: z.string(),
  should_close: z.number(),
  should_require: z.boolean(),
  use_in_bot: z.boolean(),
  color: z.string(),
});
export const ZUserListItem = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  email: z.string(),
  role: z.number(),
  inactive_since: z.string().nullable(),
});

/** A company's IP allow-list and the caller's own address (GET /companies/:id/ip-filter). */
export const ZIpFilterOutput = z.object({ ipFilter: ZCompanySecurity.shape.ipFilter, currentIp: z.string() });
