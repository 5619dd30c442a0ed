import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function SshKeysPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="SshKeys">SshKeys</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
