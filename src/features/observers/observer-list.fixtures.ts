/**
 * Test fixtures for the observers list: deterministic observers and a fake API that answers listObservers,
 * deleteObservers and exportObservers from an in-memory list the way the contract says (filters, sort with `id`
 * as tie-breaker, observers never seen last when descending). List requests can be held until the test answers
 * them, so a test can look at the loading state or make a request fail.
 */
import type { Observer } from "./observer-list.actors";

const FIRST_NAMES = ["Ana", "Bogdan", "Carmen", "Dan", "Elena", "Florin", "Gabriela", "Horia", "Ioana"];
const LAST_NAMES = ["Pop", "Ionescu", "Stan"];
const FIXED_NOW = Date.parse("2024-06-09T12:00:00Z");

/** `count` observers with distinct names and phones; every fifth was never seen. */
export function makeObservers(count = 25): Observer[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}`;
    const lastSeen = id % 5 === 0 ? null : new Date(FIXED_NOW - ((id * 7) % 25) * 3_600_000 - id * 60_000).toISOString();
    return {
      id,
      name,
      phone: `07220000${String(id).padStart(2, "0")}`,
      ngoId: id % 2 === 0 ? 2 : 1,
      ngo: id % 2 === 0 ? "Asociația Observatorilor" : "Code for Romania",
      deviceRegisterDate: null,
      lastSeen,
      numberOfNotes: 0,
      numberOfPollingStations: id % 3,
    };
  });
}

export interface ObserverListParams {
  page: number;
  pageSize: number;
  name: string;
  number: string;
  sortBy: "lastSeen" | "name";
  sortDirection: "asc" | "desc";
}

export function readListParams(url: URL): ObserverListParams {
  const search = url.searchParams;
  return {
    page: Number(search.get("Page") ?? 1),
    pageSize: Number(search.get("PageSize") ?? 20),
    name: search.get("Name") ?? "",
    number: search.get("Number") ?? "",
    sortBy: search.get("SortBy") === "name" ? "name" : "lastSeen",
    sortDirection: search.get("SortDirection") === "asc" ? "asc" : "desc",
  };
}

function compareObservers(left: Observer, right: Observer, params: ObserverListParams): number {
  const sign = params.sortDirection === "asc" ? 1 : -1;
  if (params.sortBy === "name") return sign * left.name.localeCompare(right.name) || left.id - right.id;
  // Never seen counts as the oldest: last when descending, first when ascending.
  const leftSeen = left.lastSeen ? Date.parse(left.lastSeen) : -Infinity;
  const rightSeen = right.lastSeen ? Date.parse(right.lastSeen) : -Infinity;
  return (leftSeen === rightSeen ? 0 : sign * (leftSeen < rightSeen ? -1 : 1)) || left.id - right.id;
}

/** The observers matching the filters, in the requested order (all pages). */
export function matchingObservers(observers: readonly Observer[], params: Omit<ObserverListParams, "page" | "pageSize">) {
  return observers
    .filter((observer) => observer.name.toLowerCase().includes(params.name.toLowerCase()))
    .filter((observer) => observer.phone.includes(params.number))
    .sort((left, right) => compareObservers(left, right, params as ObserverListParams));
}

/** The ObserverPage listObservers answers for these parameters. */
export function observerPage(observers: readonly Observer[], params: ObserverListParams) {
  const matching = matchingObservers(observers, params);
  const start = (params.page - 1) * params.pageSize;
  return {
    page: params.page,
    pageSize: params.pageSize,
    totalItems: matching.length,
    totalPages: Math.max(1, Math.ceil(matching.length / params.pageSize)),
    data: matching.slice(start, start + params.pageSize),
  };
}

const problem = (status: number) =>
  Response.json({ type: "about:blank", title: "Failure", status }, { status, headers: { "Content-Type": "application/problem+json" } });

interface HeldRequest {
  url: URL;
  signal: AbortSignal;
  respond: (response: Response) => void;
}

/** The fake API. `holdListRequests` keeps list requests pending until `answerList` or `failList`. */
export function createFakeObserverApi({ observers = makeObservers(), holdListRequests = false } = {}) {
  const state = { observers: [...observers], failDeletes: new Set<number>(), failExport: false };
  const requests: { method: string; url: URL; signal: AbortSignal }[] = [];
  const held: HeldRequest[] = [];
  const pendingList = () => held.filter((request) => !request.signal.aborted);

  const answerListNow = (url: URL) => Response.json(observerPage(state.observers, readListParams(url)));

  function takeOnlyPending(): HeldRequest {
    const pending = pendingList();
    if (pending.length !== 1) throw new Error(`expected one pending list request, found ${pending.length}`);
    const request = pending[0] as HeldRequest;
    held.splice(held.indexOf(request), 1);
    return request;
  }

  const fetch = (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    requests.push({ method: request.method, url, signal: request.signal });
    if (url.pathname === "/api/v1/observer" && request.method === "GET") {
      if (!holdListRequests) return Promise.resolve(answerListNow(url));
      return new Promise((respond, fail) => {
        held.push({ url, signal: request.signal, respond });
        request.signal.addEventListener("abort", () => fail(new DOMException("The request was cancelled.", "AbortError")));
      });
    }
    if (url.pathname === "/api/v1/observer" && request.method === "DELETE") {
      const id = Number(url.searchParams.get("id"));
      if (state.failDeletes.has(id)) return Promise.resolve(problem(500));
      state.observers = state.observers.filter((observer) => observer.id !== id);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    if (url.pathname === "/api/v1/observer/export") {
      if (state.failExport) return Promise.resolve(problem(500));
      const rows = matchingObservers(state.observers, readListParams(url)).map((observer) => `${observer.id},${observer.name}`);
      return Promise.resolve(new Response(["Id,Name", ...rows].join("\n"), { headers: { "Content-Type": "text/csv" } }));
    }
    return Promise.reject(new Error(`unexpected request: ${request.method} ${request.url}`));
  };

  return {
    fetch,
    state,
    requests,
    /** The list requests nobody cancelled (StrictMode's throwaway first mount cancels its own). */
    listRequests: () =>
      requests.filter(
        (request) => request.method === "GET" && request.url.pathname === "/api/v1/observer" && !request.signal.aborted,
      ),
    pendingListCount: () => pendingList().length,
    answerList: () => {
      const request = takeOnlyPending();
      request.respond(answerListNow(request.url));
    },
    failList: (status: number) => takeOnlyPending().respond(problem(status)),
  };
}

export type FakeObserverApi = ReturnType<typeof createFakeObserverApi>;
