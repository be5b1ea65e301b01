import { mailboxKey, ZEmConfig } from '@prosa/shared/email';
import { sanitizeEmailHtml } from '../channels/email/sanitize';
import { channels } from '../db/schema/channels';
import { encryptSecret } from '../platform/crypto';
import type { Tx } from '../platform/db';
import type { Line, Sample } from './sample-types';

export const DEMO_EMAIL_NAME = 'E-mail do Suporte';
export const DEMO_EMAIL_ADDRESS = 'suporte@empresademo.com.br';

/**
 * The demo's e-mail config, on placeholder servers that do not exist (.invalid never resolves): the workers'
 * reader shows "Servidor não encontrado (DNS)" and tries again only with a growing wait, until an admin edits the
 * config with real servers.
 */
export async function insertDemoEmail(tx: Tx, companyId: number, sectorId: number, appSecret: string) {
  const fields = {
    imap_host: 'imap.empresademo.invalid',
    imap_port: 993,
    imap_user: DEMO_EMAIL_ADDRESS,
    imap_folder: 'INBOX',
  };
  const [row] = await tx
    .insert(channels)
    .values({
      companyId,
      kind: 'em',
      name: DEMO_EMAIL_NAME,
      defaultSectorId: sectorId,
      routeKey: mailboxKey(fields),
      config: ZEmConfig.parse({
        imap: {
          host: fields.imap_host,
          port: 993,
          secure: true,
          user: DEMO_EMAIL_ADDRESS,
          folder: 'INBOX',
          mark_seen: true,
        },
        smtp: { host: 'smtp.empresademo.invalid', port: 465, secure: true, user: DEMO_EMAIL_ADDRESS },
        sender_name: 'Suporte Empresa Demo',
        sender_address: DEMO_EMAIL_ADDRESS,
      }),
      secretsSealed: {
        imap_password: encryptSecret('senha-de-exemplo', appSecret),
        smtp_password: encryptSecret('senha-de-exemplo', appSecret),
      },
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('seed: e-mail config not created');
  return row.id;
}

const email = (o: {
  id: string;
  subject: string;
  from: string;
  name: string;
  html?: string;
  replyTo?: string[];
}) => ({
  email: {
    message_id: o.id,
    in_reply_to: o.replyTo?.at(-1) ?? null,
    references: o.replyTo ?? [],
    subject: o.subject,
    from: { address: o.from, name: o.name },
    to: [{ address: DEMO_EMAIL_ADDRESS, name: 'Suporte Empresa Demo' }],
    cc: [],
    html: o.html ? sanitizeEmailHtml(o.html) : null,
  },
});

const MARINA = 'marina.costa@exemplo.com.br';
const RAFAEL = 'rafael.souza@exemplo.com.br';

/** Its conversations: an open thread (an HTML reply quoting the history) and a finalized one. */
export function emailSamples(channelId: number): Sample[] {
  const open: Line[] = [
    {
      from: 'contact',
      text: 'Olá, recebi a fatura de novembro com valor diferente do contratado. Podem verificar?',
      minutesAgo: 50,
      metadata: email({
        id: 'fatura-1@exemplo.com.br',
        subject: 'Fatura de novembro',
        from: MARINA,
        name: 'Marina Costa',
      }),
    },
    {
      from: 'operator',
      text: 'Olá, Marina! Vamos verificar e retornamos ainda hoje.',
      minutesAgo: 45,
      delivery: 'sent',
      metadata: { email_out: { subject: 'Re: Fatura de novembro' } },
    },
    {
      from: 'contact',
      text: 'Obrigada! Segue o número do contrato: 2024-118.\n\nEm 26/11, Suporte Empresa Demo escreveu:\n> Olá, Marina! Vamos verificar e retornamos ainda hoje.',
      minutesAgo: 12,
      metadata: email({
        id: 'fatura-2@exemplo.com.br',
        subject: 'Re: Fatura de novembro',
        from: MARINA,
        name: 'Marina Costa',
        replyTo: ['fatura-1@exemplo.com.br'],
        html:
          '<p>Obrigada! Segue o número do contrato: <b>2024-118</b>.</p>' +
          '<img src="https://rastreio.exemplo.com.br/pixel.gif" alt="logo">' +
          '<div class="gmail_quote"><p>Em 26/11, Suporte Empresa Demo escreveu:</p>' +
          '<blockquote>Olá, Marina! Vamos verificar e retornamos ainda hoje.</blockquote></div>',
      }),
    },
  ];
  return [
    {
      kind: 'em',
      channelId,
      externalId: MARINA,
      name: 'Marina Costa',
      data: { email: MARINA },
      sector: 'Suporte',
      operator: null,
      closed: null,
      lines: open,
    },
    {
      kind: 'em',
      channelId,
      externalId: RAFAEL,
      name: 'Rafael Souza',
      data: { email: RAFAEL },
      sector: 'Suporte',
      operator: 'Ana',
      closed: { status: 'Resolvido', minutesAgo: 3 * 24 * 60 },
      lines: [
        {
          from: 'contact',
          text: 'Bom dia, como emito a segunda via do boleto?',
          minutesAgo: 3 * 24 * 60 + 40,
          metadata: email({
            id: 'boleto-1@exemplo.com.br',
            subject: 'Segunda via do boleto',
            from: RAFAEL,
            name: 'Rafael Souza',
          }),
        },
        {
          from: 'operator',
          text: 'Bom dia, Rafael! Acesse Minha conta > Financeiro > Segunda via.',
          minutesAgo: 3 * 24 * 60 + 30,
          delivery: 'sent',
          metadata: { email_out: { subject: 'Re: Segunda via do boleto' } },
        },
      ],
    },
  ];
}
