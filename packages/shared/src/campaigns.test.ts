import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MSG,
  CAMPAIGN_STATUSES,
  CONTACT_STATUSES,
  campaignStatusLabel,
  fillPlaceholders,
  isCampaignEditable,
  isCampaignLive,
  textPlaceholders,
  ZCampaignInput,
} from './campaigns';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const firstError = (input: unknown) => {
  const r = ZCampaignInput.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

const waent = (extra: Record<string, unknown> = {}) => ({
  title: 'Natal',
  channel: 'waent',
  channel_id: 1,
  mailing_id: 2,
  valid_to: inHours(24),
  whatsapp: { active: true, hsm_template: 3, mailing_columns: [{ column: 'nome' }], field: 'telefone' },
  ...extra,
});

describe('campaign statuses (spec 3 §4)', () => {
  it('labels every status as the spec says', () => {
    const expected: Record<string, string> = {
      progress: 'Processando',
      waiting_worker: 'Processando',
      sent: 'Enviado',
      delivered: 'Enviado',
      read: 'Lido',
      not_sent: 'Não enviado',
      failure: 'Não enviado',
      channel_unavailable: 'Não enviado (canal removido)',
      finished_without_optin: 'Finalizado',
      finished_with_timeout: 'Finalizado',
      finished_no_contacts: 'Finalizado',
      blocked: 'Não entregue',
      pending: 'Pendente',
      scheduled: 'Pendente',
      cancelled: 'Pendente',
    };
    for (const [status, label] of Object.entries(expected)) expect(campaignStatusLabel(status)).toBe(label);
    for (const s of [...CAMPAIGN_STATUSES, ...CONTACT_STATUSES]) expect(campaignStatusLabel(s)).not.toBe(s);
  });

  it('follows the list live until sent, finished_without_optin or finished_with_timeout', () => {
    for (const s of ['sent', 'finished_without_optin', 'finished_with_timeout'])
      expect(isCampaignLive(s)).toBe(false);
    for (const s of ['pending', 'scheduled', 'progress', 'waiting_worker'])
      expect(isCampaignLive(s)).toBe(true);
    expect(isCampaignEditable('scheduled')).toBe(true);
    expect(isCampaignEditable('progress')).toBe(false);
  });
});

describe('ZCampaignInput (spec 3 §5)', () => {
  it('accepts a complete waent campaign and normalizes its dates', () => {
    const r = ZCampaignInput.parse(
      waent({ schedule_date: '2099-01-01T10:00:00-03:00', valid_to: '2099-01-02T10:00:00-03:00' }),
    );
    expect(r.schedule_date).toBe('2099-01-01T13:00:00.000Z');
    expect(r.tries).toBe(1);
  });

  it('gives each rule its text', () => {
    expect(firstError(waent({ title: '' }))).toBe(CAMPAIGN_MSG.titleRequired);
    expect(firstError(waent({ mailing_id: null }))).toBe(CAMPAIGN_MSG.mailingRequired);
    expect(firstError(waent({ valid_to: inHours(-1) }))).toBe(CAMPAIGN_MSG.validToPast);
    expect(firstError(waent({ schedule_date: inHours(30) }))).toBe(CAMPAIGN_MSG.scheduleAfterValidTo);
    expect(firstError(waent({ schedule_date: inHours(-2) }))).toBe(CAMPAIGN_MSG.schedulePast);
    expect(firstError(waent({ valid_from: inHours(25) }))).toBe(CAMPAIGN_MSG.validFromAfterValidTo);
    expect(
      firstError(
        waent({ whatsapp: { active: true, hsm_template: 3, mailing_columns: [{}], field: 'telefone' } }),
      ),
    ).toBe(CAMPAIGN_MSG.variablesRequired);
    const web = (messages: unknown[]) =>
      waent({ channel: 'waweb', valid_to: null, whatsapp: { active: true, messages, field: 'telefone' } });
    expect(firstError(web([]))).toBe(CAMPAIGN_MSG.messagesRequired);
    expect(firstError(web([{ type: 'text', content: 'a'.repeat(500) }]))).toBeNull();
    expect(firstError(web([{ type: 'text', content: 'a'.repeat(501) }]))).toBe(CAMPAIGN_MSG.textTooLong);
    const media = { type: 'media', content: { key: 'campaigns/1/a.png', name: 'a.png', type: 'image' } };
    expect(firstError(web([media, media]))).toBeNull();
    expect(firstError(web([media, media, media]))).toBe(CAMPAIGN_MSG.tooManyMedia);
    const sms = (message: string, extra: Record<string, unknown> = {}) => ({
      title: 'SMS',
      channel: 'sms',
      mailing_id: 2,
      valid_to: inHours(5),
      sms: { active: true, broker: 4, field: 'telefone', message },
      ...extra,
    });
    expect(firstError(sms('a'.repeat(160)))).toBeNull();
    expect(firstError(sms('a'.repeat(161)))).toBe(CAMPAIGN_MSG.smsTooLong);
    expect(firstError(sms('oi', { valid_to: null }))).toBe(CAMPAIGN_MSG.validToRequired);
  });
});

describe('placeholders', () => {
  it('reads and fills {{coluna}}', () => {
    expect(textPlaceholders('Oi {{nome}}, seu código {{ codigo }}')).toEqual(['nome', 'codigo']);
    expect(fillPlaceholders('Oi {{nome}}{{x}}!', { nome: 'Ana' })).toBe('Oi Ana!');
  });
});
