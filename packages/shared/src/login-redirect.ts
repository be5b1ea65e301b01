import { isRedirectUrl, LOGIN_REDIRECT_MSG, REDIRECT_URL_MAX } from './login-redirect-texts';
import { z } from './zod';

// Spec 2 §4 Login: "the server may answer … a redirect to a new product url". Set per company (metadata
// redirect_url) by the platform owner or an admin in company edit; users of that company who log in are sent there.

export { isRedirectUrl, LOGIN_REDIRECT_MSG, REDIRECT_URL_MAX } from './login-redirect-texts';

export const ZLoginRedirectInput = z.object({
  /** null or an empty text clears it. */
  redirect_url: z
    .string({ error: LOGIN_REDIRECT_MSG.invalidUrl })
    .trim()
    .max(REDIRECT_URL_MAX, { error: LOGIN_REDIRECT_MSG.invalidUrl })
    .refine((v) => v === '' || isRedirectUrl(v), { error: LOGIN_REDIRECT_MSG.invalidUrl })
    .nullable(),
});
export type TLoginRedirectInput = z.input<typeof ZLoginRedirectInput>;

export const ZLoginRedirect = z.object({ redirect_url: z.string().nullable() });
export type TLoginRedirect = z.infer<typeof ZLoginRedirect>;
