import { describe, expect, it } from 'vitest';
import { readCompanyMetadata } from './company-metadata';
import { CRM_FLAG } from './crm-texts';
import {
  FEATURE_FLAG_TYPES,
  FEATURE_FLAGS,
  featureFlagActive,
  isFeatureFlagType,
  withSenderName,
} from './feature-flags';
import { ZFeatureFlagTypeParam } from './feature-flags-schemas';
import { MESSENGER_FLAG } from './messenger-constants';

describe('feature flags by type', () => {
  it('has the nine types of the spec, each with a distinct allow key, a label and a description', () => {
    expect([...FEATURE_FLAG_TYPES].sort()).toEqual(
      [
        'closed_bucket',
        'cosmos_crm',
        'display_midia',
        'dist_v2',
        'encrypted_message',
        'internal_messenger',
        'mfa_active',
        'send_username',
        'sms_campaign',
      ].sort(),
    );
    const keys = FEATURE_FLAG_TYPES.map((t) => FEATURE_FLAGS[t].key);
    expect(new Set(keys).size).toBe(9);
    for (const t of FEATURE_FLAG_TYPES) {
      expect(FEATURE_FLAGS[t].label.length).toBeGreaterThan(3);
      expect(FEATURE_FLAGS[t].description.length).toBeGreaterThan(10);
    }
  });

  it('maps the two flags that existed before to their keys', () => {
    expect(FEATURE_FLAGS.cosmos_crm.key).toBe(CRM_FLAG);
    expect(FEATURE_FLAGS.internal_messenger.key).toBe(MESSENGER_FLAG);
  });

  it("keeps today's behaviour by default, and the metadata defaults agree with the table", () => {
    const active = Object.fromEntries(FEATURE_FLAG_TYPES.map((t) => [t, featureFlagActive(t, {})]));
    expect(active).toEqual({
      sms_campaign: true,
      cosmos_crm: false,
      display_midia: true,
      dist_v2: true,
      internal_messenger: false,
      mfa_active: true,
      closed_bucket: false,
      encrypted_message: false,
      send_username: false,
    });
    const allow = readCompanyMetadata({}).allow as Record<string, unknown>;
    for (const t of FEATURE_FLAG_TYPES) expect(allow[FEATURE_FLAGS[t].key]).toBe(FEATURE_FLAGS[t].default);
  });

  it('reads a stored value over the default, and ignores non-boolean values', () => {
    expect(featureFlagActive('display_midia', { display_midia: false })).toBe(false);
    expect(featureFlagActive('cosmos_crm', { allowCosmosCRM: true })).toBe(true);
    expect(featureFlagActive('dist_v2', { dist_v2: 'no' })).toBe(true);
    expect(featureFlagActive('send_username', null)).toBe(false);
  });

  it('recognizes types and refuses others with a Portuguese message', () => {
    expect(isFeatureFlagType('dist_v2')).toBe(true);
    expect(isFeatureFlagType('allowCosmosCRM')).toBe(false);
    const bad = ZFeatureFlagTypeParam.safeParse({ type: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Tipo de recurso desconhecido.');
  });

  it('prefixes the sender name in bold, without letting the name break the markup', () => {
    expect(withSenderName('Ana Souza', 'Olá')).toBe('*Ana Souza:*\nOlá');
    expect(withSenderName('*Bob*\n', 'Oi')).toBe('*Bob:*\nOi');
    expect(withSenderName('  ', 'Oi')).toBe('Oi');
  });
});
