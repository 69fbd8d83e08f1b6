import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { readStoredDraft, storedDraftActor } from "../../shared/draft-storage";
import { observerBlankDraft, observerDraftStorage, observerPageLogic, observerProblemsOf } from "./observer-profile.draft";

describe("observer-profile.draft", () => {
  it("requires the PIN only when adding, and checks the phone and PIN patterns", () => {
    const draft = { name: " Ana ", phone: "0722000000", pin: "" };
    expect(observerProblemsOf({ draft, id: null })).toEqual({ pin: "required" });
    expect(observerProblemsOf({ draft, id: 7 })).toEqual({});
    expect(observerProblemsOf({ draft: { name: "  ", phone: "07-22", pin: "12" }, id: 7 })).toEqual({
      name: "required",
      phone: "phone_pattern",
      pin: "pin_pattern",
    });
  });

  it("keeps a draft per route without its PIN, and forgets it", () => {
    const storage = observerDraftStorage(sessionStorage, 7);
    const store = createActor(storedDraftActor(storage), { input: { id: 7 } }).start();
    store.send({ type: "draft.keep", values: { name: "Ana", phone: "0722", pin: "1234" } });
    expect(sessionStorage.getItem("observer-draft:edit:7")).toBe('{"name":"Ana","phone":"0722"}');
    expect(readStoredDraft(storage)).toEqual({ name: "Ana", phone: "0722" });
    store.send({ type: "draft.forget" });
    expect(sessionStorage.getItem("observer-draft:edit:7")).toBeNull();
    expect(readStoredDraft(storage)).toBeNull();
  });

  it("reads nothing from an unreadable or foreign stored value", () => {
    const storage = observerDraftStorage(sessionStorage, null);
    sessionStorage.setItem("observer-draft:new", "{not json");
    expect(readStoredDraft(storage)).toBeNull();
    sessionStorage.setItem("observer-draft:new", '{"pin":"1234"}');
    expect(readStoredDraft(storage)).toBeNull();
    sessionStorage.clear();
  });

  it("takes Save only for a valid draft", () => {
    const page = createActor(observerPageLogic, { input: { mode: "creating", id: null, blank: observerBlankDraft } }).start();
    page.send({ type: "field.change", field: "name", value: "Ana Pop" });
    page.send({ type: "field.change", field: "phone", value: "0722000000" });
    expect(page.getSnapshot().can({ type: "form.submit" })).toBe(false);
    page.send({ type: "field.change", field: "pin", value: "1234" });
    expect(page.getSnapshot().can({ type: "form.submit" })).toBe(true);
  });
});
