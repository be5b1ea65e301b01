import { Alert, Button, Card, Group, Loader, Stack, Tabs, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZMultichannelInput } from '@prosa/shared/multichannel';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconMail,
  IconMessageCircle,
  IconMessages,
  IconPalette,
  IconWorld,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { useLinkableChannels, useMultichannel, useSaveMultichannel } from './api';
import { EmailTab, FacebookTab, NewchatTab, TelegramTab, WebchatTab, WhatsappTab } from './channel-tabs';
import { CustomTab } from './custom-tab';
import { emptyLink, fromLink, type TLinkFormValues } from './form-values';
import { MULTICHANNEL_PATH } from './multichannel-page';
import { ShareCard } from './share-card';
import { WidgetTab } from './widget-tab';

// The tab of a field with an error, so a refused save shows where.
const TAB_OF: Record<string, string> = {
  em: 'em',
  waweb: 'waweb',
  fa: 'fa',
  web: 'web',
  telegram: 'telegram',
  nc: 'nc',
  custom_css: 'custom',
  custom_links: 'custom',
  hotsite: 'custom',
};

/** main.create-multichannel: a new link (/new) or an existing one (/:id). */
export function MultichannelFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const link = useMultichannel(id);
  const channels = useLinkableChannels();
  const save = useSaveMultichannel();
  const [tab, setTab] = useState<string | null>('em');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TLinkFormValues>({
    initialValues: emptyLink(),
    validate: zodValidate(ZMultichannelInput),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the saved link once it arrives.
  useEffect(() => {
    if (link.data) {
      form.setValues(fromLink(link.data));
      form.resetDirty(fromLink(link.data));
    }
  }, [link.data]);

  if (params.id && id === null) return <Alert color="red">Multicanal não encontrado.</Alert>;
  if (id !== null && link.isPending) return <Loader m="xl" aria-label="Carregando" />;
  if (id !== null && link.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="Multicanal não encontrado.">
        {errorMessage(link.error, 'Tente novamente em instantes.')}
      </Alert>
    );

  const options = channels.data ?? [];
  const submit = form.onSubmit(
    (values) => {
      setProblem(null);
      const body = ZMultichannelInput.parse(values);
      save.mutate(
        { id, body },
        {
          onSuccess: (saved) => {
            if (id === null) navigate(`${MULTICHANNEL_PATH}/${saved.id}`, { replace: true });
          },
          onError: (error) => setProblem(errorMessage(error) ?? null),
        },
      );
    },
    (errors) => {
      const [path, message] = Object.entries(errors)[0] ?? [];
      setProblem(typeof message === 'string' ? message : null);
      const section = path?.split('.')[1];
      if (path?.startsWith('payload.') && section && TAB_OF[section]) setTab(TAB_OF[section]);
    },
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={id === null ? 'Novo multicanal' : 'Editar multicanal'}
        description="Escolha os canais que aparecem no hotsite e no widget, e a aparência deles."
        actions={
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate(MULTICHANNEL_PATH)}
          >
            Voltar
          </Button>
        }
      />
      {link.data ? <ShareCard hash={link.data.hash} /> : null}
      <form onSubmit={submit} noValidate>
        <Card withBorder padding="lg">
          <Stack gap="md">
            {problem ? (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {problem}
              </Alert>
            ) : null}
            {channels.isError ? (
              <Alert color="red" icon={<IconAlertCircle />}>
                Erro ao carregar os canais
              </Alert>
            ) : null}
            <TextInput label="Nome" required maxLength={120} {...form.getInputProps('name')} />
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="em" leftSection={<IconMail size={16} />}>
                  E-mail
                </Tabs.Tab>
                <Tabs.Tab value="waweb" leftSection={<IconBrandWhatsapp size={16} />}>
                  WhatsApp
                </Tabs.Tab>
                <Tabs.Tab value="fa" leftSection={<IconBrandMessenger size={16} />}>
                  Facebook
                </Tabs.Tab>
                <Tabs.Tab value="web" leftSection={<IconMessageCircle size={16} />}>
                  Web chat
                </Tabs.Tab>
                <Tabs.Tab value="telegram" leftSection={<IconBrandTelegram size={16} />}>
                  Telegram
                </Tabs.Tab>
                <Tabs.Tab value="nc" leftSection={<IconMessages size={16} />}>
                  NewChat
                </Tabs.Tab>
                <Tabs.Tab value="widget" leftSection={<IconPalette size={16} />}>
                  Widget
                </Tabs.Tab>
                <Tabs.Tab value="custom" leftSection={<IconWorld size={16} />}>
                  Hotsite e links
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="em" pt="md">
                <EmailTab form={form} />
              </Tabs.Panel>
              <Tabs.Panel value="waweb" pt="md">
                <WhatsappTab form={form} options={options} />
              </Tabs.Panel>
              <Tabs.Panel value="fa" pt="md">
                <FacebookTab form={form} options={options} />
              </Tabs.Panel>
              <Tabs.Panel value="web" pt="md">
                <WebchatTab form={form} options={options} />
              </Tabs.Panel>
              <Tabs.Panel value="telegram" pt="md">
                <TelegramTab form={form} options={options} />
              </Tabs.Panel>
              <Tabs.Panel value="nc" pt="md">
                <NewchatTab form={form} options={options} />
              </Tabs.Panel>
              <Tabs.Panel value="widget" pt="md">
                <WidgetTab form={form} />
              </Tabs.Panel>
              <Tabs.Panel value="custom" pt="md">
                <CustomTab form={form} />
              </Tabs.Panel>
            </Tabs>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => navigate(MULTICHANNEL_PATH)} disabled={save.isPending}>
                Cancelar
              </Button>
              <Button type="submit" loading={save.isPending}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </Stack>
  );
}
