/** The provider's product name on the service host; configurable later (white label). */
export const productName = 'Gemeinde';
