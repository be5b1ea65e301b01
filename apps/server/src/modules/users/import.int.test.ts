import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { userImports } from '../../db/schema/admin';
import { userSectors, users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let base: string;

// The real pg-boss worker runs the import job (createTestContext starts it by default).
beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  ids = await demoIds(ctx);
  base = `/api/companies/${ids.companyId}/users`;
});
afterAll(() => ctx.close());

const HEADER = 'Nome;E-mail;Nome de Exibição;Senha;Gênero;Função;Setores';

function multipart(file: { name: string; type: string; data: string | Buffer }) {
  const boundary = '----prosa-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  cookie: string,
  step: 'validate' | 'save',
  data: string | Buffer,
  name = 'usuarios.csv',
  type = 'text/csv',
) {
  const body = multipart({ name, type, data });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${base}/import/${step}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

type Row = { line: number; email: string; status_messages: string[]; role_label: string; sectors: string[] };

describe('CSV user import', () => {
  it('refuses files that are not .csv and files with more than 50 users', async () => {
    const admin = await http.login(ADMIN);
    const notCsv = await upload(admin, 'validate', 'nome;email', 'usuarios.xlsx');
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.message).toBe('Selecione um arquivo .csv');
    const image = await upload(admin, 'validate', 'x', 'foto.csv', 'image/png');
    expect(image.body.message).toBe('Selecione um arquivo .csv');
    const binary = await upload(admin, 'validate', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]));
    expect(binary.body.message).toBe('Selecione um arquivo .csv');

    const lines = [HEADER];
    for (let i = 0; i < 51; i++) lines.push(`Pessoa ${i};pessoa${i}@exemplo.com;;Senha123;M;O;Suporte`);
    const tooMany = await upload(admin, 'validate', lines.join('\n'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('O arquivo deve conter no máximo 50 usuários.');
    const fifty = await upload(admin, 'validate', lines.slice(0, 51).join('\n'));
    expect(fifty.status).toBe(200);
    expect(fifty.body.valid).toBe(true);
    expect((fifty.body.users as Row[]).length).toBe(50);
  });

  it('reports a mixed file row by row, and refuses to save it', async () => {
    const admin = await http.login(ADMIN);
    const text = [
      `\uFEFF${HEADER}`,
      'Paula Reis;paula.reis@exemplo.com;Paula;Senha123;F;O;suporte,COMERCIAL',
      ';paula-sem-arroba;;123;X;A;Vendas',
      'Gestor Repetido;gestor@empresademo.com.br;;Senha123;M;G;Suporte',
      'Paula Dois;Paula.Reis@exemplo.com;;Senha123;F;O;',
      'Sem Senha;sem.senha@exemplo.com;;;M;;Financeiro',
    ].join('\r\n');
    const r = await upload(admin, 'validate', text);
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    const rows = r.body.users as Row[];
    expect(rows.map((u) => [u.line, u.status_messages])).toEqual([
      [2, []],
      [
        3,
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
      [4, ['E-mail já cadastrado.']],
      [5, ['E-mail repetido no arquivo.']],
      [6, ['Senha é obrigatório', 'Função é obrigatório']],
    ]);
    expect(rows[0]).toMatchObject({ role_label: 'Operador', sectors: ['Suporte', 'Comercial'] });

    const save = await upload(admin, 'save', text);
    expect(save.status).toBe(400);
    expect(save.body.message).toBe('Falha ao cadastrar usuários.');
    expect((save.body.users as Row[]).length).toBe(5);
    const [paula] = await ctx.db.select().from(users).where(eq(users.email, 'paula.reis@exemplo.com'));
    expect(paula).toBeUndefined();
    expect(await ctx.db.select().from(userImports)).toEqual([]);
  });

  it('saves a valid file: a job creates the users, rows go to FINISHED, and they can log in', async () => {
    const manager = await http.login(MANAGER);
    const text = [
      HEADER,
      'Rita Campos;rita.campos@exemplo.com;Rita;Senha1234;feminino;O;Suporte',
      'Sergio Melo;sergio.melo@exemplo.com;;Senha1234;masculino;g;Comercial,Financeiro',
    ].join('\n');
    const saved = await upload(manager, 'save', text);
    expect(saved.status).toBe(200);
    const importId = saved.body.import_id as number;

    const [stored] = await ctx.db.select().from(userImports).where(eq(userImports.id, importId));
    expect(JSON.stringify(stored?.rows)).not.toContain('Senha1234');

    let progress: { rows: { status: string; email: string }[]; finished: boolean } = {
      rows: [],
      finished: false,
    };
    for (let i = 0; i < 100 && !progress.finished; i++) {
      const r = await http.get(`${base}/imports/${importId}`, { cookie: manager });
      expect(r.status).toBe(200);
      progress = r.body as typeof progress;
      if (!progress.finished) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(progress.finished).toBe(true);
    expect(progress.rows.map((r) => [r.email, r.status])).toEqual([
      ['rita.campos@exemplo.com', 'FINISHED'],
      ['sergio.melo@exemplo.com', 'FINISHED'],
    ]);

    const [sergio] = await ctx.db.select().from(users).where(eq(users.email, 'sergio.melo@exemplo.com'));
    expect(sergio).toMatchObject({
      role: 1,
      gender: 'male',
      displayName: 'Sergio Melo',
      mustChangePassword: true,
    });
    const sectors = await ctx.db
      .select()
      .from(userSectors)
      .where(eq(userSectors.userId, sergio?.id ?? 0));
    expect(sectors.map((s) => s.sectorId).sort()).toEqual(
      [ids.sector('Comercial'), ids.sector('Financeiro')].sort(),
    );
    const login = await http.post('/api/auth/login', {
      body: { email: 'rita.campos@exemplo.com', password: 'Senha1234' },
    });
    expect(login.body.step).toBe('change_password');

    // Importing the same file again is refused row by row: the e-mails now exist.
    const again = await upload(manager, 'validate', text);
    expect((again.body.users as Row[]).map((u) => u.status_messages)).toEqual([
      ['E-mail já cadastrado.'],
      ['E-mail já cadastrado.'],
    ]);
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`${base}/imports/${importId}`, { cookie: other })).status).toBe(404);
  });

  it('offers the model file with the letters O and G only; transfer sectors with restrictTransfer', async () => {
    const admin = await http.login(ADMIN);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base}/import/model`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="modelo-importacao-usuario.csv"');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('nome;email;nome_de_exibicao;senha;genero;funcao;setores');
    expect(lines.slice(1).map((l) => l.split(';')[5])).toEqual(['O', 'G']);

    await setAllow(ctx, ids.companyId, { restrictTransfer: true });
    const withTransfer = await ctx.app.inject({
      method: 'GET',
      url: `${base}/import/model`,
      headers: { cookie: admin },
    });
    expect(withTransfer.body.split('\r\n')[0]).toMatch(/;setores;setores_de_transferencia$/);
    // The model itself validates cleanly for the company.
    const check = await upload(admin, 'validate', withTransfer.body, 'modelo-importacao-usuario.csv');
    expect(check.body.valid).toBe(true);
    await setAllow(ctx, ids.companyId, { restrictTransfer: false });
  });
});
