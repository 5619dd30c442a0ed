import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function OrgKeysPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="OrgKeys">OrgKeys</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
