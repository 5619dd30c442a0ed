import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function MembersPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Members">Members</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
