import type { TCompanySecurity, TSecuritySettings } from '@prosa/shared/company';
import { FEATURE_FLAG_MSG } from '@prosa/shared/feature-flags';
import { normalizeIp } from '@prosa/shared/ip';
import { MSG } from '@prosa/shared/messages';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { featureFlagOn } from '../feature-flags/feature-flag-state';
import { findCompany, updateCompany } from './repository';

export async function getCompanySecurity(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  currentIp: string,
): Promise<TCompanySecurity> {
  const company = await findCompany(deps.db, companyId);
  if (!company) throw notFound();
  return {
    ipFilter: company.data,
    security: { mfa_enabled: company.mfaEnabled, password_max_age_days: company.passwordMaxAgeDays },
    currentIp: normalizeIp(currentIp),
  };
}

/** The IP allow-list of one company (own company in the settings, any managed company in company edit). */
export async function getIpFilter(deps: Pick<AppDeps, 'db'>, companyId: number, currentIp: string) {
  const { ipFilter } = await getCompanySecurity(deps, companyId, currentIp);
  return { ipFilter, currentIp: normalizeIp(currentIp) };
}

export async function updateSecuritySettings(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: TSecuritySettings,
) {
  // Feature flag mfa_active off: MFA may not be turned on (the login would not ask for it anyway).
  if (input.mfa_enabled && !(await featureFlagOn(deps.db, caller.companyId, 'mfa_active'))) {
    const company = await findCompany(deps.db, caller.companyId);
    if (!company?.mfaEnabled) throw forbidden(FEATURE_FLAG_MSG.mfaDisabled);
  }
  await updateCompany(deps.db, caller.companyId, {
    mfaEnabled: input.mfa_enabled,
    passwordMaxAgeDays: input.password_max_age_days,
  });
  await noticeCompanyUpdated(deps.db, caller.companyId, ['security']);
  return { message: MSG.companyUpdated };
}
