import { describe, expect, it, vi } from "vitest";
import { renderHook, screen } from "@testing-library/react";
import { serverOffset } from "../../../shared/server-clock";
import { useServerNow } from "../../../shared/use-server-now";
import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import { MantineProvider } from "@mantine/core";
import { I18nProvider } from "@lingui/react";
import { createTestI18n } from "../../../../tests/support/render";
import type { AnswerThread } from "./answer-list.actors";
import { ThreadStatus } from "./ThreadStatus";

const i18n = createTestI18n("en");
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>
    <MantineProvider env="test">{children}</MantineProvider>
  </I18nProvider>
);
const renderStandalone = (ui: ReactElement) => render(ui, { wrapper });

const NOW = Date.parse("2026-11-22T12:00:00Z");
const thread = (changes: Partial<AnswerThread>): AnswerThread => ({
  idObserver: 1,
  idPollingStation: 2,
  pollingStationName: "CJ 15",
  locality: "Cluj-Napoca",
  address: null,
  offAssignment: false,
  observerName: "Ana Pop",
  observerPhoneNumber: "0722000000",
  countyCode: "CJ",
  pollingStationNumber: 15,
  lastModified: "2026-11-22T11:00:00Z",
  flaggedCount: 1,
  state: "new",
  claim: null,
  urgentSince: "2026-11-22T11:55:00Z",
  ...changes,
});
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const clock = () => screen.queryByTestId("age-clock");

describe("ThreadStatus", () => {
  it.each([
    [5, "Waiting 5 min", "outline"],
    [10, "Waiting 10 min", "light"],
    [29, "Waiting 29 min", "light"],
    [30, "Waiting 30 min", "filled"],
    [125, "Waiting 2 h 5 min", "filled"],
    [3 * 24 * 60 + 7, "Waiting 3 days", "filled"],
  ])("shows an unhandled urgent thread waiting %i minutes as %s (%s: grey, amber from 10, red from 30)", (minutes, text, variant) => {
    renderStandalone(<ThreadStatus thread={thread({ urgentSince: minutesAgo(minutes) })} now={NOW} />);
    expect(clock()).toHaveTextContent(text);
    expect(clock()).toHaveAttribute("data-variant", variant);
  });

  it("stops the clock once someone holds, moves or resolves the thread, and says who holds it for how long", () => {
    const claim = { holderId: 7, holder: "ana", since: minutesAgo(3), expiresAt: minutesAgo(-1), mine: false };
    const { rerender } = renderStandalone(<ThreadStatus thread={thread({ claim })} now={NOW} />);
    expect(clock()).toBeNull();
    expect(screen.getByTestId("claim-holder")).toHaveTextContent("ana · 3 min");
    rerender(<ThreadStatus thread={thread({ claim: { ...claim, mine: true } })} now={NOW} />);
    expect(screen.getByTestId("claim-holder")).toHaveTextContent("You · 3 min");
    rerender(<ThreadStatus thread={thread({ state: "in_progress" })} now={NOW} />);
    expect(clock()).toBeNull();
    expect(screen.getByTestId("review-state")).toHaveTextContent("In progress");
    rerender(<ThreadStatus thread={thread({ flaggedCount: 0, urgentSince: null })} now={NOW} />);
    expect(clock()).toBeNull();
  });

  it("measures on the server's clock even when the browser's is minutes off", () => {
    vi.useFakeTimers({ now: NOW + 7 * 60_000 });
    try {
      // A page read at the server's NOW arrived when this skewed browser said NOW + 7 min.
      const offset = serverOffset(new Date(NOW).toISOString(), Date.now());
      const { result } = renderHook(() => useServerNow(offset));
      expect(result.current).toBe(NOW);
      renderStandalone(<ThreadStatus thread={thread({ urgentSince: minutesAgo(12) })} now={result.current} />);
      expect(clock()).toHaveTextContent("Waiting 12 min");
    } finally {
      vi.useRealTimers();
    }
  });
});
