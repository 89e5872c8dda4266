/** Full counts of findings, before --max-findings. */
export interface FindingTotals {
  violations: number;
  warnings: number;
}

/** The keys every command that takes --max-findings carries in its data. */
export interface FindingsData {
  totals: FindingTotals;
  truncated: boolean;
}
