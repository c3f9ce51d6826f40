/**
 * Markdown as the service rendered and sanitised it (`contentHtml`: formatting tags, safe links with
 * rel="nofollow ugc noopener"). The only HTML mf-connect inserts; the Markdown source is never rendered here.
 */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  return <div className={`prose ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
