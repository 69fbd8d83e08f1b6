import { useState } from "react";
import { useParams } from "react-router";
import { Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
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
  const routeId = formIdOf(param);
  // A new route is a new session, except the move from /formulare/nou to the id its first save created.
  const [session, setSession] = useState({ key: 0, route: routeId, created: null as number | null });
  if (session.route !== routeId) {
    const adopted = session.route === null && routeId !== null && routeId === session.created;
    setSession({ key: adopted ? session.key : session.key + 1, route: routeId, created: null });
  }

  if (routeId === undefined) {
    return (
      <Text role="alert">
        <Trans>This form page does not exist.</Trans>
      </Text>
    );
  }
  const onCreated = (id: number) => setSession((current) => ({ ...current, created: id }));
  return <FormEditor key={session.key} formId={routeId} onCreated={onCreated} />;
}
