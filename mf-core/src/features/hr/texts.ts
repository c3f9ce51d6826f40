import { addTextsOnLoad } from '@platform/ui';
import en from '../../locales/hr/en.json';
import sw from '../../locales/hr/sw.json';
import fr from '../../locales/hr/fr.json';

/**
 * /hr's words (staff, licences, compliance, policies, trainings, leave: about half of mf-core's texts) come
 * with /hr's chunk and join the `core` namespace, instead of sitting in the namespace file every page, the
 * landing page first, downloads (its JS budget). Every /hr module imports this file for that effect.
 */
addTextsOnLoad('core', { en, sw, fr });
