import { useEffect, useState } from 'react';
import type { HomeBlock } from '@platform/contracts/values';
import { LANGUAGES, useTranslation, type Language } from '@platform/ui';
import { coreApi } from '../../api';

export type HomeBlocks = Partial<Record<HomeBlock, string>>;

/**
 * The landing page's blocks an admin wrote (svc-content) in the page's language, asked for once the page is on
 * screen: the page paints (and is prerendered) with its own texts, and a block that is set in that language
 * replaces its text when it arrives. An unset block (the default), or a service that is not there, leaves the
 * page as it is; another language asks again.
 */
export function useHomeBlocks(): HomeBlocks {
  const { i18n } = useTranslation('core');
  const short = (i18n.language ?? 'en').slice(0, 2);
  const lang: Language = (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : 'en';
  const [blocks, setBlocks] = useState<{ lang: Language; blocks: HomeBlocks }>({ lang, blocks: {} });
  useEffect(() => {
    let live = true;
    coreApi
      .homeBlocks(lang)
      .then((res) => {
        if (!live || !res.ok) return;
        const set = Object.entries(res.body.components ?? {}).filter(([, html]) => html);
        setBlocks({ lang, blocks: Object.fromEntries(set) });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [lang]);
  // Another language's texts never show while this one's are on their way.
  return blocks.lang === lang ? blocks.blocks : {};
}
