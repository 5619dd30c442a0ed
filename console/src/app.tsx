import { useEffect, useState } from "preact/hooks";
import { api, ApiError, currentSession, messageOf, onAdminRefused, onSessionChange, setSession, type Me } from "./api.ts";
import { Notice, PageTitle } from "./components.tsx";
import { ActionsPage } from "./pages/Actions.tsx";
import { JobDetailPage } from "./pages/JobDetail.tsx";
import { JobsPage } from "./pages/Jobs.tsx";
import { UsersPage } from "./pages/Users.tsx";
import { OrganizationsPage } from "./pages/Organizations.tsx";
import { PeriodicPage } from "./pages/Periodic.tsx";
import { QueuesPage } from "./pages/Queues.tsx";
import { RunLogPage } from "./pages/RunLog.tsx";
import { SignInPage } from "./pages/SignIn.tsx";
import { OrganizationsPickerPage, OrgPages } from "./tenant/TenantApp.tsx";
import { ProfilePage } from "./tenant/pages/Profile.tsx";
import { href, useRoute, type Route } from "./router.ts";
import { sessionOf } from "./session.ts";

/** Where an identity provider sends the browser back to (`return_to: console`). */
const CALLBACK = /\/console\/callback\/(google|github)$/;

type Who = { state: "none" } | { state: "checking" } | { state: "known"; me: Me };

/**
 * The console: sign-in, then the user's organizations (`#/orgs`, `#/orgs/<org>/…`: everything an
 * organization manages) and profile (`#/profile`) for everyone, and for an administrator the
 * operator pages (jobs, queues, organizations, users, actions).
 */
export function App() {
  const [signedIn, setSignedIn] = useState(() => currentSession() !== undefined);
  const [who, setWho] = useState<Who>({ state: "none" });
  const [notice, setNotice] = useState<string>();
  const route = useRoute();

  useEffect(() => {
    onSessionChange((session, reason) => {
      setSignedIn(session !== undefined);
      if (!session) {
        setWho({ state: "none" });
        if (reason !== undefined) setNotice(reason);
      }
    });
  }, []);

  // an admin route refused (403): the user may have lost administrator rights; asked again, /me says
  // so, and the page for non-administrators replaces the console (not the raw refusals)
  useEffect(() => {
    let asking = false;
    onAdminRefused(() => {
      if (asking) return;
      asking = true;
      api.me().then(
        (me) => {
          asking = false;
          if (!me.is_admin) setWho({ state: "known", me });
        },
        () => {
          asking = false;
        },
      );
    });
  }, []);

  // back from the identity provider: redeem its answer at the API's callback route
  useEffect(() => {
    const match = CALLBACK.exec(location.pathname);
    if (!match) return;
    const provider = match[1]!;
    const search = location.search;
    // the code and state leave the address bar (and the history) at once
    history.replaceState(null, "", "/console/#/");
    setWho({ state: "checking" });
    api.loginCallback(provider, search).then(
      (pair) => setSession(sessionOf(pair)),
      (err: unknown) => {
        setWho({ state: "none" });
        setNotice(`Sign-in with ${provider === "google" ? "Google" : "GitHub"} failed: ${messageOf(err)}`);
      },
    );
  }, []);

  // who is signed in: their organizations, and an administrator's operator pages
  const askMe = () =>
    api.me().then(
      (me) => {
        setWho({ state: "known", me });
        setNotice(undefined);
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) setSession(undefined, "The API refused the token (unauthorized): it is invalid, expired or revoked.");
        else {
          setSession(undefined);
          setNotice(`Signing in failed: ${messageOf(err)}`);
        }
      },
    );
  useEffect(() => {
    if (!signedIn) return;
    setWho({ state: "checking" });
    void askMe();
  }, [signedIn]);

  const signOut = () => {
    const refresh = currentSession()?.refresh_token;
    if (refresh) void api.logout(refresh).catch(() => {});
    setSession(undefined, "Signed out.");
  };

  let body;
  if (who.state === "checking") body = <p class="muted">Signing in…</p>;
  else if (who.state === "none") body = <SignInPage notice={notice} />;
  else body = <Page route={route} me={who.me} onMeChanged={() => void askMe()} />;

  return (
    <>
      <SkipLink />
      <header class="top">
        <a class="brand" href="#/">
          <img src="/console/favicon.svg" alt="" width={24} height={24} />
          Console
        </a>
        {who.state === "known" && <Nav route={route} admin={who.me.is_admin} />}
        {who.state === "known" && (
          <div class="who">
            <a href="#/profile" title={who.me.id} aria-current={route.parts[0] === "profile" ? "page" : undefined}>
              {who.me.primary_email || "Profile"}
            </a>
            <button type="button" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {body}
      </main>
    </>
  );
}

/** The first stop for a keyboard: straight to the page's content (a button: the fragment holds the page). */
function SkipLink() {
  return (
    <button
      type="button"
      class="skip"
      onClick={() => {
        const target = document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
        target?.focus();
      }}
    >
      Skip to content
    </button>
  );
}

const SECTIONS = [
  { part: "jobs", label: "Jobs" },
  { part: "queues", label: "Queues" },
  { part: "periodic", label: "Periodic" },
  { part: "organizations", label: "Organizations" },
  { part: "users", label: "Users" },
  { part: "actions", label: "Actions" },
] as const;

/** Where an address without a page goes: an administrator's first page is the jobs, anyone else's their organizations. */
const home = (admin: boolean) => (admin ? "jobs" : "orgs");

function Nav({ route, admin }: { route: Route; admin: boolean }) {
  const current = route.parts[0] ?? home(admin);
  return (
    <nav aria-label="Console">
      <ul>
        <li>
          <a href={href(["orgs"])} aria-current={current === "orgs" ? "page" : undefined}>
            My organizations
          </a>
        </li>
        {(admin ? SECTIONS : []).map((s) => (
          <li key={s.part}>
            <a href={href([s.part])} aria-current={current === s.part ? "page" : undefined}>
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Page({ route, me, onMeChanged }: { route: Route; me: Me; onMeChanged: () => void }) {
  const [section = home(me.is_admin), id] = route.parts;
  if (section === "orgs") return id !== undefined ? <OrgPages route={route} me={me} onMeChanged={onMeChanged} /> : <OrganizationsPickerPage me={me} onChanged={onMeChanged} />;
  if (section === "profile") return <ProfilePage me={me} onChanged={onMeChanged} />;
  if (!me.is_admin && SECTIONS.some((s) => s.part === section))
    return (
      <>
        <PageTitle title="Administrators only">This page is for administrators</PageTitle>
        <Notice kind="error">
          You are signed in as {me.primary_email || "a user without an e-mail address"}, who is not an administrator. <a href="#/orgs">Go to your organizations</a>.
        </Notice>
      </>
    );
  if (section === "jobs") return id !== undefined ? <JobDetailPage id={id} /> : <JobsPage route={route} />;
  if (section === "queues") return <QueuesPage />;
  if (section === "periodic") return <PeriodicPage />;
  if (section === "organizations") return <OrganizationsPage id={id} q={route.params.get("q") ?? ""} />;
  if (section === "users") return <UsersPage q={route.params.get("q") ?? ""} me={me.id} />;
  if (section === "actions") return <ActionsPage />;
  // #/runs/<org>/<cluster>/<run>: a run's live log
  if (section === "runs" && route.parts.length === 4) return <RunLogPage org={route.parts[1]!} cluster={route.parts[2]!} run={route.parts[3]!} />;
  return (
    <>
      <PageTitle title="Not found">Page not found</PageTitle>
      <Notice kind="error">
        There is no page here. <a href="#/">Go to the first page</a>.
      </Notice>
    </>
  );
}
