import { staffAct } from "../audit/record.ts";
import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandlers, type Handlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { pageBody } from "../http/paging.ts";
import { etagOf, matchesEtag } from "./etag.ts";
import { exportStations } from "./export.ts";
import { readStationImportForm } from "./import-form.ts";
import { importStationFile } from "./import/index.ts";
import { logImport } from "./import-log.ts";
import { stationObservers } from "./observers.ts";
import { listCounties, listStationPage, registryVersion, stationById } from "./query.ts";
import { checkRegistryWriter } from "./scope.ts";
import { createStation, retireStation, updateStation } from "./store.ts";

/** What everyone reads: the counties, and a round's registry (reference data, the same for every NGO). */
export const pollingStationHandlers: Handlers = {
  listCounties: async ({ query, round, deps }) =>
    json(200, (await listCounties(deps.db, roundIdOf(round), query.diaspora)) satisfies JsonResponseOf<"listCounties", 200>),

  listPollingStations: async ({ query, request, round, deps }) => {
    const roundId = roundIdOf(round);
    // The version before the rows: a change in between labels newer rows with an older ETag, which costs a client
    // one more download, never a missed change.
    const version = await registryVersion(deps.db, roundId);
    const etag = etagOf(version);
    // The ETag is the round's whole registry's: whatever the filters, a page changes only when that registry does
    // (and no two rounds share a version, so one round's ETag never matches another's).
    if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: { etag } });
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 50 };
    const filter = { county: query.county, number: query.number, status: query.status, search: query.search };
    const { data, totalItems } = await listStationPage(deps.db, roundId, filter, paging);
    return json(200, { ...pageBody(data, totalItems, paging), version } satisfies JsonResponseOf<"listPollingStations", 200>, { etag });
  },

  getPollingStation: async ({ path, round, deps }) =>
    json(200, (await stationById(deps.db, roundIdOf(round), path.id)) satisfies JsonResponseOf<"getPollingStation", 200>),
};

/** What organizers change, and what staff read of a station beyond the registry: its observers, the export. */
export const pollingStationAdminHandlers: AdminHandlers = {
  listPollingStationObservers: async ({ path, admin, round, deps }) => {
    const observers = await stationObservers(deps.db, scopeOf(admin), roundIdOf(round), path.id);
    return json(200, { observers } satisfies JsonResponseOf<"listPollingStationObservers", 200>);
  },

  createPollingStation: async ({ body, admin, round, deps }) => {
    checkRegistryWriter(admin);
    const roundId = roundIdOf(round);
    const id = await createStation(deps.db, roundId, body, staffAct(admin, deps.clock));
    return json(201, (await stationById(deps.db, roundId, id)) satisfies JsonResponseOf<"createPollingStation", 201>);
  },

  updatePollingStation: async ({ path, body, admin, round, deps }) => {
    checkRegistryWriter(admin);
    const roundId = roundIdOf(round);
    await updateStation(deps.db, roundId, path.id, body, staffAct(admin, deps.clock));
    return json(200, (await stationById(deps.db, roundId, path.id)) satisfies JsonResponseOf<"updatePollingStation", 200>);
  },

  retirePollingStation: async ({ path, admin, round, deps }) => {
    checkRegistryWriter(admin);
    const roundId = roundIdOf(round);
    await retireStation(deps.db, roundId, path.id, staffAct(admin, deps.clock));
    return json(200, (await stationById(deps.db, roundId, path.id)) satisfies JsonResponseOf<"retirePollingStation", 200>);
  },

  importPollingStations: async ({ query, request, admin, round, deps }) => {
    checkRegistryWriter(admin);
    const form = await readStationImportForm(request);
    // A NUL may reach a file's name (the multipart reader leaves it to whoever keeps the name); the log keeps it.
    const fileName = form.file.name.replaceAll("\u0000", "");
    const result = await importStationFile(deps.db, roundIdOf(round), {
      bytes: new Uint8Array(await form.file.arrayBuffer()),
      fileName,
      columns: form.columns,
      dryRun: query.dryRun ?? false,
      retireMissing: query.retireMissing ?? true,
    });
    await logImport(deps.db, roundIdOf(round), result, fileName, staffAct(admin, deps.clock));
    return json(200, result satisfies JsonResponseOf<"importPollingStations", 200>);
  },

  exportPollingStations: ({ round, deps }) => exportStations(deps.db, roundIdOf(round)),
};
