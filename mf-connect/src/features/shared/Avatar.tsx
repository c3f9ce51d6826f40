/** A person's photo, or the first letter of their name on a tinted disc (decorative: the name is beside it). */
export function Avatar({ name, photo, size = 56 }: { name: string; photo: string; size?: number }) {
  const style = { width: size, height: size };
  if (photo && /^(https?:\/\/|\/)/.test(photo))
    return (
      <img className="avatar" src={photo} alt="" width={size} height={size} style={style} loading="lazy" />
    );
  return (
    <span className="avatar avatar-initial" aria-hidden="true" style={style}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
