import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Answers every visitor shares: establishments with their menus and payment methods, and a
 * data-removal code's status. They outlive a login or logout; everything else is per customer.
 */
function isPublicQuery(query: Query): boolean {
  const [root, sub] = query.queryKey;
  return root === 'estabelecimento' || (root === 'conta' && sub === 'remocao-social');
}

const isCustomerQuery = (query: Query): boolean => !isPublicQuery(query);

/**
 * Drops the cached answers of a customer (their profile, addresses, social links…) when the
 * session changes, so nobody sees the previous customer's data. A fetch still under way for the
 * old session is cancelled; a query on screen is reset (no data) and fetched again if enabled.
 */
export function clearCustomerQueries(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: isCustomerQuery });
  queryClient.removeQueries({ predicate: (q) => isCustomerQuery(q) && q.getObserversCount() === 0 });
  void queryClient.resetQueries({ predicate: isCustomerQuery });
}
