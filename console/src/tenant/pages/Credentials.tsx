import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function CredentialsPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Credentials">Credentials</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
