import { Alert, MultiSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { TMultichannelOption } from '@prosa/shared/multichannel';
import { IconInfoCircle } from '@tabler/icons-react';
import { ChannelBaseFields } from './channel-fields';
import { idOf, idValue, type TLinkForm } from './form-values';

type Props = { form: TLinkForm; options: TMultichannelOption[] };

const byKind = (options: TMultichannelOption[], kind: TMultichannelOption['kind']) =>
  options.filter((o) => o.kind === kind);

function NoChannels({ what }: { what: string }) {
  return (
    <Alert color="gray" icon={<IconInfoCircle />} variant="light">
      A empresa ainda não tem {what}. Cadastre primeiro no menu de canais.
    </Alert>
  );
}

export function EmailTab({ form }: { form: TLinkForm }) {
  return (
    <Stack gap="md">
      <ChannelBaseFields form={form} channel="em" />
      <TextInput
        label="E-mail"
        placeholder="contato@empresa.com.br"
        type="email"
        {...form.getInputProps('payload.em.email')}
      />
    </Stack>
  );
}

export function WhatsappTab({ form, options }: Props) {
  const numbers = byKind(options, 'waweb');
  return (
    <Stack gap="md">
      <ChannelBaseFields form={form} channel="waweb" />
      {numbers.length === 0 ? <NoChannels what="números de WhatsApp" /> : null}
      <MultiSelect
        label="Números de WhatsApp"
        placeholder="Selecione os números"
        data={numbers.map((n) => ({
          value: String(n.id),
          label: n.detail ? `${n.name} (+${n.detail})` : `${n.name} (sem telefone)`,
        }))}
        value={form.values.payload.waweb.number.map(String)}
        onChange={(v) => form.setFieldValue('payload.waweb.number', v.map(Number))}
        error={form.errors['payload.waweb.number']}
        searchable
      />
    </Stack>
  );
}

export function FacebookTab({ form, options }: Props) {
  const pages = byKind(options, 'fa');
  return (
    <Stack gap="md">
      <ChannelBaseFields form={form} channel="fa" />
      {pages.length === 0 ? <NoChannels what="páginas do Facebook" /> : null}
      <Select
        label="Página do Facebook"
        placeholder="Selecione a página"
        data={pages.map((p) => ({ value: p.detail, label: p.name }))}
        value={form.values.payload.fa.facebook_user_id || null}
        onChange={(v) => form.setFieldValue('payload.fa.facebook_user_id', v ?? '')}
        clearable
      />
    </Stack>
  );
}

export function WebchatTab({ form, options }: Props) {
  const chats = byKind(options, 'web');
  const web = form.values.payload.web;
  return (
    <Stack gap="md">
      <ChannelBaseFields form={form} channel="web" />
      {chats.length === 0 ? <NoChannels what="web chats" /> : null}
      <Select
        label="Web chat"
        placeholder="Selecione o web chat"
        data={chats.map((c) => ({ value: String(c.id), label: c.name }))}
        value={idValue(web.webchat)}
        onChange={(v) => form.setFieldValue('payload.web.webchat', idOf(v))}
        error={form.errors['payload.web.webchat']}
        clearable
      />
      <Switch
        label="Ativar botão “Me ligue” (abre o web chat)"
        {...form.getInputProps('payload.web.call_me_enabled', { type: 'checkbox' })}
      />
      {web.call_me_enabled ? (
        <TextInput
          label="Descrição do “Me ligue”"
          maxLength={300}
          {...form.getInputProps('payload.web.call_me.text_description')}
        />
      ) : null}
    </Stack>
  );
}

export function TelegramTab({ form, options }: Props) {
  const bots = byKind(options, 'tg');
  const tg = form.values.payload.telegram;
  return (
    <Stack gap="md">
      <ChannelBaseFields form={form} channel="telegram" />
      {bots.length === 0 ? <NoChannels what="canais do Telegram" /> : null}
      <Select
        label="Canal do Telegram"
        placeholder="Selecione o canal"
        data={bots.map((b) => ({
          value: String(b.id),
          label: b.detail ? `${b.name} (@${b.detail})` : b.name,
        }))}
        value={idValue(tg.telegram_channel)}
        onChange={(v) => {
          form.setFieldValue('payload.telegram.telegram_channel', idOf(v));
          // The user of t.me/<user> is the bot's username unless the manager writes another.
          const bot = bots.find((b) => String(b.id) === v);
          if (bot?.detail) form.setFieldValue('payload.telegram.user_telegram', bot.detail);
        }}
        clearable
      />
      <TextInput
        label="Usuário do Telegram"
        description="O botão abre t.me/usuário."
        placeholder="meu_bot"
        {...form.getInputProps('payload.telegram.user_telegram')}
      />
    </Stack>
  );
}

export function NewchatTab({ form, options }: Props) {
  const chats = byKind(options, 'nc');
  return (
    <Stack gap="md">
      <ChannelBaseFields form={form} channel="nc" />
      {chats.length === 0 ? <NoChannels what="canais de NewChat" /> : null}
      <Select
        label="Canal de NewChat"
        placeholder="Selecione o canal"
        data={chats.map((c) => ({ value: String(c.id), label: c.name }))}
        value={idValue(form.values.payload.nc.newchat)}
        onChange={(v) => form.setFieldValue('payload.nc.newchat', idOf(v))}
        error={form.errors['payload.nc.newchat']}
        clearable
      />
    </Stack>
  );
}
