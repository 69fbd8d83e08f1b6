import { useEffect } from "react";
import { Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useNavigate, useSearchParams } from "react-router";
import { useApi } from "../../api/api-context";
import { listMachine, type ListFilter } from "../../shared/machines/list.machine";
import { selectFilter } from "../../shared/machines/list.selectors";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { selectIsLoading as selectNgosLoading } from "../../shared/machines/resource.selectors";
import { ListLoading } from "../../shared/ui/ListLoading";
import { usePageActor } from "../../shared/use-page-actor";
import { createAuditListActors, createAuditNgoActors } from "./audit.actors";
import { activityLogLabel } from "./audit.messages";
import { AUDIT_LIST_INPUT } from "./audit-list.config";
import { selectNgoOptions, selectSubjectLabel } from "./audit-list.selectors";
import { auditHref, filterFromSearch, isEmptyFilter } from "./audit-list.url";
import { AuditFilters } from "./AuditFilters";
import { AuditResults } from "./AuditResults";
import { AuditSubjectFilter } from "./AuditSubjectFilter";

/**
 * /audit (organizers): who changed which record, when, newest first. The filter lives in the URL query (shareable,
 * kept on reload and by Back); the list machine follows it.
 */
export function AuditList() {
  const { i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlFilter = filterFromSearch(searchParams);
  // The effect below and the form's key depend on this normalized address, not on the object rebuilt every render.
  const href = auditHref(urlFilter);
  const list = usePageActor(listMachine, createAuditListActors(api), { input: AUDIT_LIST_INPUT });
  const appliedFilter = useSelector(list, selectFilter);
  const subjectLabel = useSelector(list, selectSubjectLabel);
  const ngos = usePageActor(resourceMachine, createAuditNgoActors(api));
  const ngoOptions = useSelector(ngos, selectNgoOptions);
  const ngosLoading = useSelector(ngos, selectNgosLoading);

  // The URL is the filter's source of truth: a link, a reload or Back sets it, and the list loads page 1 of it.
  useEffect(() => {
    const filter = filterFromSearch(new URLSearchParams(href.split("?")[1]));
    if (auditHref(list.getSnapshot().context.query.filter) === href) return;
    list.send(isEmptyFilter(filter) ? { type: "filter.reset" } : { type: "filter.submit", filter });
  }, [list, href]);

  const show = (filter: ListFilter) => void navigate(auditHref(filter));
  const applyFilter = (filter: ListFilter) => {
    // The same filter again leaves the URL as it is: page 1 is loaded here instead of by the URL's change.
    if (auditHref(filter) === href) list.send({ type: "filter.submit", filter });
    show(filter);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{i18n._(activityLogLabel)}</Title>
        <Text c="dimmed">
          <Trans comment="Subtitle of the activity log">Every change staff made to observers, NGOs, forms, notifications and answer threads, newest first.</Trans>
        </Text>
      </div>
      <AuditFilters key={href} applied={urlFilter} ngos={ngoOptions} ngosLoading={ngosLoading} onSubmit={applyFilter} onReset={() => show({})} />
      {urlFilter.subjectId ? (
        <AuditSubjectFilter
          subjectType={urlFilter.subjectType ?? ""}
          subjectId={urlFilter.subjectId}
          knownLabel={subjectLabel}
          onRemove={() => show({ ...urlFilter, subjectId: "" })}
        />
      ) : null}
      {/* Until the effect above hands the address's filter to the list, its rows are the previous filter's. */}
      {auditHref(appliedFilter) === href ? <AuditResults list={list} filtered={!isEmptyFilter(appliedFilter)} /> : <ListLoading />}
    </Stack>
  );
}
