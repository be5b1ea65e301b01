import {
  Box,
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Typography,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZSurveyInput } from '@prosa/shared/surveys';
import { SURVEY_TYPE_LABEL, type TSurveyType } from '@prosa/shared/surveys-texts';
import { zodValidate } from '../../lib/zod-form';
import { useCreateSurvey } from './api';
import { CompanyMultiSelect } from './company-multi-select';
import { InfoPreview } from './info-preview';
import { emptySurvey, type TSurveyFormValues, toSurveyInput } from './survey-form-values';
import { SurveyImageField } from './survey-image-field';
import { SurveyQuestionsEditor } from './survey-questions-editor';

/** "Nova pesquisa": questions with choices, or a link to an external form; published on save. */
export function SurveyForm(props: { opened: boolean; onClose: () => void }) {
  const create = useCreateSurvey();
  const form = useForm<TSurveyFormValues>({
    mode: 'controlled',
    initialValues: emptySurvey(),
    validate: zodValidate(ZSurveyInput, toSurveyInput),
  });
  const values = form.getValues();
  const close = () => {
    if (create.isPending) return;
    form.reset();
    props.onClose();
  };
  const submit = form.onSubmit((v) => {
    if (create.isPending) return;
    create.mutate(toSurveyInput(v), { onSuccess: close });
  });

  return (
    <Modal opened={props.opened} onClose={close} title="Nova pesquisa" size="xl" centered>
      <form noValidate onSubmit={submit} aria-label="Nova pesquisa">
        <Stack gap="md">
          <SegmentedControl
            aria-label="Tipo da pesquisa"
            value={values.type}
            onChange={(v) => form.setFieldValue('type', v as TSurveyType)}
            data={[
              { value: 'questions', label: SURVEY_TYPE_LABEL.questions },
              { value: 'external_form', label: SURVEY_TYPE_LABEL.external_form },
            ]}
          />
          <TextInput label="Título" withAsterisk maxLength={200} {...form.getInputProps('title')} />
          <Textarea
            label="Descrição"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Textarea
              label="Informações (HTML)"
              description="Parágrafos, negrito, itálico, listas, títulos, links e imagens; o resto é removido."
              autosize
              minRows={5}
              maxRows={12}
              maxLength={20000}
              {...form.getInputProps('info')}
            />
            <Box>
              <Text size="sm" fw={500}>
                Prévia
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                Como os usuários verão.
              </Text>
              {values.info.trim() ? (
                <Typography>
                  <Box fz="sm" p="xs" bd="1px solid gray.3" style={{ borderRadius: 4 }}>
                    <InfoPreview html={values.info} />
                  </Box>
                </Typography>
              ) : (
                <Text size="sm" c="dimmed">
                  Sem informações.
                </Text>
              )}
            </Box>
          </SimpleGrid>
          <SurveyImageField
            value={values.image_url}
            onChange={(url) => form.setFieldValue('image_url', url)}
          />
          <CompanyMultiSelect
            value={values.company_ids}
            onChange={(ids) => form.setFieldValue('company_ids', ids)}
            error={form.errors.company_ids as string | undefined}
          />
          {values.type === 'questions' ? (
            <SurveyQuestionsEditor form={form} />
          ) : (
            <TextInput
              label="Link do formulário externo"
              placeholder="https://"
              withAsterisk
              maxLength={2000}
              {...form.getInputProps('link')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Publicar pesquisa
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
