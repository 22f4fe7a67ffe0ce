// Where a table stands in the plan: its saved place (percent of the plan's width and height), or,
// for a table not placed yet, rows of six in its order. The floor and the plan editor draw alike.

export function posicionEnPlano(x: number | null | undefined, y: number | null | undefined, i: number): { x: number; y: number } {
  if (x != null && y != null) return { x, y };
  return { x: 8 + (i % 6) * 16, y: 14 + Math.floor(i / 6) * 24 };
}
