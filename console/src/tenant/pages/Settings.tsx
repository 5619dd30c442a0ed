import { Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";

/** Being built. */
export function SettingsPage(_: { route: Route }) {
  return (
    <>
      <PageTitle title="Settings">Settings</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
