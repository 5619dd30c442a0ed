import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function ClustersPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Clusters">Clusters</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
