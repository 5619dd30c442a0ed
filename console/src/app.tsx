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
import { NotAdminPage, SignInPage } from "./pages/SignIn.tsx";
import { href, useRoute, type Route } from "./router.ts";
import { sessionOf } from "./session.ts";

/** Where an identity provider sends the browser back to (`return_to: console`). */
const CALLBACK = /\/console\/callback\/(google|github)$/;

type Who = { state: "none" } | { state: "checking" } | { state: "known"; me: Me };

/** The console: sign-in, then (for an administrator) the jobs, queues and organizations pages. */
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
    history.replaceState(null, "", "/console/#/jobs");
    setWho({ state: "checking" });
    api.loginCallback(provider, search).then(
      (pair) => setSession(sessionOf(pair)),
      (err: unknown) => {
        setWho({ state: "none" });
        setNotice(`Sign-in with ${provider === "google" ? "Google" : "GitHub"} failed: ${messageOf(err)}`);
      },
    );
  }, []);

  // who is signed in: an administrator sees the console, anyone else is told it is not for them
  useEffect(() => {
    if (!signedIn) return;
    setWho({ state: "checking" });
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
  }, [signedIn]);

  const signOut = () => {
    const refresh = currentSession()?.refresh_token;
    if (refresh) void api.logout(refresh).catch(() => {});
    setSession(undefined, "Signed out.");
  };

  let body;
  if (who.state === "checking") body = <p class="muted">Signing in…</p>;
  else if (who.state === "none") body = <SignInPage notice={notice} />;
  else if (!who.me.is_admin) body = <NotAdminPage email={who.me.primary_email} onSignOut={signOut} />;
  else body = <Page route={route} me={who.me.id} />;

  return (
    <>
      <SkipLink />
      <header class="top">
        <a class="brand" href="#/jobs">
          <img src="/console/favicon.svg" alt="" width={24} height={24} />
          Operator console
        </a>
        {who.state === "known" && who.me.is_admin && <Nav route={route} />}
        {who.state === "known" && (
          <div class="who">
            <span class="muted" title={who.me.id}>
              {who.me.primary_email}
            </span>
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

function Nav({ route }: { route: Route }) {
  const current = route.parts[0] ?? "jobs";
  return (
    <nav aria-label="Console">
      <ul>
        {SECTIONS.map((s) => (
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

function Page({ route, me }: { route: Route; me: string }) {
  const [section = "jobs", id] = route.parts;
  if (section === "jobs") return id !== undefined ? <JobDetailPage id={id} /> : <JobsPage route={route} />;
  if (section === "queues") return <QueuesPage />;
  if (section === "periodic") return <PeriodicPage />;
  if (section === "organizations") return <OrganizationsPage id={id} q={route.params.get("q") ?? ""} />;
  if (section === "users") return <UsersPage q={route.params.get("q") ?? ""} me={me} />;
  if (section === "actions") return <ActionsPage />;
  // #/runs/<org>/<cluster>/<run>: a run's live log
  if (section === "runs" && route.parts.length === 4) return <RunLogPage org={route.parts[1]!} cluster={route.parts[2]!} run={route.parts[3]!} />;
  return (
    <>
      <PageTitle title="Not found">Page not found</PageTitle>
      <Notice kind="error">
        There is no page here. <a href="#/jobs">Go to the jobs</a>.
      </Notice>
    </>
  );
}
