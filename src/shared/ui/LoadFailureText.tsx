import type { ReactNode } from "react";
import { commonMessages } from "../i18n/common-messages";
import type { LoadFailure } from "../machines/load-failure";
import { CommonMessage } from "./CommonMessage";

/** What a screen says about each way its load can fail; the network failure reads the same everywhere. */
export interface LoadFailureWords {
  forbidden: ReactNode;
  /** Defaults to `failed`: for most screens a 404 means the list is gone for now. */
  notFound?: ReactNode;
  failed: ReactNode;
  failedWithStatus: (status: number) => ReactNode;
}

/** Why a load failed, in the user's words. */
export function LoadFailureText({ error, words }: { error: LoadFailure; words: LoadFailureWords }) {
  switch (error.code) {
    case "network":
      return <CommonMessage message={commonMessages.cannotReachServer} />;
    case "forbidden":
      return words.forbidden;
    case "not_found":
      return words.notFound ?? words.failed;
    case "unexpected":
      return error.status === null ? words.failed : words.failedWithStatus(error.status);
  }
}
