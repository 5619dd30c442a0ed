import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { messageOf } from "../api.ts";
import { Confirm, DataTable, Notice, PageTitle, SearchForm } from "../components.tsx";
import { href, navigate, type Route } from "../router.ts";
import { bodyOf, FormPanel, type Field } from "./form.tsx";
import type { ListPage } from "./org-api.ts";
import { useLive, useOrg } from "./org-context.tsx";

/** A column of a resource's table: its header and what a row shows in it. */
export interface ResourceColumn<T> {
  name: string;
  cell: (item: T) => ComponentChildren;
}

/**
 * One kind of an organization's resources as its page shows it: how to list (a page at a time,
 * searched by `q` where the API can), the table's columns, and the create, edit and delete the
 * API offers, each described by its fields.
 */
export interface ResourceKind<T extends { id: string }> {
  /** The route's section: `#/orgs/<org>/<section>`. */
  section: string;
  /** The page's address after the organization's, when it is not just the section (`["dns", "<domain>"]`). */
  parts?: readonly string[];
  title: string;
  /** `label`, `load balancer`: in buttons and messages. */
  one: string;
  /** The event types that change the list (`label.*`). */
  events: readonly string[];
  list: (org: string, query: { q: string; cursor: string | undefined }, signal: AbortSignal) => Promise<ListPage<T>>;
  /** The search field's label when the API searches this list (`q`). */
  search?: string;
  columns: readonly ResourceColumn<T>[];
  /** How an item is named in a confirmation or a message. */
  name: (item: T) => string;
  createFields?: readonly Field[];
  create?: (org: string, body: Record<string, unknown>) => Promise<T>;
  editFields?: readonly Field[];
  update?: (org: string, id: string, body: Record<string, unknown>) => Promise<T>;
  remove?: (org: string, id: string) => Promise<unknown>;
  /** More buttons of a row (owners and admins, or anyone when `canWrite` is not needed). */
  rowActions?: (item: T, done: (message: string) => void) => ComponentChildren;
  /** The page of one item, when there is one. */
  detail?: (org: string, item: T) => string;
  /** Said above the list. */
  intro?: ComponentChildren;
}

interface Result {
  kind: "ok" | "error";
  text: string;
}

/** A list page of one resource kind: search, paging, create, edit and delete (owners and admins), kept current by the organization's events. */
/** `children`: the page's own panels (a secret shown once, a form of its own), under the title. */
export function ResourcePage<T extends { id: string }>({ kind, route, children }: { kind: ResourceKind<T>; route: Route; children?: ComponentChildren }) {
  const { org, canWrite } = useOrg();
  const q = route.params.get("q") ?? "";
  const cursor = route.params.get("cursor") ?? undefined;
  const list = useLive(`${(kind.parts ?? [kind.section]).join("/")}:${org.id}:${q}:${cursor ?? ""}`, (signal) => kind.list(org.id, { q, cursor }, signal), kind.events);
  const [form, setForm] = useState<{ mode: "create" } | { mode: "edit"; item: T }>();
  const [deleting, setDeleting] = useState<T>();
  const [result, setResult] = useState<Result>();
  const base = ["orgs", org.id, ...(kind.parts ?? [kind.section])];
  const done = (text: string) => {
    setResult({ kind: "ok", text });
    list.reload();
  };

  const remove = async (item: T) => {
    setResult(undefined);
    try {
      await kind.remove!(org.id, item.id);
      list.update((page) => ({ ...page, items: page.items.filter((i) => i.id !== item.id) }));
      done(`Deleted ${kind.one} ${kind.name(item)}.`);
    } catch (err) {
      setResult({ kind: "error", text: `${kind.name(item)} was not deleted: ${messageOf(err)}` });
    }
  };

  const editable = canWrite && kind.update && kind.editFields;
  const page = list.data;
  return (
    <>
      <PageTitle title={kind.title}>{kind.title}</PageTitle>
      {kind.intro}
      {children}
      {kind.search && (
        <SearchForm
          label={`Find ${kind.title.toLowerCase()}`}
          fieldLabel={kind.search}
          id={`${kind.section}-search`}
          initial={q}
          onSearch={(text) => navigate(href(base, { q: text }))}
        />
      )}
      {canWrite && kind.create && kind.createFields && !form && (
        <div class="buttons">
          <button type="button" class="primary" onClick={() => setForm({ mode: "create" })}>
            New {kind.one}
          </button>
        </div>
      )}
      {!canWrite && (kind.create ?? kind.update ?? kind.remove) !== undefined && (
        <p class="muted">You are a member of this organization: you can read, its owners and admins change things.</p>
      )}
      {form?.mode === "create" && (
        <FormPanel
          id={`${kind.section}-create`}
          title={`New ${kind.one}`}
          fields={kind.createFields!}
          submit={`Create ${kind.one}`}
          onCancel={() => setForm(undefined)}
          onSubmit={async (values) => {
            const made = await kind.create!(org.id, bodyOf(kind.createFields!, values));
            setForm(undefined);
            done(`Created ${kind.one} ${kind.name(made)}.`);
          }}
        />
      )}
      {form?.mode === "edit" && (
        <FormPanel
          key={form.item.id}
          id={`${kind.section}-edit`}
          title={`Edit ${kind.one} ${kind.name(form.item)}`}
          fields={kind.editFields!}
          initial={form.item}
          submit="Save"
          onCancel={() => setForm(undefined)}
          onSubmit={async (values, start) => {
            const changed = bodyOf(kind.editFields!, values, start);
            const after = await kind.update!(org.id, form.item.id, changed);
            setForm(undefined);
            done(`Saved ${kind.one} ${kind.name(after)}.`);
          }}
        />
      )}
      {deleting && (
        <Confirm
          title={`Delete ${kind.one} ${kind.name(deleting)}?`}
          confirm="Delete"
          dismiss="Keep it"
          onConfirm={() => {
            const item = deleting;
            setDeleting(undefined);
            void remove(item);
          }}
          onDismiss={() => setDeleting(undefined)}
        >
          It is deleted for good.
        </Confirm>
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {!page && (list.error !== undefined ? <Notice kind="error">{list.error}</Notice> : <p class="muted">Loading…</p>)}
      {page && page.items.length === 0 && (
        <p class="muted" role="status">
          {q ? `No ${kind.one} matches “${q}”.` : cursor ? "No more." : `No ${kind.one} yet.`}
        </p>
      )}
      {page && page.items.length > 0 && (
        <DataTable label={kind.title} columns={[...kind.columns.map((c) => c.name), { name: "Actions", hidden: true }]}>
          {page.items.map((item) => (
            <tr key={item.id} data-id={item.id}>
              {kind.columns.map((c, i) =>
                i === 0 ? (
                  <th scope="row" data-label={c.name} key={c.name}>
                    {kind.detail ? <a href={kind.detail(org.id, item)}>{c.cell(item)}</a> : c.cell(item)}
                  </th>
                ) : (
                  <td data-label={c.name} key={c.name}>
                    {c.cell(item)}
                  </td>
                ),
              )}
              <td data-label="Actions" class="actions">
                {kind.rowActions?.(item, done)}
                {editable && (
                  <button type="button" onClick={() => setForm({ mode: "edit", item })} aria-label={`Edit ${kind.name(item)}`}>
                    Edit
                  </button>
                )}
                {canWrite && kind.remove && (
                  <button type="button" onClick={() => setDeleting(item)} aria-label={`Delete ${kind.name(item)}`}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {page && <Pager base={base} params={{ q }} cursor={cursor} next={page.next} />}
    </>
  );
}

/** "First page" and "Next page" of a cursor-paged list (the cursor lives in the address). */
export function Pager({ base, params, cursor, next }: { base: string[]; params: Record<string, string>; cursor: string | undefined; next: string | undefined }) {
  if (!cursor && !next) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {cursor && <a href={href(base, params)}>First page</a>}
      {next && <a href={href(base, { ...params, cursor: next })}>Next page</a>}
    </nav>
  );
}
