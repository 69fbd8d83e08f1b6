import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { commonMessages } from "../../../shared/i18n/common-messages";
import type { PageError } from "../../../shared/machines/page-mode.machine";
import type { StationFieldProblem, StationFormField } from "./station-form";

/** A field's problem in words: a StationFieldProblem found in the browser or a FieldError code from the server. */
export function fieldProblemMessage(field: StationFormField, problem: StationFieldProblem | (string & {})): MessageDescriptor {
  switch (problem) {
    case "required":
      return msg({ id: "VALIDATION_REQUIRED", message: "This field is required" });
    case "positive_integer":
      return msg`Enter a whole number from 1`;
    case "whole_number":
      return msg`Enter a whole number from 0`;
    case "number_format":
      return msg`Enter a number, such as 46.7712`;
    case "latitude_range":
      return msg`A latitude is a number between -90 and 90`;
    case "longitude_range":
      return msg`A longitude is a number between -180 and 180`;
    case "station_exists":
    case "duplicate":
      return field === "number" ? msg`Another station of this county already has this number` : msg`This value is not valid`;
    case "not_found":
      return field === "countyCode" ? msg`This county does not exist` : msg`This value is not valid`;
    case "maxLength":
    case "too_long":
      return msg`The text is too long`;
    default:
      return msg`This value is not valid`;
  }
}

/** What went wrong with a load or a save, from the problem code. */
export function stationErrorMessage(error: Pick<PageError, "status" | "code">): MessageDescriptor {
  switch (error.code) {
    case "station_exists":
      return msg`Another station of this county already has this number`;
    case "validation":
      return msg`Some fields are not valid. Check the highlighted fields.`;
    case "not_found":
      return msg`This polling station does not exist.`;
    case "forbidden":
      return msg`Only organizers can change the polling stations.`;
    case "network_error":
      return commonMessages.cannotReachServer;
    default: {
      const status = error.status;
      return msg({ message: `Something went wrong (error ${status}). Try again later.`, comment: "{status} is an HTTP status code such as 500" });
    }
  }
}
