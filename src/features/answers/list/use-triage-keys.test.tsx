import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useTriageKeys } from "./use-triage-keys";

function Probe({ onNext, onHelp }: { onNext: () => void; onHelp: () => void }) {
  useTriageKeys({ j: onNext, "?": onHelp });
  return (
    <div>
      <label>
        Phone <input />
      </label>
      <label>
        Comment <textarea />
      </label>
      <div role="dialog" aria-label="Dialog">
        <button type="button">Inside</button>
      </div>
      <button type="button">Row</button>
    </div>
  );
}

describe("useTriageKeys", () => {
  it("acts on a single key outside fields and dialogs, never while typing or with a modifier", async () => {
    const onNext = vi.fn();
    const onHelp = vi.fn();
    render(<Probe onNext={onNext} onHelp={onHelp} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Row" }));
    await user.keyboard("j");
    expect(onNext).toHaveBeenCalledTimes(1);
    await user.keyboard("?");
    expect(onHelp).toHaveBeenCalledTimes(1);

    await user.type(screen.getByRole("textbox", { name: "Phone" }), "j");
    await user.type(screen.getByRole("textbox", { name: "Comment" }), "jj");
    expect(screen.getByRole("textbox", { name: "Comment" })).toHaveValue("jj");
    await user.click(screen.getByRole("button", { name: "Inside" }));
    await user.keyboard("j");
    await user.click(screen.getByRole("button", { name: "Row" }));
    await user.keyboard("{Control>}j{/Control}");
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});
