import { describe, expect, it } from 'vitest';
import {
  barcodeCheckDigit,
  barcodeFromDigitableLine,
  bradescoFreeField,
  bradescoOurNumberDv,
  buildBarcode,
  digitableLine,
  dueDateFactor,
  issueSlip,
  mod10,
} from './febraban';

// Published barcode + linha digitável pairs from the test suites of boleto libraries (only the numbers are
// copied): github.com/eduardocereto/pyboleto tests/test_banco_bradesco.py, tests/test_banco_itau.py and
// tests/test_banco_santander.py.
const KNOWN = [
  {
    bank: 'Bradesco (237)',
    barcode: '23794486900008280000278060000212552500392320',
    line: '23790.27804 60000.212559 25003.923205 4 48690000828000',
    dueDate: '2011-02-05',
    factor: '4869',
    amountCents: 828000,
  },
  {
    bank: 'Itaú (341)',
    barcode: '34199439500000029801090000015710293013280000',
    line: '34191.09008 00015.710296 30132.800001 9 43950000002980',
    dueDate: '2009-10-19',
    factor: '4395',
    amountCents: 2980,
  },
  {
    bank: 'Santander (033)',
    barcode: '03395540200002952959070707700000123456790102',
    line: '03399.07073 07700.000123 34567.901029 5 54020000295295',
    dueDate: '2012-07-22',
    factor: '5402',
    amountCents: 295295,
  },
] as const;

/** The same text with the digit at `index` (among digits only) replaced by the next one mod 10. */
function changeDigit(text: string, index: number): string {
  let seen = -1;
  return text.replace(/\d/g, (d) => {
    seen++;
    return seen === index ? String((Number(d) + 1) % 10) : d;
  });
}

describe('known slips of three banks', () => {
  for (const k of KNOWN) {
    it(`${k.bank}: the barcode gives the published linha digitável and back`, () => {
      expect(digitableLine(k.barcode)).toBe(k.line);
      expect(barcodeFromDigitableLine(k.line)).toBe(k.barcode);
      expect(barcodeFromDigitableLine(k.line.replace(/\D/g, ''))).toBe(k.barcode);
      expect(barcodeCheckDigit(k.barcode.slice(0, 4) + k.barcode.slice(5))).toBe(Number(k.barcode[4]));
      expect(k.barcode.slice(5, 9)).toBe(k.factor);
      expect(Number(k.barcode.slice(9, 19))).toBe(k.amountCents);
    });

    it(`${k.bank}: any single changed digit of the line is refused`, () => {
      for (let i = 0; i < 47; i++) expect(barcodeFromDigitableLine(changeDigit(k.line, i))).toBeNull();
    });

    it(`${k.bank}: rebuilt from its parts, the barcode is the published one`, () => {
      expect(dueDateFactor(k.dueDate)).toBe(k.factor);
      const rebuilt = buildBarcode({
        bankCode: k.barcode.slice(0, 3),
        dueDate: k.dueDate,
        amountCents: k.amountCents,
        freeField: k.barcode.slice(19),
      });
      expect(rebuilt).toBe(k.barcode);
    });
  }

  it('a barcode with a wrong general DV has no linha digitável', () => {
    const bad = `${KNOWN[0].barcode.slice(0, 4)}5${KNOWN[0].barcode.slice(5)}`;
    expect(() => digitableLine(bad)).toThrow();
    expect(() => digitableLine('1234')).toThrow();
  });

  it('malformed lines are refused', () => {
    expect(barcodeFromDigitableLine('')).toBeNull();
    expect(barcodeFromDigitableLine(KNOWN[0].line.slice(0, -1))).toBeNull();
    expect(barcodeFromDigitableLine(`${KNOWN[0].line}1`)).toBeNull();
    expect(barcodeFromDigitableLine(KNOWN[0].line.replace('2', 'a'))).toBeNull();
  });
});

describe('mod 10 and mod 11', () => {
  it('mod 10 of the first field of the Bradesco example is its DV', () => {
    expect(mod10('237902780')).toBe(4);
    expect(mod10('0')).toBe(0);
  });

  it('mod 11 turns 0, 10 and 11 into 1', () => {
    // 43 zeros: the sum is 0, remainder 0, 11 - 0 = 11 → 1.
    expect(barcodeCheckDigit('0'.repeat(43))).toBe(1);
  });
});

describe('dueDateFactor', () => {
  it('rolls 9999 over to 1000 on 2025-02-22 and counts on', () => {
    expect(dueDateFactor('2025-02-20')).toBe('9998');
    expect(dueDateFactor('2025-02-21')).toBe('9999');
    expect(dueDateFactor('2025-02-22')).toBe('1000');
    expect(dueDateFactor('2025-02-23')).toBe('1001');
    expect(dueDateFactor('2025-03-01')).toBe('1007');
  });

  it('starts the first cycle at 1000 on 2000-07-03 (days since 1997-10-07)', () => {
    expect(dueDateFactor('2000-07-03')).toBe('1000');
    expect(dueDateFactor('2000-07-04')).toBe('1001');
    // 1997-10-07 itself would be factor 0000, which means "no due date": never produced.
    expect(() => dueDateFactor('1997-10-07')).toThrow();
    expect(() => dueDateFactor('2000-07-02')).toThrow();
  });

  it('gives a known example its factor (mundipagg boleto-api bradesco_test.go: 2019-08-01 → 7968)', () => {
    expect(dueDateFactor('2019-08-01')).toBe('7968');
  });

  it('refuses bad dates', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '01/12/2026', '', '2026-1-1', '2100-01-01'])
      expect(() => dueDateFactor(bad)).toThrow();
  });
});

describe('Bradesco free field and issueSlip', () => {
  const settings = {
    beneficiary: 'Cobranças Exemplo Ltda',
    beneficiary_document: '11222333000181',
    bank_code: '237' as const,
    agency: '278',
    account: '39232',
    wallet: '6',
    due_days: 3,
    instructions: '',
  };

  it('lays out agência, carteira, nosso número, conta and a zero', () => {
    expect(bradescoFreeField({ agency: '278', wallet: '6', ourNumber: '2125525', account: '39232' })).toBe(
      '0278060000212552500392320',
    );
    // mundipagg boleto-api bradesco_test.go: agency 1, wallet 25, our number 124466932, account 1234567.
    expect(bradescoFreeField({ agency: '1', wallet: '25', ourNumber: '124466932', account: '1234567' })).toBe(
      '0001250012446693212345670',
    );
  });

  it('issues the published Bradesco slip from its account and round-trips it', () => {
    const slip = issueSlip(settings, { amountCents: 828000, dueDate: '2011-02-05', ourNumber: '2125525' });
    expect(slip).toEqual({
      barcode: KNOWN[0].barcode,
      digitable_line: KNOWN[0].line,
      our_number: '00002125525',
    });
    expect(barcodeFromDigitableLine(slip.digitable_line)).toBe(slip.barcode);
  });

  it('issues the mundipagg Bradesco barcode (R$ 1,99 due 2019-08-01)', () => {
    const slip = issueSlip(
      { ...settings, agency: '1', wallet: '25', account: '1234567' },
      { amountCents: 199, dueDate: '2019-08-01', ourNumber: '124466932' },
    );
    expect(slip.barcode).toBe('23795796800000001990001250012446693212345670');
  });

  it('accepts the amount limits and refuses what lies outside them', () => {
    const at = (amountCents: number) =>
      issueSlip(settings, { amountCents, dueDate: '2026-12-01', ourNumber: '1' });
    expect(at(1).barcode.slice(9, 19)).toBe('0000000001');
    expect(at(9_999_999_999).barcode.slice(9, 19)).toBe('9999999999');
    for (const bad of [0, -1, 10_000_000_000, 1.5, Number.NaN]) expect(() => at(bad)).toThrow();
  });

  it('refuses bad free fields, dates and our numbers', () => {
    const input = { amountCents: 100, dueDate: '2026-12-01', ourNumber: '1' };
    expect(() => issueSlip({ ...settings, agency: '12345' }, input)).toThrow();
    expect(() => issueSlip({ ...settings, wallet: 'ab' }, input)).toThrow();
    expect(() => issueSlip({ ...settings, account: '' }, input)).toThrow();
    expect(() => issueSlip(settings, { ...input, ourNumber: '123456789012' })).toThrow();
    expect(() => issueSlip(settings, { ...input, ourNumber: '12a' })).toThrow();
    expect(() => issueSlip(settings, { ...input, dueDate: '2026-02-29' })).toThrow();
    expect(() =>
      buildBarcode({ bankCode: '237', dueDate: '2026-12-01', amountCents: 1, freeField: '1'.repeat(24) }),
    ).toThrow();
  });

  it('computes the nosso número DV (mod 11, weights 2..7; remainder 1 → P)', () => {
    // carteira 19, nosso número 00000000002: 1·2 + 9·7 + 2·2 = 69, 69 mod 11 = 3, DV 11 − 3 = 8.
    expect(bradescoOurNumberDv('19', '00000000002')).toBe('8');
    // 1·2 + 9·7 + 1·2 = 67, remainder 1 → P; 1·2 + 9·7 + 6·2 = 77, remainder 0 → 0.
    expect(bradescoOurNumberDv('19', '00000000001')).toBe('P');
    expect(bradescoOurNumberDv('19', '00000000006')).toBe('0');
  });
});
