import { useEffect, useState } from "preact/hooks";
import { messageOf } from "../api.ts";
import { Notice } from "../components.tsx";

/**
 * A form of the tenant pages, described by its fields: what the user types is sent as the API's
 * fields (numbers as numbers, one value per line as a list), and the API checks it: its message
 * (`invalid status`, `validation error: ttl must be …`) is shown as it is, and nothing is lost
 * from the form on a refusal.
 */

export interface Choice {
  value: string;
  label: string;
}

export interface Field {
  name: string;
  label: string;
  /** `lines`: one value per line, sent as an array of strings; `number`: sent as a number. */
  kind?: "text" | "number" | "select" | "textarea" | "lines" | "password";
  /** A select's choices (the first is the default unless `required` is false, which adds "none"). */
  choices?: readonly (string | Choice)[];
  required?: boolean;
  hint?: string;
  placeholder?: string;
  mono?: boolean;
}

export type Values = Record<string, string>;

const choiceOf = (c: string | Choice): Choice => (typeof c === "string" ? { value: c, label: c } : c);

/** A value as the form shows it (a list one per line). */
export function shown(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(String).join("\n");
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);
}

/** The body for the API: every filled field (`changedFrom`: only the ones that differ from it, for an edit). */
export function bodyOf(fields: readonly Field[], values: Values, changedFrom?: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = values[f.name] ?? "";
    if (changedFrom !== undefined ? raw === (changedFrom[f.name] ?? "") : raw.trim() === "") continue;
    if (f.kind === "number") body[f.name] = raw.trim() === "" ? undefined : Number(raw);
    else if (f.kind === "lines")
      body[f.name] = raw
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l !== "");
    else body[f.name] = f.kind === "password" || f.kind === "textarea" ? raw : raw.trim();
  }
  return body;
}

export function initialValues(fields: readonly Field[], from?: Record<string, unknown>): Values {
  const values: Values = {};
  for (const f of fields) {
    const given = from?.[f.name];
    values[f.name] = given !== undefined ? shown(given) : f.kind === "select" && f.required !== false && f.choices?.[0] !== undefined ? choiceOf(f.choices[0]).value : "";
  }
  return values;
}

/** The inputs of a form's fields, each labelled, its hint and the API's word tied to it. */
export function Fields({ id, fields, values, onChange }: { id: string; fields: readonly Field[]; values: Values; onChange: (name: string, value: string) => void }) {
  return (
    <div class="form-fields">
      {fields.map((f) => {
        const fid = `${id}-${f.name}`;
        const common = {
          id: fid,
          name: f.name,
          value: values[f.name] ?? "",
          required: f.required === true,
          "aria-describedby": f.hint ? `${fid}-hint` : undefined,
          class: f.mono ? "mono" : undefined,
        };
        const set = (e: { currentTarget: { value: string } }) => onChange(f.name, e.currentTarget.value);
        return (
          <div class={f.kind === "textarea" || f.kind === "lines" ? "field wide" : "field"} key={f.name}>
            <label for={fid}>{f.label}</label>
            {f.kind === "select" ? (
              <select {...common} onChange={set}>
                {f.required === false ? <option value="">none</option> : !values[f.name] && <option value="">Choose…</option>}
                {(f.choices ?? []).map(choiceOf).map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            ) : f.kind === "textarea" || f.kind === "lines" ? (
              <textarea {...common} rows={f.kind === "lines" ? 3 : 6} spellcheck={false} onInput={set} placeholder={f.placeholder} />
            ) : (
              <input
                {...common}
                // preact's input types are a union per type: one of three is still one input
                // eslint-disable-next-line local/no-unnecessary-type-assertion
                type={(f.kind === "number" ? "number" : f.kind === "password" ? "password" : "text") as "text"}
                autoComplete={f.kind === "password" ? "new-password" : "off"}
                spellcheck={false}
                placeholder={f.placeholder}
                onInput={set}
              />
            )}
            {f.hint && (
              <small id={`${fid}-hint`} class="muted">
                {f.hint}
              </small>
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * A form in its own labelled region: the fields, a submit and a cancel button; `onSubmit` gets the
 * values and either resolves (the form is done) or throws the API's error, shown in its words.
 */
export function FormPanel({
  id,
  title,
  fields,
  initial,
  submit,
  onSubmit,
  onCancel,
  children,
}: {
  id: string;
  title: string;
  fields: readonly Field[];
  initial?: Record<string, unknown> | undefined;
  submit: string;
  onSubmit: (values: Values, initial: Values) => Promise<void>;
  onCancel?: () => void;
  children?: preact.ComponentChildren;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(fields, initial));
  const [start] = useState<Values>(() => initialValues(fields, initial));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setError(undefined), [id]);
  return (
    <section class="panel" role="region" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(undefined);
          onSubmit(values, start).then(
            () => setBusy(false),
            (err: unknown) => {
              setBusy(false);
              setError(messageOf(err));
            },
          );
        }}
      >
        <Fields id={id} fields={fields} values={values} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
        {error !== undefined && <Notice kind="error">{error}</Notice>}
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy}>
            {submit}
          </button>
          {onCancel && (
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
