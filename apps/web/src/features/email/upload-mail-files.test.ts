import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { uploadMailFiles } from './upload-mail-files';

const file = (name: string) => new File(['x'], name, { type: 'application/pdf' });
const ref = (name: string) => ({
  id: `id-${name}`,
  type: 'document' as const,
  mimeType: 'application/pdf',
  originalName: name,
  key: `k/${name}`,
  size: 1,
  sig: 's',
});

describe('active e-mail file uploads', () => {
  it('returns the references in order', async () => {
    const refs = await uploadMailFiles(1, [file('a.pdf'), file('b.pdf')], async (_c, f) => ({
      file: ref(f.name),
    }));
    expect(refs.map((r) => r.originalName)).toEqual(['a.pdf', 'b.pdf']);
  });

  it("says 'Erro ao realizar upload do arquivo' when the upload fails without a reason", async () => {
    const failing = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(uploadMailFiles(1, [file('a.pdf')], failing)).rejects.toThrow(
      'Erro ao realizar upload do arquivo',
    );
  });

  it("shows the server's reason when it gives one", async () => {
    const refused = async () => {
      throw new ApiError({
        status: 400,
        code: 'VALIDATION',
        message: 'Arquivo a.exe inválido!',
        fromServer: true,
      });
    };
    await expect(uploadMailFiles(1, [file('a.exe')], refused)).rejects.toThrow('Arquivo a.exe inválido!');
  });
});
