import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  EMAIL_MAX_RECIPIENTS,
  EMAIL_MSG,
  EMAIL_SUBJECT_MAX,
  RECIPIENT_FIELD,
  type TActiveEmailInput,
  ZActiveEmailInput,
} from '@prosa/shared/email';
import { ROLE } from '@prosa/shared/roles';
import { IconAlertTriangle, IconMail, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { useSectors } from '../sectors/api';
import { uploadMailFile, useCreateActiveEmail, useEmailConfigOptions } from './api';
import { uploadMailFiles } from './upload-mail-files';

/** "E-mail ativo" next to the other active modals of the chat screen: shown when the company has a config. */
export function ActiveEmailButton() {
  const options = useEmailConfigOptions();
  const [opened, setOpened] = useState(false);
  if (!options.data || options.data.length === 0) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconMail size={16} />} onClick={() => setOpened(true)}>
        E-mail ativo
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="E-mail ativo"
        size={720}
        closeOnClickOutside={false}
      >
        {opened ? <ActiveEmailForm onClose={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

type Errors = Partial<Record<keyof TActiveEmailInput, string>>;

function ActiveEmailForm({ onClose }: { onClose: () => void }) {
  const me = useCurrentUser();
  const configs = useEmailConfigOptions();
  const sectors = useSectors();
  const create = useCreateActiveEmail();
  const [configId, setConfigId] = useState<string | null>(
    configs.data?.length === 1 ? String(configs.data[0]?.id) : null,
  );
  const [sectorId, setSectorId] = useState<string | null>(null);
  const [to, setTo] = useState<string[]>([]);
  const [cc, setCc] = useState<string[]>([]);
  const [bcc, setBcc] = useState<string[]>([]);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // Operators open it in one of their own sectors; managers in any.
  const sectorOptions = (sectors.data ?? [])
    .filter((s) => me.role >= ROLE.manager || me.sectorIds.includes(s.id))
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));

  const submit = async () => {
    setWarning(null);
    const draft = {
      email_config_id: configId ? Number(configId) : undefined,
      sector_id: sectorId ? Number(sectorId) : undefined,
      to,
      cc,
      bcc,
      subject,
      body,
      attachments: [],
    };
    const parsed = ZActiveEmailInput.safeParse(draft);
    const found: Errors = {};
    if (to.length === 0) found.to = EMAIL_MSG.recipientRequired;
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof TActiveEmailInput;
        found[key] ??= issue.message;
      }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setUploading(true);
    try {
      let refs: Awaited<ReturnType<typeof uploadMailFiles>>;
      try {
        refs = await uploadMailFiles(parsed.data.email_config_id, files, uploadMailFile);
      } catch (error) {
        setWarning(error instanceof Error ? error.message : EMAIL_MSG.uploadError);
        return;
      }
      const result = await create.mutateAsync({ ...parsed.data, attachments: refs });
      if (result.sent) {
        toast.success(result.message);
        onClose();
      } else setWarning(result.error ?? result.message);
    } catch (error) {
      // The server's refusal (a blocked recipient named by its field, an invalid file) is shown as a warning.
      setWarning(errorMessage(error, EMAIL_MSG.checkError) ?? EMAIL_MSG.checkError);
    } finally {
      setUploading(false);
    }
  };

  const recipients = (field: 'to' | 'cc' | 'bcc', value: string[], set: (v: string[]) => void) => (
    <TagsInput
      label={RECIPIENT_FIELD[field]}
      withAsterisk={field === 'to'}
      placeholder="e-mail e Enter"
      maxTags={EMAIL_MAX_RECIPIENTS}
      splitChars={[',', ';', ' ']}
      value={value}
      onChange={set}
      error={errors[field]}
    />
  );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Configuração de e-mail"
          withAsterisk
          data={(configs.data ?? []).map((c) => ({
            value: String(c.id),
            label: `${c.name} (${c.sender_address})`,
          }))}
          value={configId}
          onChange={setConfigId}
          error={errors.email_config_id}
        />
        <Select
          label="Setor"
          withAsterisk
          placeholder={sectors.isPending ? 'Carregando…' : 'Selecione'}
          data={sectorOptions}
          value={sectorId}
          onChange={setSectorId}
          error={errors.sector_id}
        />
      </SimpleGrid>
      {recipients('to', to, setTo)}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {recipients('cc', cc, setCc)}
        {recipients('bcc', bcc, setBcc)}
      </SimpleGrid>
      <TextInput
        label="Assunto"
        withAsterisk
        maxLength={EMAIL_SUBJECT_MAX}
        value={subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
        error={errors.subject}
      />
      <Textarea
        label="Mensagem"
        withAsterisk
        autosize
        minRows={5}
        maxRows={12}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        error={errors.body}
      />
      <FileInput
        label="Anexos"
        placeholder="Selecione arquivos (BMP, GIF, JPG, MP4, PDF, PNG)"
        multiple
        clearable
        leftSection={<IconPaperclip size={16} />}
        value={files}
        onChange={setFiles}
      />
      {warning ? (
        <Alert color="yellow" icon={<IconAlertTriangle />} title="Alerta!">
          {warning}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={uploading}>
          Cancelar
        </Button>
        <Button onClick={() => void submit()} loading={uploading || create.isPending}>
          Enviar
        </Button>
      </Group>
    </Stack>
  );
}
