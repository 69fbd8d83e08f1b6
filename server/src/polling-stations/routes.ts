import { staffAct } from "../audit/record.ts";
import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandlers, type Handlers, type JsonResponseOf } from "../http/handler.ts";
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

/** What everyone reads: the counties, and the registry (global reference data, the same for every NGO). */
export const pollingStationHandlers: Handlers = {
  listCounties: async ({ query, deps }) =>
    json(200, (await listCounties(deps.db, query.diaspora)) satisfies JsonResponseOf<"listCounties", 200>),

  listPollingStations: async ({ query, request, deps }) => {
    // The version before the rows: a change in between labels newer rows with an older ETag, which costs a client
    // one more download, never a missed change.
    const version = await registryVersion(deps.db);
    const etag = etagOf(version);
    // The ETag is the whole registry's: whatever the filters, a page changes only when the registry does.
    if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: { etag } });
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 50 };
    const filter = { county: query.county, number: query.number, status: query.status, search: query.search };
    const { data, totalItems } = await listStationPage(deps.db, filter, paging);
    return json(200, { ...pageBody(data, totalItems, paging), version } satisfies JsonResponseOf<"listPollingStations", 200>, { etag });
  },

  getPollingStation: async ({ path, deps }) => json(200, (await stationById(deps.db, path.id)) satisfies JsonResponseOf<"getPollingStation", 200>),
};

/** What organizers change, and what staff read of a station beyond the registry: its observers, the export. */
export const pollingStationAdminHandlers: AdminHandlers = {
  listPollingStationObservers: async ({ path, admin, deps }) => {
    const observers = await stationObservers(deps.db, scopeOf(admin), path.id);
    return json(200, { observers } satisfies JsonResponseOf<"listPollingStationObservers", 200>);
  },

  createPollingStation: async ({ body, admin, deps }) => {
    checkRegistryWriter(admin);
    const id = await createStation(deps.db, body, staffAct(admin, deps.clock));
    return json(201, (await stationById(deps.db, id)) satisfies JsonResponseOf<"createPollingStation", 201>);
  },

  updatePollingStation: async ({ path, body, admin, deps }) => {
    checkRegistryWriter(admin);
    await updateStation(deps.db, path.id, body, staffAct(admin, deps.clock));
    return json(200, (await stationById(deps.db, path.id)) satisfies JsonResponseOf<"updatePollingStation", 200>);
  },

  retirePollingStation: async ({ path, admin, deps }) => {
    checkRegistryWriter(admin);
    await retireStation(deps.db, path.id, staffAct(admin, deps.clock));
    return json(200, (await stationById(deps.db, path.id)) satisfies JsonResponseOf<"retirePollingStation", 200>);
  },

  importPollingStations: async ({ query, request, admin, deps }) => {
    checkRegistryWriter(admin);
    const form = await readStationImportForm(request);
    // A NUL may reach a file's name (the multipart reader leaves it to whoever keeps the name); the log keeps it.
    const fileName = form.file.name.replaceAll("\u0000", "");
    const result = await importStationFile(deps.db, {
      bytes: new Uint8Array(await form.file.arrayBuffer()),
      fileName,
      columns: form.columns,
      dryRun: query.dryRun ?? false,
      retireMissing: query.retireMissing ?? true,
    });
    await logImport(deps.db, result, fileName, staffAct(admin, deps.clock));
    return json(200, result satisfies JsonResponseOf<"importPollingStations", 200>);
  },

  exportPollingStations: ({ deps }) => exportStations(deps.db),
};
