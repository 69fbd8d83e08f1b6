import { json, noContent, requireAdmin, type Handlers, type JsonResponseOf, type QueryOf } from "../http/handler.ts";
import { fail } from "../http/problem.ts";
import { exportObservers } from "../services/observer-export.ts";
import { readImportForm } from "../services/observer-import-form.ts";
import { importObservers } from "../services/observer-import.ts";
import {
  countObservers,
  listObserverPage,
  observerById,
  type ObserverFilter,
  type ObserverSort,
} from "../services/observer-query.ts";
import { findManagedObserver, readableNgo, writableNgo, type Admin } from "../services/observer-scope.ts";
import {
  forgetDevice,
  insertObserver,
  normalizeName,
  resetPin,
  softDeleteObserver,
  updateObserver,
} from "../services/observer-store.ts";
import { listActiveObservers } from "../services/observer-targeting.ts";

type FilterQuery = Pick<QueryOf<"listObservers">, "Name" | "Number" | "NgoId">;
type SortQuery = Pick<QueryOf<"listObservers">, "SortBy" | "SortDirection">;

/** The list filters, trimmed (blank means no filter) and limited to what the admin may see. */
function observerFilter(admin: Admin, query: FilterQuery): ObserverFilter {
  return {
    ngoId: readableNgo(admin, query.NgoId),
    name: query.Name === undefined ? undefined : normalizeName(query.Name),
    phone: query.Number?.trim(),
  };
}

const observerSort = (query: SortQuery): ObserverSort => ({ by: query.SortBy ?? "lastSeen", direction: query.SortDirection ?? "desc" });

export const observerHandlers: Handlers = {
  listObservers: async ({ query, principal, deps }) => {
    const filter = { ...observerFilter(requireAdmin(principal), query), id: query.id };
    const page = query.Page ?? 1;
    const pageSize = query.PageSize ?? 20;
    const totalItems = await countObservers(deps.db, filter);
    const data = await listObserverPage(deps.db, filter, observerSort(query), { page, pageSize });
    const body = {
      page,
      pageSize,
      totalItems,
      totalPages: Math.max(1, Math.ceil(totalItems / pageSize)),
      data,
    } satisfies JsonResponseOf<"listObservers", 200>;
    return json(200, body);
  },

  countObservers: async ({ query, principal, deps }) => {
    const count = await countObservers(deps.db, observerFilter(requireAdmin(principal), query));
    return json(200, { count } satisfies JsonResponseOf<"countObservers", 200>);
  },

  createObserver: async ({ body, principal, deps }) => {
    const admin = requireAdmin(principal);
    const ngoId = await writableNgo(deps.db, admin, body.ngoId);
    const id = await insertObserver(deps.db, ngoId, { name: normalizeName(body.name), phone: body.phone.trim(), pin: body.pin });
    return json(201, (await observerById(deps.db, id)) satisfies JsonResponseOf<"createObserver", 201>);
  },

  updateObserver: async ({ body, principal, deps }) => {
    const observer = await findManagedObserver(deps.db, requireAdmin(principal), { id: body.idObserver });
    await updateObserver(deps.db, observer.id, { name: normalizeName(body.name), phone: body.phone.trim(), pin: body.pin });
    return json(200, (await observerById(deps.db, observer.id)) satisfies JsonResponseOf<"updateObserver", 200>);
  },

  deleteObserver: async ({ query, principal, deps }) => {
    const observer = await findManagedObserver(deps.db, requireAdmin(principal), { id: query.id });
    await softDeleteObserver(deps.db, observer.id, deps.clock());
    return noContent();
  },

  resetObserver: async ({ body, principal, deps }) => {
    const observer = await findManagedObserver(deps.db, requireAdmin(principal), { phone: body.phoneNumber.trim() });
    if (body.action === "device") await forgetDevice(deps.db, observer.id);
    else if (body.pin === undefined) throw fail.validation({ pin: [{ code: "required", message: "is required to reset the PIN" }] });
    else await resetPin(deps.db, observer.id, body.pin);
    return noContent();
  },

  importObservers: async ({ request, principal, deps }) => {
    const admin = requireAdmin(principal);
    const form = await readImportForm(request);
    const ngoId = await writableNgo(deps.db, admin, form.ngoId);
    const { count } = await importObservers(deps.db, { file: form.file, ngoId, dryRun: form.dryRun });
    return json(200, { count, dryRun: form.dryRun } satisfies JsonResponseOf<"importObservers", 200>);
  },

  exportObservers: ({ query, principal, deps }) =>
    exportObservers(deps.db, observerFilter(requireAdmin(principal), query), observerSort(query), query.format ?? "csv"),

  listActiveObservers: async ({ query, principal, deps }) => {
    const from = query.fromPollingStationNumber;
    const to = query.toPollingStationNumber;
    if (from !== undefined && to !== undefined && to < from) {
      throw fail.validation({ toPollingStationNumber: [{ code: "minimum", message: "must not be below fromPollingStationNumber" }] });
    }
    const admin = requireAdmin(principal);
    const body = (await listActiveObservers(deps.db, {
      ngoId: admin.organizer ? null : admin.ngoId,
      countyCodes: query.countyCodes,
      from,
      to,
      currentlyCheckedIn: query.currentlyCheckedIn ?? false,
    })) satisfies JsonResponseOf<"listActiveObservers", 200>;
    return json(200, body);
  },
};
