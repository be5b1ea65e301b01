import type { AppDeps } from '../../platform/deps';
import { findWebchatByCode } from './repository';

/** The demo company's web chat: the demo page always loads this code, created with the demo data. */
export const DEMO_WEBCHAT_CODE = 'demo-empresa';

/**
 * A page of the demo company's "site" with its web chat, so anyone can talk to the operators. The chat is the
 * one the demo data creates, by its fixed code (never by a company name, which any tenant may choose); 404
 * with an explanation when it does not exist (no demo data, or deleted).
 */
export async function demoPage(deps: Pick<AppDeps, 'db'>): Promise<{ status: 200 | 404; html: string }> {
  const w = await findWebchatByCode(deps.db, DEMO_WEBCHAT_CODE);
  const script = w ? `<script src="/webchat/${DEMO_WEBCHAT_CODE}.js" async></script>` : '';
  const note = w
    ? 'Clique no botão de conversa no canto inferior direito, preencha o formulário e escreva. A mensagem chega na tela de Atendimentos dos operadores da Empresa Demo.'
    : `O web chat de demonstração não está disponível neste servidor. Ele é criado com os dados de demonstração (SEED_DEMO=true), com o código <code>${DEMO_WEBCHAT_CODE}</code>, e pode ter sido removido.`;
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Empresa Demo — site de demonstração</title>
<style>
  body { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; margin: 0; color: #1f2933; background: #f5f7fa; }
  header { background: #1c7ed6; color: #fff; padding: 24px 40px; }
  main { max-width: 760px; margin: 40px auto; padding: 0 24px; line-height: 1.6; }
  .card { background: #fff; border-radius: 12px; padding: 24px 28px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
</style>
</head>
<body>
<header><h1>Empresa Demo</h1><p>Soluções para o seu negócio</p></header>
<main>
  <div class="card">
    <h2>Fale com a gente</h2>
    <p>${note}</p>
    <p>Esta página simula o site de um cliente do Prosa: basta uma tag <code>&lt;script&gt;</code> para incluir o web chat.</p>
  </div>
</main>
${script}
</body>
</html>`;
  return { status: w ? 200 : 404, html };
}
