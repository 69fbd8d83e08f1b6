import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from "xstate";

type Creator<Output, Input> = Parameters<typeof fromPromise<Output, Input>>[0];

/**
 * fromPromise for loads that start on mount: once its signal has aborted, the promise never settles.
 *
 * Why: under StrictMode @xstate/react stops the root actor, then restores every child's "active" snapshot and starts
 * it again. The first call, aborted by the stop, still reports to the restarted child: its AbortError (real fetch
 * rejects an aborted call at once) turns into "the list could not be loaded", and the second call's answer is then
 * dropped. A fake server that ignored the signal hid this; the real one shows it.
 */
export function fromAbortablePromise<Output, Input = NonReducibleUnknown>(creator: Creator<Output, Input>): PromiseActorLogic<Output, Input> {
  const never = () => new Promise<never>(() => {});
  return fromPromise<Output, Input>(async (args) => {
    try {
      const output = await creator(args);
      return args.signal.aborted ? never() : output;
    } catch (error) {
      if (args.signal.aborted) return never();
      throw error;
    }
  });
}
