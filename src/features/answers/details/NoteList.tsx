import { useState } from "react";
import { Group, Image, Modal, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatLocalDateTime } from "./details.format";
import type { Note } from "./details.types";

interface OpenPhoto {
  url: string;
  title: string;
}

/** A note's photo as a thumbnail button: it opens the photo large in a dialog (focus returns to it on close). */
function PhotoThumbnail({ url, number, when, onOpen }: { url: string; number: number; when: string; onOpen: (photo: OpenPhoto) => void }) {
  const { t } = useLingui();
  const title = t({ message: `Photo ${number} of the note from ${when}`, comment: "Alt text of a note's photo" });
  return (
    <UnstyledButton
      onClick={() => onOpen({ url, title })}
      aria-label={t({ message: `Open photo ${number} of the note from ${when}`, comment: "Accessible label of a photo thumbnail" })}
    >
      <Image src={url} alt={title} w={96} h={72} fit="cover" radius="sm" />
    </UnstyledButton>
  );
}

function NoteItem({ note, onOpen }: { note: Note; onOpen: (photo: OpenPhoto) => void }) {
  const when = formatLocalDateTime(note.lastModified);
  return (
    <Paper component="li" withBorder p="xs" radius="sm">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          <time dateTime={note.lastModified}>{when}</time>
        </Text>
        {note.text ? <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{note.text}</Text> : null}
        {note.attachments.length > 0 ? (
          <Group gap="xs">
            {note.attachments.map((attachment, index) => (
              <PhotoThumbnail key={attachment.id} url={attachment.url} number={index + 1} when={when} onOpen={onOpen} />
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Notes with their text and photos; a photo opens large in a dialog. */
export function NoteList({ notes }: { notes: readonly Note[] }) {
  const [open, setOpen] = useState<OpenPhoto | null>(null);
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
        {notes.map((note) => (
          <NoteItem key={note.id} note={note} onOpen={setOpen} />
        ))}
      </Stack>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.title} size="xl" centered>
        {open ? <Image src={open.url} alt={open.title} fit="contain" mah="75vh" /> : null}
      </Modal>
    </>
  );
}

/** The notes about the station itself (tied to no question). */
export function StationNotes({ notes }: { notes: readonly Note[] }) {
  return (
    <section aria-labelledby="station-notes-title">
      <Title order={3} size="h4" id="station-notes-title" mb="xs">
        <Trans comment="Heading: notes about the polling station, tied to no question">Station notes</Trans>
      </Title>
      {notes.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No notes about the station itself.</Trans>
        </Text>
      ) : (
        <NoteList notes={notes} />
      )}
    </section>
  );
}
