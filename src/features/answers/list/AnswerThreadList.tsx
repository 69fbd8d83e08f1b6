import { useEffect } from "react";
import { Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useMatch, useNavigate, useOutlet, useSearchParams } from "react-router";
import { useApi } from "../../../api/api-context";
import { listMachine, type ListFilter } from "../../../shared/machines/list.machine";
import { selectFilter } from "../../../shared/machines/list.selectors";
import { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectIsLoading as selectCountiesLoading } from "../../../shared/machines/resource.selectors";
import { paths } from "../../../shared/paths";
import { usePageActor } from "../../../shared/use-page-actor";
import { createAnswerListActors, createCountyActors, type AnswerThread } from "./answer-list.actors";
import { ANSWER_LIST_INPUT } from "./answer-list.config";
import { selectCounties } from "./answer-list.selectors";
import { answerDetailsHref, answerListHref, filterFromSearch, isEmptyFilter, searchFromFilter, type AnswerListRoute } from "./answer-list.url";
import { AnswerDownload } from "./AnswerDownload";
import { AnswerFilters } from "./AnswerFilters";
import { AnswerFormFilter } from "./AnswerFormFilter";
import { AnswerThreadResults } from "./AnswerThreadResults";
import { ThreadOrder } from "./ThreadOrder";
import { TriageShortcuts } from "./TriageShortcuts";
import { useThreadFeed } from "./use-thread-feed";
import { useKeyboardTriage } from "./use-keyboard-triage";

const sameFilter = (left: ListFilter, right: ListFilter) => searchFromFilter(left) === searchFromFilter(right);

/**
 * /answers and /urgents: the filter form, the paged threads and, beside them, the thread opened in the details
 * child route. The filter lives in the URL query (shareable, kept on reload and by Back); the list machine follows it.
 */
export function AnswerThreadList({ urgent }: { urgent: boolean }) {
  const api = useApi();
  const navigate = useNavigate();
  const route: AnswerListRoute = urgent ? "urgents" : "answers";
  const [searchParams] = useSearchParams();
  const urlFilter = filterFromSearch(searchParams);
  // The effect below and the form's key depend on this normalized text, not on the object rebuilt every render.
  const search = searchFromFilter(urlFilter);
  const list = usePageActor(listMachine, createAnswerListActors(api, urgent), { input: ANSWER_LIST_INPUT });
  const appliedFilter = useSelector(list, selectFilter);
  const counties = usePageActor(resourceMachine, createCountyActors(api));
  const countyOptions = useSelector(counties, selectCounties);
  const countiesLoading = useSelector(counties, selectCountiesLoading);
  const details = useOutlet();
  const open = useMatch(`${paths[route].href()}/${paths.answerDetails.path}`)?.params;

  // The URL is the filter's source of truth: a link, a reload or Back sets it, and the list loads page 1 of it.
  useEffect(() => {
    const filter = filterFromSearch(new URLSearchParams(search));
    if (sameFilter(list.getSnapshot().context.query.filter, filter)) return;
    list.send(isEmptyFilter(filter) && !filter.sort ? { type: "filter.reset" } : { type: "filter.submit", filter });
  }, [list, search]);

  // A new filter or page leaves the thread that was open (spec, section 4).
  const showList = (filter: ListFilter) => void navigate(answerListHref(route, filter));
  const applyFilter = (filter: ListFilter) => {
    // The same filter again leaves the URL as it is: page 1 is loaded here instead of by the URL's change.
    if (sameFilter(filter, urlFilter)) list.send({ type: "filter.submit", filter });
    showList(filter);
  };
  const page = (direction: "next" | "previous") => {
    list.send({ type: direction === "next" ? "page.next" : "page.previous" });
    if (open) showList(urlFilter);
  };
  const feed = useThreadFeed(list, appliedFilter, urgent, () => {
    if (open) showList(urlFilter);
  });
  const [shortcutsOpened, shortcuts] = useDisclosure(false);
  useKeyboardTriage(feed, open, shortcuts.open);
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
          {details ?? (
            <Text c="dimmed">
              <Trans>Choose a station on the left to see the observer's answers.</Trans>
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
