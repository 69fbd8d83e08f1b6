import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert, Button, Loader, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { pageModeMachine, type PageMode } from "../../shared/machines/page-mode.machine";
import { pageModeFromRoute } from "../../shared/machines/page-mode.route";
import * as page from "../../shared/machines/page-mode.selectors";
import { ConfirmDialog } from "../../shared/ui/ConfirmDialog";
import { createNgoActors, type Ngo } from "./ngos.actors";
import { ngoErrorMessage } from "./ngos.messages";
import { announceNgoFailure, announceNgoSuccess } from "./ngo-toasts";
import { NgoAdmins } from "./NgoAdmins";
import { NgoForm } from "./NgoForm";
import { paths } from "../../shared/paths";

const NGOS_PATH = paths.ngos.href();
/** The spec sends the user to the observers after deleting an NGO. */
const AFTER_DELETE_PATH = paths.observers.href();

/** /ong/:state(/:id): the route says whether the page adds, shows or edits an NGO. */
export function NgoShow() {
  const { state, id } = useParams();
  const page = pageModeFromRoute(state, id);
  if (!page) {
    return (
      <Text role="alert">
        <Trans>This NGO page does not exist.</Trans>
      </Text>
    );
  }
  // One actor per record: moving between view and edit of the same NGO keeps it (and its loaded record).
  return <NgoProfile key={page.id ?? "new"} mode={page.mode} id={page.id} />;
}

function useNgoPage(mode: PageMode, id: number | null) {
  const api = useApi();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  return useActorRef(
    pageModeMachine.provide({
      actors: createNgoActors(api),
      actions: {
        onCreated: () => {
          announceNgoSuccess(<Trans>The NGO has been added</Trans>);
          void navigate(NGOS_PATH);
        },
        onSaved: () => announceNgoSuccess(<Trans>Changes have been saved</Trans>),
        onDeleted: () => {
          announceNgoSuccess(<Trans>The NGO has been deleted</Trans>, "yellow");
          void navigate(AFTER_DELETE_PATH);
        },
        onCancelled: () => void navigate(NGOS_PATH),
        onFailed: ({ context }) => {
          if (context.error) announceNgoFailure(context.error, i18n);
        },
      },
    }),
    { input: { mode, id } },
  );
}

function NgoProfile({ mode: routeMode, id }: { mode: PageMode; id: number | null }) {
  const navigate = useNavigate();
  const actor = useNgoPage(routeMode, id);
  const phase = useSelector(actor, page.selectPhase);
  const mode = useSelector(actor, page.selectMode);
  const record = useSelector(actor, page.selectRecord) as Ngo | null;
  const busy = useSelector(actor, page.selectIsBusy);
  const saving = useSelector(actor, page.selectIsSaving);
  const deleting = useSelector(actor, page.selectIsDeleting);
  const confirmingDelete = useSelector(actor, page.selectIsConfirmingDelete);
  const error = useSelector(actor, page.selectError);
  const { t, i18n } = useLingui();

  useEffect(() => {
    if (routeMode === "editing") actor.send({ type: "mode.edit" });
    if (routeMode === "viewing") actor.send({ type: "mode.view" });
  }, [actor, routeMode]);

  const title =
    mode === "creating" ? <Trans comment="Button: create a new NGO">Add NGO</Trans>
    : mode === "editing" ? <Trans comment="Heading: the NGO profile in edit mode">Edit NGO</Trans>
    : <Trans comment="Non-governmental organisation">NGO profile</Trans>;
  const name = record?.name ?? "";

  return (
    <Stack>
      <Title order={1}>{title}</Title>
      {phase === "loading" ? <Loader aria-label={t({ id: "LOADING", message: "Loading" })} /> : null}
      {phase === "failed" && error ? (
        <Alert color="red" role="alert" title={<Trans>Could not load the NGO</Trans>}>
          <Text mb="sm">{i18n._(ngoErrorMessage(error))}</Text>
          <Button onClick={() => actor.send({ type: "load.retry" })}>
            <Trans comment="Button: load the page again">Retry</Trans>
          </Button>
        </Alert>
      ) : null}
      {phase === "form" ? (
        <NgoForm
          mode={mode}
          record={record}
          saving={saving}
          busy={busy}
          onSubmit={(values) => actor.send({ type: "form.submit", values: { ...values } })}
          onCancel={() => actor.send({ type: "form.cancel" })}
          onEdit={() => id !== null && void navigate(paths.ngo.href("edit", id))}
          onDelete={() => actor.send({ type: "record.delete" })}
        />
      ) : null}
      {phase === "form" && id !== null ? <NgoAdmins ngoId={id} /> : null}
      <ConfirmDialog
        opened={confirmingDelete || deleting}
        busy={deleting}
        title={<Trans id="DELETE">Delete</Trans>}
        message={<Trans comment="{name} is the NGO's name">Are you sure you want to delete the NGO {name}?</Trans>}
        confirmLabel={<Trans id="DELETE">Delete</Trans>}
        onConfirm={() => actor.send({ type: "delete.confirm" })}
        onCancel={() => actor.send({ type: "delete.cancel" })}
      />
    </Stack>
  );
}
