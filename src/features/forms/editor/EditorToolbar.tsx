import { Link } from "react-router";
import { ActionIcon, Anchor, Badge, Button, Group, Title, Tooltip } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../shared/paths";
import { AuditHistoryLink } from "../../../shared/ui/AuditHistoryLink";
import type { ToolbarProps } from "./form-editor.connect";

/** The editor's header: back to the list, the title and state, undo and redo, Save draft and Publish. */
export function EditorToolbar(props: ToolbarProps) {
  const { t } = useLingui();
  const { formId, published, dirty, busy, canUndo, canRedo, saving } = props;
  const isNew = formId === null;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="wrap">
        <Anchor component={Link} to={paths.forms.href()} size="sm">
          <Trans>← Back to forms</Trans>
        </Anchor>
        <Title order={1} size="h2">
          {isNew ? <Trans id="NEW_FORM">New form</Trans> : <Trans id="FORM_EDIT">Edit form</Trans>}
        </Title>
        {isNew ? null : published ? (
          <Badge color="green" variant="light">
            <Trans>Published</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            <Trans>Draft</Trans>
          </Badge>
        )}
        {dirty ? (
          // Filled with dark text: the light variant's yellow text fails the WCAG AA contrast ratio (axe).
          <Badge color="yellow" autoContrast role="status">
            <Trans>Unsaved changes</Trans>
          </Badge>
        ) : null}
        {formId === null ? null : (
          <AuditHistoryLink subjectType="form" subjectId={formId}>
            <Trans comment="Link: the activity log narrowed to this record">History</Trans>
          </AuditHistoryLink>
        )}
      </Group>
      <Group gap="xs">
        <Tooltip label={t`Undo (Ctrl+Z)`}>
          <ActionIcon variant="default" size="lg" aria-label={t`Undo`} aria-keyshortcuts="Control+Z" disabled={!canUndo} onClick={props.onUndo}>
            ↶
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`Redo (Ctrl+Shift+Z)`}>
          <ActionIcon variant="default" size="lg" aria-label={t`Redo`} aria-keyshortcuts="Control+Shift+Z" disabled={!canRedo} onClick={props.onRedo}>
            ↷
          </ActionIcon>
        </Tooltip>
        <Button variant="default" loading={saving === "draft"} disabled={busy && saving !== "draft"} onClick={props.onSaveDraft}>
          <Trans>Save draft</Trans>
        </Button>
        <Button loading={saving === "publish"} disabled={busy && saving !== "publish"} onClick={props.onPublish}>
          {published ? <Trans>Publish changes</Trans> : <Trans>Publish</Trans>}
        </Button>
      </Group>
    </Group>
  );
}
