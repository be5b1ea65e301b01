import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  cleanUserInput,
  ZInactivateInput,
  ZSignatureInput,
  ZUserCreateInput,
  ZUserUpdateInput,
} from './users-admin';
import {
  IMPORT_MAX_USERS,
  importModelCsv,
  matchSectors,
  missingColumns,
  normalizeHeader,
  parseCsv,
  parseGender,
  parseRoleLetter,
  validateImport,
} from './users-import';

const SECTORS = [
  { id: 1, name: 'Comercial' },
  { id: 2, name: 'Suporte' },
  { id: 3, name: 'Financeiro' },
  { id: 4, name: 'Relações Públicas' },
];

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('user save rules (spec 2 §5)', () => {
  const valid = {
    name: 'Carla Dias',
    email: 'carla@exemplo.com.br',
    display_name: '',
    password: 'Senha123',
    gender: 'female',
    role: 0,
  };

  it('gives each required-field text, in the order of the form', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '  ' }, 'Nome é obrigatório'],
      [{ ...valid, email: '' }, 'E-mail é obrigatório'],
      [{ ...valid, email: 'carla@' }, 'E-mail inválido.'],
      [{ ...valid, password: '' }, 'Senha é obrigatório'],
      [{ ...valid, password: 'curta1' }, 'A senha deve ter no mínimo 8 caracteres, com letras e números.'],
      [{ ...valid, gender: 'x' }, 'Gênero é obrigatório'],
      [{ ...valid, gender: null }, 'Gênero é obrigatório'],
      [{ ...valid, role: null }, 'Função é obrigatório'],
      [{ ...valid, role: 7 }, 'Função inválida.'],
    ];
    for (const [input, message] of cases) {
      expect(firstMessage(ZUserCreateInput.safeParse(input)), message).toBe(message);
    }
    const noNames = ZUserCreateInput.safeParse({ ...valid, name: '', display_name: '' });
    expect(noNames.error?.issues.map((i) => i.message)).toEqual([
      'Nome é obrigatório',
      'Nome de exibição é obrigatório',
    ]);
  });

  it('asks the password only on creation, and the display name defaults to the name', () => {
    expect(ZUserCreateInput.safeParse(valid).success).toBe(true);
    expect(ZUserUpdateInput.safeParse({ ...valid, password: '' }).success).toBe(true);
    expect(firstMessage(ZUserUpdateInput.safeParse({ ...valid, password: 'semnumero' }))).toBe(
      'A senha deve ter no mínimo 8 caracteres, com letras e números.',
    );
    const clean = cleanUserInput({ ...valid, email: ' Carla@Exemplo.com.BR ', sectors: [2, 2, 3] });
    expect(clean).toMatchObject({
      display_name: 'Carla Dias',
      email: 'carla@exemplo.com.br',
      sectors: [2, 3],
      profile_id: null,
    });
    expect(cleanUserInput({ ...valid, password: '' }).password).toBeNull();
  });

  it('lists roles only up to the caller', () => {
    expect(assignableRoles(1).map((r) => r.label)).toEqual(['Operador', 'Gestor']);
    expect(assignableRoles(2).map((r) => r.value)).toEqual([0, 1, 2]);
  });

  it('signature and inactivation texts', () => {
    expect(firstMessage(ZSignatureInput.safeParse({ label: ' ', sector_id: 1 }))).toBe(
      'Descrição é obrigatória',
    );
    expect(firstMessage(ZSignatureInput.safeParse({ label: 'Att.' }))).toBe('Setor é obrigatório');
    expect(firstMessage(ZInactivateInput.safeParse({ inactive_since: '2026-01-01' }))).toBe(
      'Favor informar uma data de inativação.',
    );
    expect(firstMessage(ZInactivateInput.safeParse({}))).toBe('Favor informar uma data de inativação.');
  });
});

describe('CSV parsing', () => {
  it('normalises headers: lower case, no accents, spaces to underscores, BOM removed', () => {
    expect(normalizeHeader('\uFEFFNome')).toBe('nome');
    expect(normalizeHeader(' Nome de Exibição ')).toBe('nome_de_exibicao');
    expect(normalizeHeader('Gênero')).toBe('genero');
    expect(normalizeHeader('FUNÇÃO')).toBe('funcao');
    expect(normalizeHeader('Setores  de transferência')).toBe('setores_de_transferencia');
  });

  it('reads ; separated rows with BOM, CRLF, quoted cells and blank lines, keeping file line numbers', () => {
    const text =
      '\uFEFFNome;E-mail;Nome de exibição;Senha;Gênero;Função;Setores;Nome\r\n' +
      'Ana Paula;ana@ex.com;Ana;Senha123;F;O;"Comercial,Suporte";outra\r\n' +
      '\r\n' +
      '"Silva; Bruno";bruno@ex.com;;Senha123;M;G;Suporte\n';
    const { headers, records } = parseCsv(text);
    expect(headers).toEqual([
      'nome',
      'email',
      'nome_de_exibicao',
      'senha',
      'genero',
      'funcao',
      'setores',
      'nome',
    ]);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      line: 2,
      values: { nome: 'Ana Paula', setores: 'Comercial,Suporte' },
    });
    expect(records[1]).toMatchObject({ line: 4, values: { nome: 'Silva; Bruno', email: 'bruno@ex.com' } });
    expect(missingColumns(headers)).toEqual([]);
    expect(missingColumns(['nome', 'email'])).toEqual(['senha', 'genero', 'funcao']);
  });

  it('counts 51 users in a 51-row file (the limit is 50)', () => {
    const lines = ['nome;email;senha;genero;funcao'];
    for (let i = 0; i < 51; i++) lines.push(`U${i};u${i}@ex.com;Senha123;M;O`);
    const { records } = parseCsv(lines.join('\n'));
    expect(records).toHaveLength(51);
    expect(records.length > IMPORT_MAX_USERS).toBe(true);
  });

  it('reads genders, role letters and sector names leniently', () => {
    expect(['M', 'masculino', 'Male'].map(parseGender)).toEqual(['male', 'male', 'male']);
    expect(['f', 'Feminino', 'FEMALE'].map(parseGender)).toEqual(['female', 'female', 'female']);
    expect(parseGender('X')).toBeNull();
    expect(parseRoleLetter('o')).toBe(0);
    expect(parseRoleLetter('G')).toBe(1);
    expect(parseRoleLetter('A')).toBe('invalid');
    expect(parseRoleLetter('')).toBeNull();
    expect(matchSectors(' suporte , RELACOES publicas,Vendas,', SECTORS)).toEqual({
      ids: [2, 4],
      names: ['Suporte', 'Relações Públicas'],
      missing: ['Vendas'],
    });
  });
});

describe('CSV row validation', () => {
  const header = 'nome;email;nome_de_exibicao;senha;genero;funcao;setores;setores_de_transferencia';
  const ctx = {
    sectors: SECTORS,
    takenEmails: new Set(['gestor@empresademo.com.br']),
    restrictTransfer: false,
  };

  it('reports each row with the user-save texts and the file rules', () => {
    const text = [
      header,
      'Ana;ana@ex.com;;Senha123;F;O;Comercial;Vendas',
      ';;;;;;',
      ';sem-arroba;;123;X;A;Vendas',
      'Gestor;GESTOR@empresademo.com.br;;Senha123;M;G;',
      'Ana 2;ana@ex.com;;Senha123;F;G;Suporte',
      'Caio;caio@ex.com;;;M;;',
    ].join('\n');
    const rows = validateImport(parseCsv(text).records, ctx);
    expect(rows.map((r) => [r.line, r.status_messages])).toEqual([
      [2, []],
      [
        4,
        [
          'Nome é obrigatório',
          'E-mail inválido.',
          'Nome de exibição é obrigatório',
          'A senha deve ter no mínimo 8 caracteres, com letras e números.',
          'Gênero é obrigatório',
          'Função inválida (use O ou G).',
          'Setor não encontrado: Vendas',
        ],
      ],
      [5, ['E-mail já cadastrado.']],
      [6, ['E-mail repetido no arquivo.']],
      [7, ['Senha é obrigatório', 'Função é obrigatório']],
    ]);
    expect(rows[0]).toMatchObject({
      display_name: 'Ana',
      gender: 'female',
      role: 0,
      role_label: 'Operador',
      sectors: ['Comercial'],
      sector_ids: [1],
      transfer_sectors: [],
    });
  });

  it('reads transfer sectors only when the company restricts transfers', () => {
    const text = `${header}\nAna;ana@ex.com;;Senha123;F;O;Comercial;Suporte,Vendas`;
    const off = validateImport(parseCsv(text).records, ctx);
    expect(off[0]?.status_messages).toEqual([]);
    const on = validateImport(parseCsv(text).records, { ...ctx, restrictTransfer: true });
    expect(on[0]?.transfer_sector_ids).toEqual([2]);
    expect(on[0]?.status_messages).toEqual(['Setor não encontrado: Vendas']);
  });
});

describe('model file', () => {
  it('has the header and two examples, only with the letters O and G', () => {
    const plain = parseCsv(importModelCsv(false, ['Comercial', 'Suporte']));
    expect(plain.headers).toEqual([
      'nome',
      'email',
      'nome_de_exibicao',
      'senha',
      'genero',
      'funcao',
      'setores',
    ]);
    expect(plain.records.map((r) => r.values.funcao)).toEqual(['O', 'G']);
    const rows = validateImport(plain.records, {
      sectors: SECTORS,
      takenEmails: new Set(),
      restrictTransfer: false,
    });
    expect(rows.every((r) => r.status_messages.length === 0)).toBe(true);
    const withTransfer = parseCsv(importModelCsv(true, ['Comercial', 'Suporte']));
    expect(withTransfer.headers.at(-1)).toBe('setores_de_transferencia');
    expect(withTransfer.records[0]?.values.setores_de_transferencia).toBe('Suporte');
  });
});
