import type { Me } from "../../api.ts";
import { Notice, PageTitle } from "../../components.tsx";

/** Being built. */
export function ProfilePage(_: { me: Me; onChanged: () => void }) {
  return (
    <>
      <PageTitle title="Profile">Profile</PageTitle>
      <Notice kind="error">This page is being built.</Notice>
    </>
  );
}
