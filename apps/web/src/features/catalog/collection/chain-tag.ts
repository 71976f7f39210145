/** 'Polygon ERC-721' for polygon and mumbai (001 §9); other chains by name. */
export function chainTag(chain: string): string {
  if (chain === 'polygon' || chain === 'mumbai') return 'Polygon ERC-721';
  return chain.charAt(0).toUpperCase() + chain.slice(1);
}
