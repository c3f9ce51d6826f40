/**
 * A field people never meet: out of sight, out of the tab order and hidden from screen readers. A robot that
 * fills in every field fills it, and the server then accepts its message in words but keeps nothing.
 */
export function Honeypot({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
