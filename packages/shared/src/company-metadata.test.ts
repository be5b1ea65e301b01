import { describe, expect, it } from 'vitest';
import {
  activeTransferModes,
  firstInvalidEmail,
  metadataProblem,
  nearRealTimeEmail,
  readCompanyMetadata,
  ZCompanyMetadata,
} from './company-metadata';

const defaults = () => ZCompanyMetadata.parse({});

describe('metadados da empresa', () => {
  it('fills every known key with its default and keeps unknown ones', () => {
    const meta = ZCompanyMetadata.parse({ b4b: { maxStates: 3 }, allow: { allowCosmosCRM: true } });
    expect(meta.change_auto.minutes).toBe(0);
    expect(meta.allow.opTransfer).toBe(false);
    expect(meta.allow.allowCosmosCRM).toBe(true);
    expect(meta.allow['near-real-time-email']).toBe(true);
    expect(nearRealTimeEmail(meta.allow)).toBe(true);
    expect(nearRealTimeEmail({ 'near-real-time-email': false })).toBe(false);
    expect(meta.b4b).toEqual({ maxStates: 3 });
    expect(meta.reports.history.period).toBeNull();
    expect(meta.triage).toBe('BASIC');
  });

  it('checks the comma-separated e-mails one by one', () => {
    expect(firstInvalidEmail('')).toBeNull();
    expect(firstInvalidEmail(' a@b.com.br ,c@d.com, ')).toBeNull();
    expect(firstInvalidEmail('a@b.com, errado, x@')).toBe('errado');
    expect(metadataProblem({ reports: { emails: 'a@b.com, x@' } })).toEqual({
      path: 'reports.emails',
      message: 'E-mail x@ inválido!',
    });
  });

  it('allows one sector transfer mode at a time', () => {
    expect(activeTransferModes({ opTransfer: true, allowedSectors: false })).toEqual(['opTransfer']);
    const two = {
      ...defaults(),
      allow: { ...defaults().allow, allowedSectors: true, restrictTransfer: true },
    };
    expect(metadataProblem(two)?.message).toBe('Apenas um modo de transferência pode ficar ativo.');
    const one = { ...defaults(), allow: { ...defaults().allow, restrictTransfer: true } };
    expect(metadataProblem(one)).toBeNull();
  });

  it('needs a period for background reports and a report-id for BI', () => {
    const base = defaults();
    const background = { ...base, allow: { ...base.allow, background_reports: true } };
    expect(metadataProblem(background)?.message).toBe('Ao menos um período deve ser preenchido.');
    const withPeriod = { ...background, reports: { ...base.reports, analytic: { period: 30 } } };
    expect(metadataProblem(withPeriod)).toBeNull();
    const bi = { ...base, allow: { ...base.allow, 'report-bi': true } };
    expect(metadataProblem(bi)).toEqual({
      path: 'reports.complete.reportID',
      message: 'O report-id deve ser informado.',
    });
  });

  it('limits auto change minutes and campaign hours to whole numbers in range', () => {
    const minutes = 'O valor informado em minutos deve ser um número inteiro entre 0 e 44640.';
    const hours = 'O valor informado em horas deve ser um número inteiro entre 0 e 120.';
    expect(metadataProblem({ change_auto: { minutes: 44640 } })).toBeNull();
    expect(metadataProblem({ change_auto: { minutes: 44641 } })?.message).toBe(minutes);
    expect(metadataProblem({ change_auto: { minutes: 0.5 } })?.message).toBe(minutes);
    expect(metadataProblem({ campaign_options: { maxCampaignAssignmentTime: 120 } })).toBeNull();
    expect(metadataProblem({ campaign_options: { maxCampaignAssignmentTime: -1 } })?.message).toBe(hours);
  });

  it('reads a stored object with a bad value as the default of that value only', () => {
    const meta = readCompanyMetadata({
      allow: { viewedby: true, chatbots: 'sim' },
      change_auto: { minutes: 'x' },
      extra: 1,
    });
    expect(meta.allow.viewedby).toBe(true);
    expect(meta.allow.chatbots).toBe(false);
    expect(meta.change_auto.minutes).toBe(0);
    expect(meta.extra).toBe(1);
    expect(readCompanyMetadata(null)).toEqual(defaults());
  });
});
