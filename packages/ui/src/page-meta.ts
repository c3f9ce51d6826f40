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
