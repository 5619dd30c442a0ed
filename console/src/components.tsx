import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { localTime, relative } from "./format.ts";
import { REFRESH_MS } from "./hooks.ts";

/** The console's first page leaves the focus where the browser put it (the top of the document). */
let firstPage = true;

/**
 * The page's title. It names the document and, once the console has moved on from its first
 * page, takes the focus (a keyboard or screen-reader user lands on the new page's heading, not
 * on the link or button they left).
 */
export function PageTitle({ children, title }: { children: ComponentChildren; title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Console`;
    if (firstPage) firstPage = false;
    else ref.current?.focus();
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** A timestamp: local date and time, the exact instant in the tooltip and for assistive technology. */
export function Time({ iso, now, ago = false }: { iso: string | null | undefined; now?: number; ago?: boolean }) {
  if (!iso) return <span class="muted">–</span>;
  return (
    <time dateTime={iso} title={iso}>
      {ago && now !== undefined ? relative(iso, now) : localTime(iso)}
    </time>
  );
}

/** A job's (or an organization's) status, as a word in a coloured badge (the word alone says it). */
export function Status({ value }: { value: string }) {
  return <span class={`badge badge-${value}`}>{value}</span>;
}

/** A message after an action: `role=status` for news, `role=alert` for a failure. */
export function Notice({ kind, children }: { kind: "ok" | "error"; children: ComponentChildren }) {
  return (
    <p class={`notice notice-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** "Auto-refresh every 3 s" (the switch that stops it) and when the data was last fetched. */
export function LiveControl({
  at,
  live,
  onLive,
  error,
  everyMs = REFRESH_MS,
}: {
  at: Date | undefined;
  live: boolean;
  onLive: (live: boolean) => void;
  error?: string | undefined;
  everyMs?: number;
}) {
  return (
    <div class="live">
      <label class="switch">
        <input type="checkbox" checked={live} onChange={(e) => onLive(e.currentTarget.checked)} /> Auto-refresh every {everyMs / 1000} s
      </label>
      <span class="muted" aria-live="off">
        {at ? `Updated ${localTime(at.toISOString()).slice(11)}` : "Loading…"}
      </span>
      {error !== undefined && <Notice kind="error">Refreshing failed: {error}</Notice>}
    </div>
  );
}

/** A table that scrolls sideways on its own when it is wider than the screen (and can be scrolled by keyboard). */
export function TableScroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A column of a DataTable: its header, or its header with how it shows. */
export type Column = string | { name: string; hidden?: boolean; numeric?: boolean };

/**
 * A table of the console (cards at a phone's width: each cell names its column through
 * `data-label`), in its labelled scroll region, with a header cell per column (`hidden`: for
 * screen readers only; `numeric`: right-aligned); the rows are the children.
 */
export function DataTable(props: { label: string; columns: readonly Column[]; caption?: string; class?: string; children: ComponentChildren }) {
  return (
    <TableScroll label={props.label}>
      <table class={props.class === undefined ? "stack" : `stack ${props.class}`}>
        {props.caption !== undefined && <caption class="visually-hidden">{props.caption}</caption>}
        <thead>
          <tr>
            {props.columns.map((c) => {
              const { name, hidden = false, numeric = false } = typeof c === "string" ? { name: c } : c;
              return (
                <th key={name} scope="col" class={numeric ? "num" : undefined}>
                  {hidden ? <span class="visually-hidden">{name}</span> : name}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Asks before an action a click does not undo (pausing a queue, canceling a job): a modal
 * `<dialog>`, named by its title and described by its text. The focus moves into it, on the
 * button that keeps things as they are, and stays in it; Escape or that button dismisses it;
 * closed, it gives the focus back to the button that opened it.
 */
export function Confirm({
  title,
  children,
  confirm,
  dismiss,
  onConfirm,
  onDismiss,
}: {
  title: string;
  children: ComponentChildren;
  confirm: string;
  dismiss: string;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // closed before it leaves the page, so the browser gives the focus back
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      class="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(e) => {
        // Escape: the page decides, by removing the dialog
        e.preventDefault();
        onDismiss();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-text">{children}</p>
      <div class="buttons">
        <button type="button" autofocus onClick={onDismiss}>
          {dismiss}
        </button>
        <button type="button" class="primary" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}

/** A one-field search form (the organizations' and the users' pages): submits the trimmed text. */
export function SearchForm({
  label,
  fieldLabel,
  id,
  initial,
  placeholder,
  onSearch,
}: {
  label: string;
  fieldLabel: string;
  id: string;
  initial: string;
  placeholder?: string;
  onSearch: (text: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form
      class="filters"
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <div class="field grow">
        <label for={id}>{fieldLabel}</label>
        <input id={id} type="search" value={value} onInput={(e) => setValue(e.currentTarget.value)} autoComplete="off" spellcheck={false} placeholder={placeholder} />
      </div>
      <div class="buttons">
        <button type="submit" class="primary">
          Find
        </button>
      </div>
    </form>
  );
}
