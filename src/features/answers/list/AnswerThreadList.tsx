import { useEffect, useMemo } from "react";
import { Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useMatch, useNavigate, useOutlet, useSearchParams } from "react-router";
import { useApi } from "../../../api/api-context";
import type { ListFilter } from "../../../shared/machines/list.machine";
import { selectFilter } from "../../../shared/machines/list.selectors";
import { selectIsLoading as selectCountiesLoading } from "../../../shared/machines/resource.selectors";
import { paths } from "../../../shared/paths";
import { usePageActor } from "../../../shared/use-page-actor";
import { usePageStore } from "../../../shared/use-page-store";
import { useLiveChannel } from "../../../shared/live";
import { createAnswersRoomActors } from "../answers-room.actors";
import { AnswersRoomContext } from "../answers-room.context";
import { answersRoomMachine } from "../answers-room.machine";
import { createFormsStore } from "../details/forms.store";
import type { AnswerThread } from "./answer-list.actors";
import { ANSWER_LIST_INPUT } from "./answer-list.config";
import { selectCounties } from "./answer-list.selectors";
import { answerDetailsHref, answerListHref, filterFromSearch, isEmptyFilter, sameFilter, searchFromFilter, threadFromParams, type AnswerListRoute } from "./answer-list.url";
import { AnswerDownload } from "./AnswerDownload";
import { AnswerFilters } from "./AnswerFilters";
import { AnswerFormFilter } from "./AnswerFormFilter";
import { AnswerThreadResults } from "./AnswerThreadResults";
import { ThreadOrder } from "./ThreadOrder";
import { TriageShortcuts } from "./TriageShortcuts";
import { useKeyboardTriage } from "./use-keyboard-triage";

/**
 * /answers and /urgents: the filter form, the paged threads and, beside them, the thread opened in the details
 * child route, all run by one answers room (answers-room.machine.ts). The filter lives in the URL query (shareable,
 * kept on reload and by Back) and the thread in the path: the room follows both.
 */
export function AnswerThreadList({ urgent }: { urgent: boolean }) {
  const api = useApi();
  const live = useLiveChannel();
  const navigate = useNavigate();
  const route: AnswerListRoute = urgent ? "urgents" : "answers";
  const [searchParams] = useSearchParams();
  const urlFilter = filterFromSearch(searchParams);
  // The effect below and the form's key depend on this normalized text, not on the object rebuilt every render.
  const search = searchFromFilter(urlFilter);
  const open = useMatch(`${paths[route].href()}/${paths.answerDetails.path}`)?.params;
  const forms = usePageStore(createFormsStore, "answers.forms");
  // A new filter or page leaves the thread that was open (spec, section 4).
  const showList = (filter: ListFilter) => void navigate(answerListHref(route, filter));
  const room = usePageActor(
    answersRoomMachine,
    { actors: createAnswersRoomActors({ api, urgent, forms, live }), actions: { leaveThread: () => showList(urlFilter) } },
    { input: { urgent, filter: urlFilter, thread: open ? threadFromParams(open) : null } },
  );
  const list = useSelector(room, (snapshot) => snapshot.children.list!);
  const feed = useSelector(room, (snapshot) => snapshot.children.feed!);
  const counties = useSelector(room, (snapshot) => snapshot.children.counties!);
  const appliedFilter = useSelector(list, selectFilter);
  const countyOptions = useSelector(counties, selectCounties);
  const countiesLoading = useSelector(counties, selectCountiesLoading);
  const details = useOutlet();
  const roomOfDetails = useMemo(() => ({ room, forms }), [room, forms]);

  // The URL is the room's address: a link, a reload or Back changes it, and the room's list and panes follow.
  const { idObserver, idPollingStation } = open ?? {};
  useEffect(() => {
    const thread = idObserver === undefined ? null : threadFromParams({ idObserver, idPollingStation });
    room.send({ type: "address.changed", filter: filterFromSearch(new URLSearchParams(search)), thread });
  }, [room, search, idObserver, idPollingStation]);

  const applyFilter = (filter: ListFilter) => {
    // The same filter again leaves the URL as it is: page 1 is loaded here instead of by the URL's change.
    if (sameFilter(filter, urlFilter)) list.send({ type: "filter.submit", filter });
    showList(filter);
  };
  const page = (direction: "next" | "previous") => {
    list.send({ type: direction === "next" ? "page.next" : "page.previous" });
    if (open) showList(urlFilter);
  };
  const [shortcutsOpened, shortcuts] = useDisclosure(false);
  useKeyboardTriage(room, shortcuts.open);
  const isSelected = (thread: AnswerThread) =>
    open?.idObserver === String(thread.idObserver) && open.idPollingStation === String(thread.idPollingStation);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{urgent ? <Trans id="URGENT_HEADER">Urgent answers</Trans> : <Trans id="ANSWERS">Answers</Trans>}</Title>
          <Text c="dimmed">
            {urgent ? (
              <Trans comment="Subtitle of the urgent answers page">Observers' reports with at least one answer flagged as urgent, latest first.</Trans>
            ) : (
              <Trans comment="Subtitle of the answers page">Every observer's answers, by polling station, latest first.</Trans>
            )}
          </Text>
        </div>
        <AnswerDownload request={{ filter: appliedFilter, urgent }} />
      </Group>
      <AnswerFilters
        key={search}
        applied={urlFilter}
        counties={countyOptions}
        countiesLoading={countiesLoading}
        onSubmit={applyFilter}
        onReset={() => showList({ ...ANSWER_LIST_INPUT.emptyFilter, sort: urlFilter.sort ?? "" })}
      />
      {urlFilter.formCode ? <AnswerFormFilter formCode={urlFilter.formCode} onRemove={() => showList({ ...urlFilter, formCode: "" })} /> : null}
      <ThreadOrder value={urlFilter.sort ?? ""} onChange={(sort) => showList({ ...urlFilter, sort })} onShowShortcuts={shortcuts.open} />
      <TriageShortcuts opened={shortcutsOpened} onClose={shortcuts.close} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AnswerThreadResults
            list={list}
            feed={feed}
            urgent={urgent}
            filtered={!isEmptyFilter(appliedFilter)}
            hrefOf={(thread) => answerDetailsHref(route, urlFilter, thread.idObserver, thread.idPollingStation)}
            isSelected={isSelected}
            onPage={page}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {details ? (
            <AnswersRoomContext value={roomOfDetails}>{details}</AnswersRoomContext>
          ) : (
            <Text c="dimmed">
              <Trans>Choose a station on the left to see the observer's answers.</Trans>
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
