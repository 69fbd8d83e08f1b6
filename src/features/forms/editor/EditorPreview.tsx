import { useState } from "react";
import { Grid, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { isLocale, type Locale } from "../../../shared/i18n/locales";
import { FlaggedOutline } from "../preview/FlaggedOutline";
import { FormPreview } from "../preview/FormPreview";
import type { FormDocument } from "./form-document";

/** The editor's preview tab: the form as an observer sees it, in either language, beside what goes to the urgent inbox. */
export function EditorPreview({ document }: { document: FormDocument }) {
  const { i18n } = useLingui();
  const [locale, setLocale] = useState<Locale>(isLocale(i18n.locale) ? i18n.locale : "en");
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="preview-language">
              <Trans>Preview language</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="preview-language"
              w="fit-content"
              value={locale}
              onChange={(value) => isLocale(value) && setLocale(value)}
              data={[
                { value: "en", label: "English" },
                { value: "ro", label: "Română" },
              ]}
            />
          </Stack>
          <FormPreview document={document} locale={locale} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            <Trans>Goes to the urgent inbox</Trans>
          </Title>
          <FlaggedOutline document={document} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
