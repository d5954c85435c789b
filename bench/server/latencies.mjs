// The figures of one load run, from the response time of every 2xx answer (milliseconds, kept
// exactly: autocannon's own histogram rounds to whole milliseconds).

/** The p-th percentile of an ascending array (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** { rps, p50, p99, requests } of `latencies` answered over `elapsedMs`. */
export function loadFigures(latencies, elapsedMs) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: sorted.length / (elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests: sorted.length,
  };
}
