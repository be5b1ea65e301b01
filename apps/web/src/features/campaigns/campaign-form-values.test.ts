import type { TCampaign } from '@prosa/shared/campaigns';
import { CAMPAIGN_MSG, ZCampaignInput } from '@prosa/shared/campaigns';
import { describe, expect, it } from 'vitest';
import {
  emptyCampaign,
  filtersOf,
  fromCampaign,
  resizeVariables,
  toCampaignInput,
  validateCampaign,
} from './campaign-form-values';

const TZ = 'America/Sao_Paulo';
const future = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  // A wall time in São Paulo, far enough ahead for any offset.
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} 12:00:00`;
};

describe('campaign form values', () => {
  it('an empty form shows the spec texts on its fields', () => {
    const errors = validateCampaign(emptyCampaign(), TZ);
    expect(errors.title).toBe(CAMPAIGN_MSG.titleRequired);
    expect(errors.channel).toBe(CAMPAIGN_MSG.channelTypeRequired);
  });

  it('a WhatsApp Enterprise campaign to a mailing: template and variables from columns or fixed texts', () => {
    const v = {
      ...emptyCampaign(),
      title: 'Black Friday',
      channel: 'waent' as const,
      channel_id: '7',
      mailing_id: '3',
      field: 'telefone',
      valid_to: future(2),
      hsm_template: '11',
      mailing_columns: [
        { source: 'column' as const, column: 'nome', text: '' },
        { source: 'text' as const, column: '', text: '20%' },
      ],
    };
    expect(validateCampaign(v, TZ)).toEqual({});
    const input = ZCampaignInput.parse(toCampaignInput(v, TZ));
    expect(input).toMatchObject({
      channel: 'waent',
      channel_id: 7,
      mailing_id: 3,
      to_subscribers: false,
      use_mailing_fields: true,
      whatsapp: {
        campaign_type: 'hsm',
        hsm_template: 11,
        field: 'telefone',
        mailing_columns: [{ column: 'nome' }, { text: '20%' }],
      },
      sms: null,
    });
    expect(input.valid_to).toMatch(/T15:00:00.000Z$/);
  });

  it('places a missing variable and a missing template on their inputs', () => {
    const v = {
      ...emptyCampaign(),
      title: 'x',
      channel: 'waent' as const,
      channel_id: '7',
      mailing_id: '3',
      field: 'telefone',
      valid_to: future(2),
      mailing_columns: resizeVariables([], 2),
    };
    const errors = validateCampaign(v, TZ);
    expect(errors.hsm_template).toBe(CAMPAIGN_MSG.templateRequired);
    expect(errors['mailing_columns.0.text']).toBe(CAMPAIGN_MSG.variablesRequired);
  });

  it('an SMS longer than 160 characters and a waweb text over 500 are refused', () => {
    const sms = {
      ...emptyCampaign(),
      title: 'x',
      channel: 'sms' as const,
      sms_broker: '4',
      mailing_id: '3',
      field: 'telefone',
      valid_to: future(1),
      sms_message: 'a'.repeat(161),
    };
    expect(validateCampaign(sms, TZ).sms_message).toBe(CAMPAIGN_MSG.smsTooLong);
    const waweb = {
      ...emptyCampaign(),
      title: 'x',
      channel: 'waweb' as const,
      channel_id: '2',
      mailing_id: '3',
      field: 'telefone',
      messages: [{ type: 'text' as const, content: 'b'.repeat(501), variants: [] }],
    };
    expect(validateCampaign(waweb, TZ)['messages.0.content']).toBe(CAMPAIGN_MSG.textTooLong);
  });

  it('to all subscribers sends no mailing nor phone column', () => {
    const v = {
      ...emptyCampaign(),
      title: 'Novidades',
      channel: 'waweb' as const,
      channel_id: '2',
      to_subscribers: true,
      mailing_id: '3',
      field: 'telefone',
      messages: [{ type: 'text' as const, content: 'Olá {{nome}}', variants: ['Oi!'] }],
    };
    const input = toCampaignInput(v, TZ);
    expect(input).toMatchObject({ to_subscribers: true, mailing_id: null, use_mailing_fields: false });
    expect(input.whatsapp?.field).toBeNull();
    expect(validateCampaign(v, TZ)).toEqual({});
  });
});

describe('mailing filters', () => {
  it('sends each column with its values, leaving out incomplete rows and repeated values', () => {
    expect(
      filtersOf([
        { column: 'cidade', values: ['Recife', ' Recife ', 'Olinda'] },
        { column: '', values: ['x'] },
        { column: 'plano', values: [] },
      ]),
    ).toEqual({ cidade: ['Recife', 'Olinda'] });
  });

  it('go with a mailing and never to all subscribers', () => {
    const v = {
      ...emptyCampaign(),
      title: 'Recife',
      channel: 'waweb' as const,
      channel_id: '2',
      mailing_id: '3',
      field: 'telefone',
      filters: [{ column: 'cidade', values: ['Recife'] }],
      messages: [{ type: 'text' as const, content: 'Olá', variants: [] }],
    };
    expect(toCampaignInput(v, TZ).filters).toEqual({ cidade: ['Recife'] });
    expect(toCampaignInput({ ...v, to_subscribers: true }, TZ).filters).toEqual({});
  });
});

describe('editing a saved campaign', () => {
  const saved: TCampaign = {
    id: 5,
    title: 'Natal',
    status: 'scheduled',
    status_label: 'Pendente',
    live: true,
    channel: 'waent',
    channel_id: 7,
    channel_name: 'Loja',
    to_subscribers: false,
    mailing_id: 3,
    mailing: { id: 3, title: 'Clientes' },
    filters: { cidade: ['Recife', 'Olinda'] },
    valid_from: null,
    valid_to: '2030-12-24T15:00:00.000Z',
    schedule_date: '2030-12-20T12:30:00.000Z',
    tries: 2,
    use_mailing_fields: true,
    whatsapp: {
      active: true,
      campaign_type: 'hsm',
      hsm_template: 11,
      mailing_columns: [{ column: 'nome' }, { text: 'NATAL10' }],
      field: 'telefone',
    },
    sms: {},
    total_contacts: 0,
    processed_contacts: 0,
    percent: 0,
    paused_reason: null,
    error: null,
    locked_at: null,
    unlock_count: 0,
    started_at: null,
    finished_at: null,
    created_at: '2030-12-01T10:00:00.000Z',
    updated_at: '2030-12-01T10:00:00.000Z',
    can_edit: true,
    can_unlock: false,
  };

  it('fills the form in the company clock and sends back the same campaign', () => {
    const values = fromCampaign(saved, TZ);
    expect(values).toMatchObject({
      channel_id: '7',
      mailing_id: '3',
      field: 'telefone',
      valid_to: '2030-12-24 12:00:00',
      schedule_date: '2030-12-20 09:30:00',
      tries: 2,
      hsm_template: '11',
    });
    expect(values.filters).toEqual([{ column: 'cidade', values: ['Recife', 'Olinda'] }]);
    expect(toCampaignInput(values, TZ)).toMatchObject({
      filters: { cidade: ['Recife', 'Olinda'] },
      channel_id: 7,
      mailing_id: 3,
      valid_to: saved.valid_to,
      schedule_date: saved.schedule_date,
      whatsapp: { hsm_template: 11, mailing_columns: [{ column: 'nome' }, { text: 'NATAL10' }] },
    });
  });

  it('to all subscribers, a variable left on a column goes as its fixed text', () => {
    const values = { ...fromCampaign(saved, TZ), to_subscribers: true };
    values.mailing_columns = [
      { source: 'column', column: 'nome', text: 'Cliente' },
      values.mailing_columns[1] ?? { source: 'text', column: '', text: 'x' },
    ];
    expect(toCampaignInput(values, TZ).whatsapp?.mailing_columns).toEqual([
      { text: 'Cliente' },
      { text: 'NATAL10' },
    ]);
  });
});
