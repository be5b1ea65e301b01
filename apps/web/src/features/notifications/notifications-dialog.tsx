import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import {
  answerFailureText,
  LEAD_PHONE_PATTERN,
  maskLeadPhone,
  NOTIFICATION_MODEL,
  NOTIFICATION_MSG,
} from '@prosa/shared/notifications-texts';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBellOff,
  IconChevronRight,
  IconExternalLink,
} from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import classes from './notifications-dialog.module.css';
import { useAnswerNotification, useUnreadNotifications, useUserNotification } from './user-api';

/** The users' notifications modal (spec 2 §2): the unread list, and a notification's detail with its answer. */
export function NotificationsDialog(props: { onClose: () => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={selected === null ? 'Notificações' : 'Notificação'}
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {selected === null ? (
        <UnreadList onOpen={setSelected} />
      ) : (
        <Detail id={selected} onBack={() => setSelected(null)} />
      )}
    </Modal>
  );
}

function UnreadList(props: { onOpen: (id: number) => void }) {
  const user = useCurrentUser();
  const unread = useUnreadNotifications();
  if (unread.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Carregando notificações" />
      </Center>
    );
  if (unread.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {errorMessage(unread.error, NOTIFICATION_MSG.loadError)}
      </Alert>
    );
  const items = unread.data.items;
  if (items.length === 0)
    return (
      <Stack align="center" gap="xs" py="xl">
        <IconBellOff size={32} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={500}>Nenhuma notificação não lida</Text>
        <Text size="sm" c="dimmed">
          Os avisos da administração aparecem aqui.
        </Text>
      </Stack>
    );
  return (
    <Stack gap={0} role="list" aria-label="Notificações não lidas">
      {items.map((n) => (
        <UnstyledButton
          key={n.id}
          role="listitem"
          className={classes.item}
          onClick={() => props.onOpen(n.id)}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate>
                {n.title}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(n.date, user.timezone)}
              </Text>
            </Stack>
            <IconChevronRight size={18} color="var(--mantine-color-gray-6)" aria-hidden />
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

function Detail(props: { id: number; onBack: () => void }) {
  const user = useCurrentUser();
  const detail = useUserNotification(props.id);
  const answer = useAnswerNotification();
  const [interested, setInterested] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});

  const send = (lead?: { name: string; phone: string }) =>
    answer.mutate(
      { id: props.id, lead },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          props.onBack();
        },
        onError: (e) => toast.error(errorMessage(e, answerFailureText(lead !== undefined))),
      },
    );

  const sendLead = () => {
    const found = {
      name: name.trim() ? undefined : NOTIFICATION_MSG.nameRequired,
      phone: LEAD_PHONE_PATTERN.test(phone) ? undefined : NOTIFICATION_MSG.invalidPhone,
    };
    setErrors(found);
    if (!found.name && !found.phone) send({ name: name.trim(), phone });
  };

  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={props.onBack} px={0}>
      Voltar
    </Button>
  );
  if (detail.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Carregando notificação" />
      </Center>
    );
  if (detail.isError)
    return (
      <Stack>
        <Alert color="red" icon={<IconAlertCircle />}>
          {errorMessage(detail.error, NOTIFICATION_MSG.notFound)}
        </Alert>
        <Group>{back}</Group>
      </Stack>
    );
  const n = detail.data;
  const offer = n.model_id === NOTIFICATION_MODEL.lead;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {n.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(n.date, user.timezone)}
          </Text>
        </Stack>
        {n.read ? <Badge variant="light">Lida</Badge> : null}
      </Group>
      {n.image_url ? <Image src={n.image_url} alt="" radius="md" mah={320} fit="contain" /> : null}
      {n.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {n.description}
        </Text>
      ) : null}
      {n.link ? (
        <Group>
          <Button
            component="a"
            href={n.link}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            rightSection={<IconExternalLink size={16} />}
          >
            Abrir link
          </Button>
          <Anchor
            href={n.link}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            c="dimmed"
            truncate
            maw={280}
          >
            {n.link}
          </Anchor>
        </Group>
      ) : null}
      {offer && interested ? (
        <Stack gap="sm">
          <TextInput
            label="Nome"
            withAsterisk
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Telefone"
            withAsterisk
            inputMode="tel"
            placeholder="(99) 99999-9999"
            value={phone}
            onChange={(e) => setPhone(maskLeadPhone(e.currentTarget.value))}
            error={errors.phone}
          />
        </Stack>
      ) : null}
      <Group justify="space-between">
        {back}
        <Group gap="sm">
          {offer && interested ? (
            <>
              <Button variant="default" onClick={() => setInterested(false)} disabled={answer.isPending}>
                Cancelar
              </Button>
              <Button onClick={sendLead} loading={answer.isPending}>
                Enviar
              </Button>
            </>
          ) : offer ? (
            <>
              <Button variant="default" onClick={() => send()} loading={answer.isPending && !interested}>
                Não tenho interesse
              </Button>
              <Button onClick={() => setInterested(true)} disabled={answer.isPending}>
                Tenho interesse
              </Button>
            </>
          ) : n.read ? null : (
            <Button onClick={() => send()} loading={answer.isPending}>
              Marcar como lida
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
