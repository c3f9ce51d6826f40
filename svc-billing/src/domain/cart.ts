import type { CatalogueItem } from './catalogue';
import { vatBreakdown, sumBreakdowns, type Cents, type VatBreakdown } from './money';
import type { Line } from './subscription';

/**
 * A checkout's items checked against the catalogue's rules and priced: at most one Core plan; each
 * standalone module once; add-ons that need Core only with a Core plan (bought now or held); a single
 * job listing bought on its own. Repeating an add-on's id buys it several times.
 */
export class CartError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PricedCart {
  /** What recurs every month (plans, modules, monthly add-ons). */
  recurring: Line[];
  /** What is paid once (onsite setup, a single listing). */
  once: Line[];
  total: Cents;
  vat: VatBreakdown;
}

export function priceCart(
  ids: string[],
  catalogue: Map<string, CatalogueItem>,
  opts: { holdsCore: boolean } = { holdsCore: false },
): PricedCart {
  if (ids.length === 0) throw new CartError('billing.cart_empty', 'choose at least one plan or add-on');
  const counts = new Map<string, number>();
  for (const id of ids) {
    if (!catalogue.has(id)) throw new CartError('billing.unknown_item', `unknown plan or add-on: ${id}`);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const items = [...counts.keys()].map((id) => catalogue.get(id)!);
  const plans = items.filter((i) => i.kind === 'plan');
  if (plans.length > 1) throw new CartError('billing.one_plan', 'choose one Core plan');
  const hasCore = plans.length === 1 || opts.holdsCore;
  if (items.some((i) => i.kind === 'listing') && items.length > 1) {
    throw new CartError('billing.listing_alone', 'a single job listing is bought on its own');
  }
  for (const item of items) {
    const count = counts.get(item.id)!;
    if (count > 1 && !item.repeatable) {
      throw new CartError('billing.not_repeatable', `${item.name} can be bought once`);
    }
    if (item.requiresCore && !hasCore) {
      throw new CartError('billing.requires_core', `${item.name} needs a Core plan`);
    }
    if (item.kind === 'module' && plans.length === 1) {
      throw new CartError('billing.included_in_core', `${item.name} is included in every Core plan`);
    }
  }
  const line = (item: CatalogueItem): Line => ({
    itemId: item.id,
    quantity: counts.get(item.id)!,
    unitPrice: item.price,
  });
  const recurring = items.filter((i) => i.billing === 'monthly').map(line);
  const once = items.filter((i) => i.billing !== 'monthly').map(line);
  const vat = sumBreakdowns(
    items.map((item) => vatBreakdown(item.price * counts.get(item.id)!, item.vatIncluded)),
  );
  return { recurring, once, total: vat.gross, vat };
}

/**
 * What a subscription would hold from its next period on, chosen whole (a downgrade): the catalogue's
 * rules as for a purchase (the add-ons that need Core with a Core plan among them), and only what recurs.
 */
export function periodLines(ids: string[], catalogue: Map<string, CatalogueItem>): Line[] {
  const cart = priceCart(ids, catalogue);
  if (cart.once.length > 0) {
    throw new CartError(
      'billing.not_recurring',
      'only monthly plans, modules and add-ons carry on to a period',
    );
  }
  return cart.recurring;
}

/**
 * The lines a running subscription would hold after buying `cart` (recurring lines only): a Core plan
 * replaces the plan and the standalone modules (it includes them) and keeps the add-ons; modules and
 * add-ons bought alone join what is held.
 */
export function nextLines(current: Line[], cart: Line[], catalogue: Map<string, CatalogueItem>): Line[] {
  const kindOf = (line: Line) => catalogue.get(line.itemId)?.kind;
  const buysPlan = cart.some((l) => kindOf(l) === 'plan');
  const kept = buysPlan ? current.filter((l) => kindOf(l) === 'addon') : current;
  const result = kept.map((l) => ({ ...l }));
  for (const line of cart) {
    const held = result.find((l) => l.itemId === line.itemId);
    if (!held) {
      result.push({ ...line });
      continue;
    }
    if (!catalogue.get(line.itemId)?.repeatable) {
      throw new CartError(
        'billing.already_held',
        `${catalogue.get(line.itemId)?.name ?? line.itemId} is held already`,
      );
    }
    held.quantity += line.quantity;
    held.unitPrice = line.unitPrice;
  }
  return result;
}

/** Whether two sets of lines hold the same items in the same quantities (a renewal of what is held). */
export function sameLines(a: Line[], b: Line[]): boolean {
  const key = (lines: Line[]) =>
    lines
      .map((l) => `${l.itemId}×${l.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}
