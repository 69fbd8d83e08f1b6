import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

// A worker runs many files in one module graph (isolate: false), and Mantine keeps its toasts in a module-level
// store: the test setup empties it after every test, or a toast left by one file is the first alert of the next.
describe("toasts between tests", () => {
  const renderToasts = () =>
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );

  it("shows a toast that this test leaves behind", async () => {
    renderToasts();
    act(() => void notifications.show({ message: "Left behind", autoClose: false }));
    expect(await screen.findByText("Left behind")).toBeInTheDocument();
  });

  it("starts the next test without it", () => {
    renderToasts();
    expect(screen.queryByText("Left behind")).not.toBeInTheDocument();
  });
});
