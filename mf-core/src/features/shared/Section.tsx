import type { ReactNode } from 'react';

/** A landing-page section: a display heading (labelling the region), an optional intro, the content. */
export function Section({
  id,
  title,
  intro,
  narrow = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <div className={narrow ? 'container narrow' : 'container'}>
        <h2 id={`${id}-title`} className="display center">
          {title}
        </h2>
        {intro && <p className="center muted">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
