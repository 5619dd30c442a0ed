import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function AuditPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Audit">Audit</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
