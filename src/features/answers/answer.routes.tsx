import { Route } from "react-router";
import type { FeatureRoutes } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";

const UrgentAnswerList = lazyPage(() => import("./UrgentAnswerList"), "UrgentAnswerList");
const AnswerList = lazyPage(() => import("./AnswerList"), "AnswerList");
const AnswerShow = lazyPage(() => import("./AnswerShow"), "AnswerShow");

// A thread's details open inside the list they were opened from.
const answerDetails = <Route path={paths.answerDetails.path} element={<AnswerShow />} />;

export const answerRoutes: FeatureRoutes = {
  staff: (
    <>
      <Route path={paths.urgents.path} element={<UrgentAnswerList />}>
        {answerDetails}
      </Route>
      <Route path={paths.answers.path} element={<AnswerList />}>
        {answerDetails}
      </Route>
    </>
  ),
};
