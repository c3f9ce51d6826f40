import { useEffect } from 'react';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * The page's `<title>` and meta description while it is shown (what a shared link and the browser tab
 * show), the previous ones back when it goes. Nothing is set while `meta` is null (still loading).
 */
export function usePageMeta(meta: { title: string; description?: string } | null): void {
  const title = meta?.title;
  const description = meta?.description;
  // Rendered in Node (the build's prerender), where no effect runs: the page's HTML is given them there.
  if (typeof document === 'undefined' && title) renderedMeta = { title, description: description ?? '' };
  useEffect(() => {
    if (!title) return;
    const tag = descriptionTag();
    const before = { title: document.title, description: tag.content };
    document.title = title;
    if (description !== undefined) tag.content = description;
    return () => {
      document.title = before.title;
      tag.content = before.description;
    };
  }, [title, description]);
}

let renderedMeta: { title: string; description: string } | undefined;

/**
 * The title and description the page rendered in Node since the last call asked for (the last one
 * rendered: a page's own, inside the layout's), then forgotten: what the build writes in its HTML's head.
 */
export function takeRenderedMeta(): { title: string; description: string } | undefined {
  const meta = renderedMeta;
  renderedMeta = undefined;
  return meta;
}

/** A page's title as every tab and bookmark shows it: "Jobs — AfyaHR". */
export const pageTitle = (name: string) => `${name} — AfyaHR`;

/**
 * A route's title (`pageTitle(name)`) and, for public pages, its meta description. Pass translated texts:
 * `t` changes with the language, so the title follows a language switch.
 */
export function useRouteMeta(name: string, description?: string): void {
  usePageMeta({ title: pageTitle(name), description });
}
