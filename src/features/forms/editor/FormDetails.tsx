import { memo, use } from "react";
import { Checkbox, Group, Paper, Stack, TextInput, Textarea } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { ProblemsContext, ReadOnlyContext, useEditorTools } from "./editor-context";
import { problemMessage } from "./form-editor.messages";
import { fieldId } from "./form-validation";

interface FormDetailsProps {
  code: string;
  description: string;
  diaspora: boolean;
}

/**
 * The form's own fields: its title (the spec's "description", the form's only descriptive text, hence a text area),
 * its code, and whether only diaspora stations use it.
 */
export const FormDetails = memo(function FormDetails({ code, description, diaspora }: FormDetailsProps) {
  const { edit } = useEditorTools();
  const { t, i18n } = useLingui();
  const readOnly = use(ReadOnlyContext);
  const problems = use(ProblemsContext);
  const problemOf = (id: string) => {
    const problem = problems.get(id);
    return problem ? problemMessage(i18n, problem) : undefined;
  };
  const titleId = fieldId({ of: "form", field: "description" });
  const codeId = fieldId({ of: "form", field: "code" });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <Textarea
            id={titleId}
            label={t`Form title`}
            description={t`Observers see this text as the form's title.`}
            withAsterisk
            autosize
            minRows={1}
            value={description}
            readOnly={readOnly}
            error={problemOf(titleId)}
            onChange={(event) => edit({ type: "form.set", field: "description", value: event.currentTarget.value })}
          />
          <TextInput
            id={codeId}
            label={t`Form code`}
            withAsterisk
            maw={200}
            value={code}
            readOnly={readOnly}
            error={problemOf(codeId)}
            onChange={(event) => edit({ type: "form.set", field: "code", value: event.currentTarget.value })}
          />
        </Group>
        <Checkbox
          label={t`Only diaspora`}
          description={t`Only polling stations abroad use this form.`}
          checked={diaspora}
          onChange={(event) => edit({ type: "form.setDiaspora", value: event.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
});
