import { staffAct } from "../audit/record.ts";
import type { Admin } from "../auth/principal.ts";
import { joinScope, readScope, scopeOf } from "../auth/scope.ts";
import { json, noContent, type AdminHandlers, type JsonResponseOf, type QueryOf, roundIdOf } from "../http/handler.ts";
import { fail } from "../problem.ts";
import { exportObservers } from "./export.ts";
import { readImportForm } from "./import-form.ts";
import { importObservers } from "./import.ts";
import { countObservers, listObserverPage, observerById, type ObserverFilter, type ObserverSort } from "./query.ts";
import { findManagedObserver } from "./scope.ts";
import { forgetDevice, insertObserver, normalizeName, resetPin, softDeleteObserver, updateObserver } from "./store.ts";
import { listActiveObservers } from "./targeting.ts";
import { pageBody } from "../http/paging.ts";

type FilterQuery = Pick<QueryOf<"listObservers">, "Name" | "Number" | "NgoId">;
type SortQuery = Pick<QueryOf<"listObservers">, "SortBy" | "SortDirection">;

/** The list filters, trimmed (blank means no filter) and limited to what the admin may see. */
function observerFilter(admin: Admin, query: FilterQuery): ObserverFilter {
  return {
    scope: readScope(admin, query.NgoId),
    name: query.Name === undefined ? undefined : normalizeName(query.Name),
    phone: query.Number?.trim(),
  };
}

const observerSort = (query: SortQuery): ObserverSort => ({ by: query.SortBy ?? "lastSeen", direction: query.SortDirection ?? "desc" });

export const observerHandlers: AdminHandlers = {
  listObservers: async ({ query, admin, deps }) => {
    const filter = { ...observerFilter(admin, query), id: query.id };
    const page = query.Page ?? 1;
    const pageSize = query.PageSize ?? 20;
    const totalItems = await countObservers(deps.db, filter);
    const data = await listObserverPage(deps.db, filter, observerSort(query), { page, pageSize });
    return json(200, pageBody(data, totalItems, { page, pageSize }) satisfies JsonResponseOf<"listObservers", 200>);
  },

  countObservers: async ({ query, admin, deps }) => {
    const count = await countObservers(deps.db, observerFilter(admin, query));
    return json(200, { count } satisfies JsonResponseOf<"countObservers", 200>);
  },

  createObserver: async ({ body, admin, deps }) => {
    const ngo = await joinScope(deps.db, admin, body.ngoId);
    const input = { name: normalizeName(body.name), phone: body.phone.trim(), pin: body.pin };
    const id = await insertObserver(deps.db, ngo, input, staffAct(admin, deps.clock));
    return json(201, (await observerById(deps.db, ngo, id)) satisfies JsonResponseOf<"createObserver", 201>);
  },

  updateObserver: async ({ body, admin, deps }) => {
    const scope = scopeOf(admin);
    const observer = await findManagedObserver(deps.db, scope, { id: body.idObserver });
    const input = { name: normalizeName(body.name), phone: body.phone.trim(), pin: body.pin };
    await updateObserver(deps.db, scope, observer.id, input, staffAct(admin, deps.clock));
    return json(200, (await observerById(deps.db, scope, observer.id)) satisfies JsonResponseOf<"updateObserver", 200>);
  },

  deleteObserver: async ({ query, admin, deps }) => {
    const scope = scopeOf(admin);
    const observer = await findManagedObserver(deps.db, scope, { id: query.id });
    await softDeleteObserver(deps.db, scope, observer.id, staffAct(admin, deps.clock));
    return noContent();
  },

  resetObserver: async ({ body, admin, deps }) => {
    const scope = scopeOf(admin);
    const observer = await findManagedObserver(deps.db, scope, { phone: body.phoneNumber.trim() });
    const act = staffAct(admin, deps.clock);
    if (body.action === "device") await forgetDevice(deps.db, scope, observer.id, act);
    else if (body.pin === undefined) throw fail.validation({ pin: [{ code: "required", message: "is required to reset the PIN" }] });
    else await resetPin(deps.db, scope, observer.id, body.pin, act);
    return noContent();
  },

  importObservers: async ({ request, admin, round, deps }) => {
    const form = await readImportForm(request);
    const ngo = await joinScope(deps.db, admin, form.ngoId);
    const input = { file: form.file, ngo, roundId: roundIdOf(round), dryRun: form.dryRun, act: staffAct(admin, deps.clock) };
    const { count } = await importObservers(deps.db, input);
    return json(200, { count, dryRun: form.dryRun } satisfies JsonResponseOf<"importObservers", 200>);
  },

  exportObservers: ({ query, admin, round, deps }) =>
    exportObservers(deps.db, roundIdOf(round), observerFilter(admin, query), observerSort(query), query.format ?? "csv"),

  listActiveObservers: async ({ query, admin, round, deps }) => {
    const from = query.fromPollingStationNumber;
    const to = query.toPollingStationNumber;
    if (from !== undefined && to !== undefined && to < from) {
      throw fail.validation({ toPollingStationNumber: [{ code: "minimum", message: "must not be below fromPollingStationNumber" }] });
    }
    const body = (await listActiveObservers(deps.db, {
      scope: scopeOf(admin),
      roundId: roundIdOf(round),
      countyCodes: query.countyCodes,
      from,
      to,
      currentlyCheckedIn: query.currentlyCheckedIn ?? false,
      assigned: query.assigned ?? false,
      webPush: deps.notifications?.webPush !== undefined,
    })) satisfies JsonResponseOf<"listActiveObservers", 200>;
    return json(200, body);
  },
};
