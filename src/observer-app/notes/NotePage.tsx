import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, FileButton, Group, Loader, Stack, Text, Textarea, Title } from "@mantine/core";
import { useEffect } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { useServices } from "../app/services-context";
import type { CurrentStation } from "../storage/observer-store";
import { DATA_KEYS } from "../storage/data-keys";
import { createNoteDraftImplementations } from "./note-draft.actors";
import { MAX_PHOTOS, noteDraftMachine } from "./note-draft.machine";
import { NoteDraftErrorText } from "./NoteDraftErrorText";
import { NotePhotos } from "./NotePhotos";

/** A note on the station, or on one question (`?question=<id>`), with up to 5 photos from the camera or the gallery. */
export function NotePage() {
  const { store } = useServices();
  const [search] = useSearchParams();
  const station = useSelector(store, (snapshot) => snapshot.context.currentStation);
  const roundId = useSelector(store, (snapshot) => snapshot.context.round?.id ?? null);
  const questionId = Number(search.get("question")) || null;
  const question = useSelector(store, (snapshot) =>
    questionId === null ? null : (snapshot.context.forms?.forms.flatMap((form) => form.formSections.flatMap((s) => s.questions)).find((q) => q.id === questionId) ?? null),
  );
  if (!station || roundId === null) return <Navigate to="/stations" replace />;
  return <NoteComposer key={`${station.id}:${questionId}`} station={station} roundId={roundId} question={question ? { id: question.id, code: question.code, text: question.text } : null} />;
}

function NoteComposer({ station, roundId, question }: { station: CurrentStation; roundId: number; question: { id: number; code: string; text: string } | null }) {
  const { t } = useLingui();
  const { db, writes } = useServices();
  const navigate = useNavigate();
  const draftKey = DATA_KEYS.noteDraft(roundId, station.id, question?.id ?? null);
  const actor = useActorRef(noteDraftMachine.provide(createNoteDraftImplementations({ db, writes, station, question, draftKey })));
  const phase = useSelector(actor, (snapshot) => snapshot.value);
  const questionCode = question?.code;
  const { text, photos, error, lowStorage } = useSelector(actor, (snapshot) => snapshot.context);
  // Kept: back where the note was started (the form, or the station).
  useEffect(() => {
    if (phase === "kept") void navigate(-1);
  }, [phase, navigate]);
  const canAdd = photos.length < MAX_PHOTOS && phase === "editing";
  const addFiles = (files: File[]) => {
    if (files.length > 0) actor.send({ type: "photos.add", files });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {question ? (
          <Trans>Note on {questionCode}</Trans>
        ) : (
          <Trans>Note on the station</Trans>
        )}
      </Title>
      {question ? <Text size="sm">{question.text}</Text> : null}
      {phase === "loading" ? <Loader aria-label={t`Loading the note`} /> : null}
      {lowStorage ? (
        <Alert color="orange" title={t`This phone is almost out of storage`}>
          <Trans>Free some space (old photos, videos, apps) before adding photos: without room, a photo cannot be kept.</Trans>
        </Alert>
      ) : null}
      <Textarea label={t`What you saw`} autosize minRows={3} value={text} onChange={(event) => actor.send({ type: "text.change", text: event.currentTarget.value })} />
      <NotePhotos photos={photos} onRemove={(index) => actor.send({ type: "photo.remove", index })} />
      {phase === "shrinking" ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">
            <Trans>Preparing the photos…</Trans>
          </Text>
        </Group>
      ) : null}
      <Group gap="sm">
        <FileButton onChange={(file) => addFiles(file ? [file] : [])} accept="image/*" capture="environment" disabled={!canAdd}>
          {(props) => (
            <Button variant="default" {...props}>
              <Trans>Take a photo</Trans>
            </Button>
          )}
        </FileButton>
        <FileButton onChange={addFiles} accept="image/*" multiple disabled={!canAdd} inputProps={{ "data-testid": "note-photos" } as object}>
          {(props) => (
            <Button variant="default" {...props}>
              <Trans>Choose photos</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      {error ? (
        <Text c="red.9" role="alert">
          <NoteDraftErrorText error={error} />
        </Text>
      ) : null}
      <Group gap="sm">
        <Button onClick={() => actor.send({ type: "note.keep" })} loading={phase === "keeping"} disabled={phase !== "editing"}>
          <Trans>Keep the note</Trans>
        </Button>
        <Button variant="subtle" onClick={() => void navigate(-1)}>
          <Trans>Back</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
