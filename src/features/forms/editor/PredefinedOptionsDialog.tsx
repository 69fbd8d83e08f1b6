import { useState } from "react";
import { Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { isLocale, type Locale } from "../../../shared/i18n/locales";
import { usePreviewI18n } from "../preview/preview-i18n";
import { useEditorTools } from "./editor-context";
import { addPredefinedOptions, PREDEFINED_GROUPS, readSelectedPredefined, writeSelectedPredefined } from "./predefined-options";

interface PredefinedOptionsDialogProps {
  question: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Adds common options (yes/no/don't know, a 1–5 rating) to a question in one go. Ticks are remembered for next
 * time; the options are written in the language the user picks (the app's by default, since forms are usually
 * written in it), and an option the question already has is not added twice.
 */
export function PredefinedOptionsDialog({ question, opened, onClose }: PredefinedOptionsDialogProps) {
  const { t, i18n } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Predefined options`} centered>
      {opened ? <PredefinedOptionsChoice question={question} appLocale={isLocale(i18n.locale) ? i18n.locale : "en"} onClose={onClose} /> : null}
    </Modal>
  );
}

function PredefinedOptionsChoice({ question, appLocale, onClose }: { question: string; appLocale: Locale; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { edit, newKey, announce } = useEditorTools();
  const [ticked, setTicked] = useState(() => readSelectedPredefined(localStorage));
  const [language, setLanguage] = useState<Locale>(appLocale);
  const written = usePreviewI18n(language);

  const tick = (ids: string[]) => {
    setTicked(ids);
    writeSelectedPredefined(localStorage, ids);
  };
  const add = () => {
    if (!written) return;
    edit(addPredefinedOptions(question, ticked, (text) => written._(text), newKey));
    announce(t`Predefined options added; those the question already had were skipped.`);
    onClose();
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Tick the options to add. Options the question already has are skipped. Your ticks are remembered.</Trans>
      </Text>
      {PREDEFINED_GROUPS.map((group) => (
        <Checkbox.Group
          key={group.id}
          label={i18n._(group.label)}
          value={ticked.filter((id) => group.options.some((option) => option.id === id))}
          onChange={(ids) => tick([...ticked.filter((id) => !group.options.some((option) => option.id === id)), ...ids])}
        >
          <Group gap="md" mt={6}>
            {group.options.map((option) => (
              <Checkbox key={option.id} value={option.id} label={typeof option.text === "string" ? option.text : i18n._(option.text)} />
            ))}
          </Group>
        </Checkbox.Group>
      ))}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="predefined-language">
          <Trans>Write the options in</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="predefined-language"
          value={language}
          onChange={(value) => isLocale(value) && setLanguage(value)}
          data={[
            { value: "en", label: "English" },
            { value: "ro", label: "Română" },
          ]}
        />
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans id="CANCEL">Cancel</Trans>
        </Button>
        <Button onClick={add} disabled={ticked.length === 0} loading={!written}>
          <Trans>Add</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
