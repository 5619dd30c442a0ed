import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function ServersPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Servers">Servers</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
