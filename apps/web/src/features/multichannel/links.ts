import { MULTICHANNEL_MSG } from '@prosa/shared/multichannel';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';

export const hotsiteUrl = (hash: string) => `${window.location.origin}/hotsite/${hash}`;
export const embedSnippet = (hash: string) =>
  `<script src="${window.location.origin}/multichannel/${hash}.js" async></script>`;

/** Copies and says so with the spec's text (spec 2 §8 "Link copiado com sucesso!"). */
export async function copyWithToast(text: string) {
  try {
    await copyText(text);
    toast.success(MULTICHANNEL_MSG.copied);
  } catch {
    toast.error('Não foi possível copiar. Selecione o texto e copie manualmente.');
  }
}
