import type { ReactNode } from "react";
import type { RoundCreateActor } from "./round-create.selectors";

/** A step of the wizard: Enter or its Next button asks the machine for the next step, which checks the step first. */
export function WizardStepForm({ wizard, children }: { wizard: RoundCreateActor; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        wizard.send({ type: "step.next" });
      }}
    >
      {children}
    </form>
  );
}
