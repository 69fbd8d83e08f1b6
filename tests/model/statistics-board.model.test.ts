import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { DoneActorEvent, SnapshotFrom } from "xstate";
import { BOARD_INPUT, REFRESH_INTERVAL_MS, statisticsBoardLogic, type BoardCards, type BoardResults } from "../../src/features/statistics/statistics-board";
import { StatisticsCards } from "../../src/features/statistics/StatisticsCards";
import { CARD_SIZE, STATISTIC_CARDS, type StatisticsPage } from "../../src/features/statistics/statistics.config";
import { control, findAll, textOf } from "../pages/dom/find";
import { eventually } from "../pages/locators";
import { CARD_NAMES } from "../pages/statistics";
import { holdTimers, type HeldTimers } from "../support/held-timers";
import { reachedBy, testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelTestOptions } from "../support/model";
import { renderScreen } from "../support/render-screen";
import { askBeforeTests, problem, startTestServer, type HeldRequests } from "../support/test-server";

/*
 * The cards' statechart (the shared resource machine refreshing on its own every 10 s, each answer merged card by
 * card: statistics-board.ts) replayed on the real statistics screen (StatisticsCards) over the real server's demo seed.
 * Every card's request is held until the path says how the load ends: the model's results name, card by card, a page
 * (the request reaches the server, which must answer that page, asked once before the graph) or a failure (answered
 * with a 503). The 10 s refresh is the only timer held; the coverage below the cards is held in its loader.
 *
 * The load settles every card on its own (Promise.allSettled), so it never rejects: the resource's
 * `xstate.error.actor.*` transitions, its failed state and its retry cannot happen on this screen and are not explored;
 * nor another query (the board has none) nor a reload asked for while one runs (the refresh icon is busy then).
 *
 * The oracle is not the machine: the executors note each card's last page and whether its last request failed, and
 * every state checks the screen against those notes by the product's rules (a card shows once it has a page with
 * values, a failed refresh keeps it marked "could not refresh", nothing shown and every card failed is an error),
 * with the requests in flight (one per card while loading, none while waiting) and the one refresh timer.
 */

const REFRESH_AFTER = "xstate.after.refreshInterval.resource.ready.waiting";
const FAILURE_STATUS = 503;
const ORGANIZER = "0700000001";

type ModelEvent = { type: "resource.reload" } | { type: typeof REFRESH_AFTER } | DoneActorEvent<BoardResults, "load"> | DoneActorEvent<BoardResults, "reload">;

const pathOf = (method: string) => `/api/v1/statistics/${method}?page=1&pageSize=${CARD_SIZE}`;
const serverPages = (await askBeforeTests("demo", ORGANIZER, STATISTIC_CARDS.map((card) => pathOf(card.method)))) as StatisticsPage[];

/** Every card's server page, except the cards named, which fail. */
const resultsFailing = (...failing: string[]): BoardResults =>
  Object.fromEntries(
    STATISTIC_CARDS.map((card, index) => [card.key, failing.includes(card.key) ? { error: { status: FAILURE_STATUS } } : { page: serverPages[index]! }]),
  );
const [observers, , stations] = STATISTIC_CARDS.map((card) => card.key) as [string, string, string];
/** The first load: the stations card fails. */
const FIRST = resultsFailing(stations);
/** A refresh: the observers card fails (it keeps its figures, stale), the stations card comes through. */
const LATER = resultsFailing(observers);
const NONE = resultsFailing(...STATISTIC_CARDS.map((card) => card.key));

type BoardSnapshot = SnapshotFrom<typeof statisticsBoardLogic>;
const cardsOf = ({ context }: BoardSnapshot) => Object.values((context.data as BoardCards | null) ?? {});

/**
 * A load may answer with some cards failing or with none coming through; a refresh with the observers failing, or,
 * once figures are on screen, with every card failing. Nodes are told apart by whether any card has figures and
 * whether any of those is stale.
 */
function events(snapshot: BoardSnapshot): ModelEvent[] {
  const shown = cardsOf(snapshot).some((card) => card.page !== null);
  return [
    { type: "xstate.done.actor.load", actorId: "load", output: FIRST },
    { type: "xstate.done.actor.load", actorId: "load", output: NONE },
    { type: "xstate.done.actor.reload", actorId: "reload", output: LATER },
    ...(shown ? [{ type: "xstate.done.actor.reload", actorId: "reload", output: NONE } as const] : []),
    ...(snapshot.matches({ ready: "reloading" }) ? [] : [{ type: "resource.reload" } as const]),
    { type: REFRESH_AFTER },
  ];
}

const distinguish = (snapshot: BoardSnapshot) => {
  const cards = cardsOf(snapshot);
  return [cards.some((card) => card.page !== null), cards.some((card) => card.page !== null && card.error !== null)];
};

/** What the test expects of each card, noted from what the server answered. */
type Expected = Record<string, { page: StatisticsPage | null; failed: boolean }>;

interface System {
  requests: HeldRequests[];
  timers: HeldTimers;
  user: UserEvent;
  expected: Expected;
}

async function setUp(): Promise<System> {
  const server = await startTestServer();
  const requests = STATISTIC_CARDS.map((card) => server.hold(`GET /api/v1/statistics/${card.method}`));
  // The coverage stays in its loader: no figures, no timer of its own beside the cards'.
  server.hold("GET /api/v1/coverage");
  const timers = holdTimers(REFRESH_INTERVAL_MS);
  const { user } = await renderScreen(server, createElement(StatisticsCards), { route: "/statistics", path: "/statistics", account: ORGANIZER });
  const expected = Object.fromEntries(STATISTIC_CARDS.map((card) => [card.key, { page: null, failed: false }]));
  return { requests, timers, user, expected };
}

/** Each card's request ends as the model says: the server's page (which must be the one expected) or a 503. */
async function settle({ requests, expected }: System, results: BoardResults) {
  for (const [index, card] of STATISTIC_CARDS.entries()) {
    const result = results[card.key]!;
    if ("page" in result) {
      const page = (await requests[index]!.release()) as StatisticsPage;
      // The server's clock says when it counted: the rest is the page the model was given.
      expect({ ...page, asOf: result.page.asOf }).toEqual(result.page);
      expected[card.key] = { page, failed: false };
    } else {
      requests[index]!.answer(problem(FAILURE_STATUS, "unavailable"));
      expected[card.key]!.failed = true;
    }
  }
}

/** The screen read straight from the DOM (test ids, plain selectors): role queries over seven cards cost seconds per poll. */
const cardsOnScreen = () =>
  findAll({ testId: "statistic-card" }).map((card) => ({
    name: card.getAttribute("aria-label"),
    rows: Array.from(card.querySelectorAll("ol a"), (link) => link.getAttribute("aria-label")),
    asOf: card.querySelector('[data-testid="statistic-as-of"] time')?.getAttribute("datetime") ?? null,
    stale: textOf(card.querySelector('[data-testid="statistic-as-of"]'))?.endsWith("· could not refresh") ?? false,
  }));
const loaders = () => findAll({ testId: "list-loading" }).length;
const alertText = () => textOf(document.querySelector('[role="alert"]'));
const refreshButton = () => document.querySelector<HTMLButtonElement>('button[aria-label="Refresh the statistics now"]');

/** The cards with figures, in the configured order, each with the server's rows and time, stale if its last request failed. */
function expectedCards(expected: Expected) {
  return STATISTIC_CARDS.flatMap((card, index) => {
    const { page, failed } = expected[card.key]!;
    if (!page || page.data.length === 0) return [];
    return [{ name: CARD_NAMES.en[index], rows: page.data.map((item) => `${item.label}: ${item.value}`), asOf: page.asOf, stale: failed }];
  });
}

async function expectCards({ expected }: System) {
  const cards = expectedCards(expected);
  await eventually(cardsOnScreen).toEqual(cards);
  const everyCardFailed = STATISTIC_CARDS.every((card) => expected[card.key]!.failed);
  expect(alertText()).toBe(cards.length === 0 && everyCardFailed ? `ErrorThe statistics could not be loaded (error ${FAILURE_STATUS}). Try again.` : null);
}

async function expectInFlight({ requests }: System, count: 0 | 1) {
  await waitFor(() => expect(requests.map((held) => held.activeCount())).toEqual(STATISTIC_CARDS.map(() => count)));
}

type Options = ModelTestOptions<typeof statisticsBoardLogic, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.load": (system, { output }) => settle(system, output),
  "xstate.done.actor.reload": (system, { output }) => settle(system, output),
  // Refresh now, or Try again where nothing could be shown: both ask for the cards at once.
  "resource.reload": async ({ user, expected }) =>
    user.click(await control({ role: "button", name: expectedCards(expected).length === 0 ? "Try again" : "Refresh the statistics now" })),
  [REFRESH_AFTER]: ({ timers }) => expect(timers.elapse()).toBe(1),
};

const stateAssertions: Options["stateAssertions"] = {
  loading: async (system) => {
    // the cards' loader above the coverage's
    await eventually(loaders).toBe(2);
    expect(cardsOnScreen()).toEqual([]);
    expect(refreshButton()).toBeNull();
    await expectInFlight(system, 1);
    expect(system.timers.pendingCount()).toBe(0);
  },
  "ready.waiting": async (system) => {
    await eventually(() => refreshButton()?.hasAttribute("data-loading")).toBe(false);
    await expectCards(system);
    expect(loaders()).toBe(1);
    await expectInFlight(system, 0);
    // the next round waits the whole interval after this answer: one timer, never two
    expect(system.timers.pendingCount()).toBe(1);
  },
  "ready.reloading": async (system) => {
    await eventually(() => refreshButton()?.hasAttribute("data-loading")).toBe(true);
    await expectCards(system);
    await expectInFlight(system, 1);
    // asking again meanwhile starts no second round
    refreshButton()?.click();
    expect(system.timers.pendingCount()).toBe(0);
    await expectInFlight(system, 1);
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.load":
    case "xstate.done.actor.reload": {
      const what = event.type === "xstate.done.actor.load" ? "load" : "refresh";
      const failed = STATISTIC_CARDS.filter((card) => "error" in event.output[card.key]!).map((card) => card.key);
      return `${what} answers${failed.length === STATISTIC_CARDS.length ? ", every card failing" : failed.length ? `, ${failed.join(", ")} failing` : ""}`;
    }
    case REFRESH_AFTER:
      return "10 s pass";
    default:
      return event.type;
  }
}

let reached: ReturnType<typeof reachedBy>;

describe("statistics board model on the statistics screen", () => {
  const paths = testEveryMaximalPath({ machine: statisticsBoardLogic, input: BOARD_INPUT, events, setUp, eventExecutors, stateAssertions, describeEvent, distinguish });
  reached = reachedBy(paths);

  it("replays 6 paths", () => {
    expect(paths).toHaveLength(6);
  });
});

describe("statistics board model coverage", () => {
  it("reaches every state through every event the screen can send", () => {
    expect(reached.states).toEqual(new Set(['"loading"', '{"ready":"waiting"}', '{"ready":"reloading"}']));
    expect(reached.events).toEqual(new Set(["xstate.init", "xstate.done.actor.load", "xstate.done.actor.reload", "resource.reload", REFRESH_AFTER]));
  });
});
