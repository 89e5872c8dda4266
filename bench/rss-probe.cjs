// Preloaded into every benchmarked process: records its peak RSS at exit for the harness.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024));
});
