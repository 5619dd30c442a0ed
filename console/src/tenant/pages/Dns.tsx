import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function DnsPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Dns">Dns</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
