import { Alert, Button, Group, Modal, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PageError } from "../../../shared/machines/page-error";
import { ConfirmDialog } from "../../../shared/ui/ConfirmDialog";
import type { PublishReviewFacts } from "./form-editor.connect";
import { editorFailureMessage } from "./form-editor.messages";
import { diffForPublish } from "./form-publish-diff";
import { PublishReview } from "./PublishReview";

/** Work from an earlier visit, kept in this browser: offered back, never applied silently. */
export function RestoreOffer({ onRestore, onDiscard }: { onRestore: () => void; onDiscard: () => void }) {
  return (
    <Alert color="blue" title={<Trans>Unsaved work found</Trans>} role="status">
      <Text size="sm">
        <Trans>This browser kept changes to this form that were never saved. Restore them, or discard them to start from the saved form.</Trans>
      </Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" onClick={onRestore}>
          <Trans>Restore my changes</Trans>
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          <Trans>Discard them</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

/** Another organizer saved this form meanwhile: the user decides, and keeps every edit whatever they choose first. */
export function ConflictNotice({ busy, onReload, onKeepMine }: { busy: boolean; onReload: () => void; onKeepMine: () => void }) {
  return (
    // Red, not orange: the orange title on its light background reads at 3.6:1, under WCAG AA (axe).
    <Alert color="red" role="alert" title={<Trans>Someone else saved this form</Trans>}>
      <Text size="sm">
        <Trans>
          Another organizer saved a newer version while you were editing, so your save was not applied. Load their version (your
          changes here are dropped), or keep your changes and save them over theirs.
        </Trans>
      </Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" variant="default" disabled={busy} onClick={onReload}>
          <Trans>Load their version</Trans>
        </Button>
        {/* The primary colour: white on orange.8 fails the contrast ratio too. */}
        <Button size="xs" loading={busy} onClick={onKeepMine}>
          <Trans>Keep my changes</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

export function SaveFailure({ error }: { error: PageError }) {
  const { i18n } = useLingui();
  return (
    <Alert color="red" role="alert" title={<Trans>Not saved</Trans>}>
      <Text size="sm">{editorFailureMessage(i18n, error)}</Text>
    </Alert>
  );
}

interface PublishDialogProps {
  /** What the review shows while it is open; null while it is closed. */
  review: PublishReviewFacts | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Publishing, reviewed first: what changes for observers and how many answers that touches. */
export function PublishDialog({ review, busy, onConfirm, onCancel }: PublishDialogProps) {
  const { t } = useLingui();
  return (
    <Modal opened={review !== null} onClose={busy ? () => {} : onCancel} withCloseButton={!busy} size="lg" title={t`Publish this form?`} centered>
      {review ? (
        review.counting ? (
          <Text size="sm" role="status">
            <Trans>Counting the answers this form already has…</Trans>
          </Text>
        ) : (
          <PublishReview diff={diffForPublish(review.published, review.next)} counts={review.counts} busy={busy} onConfirm={onConfirm} onCancel={onCancel} />
        )
      ) : null}
    </Modal>
  );
}

export function UnpublishDialog({ opened, onConfirm, onCancel }: { opened: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      opened={opened}
      title={<Trans>Make this form a draft again?</Trans>}
      message={<Trans>This form is published. If you save it as a draft, observers no longer see it until it is published again.</Trans>}
      confirmLabel={<Trans>Save as draft</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
