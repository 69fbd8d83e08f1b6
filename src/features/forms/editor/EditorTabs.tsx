import { memo } from "react";
import { Stack, Tabs } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { formEditorMachine } from "./form-editor.machine";
import { selectDocument } from "./form-editor.selectors";
import { EditorPreview } from "./EditorPreview";
import { FormDetails } from "./FormDetails";
import { SectionList } from "./SectionList";

type EditorActor = ActorRefFrom<typeof formEditorMachine>;

/**
 * The Edit and Preview tabs. Rendered once: each panel reads the document itself. Mantine's Tabs gives its context a
 * new value whenever it renders, and React would then walk every card of a long form on each keystroke.
 */
export const EditorTabs = memo(function EditorTabs({ actor }: { actor: EditorActor }) {
  return (
    <Tabs defaultValue="edit" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="edit">
          <Trans>Edit</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="preview">
          <Trans>Preview</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="edit" pt="md">
        <EditPanel actor={actor} />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="md">
        <PreviewPanel actor={actor} />
      </Tabs.Panel>
    </Tabs>
  );
});

function EditPanel({ actor }: { actor: EditorActor }) {
  const document = useSelector(actor, selectDocument);
  return (
    <Stack gap="md">
      <FormDetails code={document.code} description={document.description} diaspora={document.diaspora} />
      <SectionList sections={document.sections} />
    </Stack>
  );
}

function PreviewPanel({ actor }: { actor: EditorActor }) {
  return <EditorPreview document={useSelector(actor, selectDocument)} />;
}
