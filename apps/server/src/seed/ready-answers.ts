import { normalizeSearchText } from '@prosa/shared/knowledge';
import { knowledgeItems, knowledgeItemTags, knowledgeTags } from '../db/schema/knowledge';
import { searchColumnOf } from '../modules/knowledge/repository';
import type { Tx } from '../platform/db';

// Ready answers of the demo company (spec 1 §3 Knowledge-base item), with tags and a few uses.
const ANSWERS: { title: string; text: string; tags: string[]; uses: number }[] = [
  {
    title: 'Frete grátis',
    text: 'O frete é grátis para compras acima de R$ 199,00 para todo o Brasil. Abaixo desse valor, o frete é calculado no carrinho a partir do CEP de entrega.',
    tags: ['Frete', 'Entrega'],
    uses: 12,
  },
  {
    title: 'Prazo de entrega',
    text: 'O prazo de entrega é de 3 a 7 dias úteis após a confirmação do pagamento, conforme a região. Você recebe o código de rastreio por e-mail assim que o pedido for despachado.',
    tags: ['Entrega'],
    uses: 9,
  },
  {
    title: 'Segunda via de boleto',
    text: 'Para emitir a segunda via do boleto, acesse Minha conta > Pedidos, escolha o pedido e clique em "Gerar segunda via". O novo boleto vence em 2 dias úteis.',
    tags: ['Financeiro', 'Boleto'],
    uses: 5,
  },
  {
    title: 'Horário de atendimento',
    text: 'Nosso atendimento funciona de segunda a sexta, das 8h às 18h, e aos sábados, das 9h às 13h (exceto feriados).',
    tags: ['Atendimento'],
    uses: 3,
  },
  {
    title: 'Troca e devolução',
    text: 'Você pode solicitar a troca ou devolução em até 7 dias corridos após o recebimento. O produto deve estar sem uso e na embalagem original. A coleta é gratuita.',
    tags: ['Troca', 'Devolução'],
    uses: 2,
  },
  {
    title: 'Formas de pagamento',
    text: 'Aceitamos cartão de crédito em até 10x sem juros, Pix com 5% de desconto e boleto bancário à vista.',
    tags: ['Financeiro', 'Pagamento'],
    uses: 0,
  },
];

export async function seedReadyAnswers(tx: Tx, companyId: number) {
  const tagNames = [...new Set(ANSWERS.flatMap((a) => a.tags))];
  const tags = await tx
    .insert(knowledgeTags)
    .values(tagNames.map((tag) => ({ companyId, tag, normalized: normalizeSearchText(tag) })))
    .returning({ id: knowledgeTags.id, tag: knowledgeTags.tag });
  for (const answer of ANSWERS) {
    const [item] = await tx
      .insert(knowledgeItems)
      .values({
        companyId,
        title: answer.title,
        text: answer.text,
        search: searchColumnOf(answer.title, answer.text),
        uses: answer.uses,
      })
      .returning({ id: knowledgeItems.id });
    if (!item) throw new Error('seed: ready answer not created');
    await tx
      .insert(knowledgeItemTags)
      .values(
        tags
          .filter((t) => answer.tags.includes(t.tag))
          .map((t) => ({ companyId, itemId: item.id, tagId: t.id })),
      );
  }
}
