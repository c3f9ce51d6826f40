import { useEffect, useState } from 'react';
import type { HomeBlock } from '@platform/contracts';
import { coreApi } from '../../api';

export type HomeBlocks = Partial<Record<HomeBlock, string>>;

/**
 * The landing page's blocks an admin wrote (svc-content), asked for once the page is on screen: the page
 * paints (and is prerendered) with its own texts, and a block that is set replaces its text when it arrives.
 * An unset block, or a service that is not there, leaves the page as it is.
 */
export function useHomeBlocks(): HomeBlocks {
  const [blocks, setBlocks] = useState<HomeBlocks>({});
  useEffect(() => {
    let live = true;
    coreApi
      .homeBlocks()
      .then((res) => {
        if (!live || !res.ok) return;
        const set = Object.entries(res.body.components ?? {}).filter(([, html]) => html);
        if (set.length) setBlocks(Object.fromEntries(set));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return blocks;
}
