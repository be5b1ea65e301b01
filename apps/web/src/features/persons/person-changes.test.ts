import { describe, expect, it } from 'vitest';
import { changeSentences, formatFieldValue } from './person-changes';

const TZ = 'America/Sao_Paulo';
// 22/11/2026 10:31 in São Paulo (UTC-3).
const AT = '2026-11-22T13:31:00.000Z';

describe('contact change log as sentences', () => {
  it('writes one sentence per changed field, with who, the old and new values and when', () => {
    const lines = changeSentences(
      {
        id: 1,
        kind: 'update',
        user_name: 'Gustavo Gestor',
        changes: {
          cpf: [null, '52998224725'],
          birth_date: ['1990-01-02', '1991-02-03'],
          phones: [[], [{ phone: '11987654321', is_whatsapp: true }]],
        },
        created_at: AT,
      },
      TZ,
    );
    expect(lines).toEqual([
      'Gustavo Gestor alterou CPF de — para 529.982.247-25 em 22/11/2026 10:31',
      'Gustavo Gestor alterou Data de nascimento de 02/01/1990 para 03/02/1991 em 22/11/2026 10:31',
      'Gustavo Gestor alterou Telefones de — para (11) 98765-4321 (WhatsApp) em 22/11/2026 10:31',
    ]);
  });

  it('tells creations, imports and merges apart', () => {
    const base = { id: 2, user_name: 'Ana', created_at: AT };
    expect(changeSentences({ ...base, kind: 'create', changes: { name: [null, 'X'] } }, TZ)).toEqual([
      'Ana criou o contato em 22/11/2026 10:31',
    ]);
    expect(changeSentences({ ...base, kind: 'import', changes: { file: 'base.csv' } }, TZ)).toEqual([
      'Ana importou o contato do arquivo base.csv em 22/11/2026 10:31',
    ]);
    expect(
      changeSentences(
        {
          ...base,
          kind: 'merge',
          changes: { merged_person_id: 9, emails: [['a@x.com'], ['a@x.com', 'b@y.com']] },
        },
        TZ,
      ),
    ).toEqual([
      'Ana mesclou o contato nº 9 a este contato em 22/11/2026 10:31',
      'Ana alterou E-mails de a@x.com para a@x.com, b@y.com em 22/11/2026 10:31',
    ]);
    expect(changeSentences({ ...base, kind: 'merged_into', changes: { into_person_id: 4 } }, TZ)).toEqual([
      'Ana mesclou este contato ao contato nº 4 em 22/11/2026 10:31',
    ]);
  });

  it('names the system when no user is known', () => {
    expect(
      changeSentences(
        { id: 3, kind: 'update', user_name: null, changes: { rg: ['1', '2'] }, created_at: AT },
        TZ,
      ),
    ).toEqual(['Sistema alterou RG de 1 para 2 em 22/11/2026 10:31']);
  });

  it('masks phones and e-mails in the log when the operator sees them masked', () => {
    const masks = { phone: true, email: true };
    expect(formatFieldValue('phones', [{ phone: '11912345678', is_whatsapp: false }], masks)).toBe(
      '*******5678',
    );
    expect(formatFieldValue('emails', ['pedro@cliente.com.br'], masks)).toBe('p****@cliente.com.br');
    expect(formatFieldValue('tags', ['vip', 'sp'])).toBe('vip, sp');
    expect(formatFieldValue('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
  });
});
