import { useLingui } from "@lingui/react/macro";
import { CloseButton, Group, Image, Paper } from "@mantine/core";
import { useEffect, useRef } from "react";
import type { NotePhoto } from "../outbox/outbox-item";

/** The note's photos as thumbnails, each with a button that takes it out. */
export function NotePhotos({ photos, onRemove }: { photos: NotePhoto[]; onRemove: (index: number) => void }) {
  const { t } = useLingui();
  if (photos.length === 0) return null;
  return (
    <Group gap="xs" role="list" aria-label={t`Photos`}>
      {photos.map((photo, index) => {
        const position = index + 1;
        return (
          <Paper key={photo.name} role="listitem" withBorder pos="relative" w={96} h={96}>
            <PhotoThumb blob={photo.blob} alt={t`Photo ${position}`} />
            <CloseButton pos="absolute" top={2} right={2} size="lg" variant="filled" aria-label={t`Remove photo ${position}`} onClick={() => onRemove(index)} />
          </Paper>
        );
      })}
    </Group>
  );
}

/** Shows a Blob through an object URL made for the image element and revoked with it (a day of photos is memory). */
function PhotoThumb({ blob, alt }: { blob: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <Image ref={image} alt={alt} w={96} h={96} fit="cover" radius="md" />;
}
