// Prosa's own release notes ("Novidades"), newest first. Without zod: the chat's first load reads them.
// The API answer's schemas are in releases-schemas.ts.

export type TReleaseItemKind = 'novo' | 'melhoria' | 'correção';
export type TReleaseItem = { kind: TReleaseItemKind; text: string };
export type TRelease = { version: string; date: string; title: string; items: TReleaseItem[] };

export const RELEASE_KIND_LABEL: Record<TReleaseItemKind, string> = {
  novo: 'Novo',
  melhoria: 'Melhoria',
  correção: 'Correção',
};

export const RELEASE_MSG = {
  notFound: 'Versão não encontrada.',
  badVersion: 'Versão inválida: use o formato 0.0.0.',
  loadError: 'Não foi possível carregar as novidades.',
  panelTitle: 'Novidades',
  understood: 'Entendi',
} as const;

/** A version as the releases use it: three numbers, no leading zeros, at most 20 characters. */
export const RELEASE_VERSION_PATTERN = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

export const RELEASES: readonly TRelease[] = [
  {
    version: '0.16.0',
    date: '2026-11-27',
    title: 'Supervisão, configurações completas e guia de primeiros passos',
    items: [
      {
        kind: 'novo',
        text: 'Gestores filtram os atendimentos por operador, devolvem atendimentos para a fila (ou para o início dela) e removem atendimentos travados — um atendimento trava quando três envios seguidos falham.',
      },
      {
        kind: 'novo',
        text: 'Novas abas de configuração: Dashboards, Campanhas (envios por minuto), Finalização em lote, Histórico, WhatsApp, Controle de mídia, Canais, Mudança automática e Opções de campanha.',
      },
      {
        kind: 'novo',
        text: 'Atendimento automático da empresa: horário de atendimento com resposta fora do horário, resposta quando não há operadores online e status padrão de finalização.',
      },
      {
        kind: 'novo',
        text: 'Guia de primeiros passos para novas empresas, boas-vindas do período de teste, tela de Treinamento e visualizador de mídia.',
      },
    ],
  },
  {
    version: '0.15.0',
    date: '2026-11-27',
    title: 'Negociador automático',
    items: [
      {
        kind: 'novo',
        text: 'Negociador automático: o robô pede o CPF ou CNPJ, mostra os débitos e as ofertas do mailing e emite o boleto em PDF, na conversa e no hotsite do negociador.',
      },
      {
        kind: 'novo',
        text: 'Frases do negociador editáveis para a conversa e para o hotsite, e o relatório de Negociação com exportação em CSV.',
      },
    ],
  },
  {
    version: '0.14.0',
    date: '2026-11-27',
    title: 'Retaguarda, integrações e oportunidades',
    items: [
      {
        kind: 'novo',
        text: 'Oportunidades (CRM): funil com colunas, valor, produto e responsável; crie e vincule oportunidades no próprio atendimento e abra o detalhe em nova aba.',
      },
      {
        kind: 'novo',
        text: 'Integrações com o RD Station Marketing e CRM: contatos novos e atendimentos finalizados enviados uma vez só, com novas tentativas e reenvio.',
      },
      {
        kind: 'novo',
        text: 'Google Agenda: conecte a sua conta e cada retorno agendado vira um evento na sua agenda, movido e removido junto.',
      },
      {
        kind: 'novo',
        text: 'WhatsApp Enterprise: vincule um número por código (SMS ou voz), gere o link de migração com o cadastro da Meta e veja todos os números na tela Números.',
      },
      {
        kind: 'novo',
        text: 'Faturas mensais calculadas do contrato, com PDF, nota fiscal e boleto; gestores veem quando o administrador libera.',
      },
      {
        kind: 'novo',
        text: 'Relatórios BI do Metabase e do Power BI embutidos, em tela cheia, e o relatório completo da empresa em Relatórios.',
      },
      {
        kind: 'novo',
        text: 'Organizações com CNPJ e backups do histórico: baixe o arquivo ou restaure numa empresa nova para consultar os atendimentos.',
      },
    ],
  },
  {
    version: '0.13.0',
    date: '2026-11-27',
    title: 'Comunicação interna, notificações e pesquisas',
    items: [
      {
        kind: 'novo',
        text: 'Comunicação interna: gestores e operadores conversam entre si em tempo real, com contador de mensagens não lidas no menu.',
      },
      {
        kind: 'novo',
        text: 'Painel de comunicação interna: mensagens enviadas, perguntas respondidas e pendentes e tempo médio de resposta de cada pessoa da equipe.',
      },
      {
        kind: 'novo',
        text: 'Notificações: o administrador publica avisos com texto, imagem e link para todos, só gestores ou só operadores, com período de exibição; cada usuário vê os seus no sino do cabeçalho.',
      },
      {
        kind: 'novo',
        text: 'Pesquisas internas: o administrador publica perguntas ou um formulário externo e cada usuário responde uma vez, numa janela que aparece assim que a pesquisa é publicada.',
      },
      {
        kind: 'novo',
        text: 'Novidades: o botão com estrelas no cabeçalho lista o que mudou em cada versão; quem já usava a versão anterior vê as novidades uma vez ao entrar.',
      },
    ],
  },
  {
    version: '0.12.0',
    date: '2026-11-27',
    title: 'Relatórios e painéis',
    items: [
      {
        kind: 'novo',
        text: 'Relatórios por assunto (produtividade, efetividade, analítico, fluxo de atendimento, pausas, sessões do WhatsApp Enterprise, gatilhos, campanhas, opt-in, pesquisas e outros), com período e filtros de usuário, canal, setor e status.',
      },
      {
        kind: 'novo',
        text: 'Relatórios em segundo plano: períodos longos viram um arquivo CSV que fica na lista de relatórios para baixar quando estiver pronto.',
      },
      {
        kind: 'novo',
        text: 'Painéis de negócio, de monitoramento, de resumo operacional (com detalhes e CSV) e de metas da equipe, atualizados ao vivo.',
      },
      { kind: 'novo', text: 'O Histórico filtrado pode ser baixado em PDF.' },
      {
        kind: 'melhoria',
        text: 'Status de finalização podem ser marcados como "Conta como sucesso" para os relatórios de efetividade.',
      },
    ],
  },
  {
    version: '0.11.0',
    date: '2026-11-26',
    title: 'Campanhas, mailings e lista de bloqueio',
    items: [
      {
        kind: 'novo',
        text: 'Mailings: importe listas de contatos em CSV, escolha as colunas e quais identificam o contato em cada canal.',
      },
      {
        kind: 'novo',
        text: 'Campanhas por SMS, WhatsApp por QR code e WhatsApp Enterprise (com modelo HSM) para um mailing ou para os assinantes, com agendamento, filtros pelas colunas do mailing e acompanhamento de envio, entrega e leitura ao vivo.',
      },
      {
        kind: 'novo',
        text: 'Opt-in: contatos que pedem para sair deixam de receber campanhas; a tela de Opt-in busca, ativa e desativa assinantes.',
      },
      {
        kind: 'novo',
        text: 'Lista de bloqueio: bloqueie contatos, veja o histórico de bloqueios e aprove ou recuse as sugestões de bloqueio dos operadores.',
      },
      {
        kind: 'novo',
        text: 'Ações em massa: finalize, transfira de setor ou de operador, classifique ou envie mensagem a vários atendimentos abertos de uma vez, com o progresso ao vivo.',
      },
    ],
  },
  {
    version: '0.10.0',
    date: '2026-11-26',
    title: 'Gatilhos, chatbots e pesquisas de satisfação',
    items: [
      {
        kind: 'novo',
        text: 'Gatilhos por canal: respostas automáticas por palavra, menus de opções, imagens e ações como transferir de setor, ordenados por arrastar e soltar.',
      },
      {
        kind: 'novo',
        text: 'Fluxos de chatbot num editor visual: mensagens, menus, perguntas, condições, chamadas HTTP, transferência e finalização, ligados aos canais.',
      },
      {
        kind: 'novo',
        text: 'Botão "Transferir para o BOT" no atendimento, quando a empresa permite transferir para o chatbot.',
      },
      {
        kind: 'novo',
        text: 'Pesquisas de satisfação enviadas ao cliente na finalização, com relatório por opção; no web chat as opções aparecem como botões.',
      },
    ],
  },
  {
    version: '0.9.0',
    date: '2026-11-26',
    title: 'E-mail, SMS e Smart',
    items: [
      {
        kind: 'novo',
        text: 'Canal de e-mail: caixas IMAP lidas quase em tempo real e respostas por SMTP na mesma conversa; cada conversa de e-mail vira um atendimento.',
      },
      {
        kind: 'novo',
        text: 'E-mails no atendimento com assunto, De/Para/Cc, HTML seguro e histórico citado em "mostrar histórico".',
      },
      {
        kind: 'novo',
        text: '"E-mail ativo" e "SMS ativo" na tela de atendimentos, para começar uma conversa com um contato.',
      },
      {
        kind: 'novo',
        text: 'Canal de SMS com Zenvia, Infobip, Movile ou um broker HTTP, com condições que levam a mensagem ao setor certo.',
      },
      {
        kind: 'novo',
        text: 'Gateways Smart (WhatsApp com transbordo para SMS), com o limite de texto do canal no atendimento.',
      },
    ],
  },
  {
    version: '0.8.0',
    date: '2026-11-26',
    title: 'Telegram, NewChat e Multicanal',
    items: [
      {
        kind: 'novo',
        text: 'Bots do Telegram: cadastre o token do @BotFather e receba por webhook ou por consulta periódica, com o estado do bot na lista.',
      },
      {
        kind: 'novo',
        text: 'NewChat: página de atendimento instalável como aplicativo, com termos de uso, posição na fila ao vivo e "digitando…" nos dois sentidos.',
      },
      {
        kind: 'novo',
        text: 'Multicanal: um hotsite e um widget para o site do cliente com todos os canais da empresa num só lugar.',
      },
    ],
  },
  {
    version: '0.7.0',
    date: '2026-11-26',
    title: 'Facebook e Instagram',
    items: [
      {
        kind: 'novo',
        text: 'Entre com o Facebook e conecte páginas do Messenger e contas do Instagram, cada uma com o seu setor.',
      },
      {
        kind: 'novo',
        text: 'Respostas e menções em stories do Instagram aparecem com o link "Ver story"; botões do Messenger aparecem como "Botão: …".',
      },
      {
        kind: 'melhoria',
        text: 'Novos contatos do Facebook e do Instagram chegam com o nome e a foto do perfil.',
      },
    ],
  },
  {
    version: '0.6.0',
    date: '2026-11-26',
    title: 'WhatsApp por QR code',
    items: [
      {
        kind: 'novo',
        text: 'Use um número comum de WhatsApp lendo o QR code com o celular; inicie, pare e acompanhe o estado do número na tela de WhatsApp.',
      },
      {
        kind: 'novo',
        text: 'WhatsApp ativo pelo número por QR code, com texto livre e arquivo de até 2 MB.',
      },
      {
        kind: 'novo',
        text: 'Monitor de canais com o estado de cada número, atualizado ao vivo.',
      },
      {
        kind: 'melhoria',
        text: 'Mensagens enviadas pelo próprio celular e as recebidas enquanto o número esteve desconectado entram na conversa.',
      },
      {
        kind: 'melhoria',
        text: 'A foto do perfil do WhatsApp do contato aparece no cartão e no atendimento, quando a opção está ligada.',
      },
    ],
  },
  {
    version: '0.5.0',
    date: '2026-11-24',
    title: 'Identidade visual, alertas e segurança',
    items: [
      {
        kind: 'novo',
        text: 'Identidade visual da empresa: título, logo e ícone no cabeçalho, na aba do navegador e na página de login.',
      },
      {
        kind: 'novo',
        text: 'Alertas de novos atendimentos e mensagens com som, notificação do navegador e contador na aba, que cada usuário pode silenciar.',
      },
      {
        kind: 'novo',
        text: 'Marcar atendimento como não lido, para todas as abas abertas.',
      },
      {
        kind: 'melhoria',
        text: 'Cópia de mensagens, áudio, tempo de espera e segundos seguem as configurações da empresa.',
      },
      {
        kind: 'correção',
        text: 'Códigos de verificação errados e envios de código por e-mail têm limite por usuário.',
      },
    ],
  },
  {
    version: '0.4.0',
    date: '2026-11-22',
    title: 'WhatsApp Enterprise',
    items: [
      {
        kind: 'novo',
        text: 'Números de WhatsApp Enterprise (API oficial da Meta) com todos os tipos de mensagem e confirmações de entrega e leitura.',
      },
      {
        kind: 'novo',
        text: 'Modelos HSM sincronizados com a Meta, e o envio de modelo quando a janela de 24 horas está fechada.',
      },
      {
        kind: 'novo',
        text: 'WhatsApp ativo: comece uma conversa com um contato a partir de um modelo aprovado.',
      },
    ],
  },
  {
    version: '0.3.0',
    date: '2026-11-22',
    title: 'Administração e ferramentas de conversa',
    items: [
      {
        kind: 'novo',
        text: 'Cadastro de empresas, usuários, perfis, setores, status e contratos, e permissões por módulo para cada usuário ou perfil.',
      },
      {
        kind: 'novo',
        text: 'Perguntas e respostas (respostas prontas) inseridas no atendimento, palavras de controle e campos de contato.',
      },
      {
        kind: 'novo',
        text: 'Anexos e mensagens de voz no atendimento, agendamento de retorno ao contato e cadastro de contatos.',
      },
      {
        kind: 'novo',
        text: 'Minha conta: foto de perfil, nome de exibição e preferências.',
      },
    ],
  },
  {
    version: '0.2.0',
    date: '2026-11-22',
    title: 'Tela de atendimentos e distribuição automática',
    items: [
      {
        kind: 'novo',
        text: 'Tela de atendimentos com filtros e contadores, citação de mensagens, encaminhamento, transferência, notas, status e linha do tempo do contato, ao vivo.',
      },
      {
        kind: 'novo',
        text: 'Distribuição automática dos atendimentos em espera entre os operadores on-line, respeitando limites e prioridades.',
      },
      {
        kind: 'novo',
        text: 'Pausas com motivo e tempo limite, e o botão de status on-line/off-line no cabeçalho.',
      },
      {
        kind: 'novo',
        text: 'Monitoramento da distribuição ao vivo e regras de atendimento (finalização automática, cliente sem resposta).',
      },
    ],
  },
  {
    version: '0.1.0',
    date: '2026-11-21',
    title: 'Plataforma, login com MFA e web chat',
    items: [
      {
        kind: 'novo',
        text: 'Login com verificação em duas etapas por código no e-mail ou aplicativo autenticador, troca de senha obrigatória e recuperação de senha.',
      },
      {
        kind: 'novo',
        text: 'Web chat para o site da empresa, instalado com uma linha de código, com as conversas chegando aos operadores em tempo real.',
      },
      {
        kind: 'novo',
        text: 'Histórico de atendimentos finalizados com filtros, visualização da conversa e exportação em CSV.',
      },
    ],
  },
];

function newestRelease(): TRelease {
  const newest = RELEASES[0];
  if (!newest) throw new Error('RELEASES must list at least one release');
  return newest;
}

/** The version this build is: the newest release. */
export const CURRENT_RELEASE: TRelease = newestRelease();

export function isReleaseVersion(value: string): boolean {
  return RELEASE_VERSION_PATTERN.test(value);
}

/** Compares two versions number by number ('0.10.0' is after '0.9.0'): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function findRelease(version: string): TRelease | undefined {
  return RELEASES.find((r) => r.version === version);
}
