import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function WebhooksPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Webhooks">Webhooks</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
