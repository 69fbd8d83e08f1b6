import { useEffect, useRef } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import type { PageRoute } from "../../shared/machines/page-mode.machine";
import { pageModeFromRoute } from "../../shared/machines/page-mode.route";
import { useProfilePage } from "../../shared/use-profile-page";
import { paths } from "../../shared/paths";
import { AuditHistoryLink } from "../../shared/ui/AuditHistoryLink";
import { ConfirmDialog } from "../../shared/ui/ConfirmDialog";
import { LeaveGuard } from "../../shared/ui/LeaveGuard";
import { useObserverPage } from "./observer-profile.page";
import { pageErrorMessage } from "./observer-profile.messages";
import { selectObserver } from "./observer-profile.selectors";
import { ObserverForm } from "./ObserverForm";
import { openObserverResetPin } from "./observer-reset-pin.open";
import { ObserverStations } from "./stations/ObserverStations";

const OBSERVERS_PATH = paths.observers.href();

/** react-router numbers its history entries: 0 is where this tab entered the app. */
const hasPreviousPage = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** /observatori/profil/:state(/:id): the route says whether the page adds, shows or edits an observer. */
export function ObserverShow() {
  const { state, id } = useParams();
  const route = pageModeFromRoute(state, id);
  if (!route) {
    return (
      <Text role="alert">
        <Trans>This observer page does not exist.</Trans>
      </Text>
    );
  }
  // One actor per record: moving between view and edit of the same observer keeps it (and its draft).
  return <ObserverProfile key={route.id ?? "new"} route={route} />;
}

function ObserverProfile({ route }: { route: PageRoute }) {
  const { mode: routeMode, id } = route;
  const api = useApi();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const leavingRef = useRef(false);
  const actor = useObserverPage(route, leavingRef);
  const { phase, mode, dirty, deleting, confirmingDelete, error } = useProfilePage(actor, routeMode);
  const observer = useSelector(actor, selectObserver);
  const { t, i18n } = useLingui();

  const resetRequested = searchParams.get("reset") === "1";
  // StrictMode runs effects twice before the search params update: open the modal once.
  const resetOpened = useRef(false);
  useEffect(() => {
    if (!resetRequested || !observer || mode !== "editing" || resetOpened.current) return;
    resetOpened.current = true;
    setSearchParams({}, { replace: true });
    openObserverResetPin({ observer, api });
  }, [api, mode, observer, resetRequested, setSearchParams]);

  const title =
    mode === "creating" ? <Trans id="OBSERVER_ADD">Add observer</Trans>
    : mode === "editing" ? <Trans id="OBSERVER_EDIT">Edit observer</Trans>
    : <Trans>Observer profile</Trans>;

  return (
    <Stack>
      {/* The title wraps rather than pushing Back onto a line of its own on a phone. */}
      <Group justify="space-between" align="flex-start" wrap="nowrap" preventGrowOverflow={false}>
        <Title order={1}>{title}</Title>
        {/* On a phone History and Back stack, so that a long title word ("observatorului") keeps its width. */}
        <Group gap={0} justify="flex-end" maw={{ base: 120, sm: "none" }}>
          {id === null ? null : (
            <AuditHistoryLink subjectType="observer" subjectId={id}>
              <Trans comment="Link: the activity log narrowed to this record">History</Trans>
            </AuditHistoryLink>
          )}
          <Button variant="subtle" style={{ flexShrink: 0 }} onClick={() => void (hasPreviousPage() ? navigate(-1) : navigate(OBSERVERS_PATH))}>
            <Trans id="BACK">Back</Trans>
          </Button>
        </Group>
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
          actor={actor}
          onEdit={() => id !== null && void navigate(paths.observer.href("edit", id))}
          onResetPin={() => observer && openObserverResetPin({ observer, api })}
        />
      ) : null}
      {phase === "form" && mode === "viewing" && id !== null ? <ObserverStations observerId={id} /> : null}
      <ConfirmDialog
        opened={confirmingDelete || deleting}
        busy={deleting}
        title={<Trans id="DELETE">Delete</Trans>}
        message={<DeleteQuestion />}
        confirmLabel={<Trans id="DELETE">Delete</Trans>}
        onConfirm={() => actor.send({ type: "delete.confirm" })}
        onCancel={() => actor.send({ type: "delete.cancel" })}
      />
      <LeaveGuard dirty={dirty} leavingRef={leavingRef} onDiscard={() => actor.send({ type: "draft.discard" })} />
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
