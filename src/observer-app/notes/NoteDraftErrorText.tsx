import { Trans } from "@lingui/react/macro";
import { MAX_PHOTOS, type NoteDraftError } from "./note-draft.machine";

export function NoteDraftErrorText({ error }: { error: NoteDraftError }) {
  const max = MAX_PHOTOS;
  switch (error) {
    case "too_many_photos":
      return <Trans>A note takes at most {max} photos: remove one first, or start another note.</Trans>;
    case "not_a_photo":
      return <Trans>This file could not be read as a photo. Choose a photo (JPEG, PNG or WebP).</Trans>;
    case "storage_full":
      return <Trans>The phone is out of storage: the photo could not be kept. Free some space, then add it again.</Trans>;
    case "empty":
      return <Trans>Write something or add a photo first.</Trans>;
    case "not_kept":
      return <Trans>The note could not be kept on the phone. Try again.</Trans>;
  }
}
