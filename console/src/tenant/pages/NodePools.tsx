import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function NodePoolsPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="NodePools">NodePools</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
