import {
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  COMPANY_MSG,
  type TCompanyDetail,
  type TWhiteLabelKey,
  WHITE_LABEL_KEYS,
  WHITE_LABEL_LABEL,
  WHITE_LABEL_MAX_BYTES,
} from '@prosa/shared/company-admin';
import { IconDeviceFloppy, IconPhoto, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { toast } from '../../lib/toast';
import { usePatchCompany, useRemoveWhiteLabel, useUploadWhiteLabel } from './api';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'];

const HINT: Record<TWhiteLabelKey, string> = {
  logo: 'Exibido no topo das telas da empresa.',
  logo_login: 'Exibido na tela de login.',
  default_image: 'Imagem usada quando um contato ou canal não tem foto.',
};

/** Checks made before sending; the server checks the content again and its message wins. */
export function imageProblem(file: { size: number; type: string }): string | null {
  if (!ACCEPTED.includes(file.type)) return COMPANY_MSG.uploadInvalid;
  if (file.size > WHITE_LABEL_MAX_BYTES) return COMPANY_MSG.uploadTooLarge;
  return null;
}

function imageUrl(company: TCompanyDetail, key: TWhiteLabelKey): string | null {
  return key === 'default_image' ? company.default_image : company.view_data[key];
}

/** White-label (spec 2 §2): title, logo, login logo and default image (PNG, JPG, GIF or BMP up to 2 MB). */
export function WhiteLabelTab({ company }: { company: TCompanyDetail }) {
  const save = usePatchCompany(company.id);
  const form = useForm({ mode: 'controlled', initialValues: { title: company.view_data.title } });
  return (
    <Stack gap="xl" maw={960}>
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate({ view_data: { title: v.title } }))}>
        <Group align="flex-end" gap="sm" maw={640}>
          <TextInput
            flex={1}
            label="Título"
            description="Nome exibido na aba do navegador e no topo das telas."
            maxLength={120}
            placeholder={company.name}
            {...form.getInputProps('title')}
          />
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
            Salvar título
          </Button>
        </Group>
      </form>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {WHITE_LABEL_KEYS.map((key) => (
          <ImageSlot key={key} companyId={company.id} imageKey={key} url={imageUrl(company, key)} />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        PNG, JPG, GIF ou BMP de até 2 MB.
      </Text>
    </Stack>
  );
}

function ImageSlot(props: { companyId: number; imageKey: TWhiteLabelKey; url: string | null }) {
  const upload = useUploadWhiteLabel(props.companyId);
  const remove = useRemoveWhiteLabel(props.companyId);
  const label = WHITE_LABEL_LABEL[props.imageKey];
  const onFile = (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      toast.warning(problem);
      return;
    }
    upload.mutate({ key: props.imageKey, file });
  };
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Stack gap="sm" h="100%">
        <div>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {HINT[props.imageKey]}
          </Text>
        </div>
        <Center h={120} bg="gray.0" style={{ borderRadius: 8 }}>
          {props.url ? (
            <Image src={props.url} alt={`${label} atual`} mah={104} maw="90%" fit="contain" />
          ) : (
            <Stack gap={4} align="center">
              <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text size="xs" c="dimmed">
                Sem imagem
              </Text>
            </Stack>
          )}
        </Center>
        <Group gap="xs" mt="auto">
          <FileButton onChange={onFile} accept={ACCEPTED.join(',')}>
            {(p) => (
              <Button
                {...p}
                size="xs"
                variant="default"
                leftSection={<IconPhotoUp size={14} />}
                loading={upload.isPending}
                aria-label={`${props.url ? 'Trocar' : 'Enviar'} ${label.toLowerCase()}`}
              >
                {props.url ? 'Trocar' : 'Enviar'}
              </Button>
            )}
          </FileButton>
          {props.url ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              aria-label={`Remover ${label.toLowerCase()}`}
              onClick={() => remove.mutate(props.imageKey)}
            >
              Remover
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
