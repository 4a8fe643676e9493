// Page titles: '{section} | {brand}' (docs/product.md#page-titles), the brand alone elsewhere.
type RootData = { site?: { brand?: string } } | undefined;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

function brandFrom(matches: ReadonlyArray<MatchLike>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  return root?.site?.brand ?? "Academia Abierta";
}

export function pageTitle(matches: ReadonlyArray<MatchLike>, section?: string) {
  const brand = brandFrom(matches);
  return [{ title: section ? `${section} | ${brand}` : brand }];
}
