import { useLocation, useParams } from "react-router";
import { Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { editorSessionOf } from "./editor-session";
import { FormEditor } from "./FormEditor";

/** The form id of /formulare/:formId, null for /formulare/nou, undefined when the path names no form. */
function formIdOf(param: string | undefined): number | null | undefined {
  if (param === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : undefined;
}

/**
 * /formulare/nou and /formulare/:formId. One editing session per form: when a new form's first save gives it an
 * id, the address follows (a reload then opens that form) and the session goes on, its undo history intact.
 */
export function FormEditorPage() {
  const { formId: param } = useParams();
  const location = useLocation();
  const routeId = formIdOf(param);
  if (routeId === undefined) {
    return (
      <Text role="alert">
        <Trans>This form page does not exist.</Trans>
      </Text>
    );
  }
  // The session is derived from the address alone: a new session is a new editor (its own machine and history).
  const session = editorSessionOf(routeId, location);
  return <FormEditor key={session} formId={routeId} session={session} />;
}
