import { Route, type Params } from "react-router";
import type { ApiClient } from "../../api/client";
import type { FeatureRoutes, RouteData } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";
import { prefetchForm } from "./form-prefetch";

const FormList = lazyPage(() => import("./FormList"), "FormList");
// One page for both routes: a new form's first save moves it to /formulare/:formId without opening it again.
const FormEditorPage = lazyPage(() => import("./editor/FormEditorPage"), "FormEditorPage");

const editorData: RouteData = {
  prefetch: (params: Params, api: ApiClient) => {
    const id = Number(params.formId);
    if (Number.isSafeInteger(id) && id > 0) prefetchForm(api, id);
  },
};

export const formRoutes: FeatureRoutes = {
  staff: <Route path={paths.forms.path} element={<FormList />} />,
  organizer: (
    <>
      <Route path={paths.formNew.path} element={<FormEditorPage />} />
      <Route path={paths.form.path} element={<FormEditorPage />} handle={editorData} />
    </>
  ),
};
