/** A secret read on request (a private key, a credential's secret): shown until "Hide" or leaving the page, never stored. */
export function RevealedSecret({ title, label, text, onHide }: { title: string; label: string; text: string; onHide: () => void }) {
  return (
    <section class="panel" role="region" aria-labelledby="revealed-title">
      <h2 id="revealed-title">{title}</h2>
      <p class="muted">It is not kept by this page once you hide it or leave.</p>
      <pre class="secret" aria-label={label}>
        {text}
      </pre>
      <div class="buttons">
        <button type="button" onClick={onHide}>
          Hide
        </button>
      </div>
    </section>
  );
}
