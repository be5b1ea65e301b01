import type { TNegotiationSlip } from '@prosa/shared/negotiator';
import { describe, expect, it } from 'vitest';
import { issueSlip } from './febraban';
import { formatBrl, formatDocument, renderSlipPdf } from './slip-pdf';

const settings = {
  beneficiary: 'Cobranças Exemplo Ltda',
  beneficiary_document: '11222333000181',
  bank_code: '237' as const,
  agency: '1234',
  account: '123456',
  wallet: '9',
  due_days: 3,
  instructions: 'Após o vencimento, multa de 2%.',
};

function slipOf(amountCents: number): TNegotiationSlip {
  const issued = issueSlip(settings, { amountCents, dueDate: '2026-12-01', ourNumber: '42' });
  return {
    amount_cents: amountCents,
    due_date: '2026-12-01',
    our_number: issued.our_number,
    barcode: issued.barcode,
    digitable_line: issued.digitable_line,
    offer_label: 'À vista',
    installments: 1,
    file_url: null,
  };
}

/**
 * The text the page streams draw: PDFKit writes standard-font text as hex strings in TJ arrays, in WinAnsi
 * (windows-1252, where the em dash is 0x97).
 */
function shownText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
    parts.push(Buffer.from(hex, 'hex').toString('latin1').replaceAll('\x97', '—'));
  }
  return parts.join('\n');
}

describe('renderSlipPdf', () => {
  it('renders the ficha de compensação with the linha digitável, payer, amount and due date', async () => {
    const slip = slipOf(123456);
    const pdf = await renderSlipPdf(
      {
        settings,
        slip,
        payer: { name: 'José Conceição', document: '52998224725' },
        companyName: 'Prosa Demo',
        description: 'Contrato 123 — À vista',
      },
      { compress: false, now: new Date('2026-11-27T12:00:00Z') },
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = shownText(pdf);
    expect(text).toContain(slip.digitable_line);
    expect(text).toContain('José Conceição — CPF 529.982.247-25');
    expect(text).toContain('Cobranças Exemplo Ltda — CNPJ/CPF 11.222.333/0001-81');
    expect(text).toContain('R$ 1.234,56');
    expect(text).toContain('01/12/2026');
    expect(text).toContain('27/11/2026');
    expect(text).toContain('09/00000000042-');
    expect(text).toContain('237-2');
    expect(text).toContain('Ficha de Compensação');
    expect(text).toContain('Após o vencimento, multa de 2%.');
  });

  it('compresses by default and still starts as a PDF', async () => {
    const pdf = await renderSlipPdf({
      settings,
      slip: slipOf(100),
      payer: { name: 'Empresa Pagadora', document: '11222333000181' },
      companyName: 'Prosa Demo',
      description: 'Contrato 9',
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(shownText(pdf)).not.toContain('Empresa Pagadora');
  });
});

describe('formatting', () => {
  it('formats money in pt-BR and documents with their punctuation', () => {
    expect(formatBrl(123456)).toBe('R$ 1.234,56');
    expect(formatBrl(1)).toBe('R$ 0,01');
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('123')).toBe('123');
  });
});
