export function Spinner({ label, inline = false }: { label: string; inline?: boolean }) {
  if (inline) return <span className="spinner spinner-inline" aria-hidden="true" />;
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
