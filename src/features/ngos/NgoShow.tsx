import { useRef, type RefObject } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { readStoredDraft, storedDraftActor } from "../../shared/draft-storage";
import type { PageRoute } from "../../shared/machines/page-mode.machine";
import { pageModeFromRoute } from "../../shared/machines/page-mode.route";
import { paths } from "../../shared/paths";
import { AuditHistoryLink } from "../../shared/ui/AuditHistoryLink";
import { ConfirmDialog } from "../../shared/ui/ConfirmDialog";
import { LeaveGuard } from "../../shared/ui/LeaveGuard";
import { usePageActor } from "../../shared/use-page-actor";
import { useProfilePage } from "../../shared/use-profile-page";
import { ngoBlankDraft, ngoDraftStorage, ngoPageLogic } from "./ngo-profile.form";
import { selectNgo } from "./ngo-profile.selectors";
import { createNgoActors } from "./ngos.actors";
import { ngoErrorMessage } from "./ngos.messages";
import { announceNgoFailure, announceNgoSuccess } from "./ngo-toasts";
import { NgoAdmins } from "./NgoAdmins";
import { NgoForm } from "./NgoForm";

const NGOS_PATH = paths.ngos.href();
/** The spec sends the user to the observers after deleting an NGO. */
const AFTER_DELETE_PATH = paths.observers.href();

/** /ong/:state(/:id): the route says whether the page adds, shows or edits an NGO. */
export function NgoShow() {
  const { state, id } = useParams();
  const route = pageModeFromRoute(state, id);
  if (!route) {
    return (
      <Text role="alert">
        <Trans>This NGO page does not exist.</Trans>
      </Text>
    );
  }
  // One actor per record: moving between view and edit of the same NGO keeps it (and its draft).
  return <NgoProfile key={route.id ?? "new"} route={route} />;
}

function useNgoPage(route: PageRoute, leavingRef: RefObject<boolean>) {
  const api = useApi();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const storage = ngoDraftStorage(sessionStorage, route.id);
  const leave = (path: string) => {
    leavingRef.current = true;
    void navigate(path);
  };
  return usePageActor(
    ngoPageLogic,
    {
      actors: { ...createNgoActors(api), draftStore: storedDraftActor(storage) },
      actions: {
        onCreated: () => {
          announceNgoSuccess(<Trans>The NGO has been added</Trans>);
          leave(NGOS_PATH);
        },
        onSaved: () => announceNgoSuccess(<Trans>Changes have been saved</Trans>),
        onDeleted: () => {
          announceNgoSuccess(<Trans>The NGO has been deleted</Trans>, "yellow");
          leave(AFTER_DELETE_PATH);
        },
        onCancelled: () => leave(NGOS_PATH),
        onFailed: ({ context }) => {
          if (context.error) announceNgoFailure(context.error, i18n);
        },
      },
    },
    // A draft kept while viewing would only surprise: it comes back when the route edits or adds.
    { input: { ...route, blank: ngoBlankDraft, stored: route.mode === "viewing" ? null : readStoredDraft(storage) } },
  );
}

function NgoProfile({ route }: { route: PageRoute }) {
  const { mode: routeMode, id } = route;
  const navigate = useNavigate();
  const leavingRef = useRef(false);
  const actor = useNgoPage(route, leavingRef);
  const { phase, mode, dirty, deleting, confirmingDelete, error } = useProfilePage(actor, routeMode);
  const ngo = useSelector(actor, selectNgo);
  const { t, i18n } = useLingui();

  const title =
    mode === "creating" ? <Trans comment="Button: create a new NGO">Add NGO</Trans>
    : mode === "editing" ? <Trans comment="Heading: the NGO profile in edit mode">Edit NGO</Trans>
    : <Trans comment="Non-governmental organisation">NGO profile</Trans>;
  const name = ngo?.name ?? "";

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="nowrap" preventGrowOverflow={false}>
        <Title order={1}>{title}</Title>
        {id === null ? null : (
          <AuditHistoryLink subjectType="ngo" subjectId={id}>
            <Trans comment="Link: the activity log narrowed to this record">History</Trans>
          </AuditHistoryLink>
        )}
      </Group>
      {phase === "loading" ? <Loader aria-label={t({ id: "LOADING", message: "Loading" })} /> : null}
      {phase === "failed" && error ? (
        <Alert color="red" role="alert" title={<Trans>Could not load the NGO</Trans>}>
          <Text mb="sm">{i18n._(ngoErrorMessage(error))}</Text>
          <Button onClick={() => actor.send({ type: "load.retry" })}>
            <Trans comment="Button: load the page again">Retry</Trans>
          </Button>
        </Alert>
      ) : null}
      {phase === "form" ? <NgoForm actor={actor} onEdit={() => id !== null && void navigate(paths.ngo.href("edit", id))} /> : null}
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
      <LeaveGuard dirty={dirty} leavingRef={leavingRef} onDiscard={() => actor.send({ type: "draft.discard" })} />
    </Stack>
  );
}
