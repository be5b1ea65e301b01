import { Stack } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarTime,
  IconCash,
  IconClockHour4,
  IconCopy,
  IconEye,
  IconMail,
  IconMailOpened,
  IconMessageCircle,
  IconMicrophone,
  IconReportMoney,
  IconTag,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MetadataTabCard, MetaSwitch, tabIcon } from './metadata-tab-card';
import { useMetadataForm } from './use-company-metadata';

type TSwitch = { path: string; label: string; description?: string };
type TSwitchTab = { id: string; title: string; icon: ReactNode; description: string; switches: TSwitch[] };

/** A tab made of company switches (allow flags and on/off settings of spec 1 §3 and spec 3 §3). */
function SwitchesTab({ tab, fields }: { tab: TSwitchTab; fields: readonly string[] }) {
  const form = useMetadataForm(fields);
  return (
    <MetadataTabCard id={tab.id} title={tab.title} icon={tab.icon} description={tab.description} form={form}>
      <Stack gap="md">
        {tab.switches.map((s) => (
          <MetaSwitch key={s.path} form={form} {...s} />
        ))}
      </Stack>
    </MetadataTabCard>
  );
}

function switchTab(tab: TSwitchTab) {
  const fields = tab.switches.map((s) => s.path);
  return () => <SwitchesTab tab={tab} fields={fields} />;
}

export const MessageCopyTab = switchTab({
  id: 'message-copy-title',
  title: 'Cópia de mensagens',
  icon: tabIcon(IconCopy),
  description: 'Define se os operadores podem copiar mensagens e conversas na tela de atendimento.',
  switches: [
    {
      path: 'allow.message-copy',
      label: 'Permitir copiar mensagens',
      description:
        'Mostra a opção de copiar o texto das mensagens e a conversa inteira. Desligado, nada da conversa pode ser copiado.',
    },
  ],
});

export const ReadUnreadTab = switchTab({
  id: 'read-unread-title',
  title: 'Lido / não lido',
  icon: tabIcon(IconMailOpened),
  description: 'Controle de leitura dos atendimentos na lista de atendimentos.',
  switches: [
    {
      path: 'read_unread.enabled',
      label: 'Permitir marcar atendimentos como não lidos',
      description:
        'Na conversa, o operador marca o atendimento como não lido para voltar a ele depois; abri-lo de novo o marca como lido.',
    },
  ],
});

export const ViewOptionsTab = switchTab({
  id: 'view-options-title',
  title: 'Opções de visualização',
  icon: tabIcon(IconEye),
  description: 'O que os operadores veem dos contatos e dos atendimentos.',
  switches: [
    {
      path: 'allow.viewphone',
      label: 'Mascarar o telefone dos contatos para operadores',
      description: 'Os operadores veem o número com parte dos dígitos ocultos.',
    },
    {
      path: 'allow.viewemail',
      label: 'Mascarar o e-mail dos contatos para operadores',
    },
    {
      path: 'allow.viewedby',
      label: 'Mostrar quem visualizou o atendimento',
      description: 'Lista de usuários que abriram a conversa.',
    },
    {
      path: 'allow.viewtmr',
      label: 'Mostrar o tempo de espera nos atendimentos',
      description: 'Nos cards, há quanto tempo o contato espera uma resposta.',
    },
    {
      path: 'allow.whatsapp-profile-picture',
      label: 'Mostrar a foto de perfil do WhatsApp dos contatos',
      description: 'Nos cards e na conversa dos números de WhatsApp por QR code.',
    },
  ],
});

export const StatusConfirmTab = switchTab({
  id: 'status-confirm-title',
  title: 'Status',
  icon: tabIcon(IconTag),
  description: 'Confirmação antes de aplicar um status a um atendimento.',
  switches: [
    {
      path: 'allow.confirmCompletionStatus',
      label: 'Confirmar antes de aplicar um status de finalização',
    },
    {
      path: 'allow.confirmClassificationStatus',
      label: 'Confirmar antes de aplicar um status de classificação',
    },
  ],
});

export const SchedulingTab = switchTab({
  id: 'scheduling-title',
  title: 'Agendamento',
  icon: tabIcon(IconCalendarTime),
  description: 'Retornos agendados a um contato, feitos pelo operador na tela de atendimento.',
  switches: [
    {
      path: 'allow.scheduling',
      label: 'Permitir agendar retornos',
      description: 'O link de agendamento não aparece em web chat e NewChat.',
    },
    {
      path: 'auto_dist.scheduling.send_queue',
      label: 'No retorno, enviar o atendimento para a fila',
      description: 'Desligado, o atendimento volta para o operador que agendou.',
    },
  ],
});

export const ContactTab = switchTab({
  id: 'contact-title',
  title: 'Contatos',
  icon: tabIcon(IconUserCircle),
  description: 'Cadastro de contatos (pessoas) com CPF, e-mails e telefones.',
  switches: [
    {
      path: 'allow.person',
      label: 'Ativar o cadastro de contatos',
      description: 'Mostra os dados do contato na tela de atendimento e a lista de contatos.',
    },
  ],
});

export const AudioTab = switchTab({
  id: 'audio-title',
  title: 'Áudio',
  icon: tabIcon(IconMicrophone),
  description: 'Mensagens de voz gravadas pelos operadores (mp3 128 kbps mono).',
  switches: [
    {
      path: 'audio.enabled',
      label: 'Permitir que os operadores gravem e enviem áudios',
      description: 'Mostra o botão de gravar áudio na conversa.',
    },
  ],
});

export const SecondsControlTab = switchTab({
  id: 'seconds-control-title',
  title: 'Controle de segundos',
  icon: tabIcon(IconClockHour4),
  description: 'Precisão dos tempos exibidos nos atendimentos.',
  switches: [
    {
      path: 'seconds_control.enabled',
      label: 'Exibir os segundos nos tempos dos atendimentos',
      description: 'Ligado, os cards mostram "5m 12s"; desligado, só a maior unidade ("5m").',
    },
  ],
});

export const InternalMessengerTab = switchTab({
  id: 'internal-messenger-title',
  title: 'Comunicação interna',
  icon: tabIcon(IconMessageCircle),
  description: 'Mensagens internas entre gestores e operadores, fora dos atendimentos.',
  switches: [
    {
      path: 'allow.internal_messenger',
      label: 'Ativar a comunicação interna',
      description:
        'Gestores escrevem a operadores escolhidos ou a todos, pedindo resposta quando precisarem; operadores respondem e escrevem aos gestores. Desligada, o menu Comunicação interna some para todos.',
    },
  ],
});

export const CrmTab = switchTab({
  id: 'crm-title',
  title: 'CRM',
  icon: tabIcon(IconReportMoney),
  description: 'Oportunidades de venda em um funil próprio, criadas e vinculadas a partir dos atendimentos.',
  switches: [
    {
      path: 'allow.allowCosmosCRM',
      label: 'Ativar as oportunidades (CRM)',
      description:
        'Mostra o menu Oportunidades e o botão Oportunidades na conversa aos usuários com permissão de CRM (gestores têm por padrão; operadores quando um administrador concede).',
    },
  ],
});

export const NegotiatorTab = switchTab({
  id: 'negotiator-title',
  title: 'Negociador',
  icon: tabIcon(IconCash),
  description:
    'Robô de negociação de débitos: consulta o mailing pelo CPF ou CNPJ, oferece as condições e emite o boleto, na conversa e no hotsite.',
  switches: [
    {
      path: 'allow.negotiator',
      label: 'Ativar o negociador',
      description:
        'Mostra o menu Negociador aos gestores. Desligado, o menu some, os negociadores deixam de responder nos canais e os hotsites de negociação saem do ar.',
    },
  ],
});

export const EmailTab = switchTab({
  id: 'email-title',
  title: 'E-mail',
  icon: tabIcon(IconMail),
  description: 'Leitura das caixas de e-mail dos canais de e-mail.',
  switches: [
    {
      path: 'allow.near-real-time-email',
      label: 'E-mail quase em tempo real (IDLE)',
      description:
        'Ligado, o servidor de e-mail avisa cada mensagem nova assim que ela chega. Desligado, as caixas são verificadas a cada 5 minutos.',
    },
  ],
});

export const GoogleCalendarTab = switchTab({
  id: 'google-calendar-title',
  title: 'Google Agenda',
  icon: tabIcon(IconCalendarEvent),
  description: 'Retornos agendados na Google Agenda de cada usuário.',
  switches: [
    {
      path: 'allow.google-calendar',
      label: 'Ativar a Google Agenda',
      description:
        'Cada usuário conecta a própria conta Google em Minha conta; seus retornos agendados viram eventos de 15 minutos, movidos ao remarcar e removidos ao cancelar. Desligada, nada é enviado às agendas.',
    },
  ],
});
