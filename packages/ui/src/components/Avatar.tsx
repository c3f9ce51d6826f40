import { ownPhoto } from '@platform/contracts/values';

/**
 * A person's photo, or the first letter of their name on a tinted disc. Only a photo uploaded to the
 * platform is shown (`ownPhoto`): a link to another site would be fetched by every viewer's browser.
 * Decorative by default (the name is beside it); `alt` names it where it stands alone.
 */
export function Avatar({
  name,
  photo,
  size = 56,
  alt = '',
}: {
  name: string;
  photo: string;
  size?: number;
  alt?: string;
}) {
  const style = { width: size, height: size };
  const src = ownPhoto(photo);
  if (src)
    return (
      <img className="avatar" src={src} alt={alt} width={size} height={size} style={style} loading="lazy" />
    );
  return (
    <span className="avatar avatar-initial" aria-hidden="true" style={style}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
