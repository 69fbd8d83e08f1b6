import { Stack, Text, Title } from "@mantine/core";
import { I18nProvider, useLingui } from "@lingui/react";
import type { FormDocument } from "../editor/form-document";
import type { Locale } from "../../../shared/i18n/locales";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { PreviewQuestion } from "./PreviewQuestion";
import { previewMessages } from "./preview.messages";
import { usePreviewI18n } from "./preview-i18n";

interface FormPreviewProps {
  document: FormDocument;
  /** The language of the preview's own words (the form's texts are shown as written). */
  locale: Locale;
}

function PreviewSections({ document }: { document: FormDocument }) {
  const { i18n } = useLingui();
  if (document.sections.length === 0) {
    return <Text c="dimmed">{i18n._(previewMessages.emptyForm)}</Text>;
  }
  return (
    <Stack gap="xl">
      {document.sections.map((section) => (
        <Stack key={section.key} gap="md">
          <Title order={3}>{section.description || section.code}</Title>
          {section.questions.length === 0 ? <Text c="dimmed">{i18n._(previewMessages.emptySection)}</Text> : null}
          {section.questions.map((question) => (
            <PreviewQuestion key={question.key} question={question} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The form as an observer sees it, to try out: choosing a flagged option says at once that the answer would go
 * to the urgent inbox. The preview's own words follow `locale`, independently of the app's language.
 */
export function FormPreview({ document, locale }: FormPreviewProps) {
  const i18n = usePreviewI18n(locale);
  // Only while another language's catalog loads, which the app's language switch may already have done.
  if (!i18n) return <ListLoading />;
  return (
    <I18nProvider i18n={i18n}>
      <Stack gap="lg" lang={i18n.locale} data-testid="form-preview">
        <Title order={2}>{document.description}</Title>
        <PreviewSections document={document} />
      </Stack>
    </I18nProvider>
  );
}
