/**
 * The calibration workload: ordinary JavaScript of the kind the figures run (objects, arrays, strings, sorting), fixed
 * forever, so its time says how fast this machine runs them today. Changing it means setting every budget again.
 */
export function calibrationWork(): number {
  let seed = 12345;
  const rows = Array.from({ length: 5000 }, (_, i) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return { id: `r${i}`, score: seed % 1000, tags: [i % 7, i % 11], name: `row ${seed % 97}` };
  });
  rows.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const text = JSON.stringify(rows);
  const back = JSON.parse(text) as typeof rows;
  let sum = 0;
  for (const r of back) sum += r.score + r.tags[0]! + r.tags[1]!;
  return sum + text.length;
}
