import { chatSettingsOf, readCompanyMetadata } from '@prosa/shared/company-metadata';
import type { TTriage } from '@prosa/shared/visibility';
import { effectiveTriage } from '@prosa/shared/visibility';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findCompany } from './repository';

type Meta = { triage?: TTriage; auto_dist?: { on?: boolean }; allow?: Record<string, unknown> };

/** The company switches every screen needs (triage, distribution, allow flags of spec 1 §3), for any user. */
export async function getCompanyFeatures(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  const meta = company.metadata as Meta;
  const autoDist = meta.auto_dist?.on === true;
  const read = readCompanyMetadata(company.metadata);
  // The stored flags plus the defaults of those never set (modules on unless turned off, issue 24).
  const allow = Object.fromEntries(
    Object.entries({ ...read.allow, ...(meta.allow ?? {}) }).filter(([, v]) => typeof v === 'boolean'),
  ) as Record<string, boolean>;
  return {
    triage: effectiveTriage(meta.triage, autoDist),
    auto_dist: autoDist,
    allow,
    settings: chatSettingsOf(read),
    timezone: company.timezone,
  };
}
