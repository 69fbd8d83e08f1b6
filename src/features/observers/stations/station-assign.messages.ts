import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { commonMessages } from "../../../shared/i18n/common-messages";
import type { PageError } from "../../../shared/machines/page-error";
import type { StationProblem } from "./station-ref";

/** Why a station cannot be added or assigned, in words. */
export function stationProblemMessage(problem: StationProblem): MessageDescriptor {
  switch (problem) {
    case "number_pattern":
      return msg({ message: "Enter the station's number: a whole number from 1 up", comment: "Error of the polling-station number field" });
    case "duplicate":
      return msg({ message: "This polling station is already on the list", comment: "Error of the polling-station number field" });
    // The same words as the observers import's report.
    case "not_found":
      return msg`This polling station is not in the registry`;
    case "retired":
      return msg`This polling station is retired: it takes no new observers`;
    case "invalid":
      return msg`This value is not valid`;
  }
}

/** Some of the chosen observers were deleted meanwhile: the bulk assignment's 404 names them as `observerIds[i]`. */
const namesMissingObservers = (error: PageError) => Object.keys(error.fieldErrors).some((field) => field.startsWith("observerIds["));

/** Why saving or assigning stations failed, other than a refusal of a station. */
export function assignmentErrorMessage(error: PageError): MessageDescriptor {
  if (error.status === 0) return commonMessages.cannotReachServer;
  if (error.status === 403) return commonMessages.notAllowed;
  if (error.status === 404 && namesMissingObservers(error)) {
    return msg`Some of the chosen observers no longer exist. Reload the list and choose again.`;
  }
  if (error.status === 404) return msg`This observer does not exist or was deleted.`;
  const status = error.status;
  return msg({
    message: `The polling stations could not be saved (error ${status}). Try again later.`,
    comment: "{status} is an HTTP status code such as 500",
  });
}
