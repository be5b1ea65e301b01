import { Button, CloseButton, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { SURVEY_IMAGE_MAX_BYTES, SURVEY_MSG } from '@prosa/shared/surveys-texts';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { uploadSurveyImage } from './api';

const ACCEPT = 'image/png,image/jpeg,.jpg,.jpeg,.png';

/** Spec 3 §5: a jpg, jpeg or png; checked here first, and again by the server by content. */
export function SurveyImageField(props: { value: string | null; onChange: (url: string | null) => void }) {
  const [sending, setSending] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    if (!/\.(jpe?g|png)$/i.test(file.name)) return toast.error(SURVEY_MSG.invalidImage);
    if (file.size > SURVEY_IMAGE_MAX_BYTES) return toast.error(SURVEY_MSG.imageTooLarge);
    setSending(true);
    try {
      props.onChange((await uploadSurveyImage(file)).url);
    } catch (error) {
      toast.error(errorMessage(error, SURVEY_MSG.uploadError));
    } finally {
      setSending(false);
    }
  };
  return (
    <Input.Wrapper label="Imagem" description="JPG ou PNG de até 2 MB, mostrada no topo da pesquisa.">
      <Stack gap="xs" mt={6}>
        {props.value ? (
          <Group align="flex-start" gap="xs">
            <Image src={props.value} alt="Prévia da imagem" h={120} w="auto" fit="contain" radius="sm" />
            <CloseButton aria-label="Remover imagem" onClick={() => props.onChange(null)} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Nenhuma imagem.
          </Text>
        )}
        <FileButton onChange={pick} accept={ACCEPT}>
          {(p) => (
            <Button
              {...p}
              variant="default"
              leftSection={<IconUpload size={16} />}
              loading={sending}
              style={{ alignSelf: 'flex-start' }}
            >
              {props.value ? 'Trocar imagem' : 'Enviar imagem'}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Input.Wrapper>
  );
}
