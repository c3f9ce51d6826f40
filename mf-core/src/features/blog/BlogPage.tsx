import type { BlogListResponse } from '@platform/svc-content/contract';
import { useApiQuery } from '@platform/data';
import { Link, useSearchParams } from '@platform/router';
import { ListStatus, Pager, useDateFormat, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { textPreview } from './text';
import { ProductCards } from './ProductCards';
import '../shared/core.css';

const PAGE_SIZE = 10;

/** `/blog`: published posts, newest first, ten a page (the page in the address), then the product in short. */
export default function BlogPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('blog.title'), t('meta.blog'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useApiQuery<BlogListResponse>(coreApi.blog(page, PAGE_SIZE));
  const result = list.data;
  const date = useDateFormat();
  return (
    <div className="container narrow section">
      <h1>{t('blog.title')}</h1>
      <p>{t('blog.intro')}</p>
      <ListStatus
        error={list.error ? t('blog.failed') : null}
        loaded={!!result}
        pageInfo={result && { total: result.pageInfo.total, totalCapped: false }}
        onRetry={list.reload}
        texts={{
          retry: t('blog.retry'),
          loading: t('blog.loading'),
          count: (count) => t('blog.count', { count }),
        }}
      >
        {result && result.data.length === 0 && <p>{t('blog.empty')}</p>}
        {result && result.data.length > 0 && (
          <ul className="card-list blog-list">
            {result.data.map((post) => (
              <li key={post.id} className="card">
                <h2>
                  <Link to={`/blog/${post.slug}`}>{post.name}</Link>
                </h2>
                {post.publishedAt && (
                  <p className="muted">
                    <time dateTime={post.publishedAt}>{date(post.publishedAt)}</time>
                  </p>
                )}
                <p>{textPreview(post.data, 200)}</p>
              </li>
            ))}
          </ul>
        )}
        {result && (
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(result.pageInfo.total / PAGE_SIZE))}
            onPage={(p) => setParams({ page: String(p) })}
          />
        )}
      </ListStatus>
      <ProductCards />
    </div>
  );
}
