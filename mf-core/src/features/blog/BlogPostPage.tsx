import type { BlogPostResponse } from '@platform/svc-content/contract';
import { ApiFailure, useApiQuery } from '@platform/data';
import { Link, useParams } from '@platform/router';
import { Alert, Button, SafeHtml, Spinner, useDateFormat, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { textPreview } from './text';
import '../shared/core.css';

/** `/blog/:slug`: one published post. Its HTML is the server's, sanitised there on every save. */
export default function BlogPostPage() {
  const { t } = useTranslation('core');
  const { slug = '' } = useParams();
  const post = useApiQuery<BlogPostResponse>(coreApi.blogPost(slug));
  const blog = post.data?.blog;
  useRouteMeta(blog?.name ?? t('blog.title'), blog ? textPreview(blog.data, 160) : t('meta.blog'));
  const date = useDateFormat();
  const missing = post.error instanceof ApiFailure && post.error.status === 404;
  return (
    <div className="container narrow section">
      <p>
        <Link to="/blog">← {t('blog.back')}</Link>
      </p>
      {!blog && !post.error && <Spinner label={t('blog.loading')} />}
      {missing && (
        <>
          <h1>{t('blog.notFound')}</h1>
          <p>{t('blog.notFoundText')}</p>
        </>
      )}
      {post.error && !missing && (
        <Alert kind="error">
          {t('blog.failed')}{' '}
          <Button variant="secondary" onClick={post.reload}>
            {t('blog.retry')}
          </Button>
        </Alert>
      )}
      {blog && (
        <article>
          <h1>{blog.name}</h1>
          {blog.publishedAt && (
            <p className="muted">
              <time dateTime={blog.publishedAt}>{date(blog.publishedAt)}</time>
            </p>
          )}
          {/* Sanitised by svc-content on every save, and again here. */}
          <SafeHtml html={blog.data} className="blog-body" />
        </article>
      )}
    </div>
  );
}
