#!/bin/sh
# Plans the adoption of docket in a repository whose Markdown is not governed yet: surveys it,
# writes an adoption plan, and previews the plan. Nothing changes until you apply it.
# Usage: meminit_brownfield_plan.sh [PLAN_FILE]   (default: docket-adoption-plan.json)
# Managed by `docket protocol sync`, which rewrites this file.
set -eu
plan="${1:-docket-adoption-plan.json}"
docket scan --plan "$plan"
docket fix --plan "$plan"
printf '\nReview the preview above, then apply it with:\n  docket fix --plan %s --apply\n' "$plan"
