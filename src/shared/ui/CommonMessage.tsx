import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";

/** Renders one of the shared messages (src/shared/i18n/common-messages.ts) in the current language. */
export function CommonMessage({ message }: { message: MessageDescriptor }) {
  const { _ } = useLingui();
  return <>{_(message)}</>;
}
