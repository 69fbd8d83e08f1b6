import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { useActorRef, useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { pageModeMachine, type PageMode } from "../../shared/machines/page-mode.machine";
import { pageModeFromRoute } from "../../shared/machines/page-mode.route";
import * as page from "../../shared/machines/page-mode.selectors";
import { ConfirmDialog } from "../../shared/ui/ConfirmDialog";
import { clearObserverDraft, observerDraftKey } from "./observer-profile.draft";
import { pageErrorMessage } from "./observer-profile.messages";
import { ObserverForm } from "./ObserverForm";
import { openObserverResetPin } from "./observer-reset-pin.open";
import { createObserverActors, type Observer } from "./observers.actors";
import { paths } from "../../shared/paths";

const OBSERVERS_PATH = paths.observers.href();

/** react-router numbers its history entries: 0 is where this tab entered the app. */
const hasPreviousPage = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** /observatori/profil/:state(/:id): the route says whether the page adds, shows or edits an observer. */
export function ObserverShow() {
  const { state, id } = useParams();
  const page = pageModeFromRoute(state, id);
  if (!page) {
    return (
      <Text role="alert">
        <Trans>This observer page does not exist.</Trans>
      </Text>
    );
  }
  // One actor per record: moving between view and edit of the same observer keeps it (and its loaded record).
  return <ObserverProfile key={page.id ?? "new"} mode={page.mode} id={page.id} />;
}

function useObserverPage(mode: PageMode, id: number | null) {
  const api = useApi();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const draftKey = observerDraftKey(id);
  const announce = (title: ReactNode, message: ReactNode, color = "green") =>
    notifications.show({ title, message, color });
  const leave = () => {
    clearObserverDraft(sessionStorage, draftKey);
    void navigate(OBSERVERS_PATH);
  };
  const { loadRecord, createRecord, updateRecord, deleteRecord } = createObserverActors(api);
  return useActorRef(
    pageModeMachine.provide({
      actors: { loadRecord, createRecord, updateRecord, deleteRecord },
      actions: {
        onCreated: () => {
          announce(<Trans id="SUCCESS">Success</Trans>, <Trans>Observer has been added</Trans>);
          leave();
        },
        onSaved: () => {
          clearObserverDraft(sessionStorage, draftKey);
          announce(<Trans id="SUCCESS">Success</Trans>, <Trans>Changes have been saved</Trans>);
        },
        onDeleted: () => {
          const count = 1;
          const message = (
            <Plural id="OBSERVER_DELETE_SUCCESS" value={count} one="The observer has been removed" other="# observers have been removed" />
          );
          announce(<Trans id="SUCCESS">Success</Trans>, message, "yellow");
          leave();
        },
        onCancelled: leave,
        onFailed: ({ context }) => {
          if (context.error) announce(<Trans id="ERROR">Error</Trans>, i18n._(pageErrorMessage(context.error)), "red");
        },
      },
    }),
    { input: { mode, id } },
  );
}

function ObserverProfile({ mode: routeMode, id }: { mode: PageMode; id: number | null }) {
  const api = useApi();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const actor = useObserverPage(routeMode, id);
  const phase = useSelector(actor, page.selectPhase);
  const mode = useSelector(actor, page.selectMode);
  const record = useSelector(actor, page.selectRecord) as Observer | null;
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

  const resetRequested = searchParams.get("reset") === "1";
  // StrictMode runs effects twice before the search params update: open the modal once.
  const resetOpened = useRef(false);
  useEffect(() => {
    if (!resetRequested || !record || mode !== "editing" || resetOpened.current) return;
    resetOpened.current = true;
    setSearchParams({}, { replace: true });
    openObserverResetPin({ observer: record, api });
  }, [api, mode, record, resetRequested, setSearchParams]);

  const title =
    mode === "creating" ? <Trans id="OBSERVER_ADD">Add observer</Trans>
    : mode === "editing" ? <Trans id="OBSERVER_EDIT">Edit observer</Trans>
    : <Trans>Observer profile</Trans>;

  return (
    <Stack>
      {/* The title wraps rather than pushing Back onto a line of its own on a phone. */}
      <Group justify="space-between" align="flex-start" wrap="nowrap" preventGrowOverflow={false}>
        <Title order={1}>{title}</Title>
        <Button variant="subtle" style={{ flexShrink: 0 }} onClick={() => void (hasPreviousPage() ? navigate(-1) : navigate(OBSERVERS_PATH))}>
          <Trans id="BACK">Back</Trans>
        </Button>
      </Group>
      {phase === "loading" ? <Loader aria-label={t({ id: "LOADING", message: "Loading" })} /> : null}
      {phase === "failed" && error ? (
        <Alert color="red" role="alert" title={<Trans>Could not load the observer</Trans>}>
          <Text mb="sm">{i18n._(pageErrorMessage(error))}</Text>
          <Button onClick={() => actor.send({ type: "load.retry" })}>
            <Trans comment="Button: load the page again">Retry</Trans>
          </Button>
        </Alert>
      ) : null}
      {phase === "form" ? (
        <ObserverForm
          mode={mode}
          record={record}
          saving={saving}
          busy={busy}
          error={error}
          onSubmit={(values) => actor.send({ type: "form.submit", values: { ...values } })}
          onCancel={() => actor.send({ type: "form.cancel" })}
          onEdit={() => id !== null && void navigate(paths.observer.href("edit", id))}
          onDelete={() => actor.send({ type: "record.delete" })}
          onResetPin={() => record && openObserverResetPin({ observer: record, api })}
        />
      ) : null}
      <ConfirmDialog
        opened={confirmingDelete || deleting}
        busy={deleting}
        title={<Trans id="DELETE">Delete</Trans>}
        message={<DeleteQuestion />}
        confirmLabel={<Trans id="DELETE">Delete</Trans>}
        onConfirm={() => actor.send({ type: "delete.confirm" })}
        onCancel={() => actor.send({ type: "delete.cancel" })}
      />
    </Stack>
  );
}

/** The same message as the list's delete, which may delete several observers at once. */
function DeleteQuestion() {
  const count = 1;
  return (
    <Plural
      id="OBSERVER_DELETE_CONFIRMATION"
      value={count}
      one="Are you sure you want to delete this observer?"
      other="Are you sure you want to delete # observers?"
    />
  );
}
