import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { lazyPage } from "./lazy-page";

const Fallback = () => <p>loading</p>;
const Page = () => <h1>the page</h1>;

function pageModule() {
  let loads = 0;
  let failNext = false;
  const load = () => {
    loads += 1;
    if (!failNext) return Promise.resolve({ Page });
    failNext = false;
    return Promise.reject(new Error("chunk failed"));
  };
  return { page: lazyPage(load, "Page"), loads: () => loads, failOnce: () => (failNext = true) };
}

describe("lazyPage", () => {
  it("suspends while its code loads, then shows the page", async () => {
    const { page: LazyPage } = pageModule();
    render(
      <Suspense fallback={<Fallback />}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "the page" })).toBeInTheDocument();
  });

  it("renders a preloaded page at once, without a fallback, and loads its code once", async () => {
    const { page: LazyPage, loads } = pageModule();
    await Promise.all([LazyPage.preload(), LazyPage.preload()]);
    render(
      <Suspense fallback={<Fallback />}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByRole("heading", { name: "the page" })).toBeInTheDocument();
    expect(screen.queryByText("loading")).not.toBeInTheDocument();
    expect(loads()).toBe(1);
  });

  it("tries a chunk that failed to preload again when the page renders", async () => {
    const { page: LazyPage, loads, failOnce } = pageModule();
    failOnce();
    await expect(LazyPage.preload()).rejects.toThrow("chunk failed");
    render(
      <Suspense fallback={<Fallback />}>
        <LazyPage />
      </Suspense>,
    );
    expect(await screen.findByRole("heading", { name: "the page" })).toBeInTheDocument();
    expect(loads()).toBe(2);
  });
});
